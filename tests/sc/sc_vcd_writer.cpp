// SPDX-License-Identifier: Apache-2.0
/* The VCD writer (platform/output/vcd_writer.h) against a file written out by hand: a value is
 * written under the time it was sampled at, only when it differs from what the file shows; two
 * samples at one time leave the last value; a change no sample sees is not written; a value
 * wider than its signal is cut to its width; scopes nest by the dotted names; the file ends at
 * the time it was closed; a signal in two groups is one signal, written when either samples it;
 * sampling after close writes nothing; an unwritable path is named. */
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include "platform/output/vcd_writer.h"
#include "tests/sc/sc_harness.h"

using namespace bh;

namespace
{

const char *const kPath = "sc_vcd_writer.vcd";

const char *const kExpected = "$version bhsim $end\n"
                              "$timescale 1 fs $end\n"
                              "$scope module SystemC $end\n"
                              "$var wire 16 # c [15:0] $end\n"
                              "$var wire 3 $ d [2:0] $end\n"
                              "$scope module top $end\n"
                              "$var wire 1 ! a $end\n"
                              "$scope module x $end\n"
                              "$var wire 32 \" b [31:0] $end\n"
                              "$upscope $end\n"
                              "$upscope $end\n"
                              "$upscope $end\n"
                              "$enddefinitions $end\n"
                              "#0\n"
                              "$dumpvars\n"
                              "0!\n"
                              "b0 \"\n"
                              "b0 #\n"
                              "b0 $\n"
                              "$end\n"
                              "1!\n"
                              "#5\n"
                              "b110 \"\n"
                              "#9\n"
                              "b11 #\n"
                              "b111 $\n"
                              "b111 \"\n"
                              "#20\n";

struct Scenario : sc_core::sc_module {
    uint8_t a = 0, d = 0;
    uint32_t b = 0;
    uint16_t c = 0;
    VcdWriter w;
    VcdGroup *ga = nullptr, *gb = nullptr;
    SC_HAS_PROCESS(Scenario);
    explicit Scenario(sc_core::sc_module_name n) : sc_module(n)
    {
        ga = w.group();
        gb = w.group();
        w.add(ga, a, "top.a", 1);
        const uint32_t ib = w.add(ga, b, "top.x.b");
        w.add(gb, c, "c");
        w.add(gb, d, "d", 3);
        w.also(gb, ib);
        SC_THREAD(run);
    }
    void at(uint64_t fs)
    {
        sc_core::wait(sc_core::sc_time::from_value(fs) - sc_core::sc_time_stamp());
    }
    void run()
    {
        std::string err;
        SC_CHECK(w.open(kPath, &err));
        SC_CHECK(w.signals() == 4);
        a = 1; /* at time 0, after the initial values */
        ga->sample();
        at(5);
        b = 5;
        ga->sample();
        b = 6; /* the same time again: the file keeps only 6 */
        ga->sample();
        at(7);
        c = 3;        /* not sampled until 9 */
        ga->sample(); /* nothing of group a changed: no time line for 7 */
        at(9);
        d = 0xFF; /* 3 bits wide */
        b = 7;    /* seen by its second group */
        gb->sample();
        at(12);
        a = 0; /* a pulse that is back before the time ends: nothing to write */
        ga->sample();
        a = 1;
        ga->sample();
        at(20);
        SC_CHECK(w.close(&err));
        a = 0;
        ga->sample(); /* closed: ignored */
        SC_CHECK(!w.is_open());
        /* nothing more is due, so sc_start returns; the thread stays suspended rather than
         * ending, as the other scenario tests' do (under LeakSanitizer a thread that ended
         * leaves its freed stack as the one recorded for the main thread) */
        sc_core::wait(never);
    }
    sc_core::sc_event never;
};

} // namespace

int sc_main(int, char *[])
{
    sc_core::sc_set_time_resolution(1, sc_core::SC_FS);
    Scenario s("s"); /* lives to the end, as SystemC's processes expect */
    sc_core::sc_start();
    std::ifstream f(kPath);
    std::stringstream text;
    text << f.rdbuf();
    SC_CHECK(text.str() == kExpected);
    if (text.str() != kExpected)
        std::fprintf(stderr, "written:\n%s\nexpected:\n%s\n", text.str().c_str(), kExpected);

    VcdWriter bad;
    std::string err;
    SC_CHECK(!bad.open("/nonexistent/dir/x.vcd", &err));
    SC_CHECK(err.find("/nonexistent/dir/x.vcd") != std::string::npos);
    std::remove(kPath);
    std::printf("sc_vcd_writer: %s\n", sc_failures ? "FAIL" : "ok");
    return sc_failures ? 1 : 0;
}
