// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_noc_trace.cpp - libFuzzer harness for the NoC workload loader
 * (platform/load/noc_trace_load.h): tt-metal NoC event traces (a JSON array) and tt-npe workload
 * files (a JSON object with "phases").
 *
 * Each input is parsed in the three coordinate spaces on three chips: a whole Blackhole, a
 * harvested one (two Tensix columns, a DRAM controller and two Ethernet channels off) and a
 * generic 8 x 8 grid. A load either fails with a message or gives a trace whose streams tile
 * the event array and whose events lie on the grid. A finding (crash, sanitizer report such as
 * a float-to-integer overflow, a hang, an out-of-memory or a broken invariant) is a loader bug:
 * no file, however large its counts or odd its numbers, may do more than stop the load with a
 * message.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "platform/load/noc_trace_load.h"

using bh::ChipShape;
using bh::CoordSpace;
using bh::NocTrace;

#define FUZZ_CHECK(cond, what)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_noc_trace: %s\n", what);                                         \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

static void check_trace(const NocTrace &t, const ChipShape &chip)
{
    uint64_t next = 0;
    for (const NocTraceStream &s : t.streams) {
        FUZZ_CHECK(s.first == next, "streams do not tile the events");
        FUZZ_CHECK(s.count > 0 && s.transfers <= s.count, "stream counts");
        FUZZ_CHECK(s.x < chip.w && s.y < chip.h, "stream tile outside the grid");
        FUZZ_CHECK(s.proc < t.procs.size(), "stream processor index");
        next += s.count;
    }
    FUZZ_CHECK(next == t.events.size(), "streams do not cover the events");
    for (const NocTraceEvent &e : t.events) {
        FUZZ_CHECK(e.src_x < chip.w && e.src_y < chip.h, "event source outside the grid");
        FUZZ_CHECK(e.proc < t.procs.size(), "event processor index");
        FUZZ_CHECK(e.zone < t.zones.size() || t.zones.empty(), "event zone index");
        if (e.dst_x != NOC_TRACE_NONE)
            FUZZ_CHECK(e.dst_x < chip.w && e.dst_y < chip.h, "event destination outside the grid");
        if (e.op == NOC_TR_WRITE_MCAST)
            FUZZ_CHECK(e.mcast_x0 <= e.mcast_x1 && e.mcast_y0 <= e.mcast_y1 &&
                           e.mcast_x1 < chip.w && e.mcast_y1 < chip.h,
                       "multicast rectangle");
        FUZZ_CHECK(e.timestamp >= t.first_ts && e.timestamp <= t.last_ts, "timestamp range");
    }
}

/* The loader's limit, lowered: the limit's checks are the same code at any value, and an input
 * near the full limit (4 M packets, nine parses under the sanitizers) takes longer than the
 * fuzzer's time per input without finding more. */
constexpr uint32_t kFuzzMaxEvents = 1u << 16;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    ChipShape chips[3];
    chips[1].harvested_tensix_cols = {1, 16};
    chips[1].disabled_dram = {3};
    chips[1].disabled_eth = {0, 13};
    chips[1].pcie_in_use = 1;
    chips[2].w = 8;
    chips[2].h = 8;
    const CoordSpace spaces[] = {CoordSpace::Noc0, CoordSpace::NocNative, CoordSpace::Translated};
    for (const ChipShape &chip : chips)
        for (CoordSpace space : spaces) {
            NocTrace t;
            std::string err;
            if (bh::parse_noc_trace(text, "fuzz.json", space, chip, &t, &err, kFuzzMaxEvents))
                check_trace(t, chip);
            else
                FUZZ_CHECK(!err.empty(), "load failed without a message");
        }
    return 0;
}
