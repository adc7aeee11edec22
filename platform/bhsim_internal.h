/* platform/bhsim_internal.h - what the files of the C API (bhsim_api.cpp, bhsim_pcie.cpp)
 * share: the BhChip behind the handle, the guard that keeps C++ exceptions inside the API, the
 * guard that makes its SystemC context current, and advancing until a condition holds. */
#ifndef BH_BHSIM_INTERNAL_H
#define BH_BHSIM_INTERNAL_H
#include <cxxabi.h>
#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "platform/bhsim.h"
#include "platform/chip.h"
#include "platform/output/timeline.h"
#include "platform/noc_access.h"
#include "platform/output/vcd_writer.h"
#include "platform/run_loop.h"

using namespace bh;

struct BhChip {
    sc_core::sc_simcontext *sim = nullptr;
    BhLogContext log{};
    BhChipLogFn log_fn = nullptr;
    void *log_ctx = nullptr;
    bool quiet = false;
    const volatile sig_atomic_t *stop_signal = nullptr; /* BhChipOptions.stop_signal */
    Progress progress{true};                            /* advance's progress lines */
    BhParams p{};
    ChipPlan plan; /* the chip keeps a reference: lives as long as it */
    std::unique_ptr<Chip> chip;
    /* system.chips: chips 1.. of the simulation (chip is chip 0, which the API drives), their
     * RunInfo (the measured window of their blocks), and the cables between chips */
    std::vector<std::unique_ptr<Chip>> peers;
    std::vector<RunInfo> peer_runs;
    std::vector<std::unique_ptr<EthLinkTlm>> system_cables;
    uint32_t selected = 0; /* bh_chip_select: the chip the backdoor and PCIe act on */
    Chip *target() const
    {
        return selected ? peers[selected - 1].get() : chip.get();
    }
    std::unique_ptr<VcdWriter> vcd; /* output.vcd's; kept after closing: blocks hold its groups */
    std::unique_ptr<TimelineWriter> timeline; /* output.timeline's, fed by vcd's changes */
    BhPollNamer poll_namer = nullptr;         /* bh_chip_set_poll_namer */
    void *poll_namer_ctx = nullptr;
    RunInfo run;
    bool ran = false;          /* bh_chip_run finished (the window and cycles are final) */
    uint64_t window_begin = 0; /* bh_chip_window_begin's cycle */
    std::string error;         /* what stopped the chip */
    bool host_driven = false;  /* BhChipOptions.host_driven */
    std::string notice;        /* a host-driven chip's latest stall or tile fault */
    std::string notice_error;  /* that text without its digits (each logged once) */
    uint64_t notice_cycle = 0;
    std::string refusal; /* why the last refused call was refused (bh_chip_refusal) */
    std::string report_text;
    boost::json::object report; /* the last bh_chip_report */
    std::unique_ptr<NocAccesses> accesses;
    std::vector<std::pair<std::string, boost::json::value>> sections; /* a host's, in order */
    std::map<std::string, std::shared_ptr<const RvProgram>> elfs;     /* symbols by path */
    std::chrono::steady_clock::time_point created = std::chrono::steady_clock::now();
    ~BhChip();
};

/* No C++ exception crosses the C API: every exported function runs its body through one of
 * these. A NULL chip answers `on_null` (BH_CHIP_ERR_CONFIG for a status) without running it. An
 * exception (out of memory, a SystemC error, a bhsim bug) stops the chip, whose simulation may
 * be half-way through a step: api_exception records "fn: what" as its error (bh_chip_error),
 * logs it at error level, and the call answers `on_throw` (BH_CHIP_ERR_SIM for a status). A
 * thread's cancellation unwinds on through (abi::__forced_unwind must not be swallowed). */
void api_exception(const BhChip *c, const char *fn, const char *what) noexcept;

template <typename R, typename Body>
inline R api_value(const BhChip *c, const char *fn, R on_null, R on_throw, Body body)
{
    if (!c)
        return on_null;
    try {
        return body();
    } catch (abi::__forced_unwind &) {
        throw;
    } catch (const std::exception &ex) {
        api_exception(c, fn, ex.what());
    } catch (...) {
        api_exception(c, fn, "an exception that is not a std::exception");
    }
    return on_throw;
}

template <typename Body> inline BhChipStatus api_status(const BhChip *c, const char *fn, Body body)
{
    return api_value(c, fn, BH_CHIP_ERR_CONFIG, BH_CHIP_ERR_SIM, body);
}

template <typename Body> inline void api_void(const BhChip *c, const char *fn, Body body)
{
    api_value(c, fn, 0, 0, [&] {
        body();
        return 0;
    });
}

/* The chip's AICLK cycle, for the API's own use (bh_chip_now is the guarded one). */
uint64_t chip_now(const BhChip *c);

/* Makes the chip's SystemC context current for the scope (its blocks hold its log context). */
class Enter
{
  public:
    explicit Enter(const BhChip *c) : sim_(sc_core::sc_curr_simcontext)
    {
        sc_core::sc_curr_simcontext = c->sim;
    }
    ~Enter()
    {
        sc_core::sc_curr_simcontext = sim_;
    }
    Enter(const Enter &) = delete;
    Enter &operator=(const Enter &) = delete;

  private:
    sc_core::sc_simcontext *sim_;
};

BhChipStatus advance_chip(BhChip *c, uint64_t cycles, const std::function<bool()> &stop);

/* Advances until done() holds, at most max_cycles, in steps that start at one cycle (a small
 * transfer is done in tens of cycles) and double up to the watchdogs' slice; past max_cycles the
 * chip's error is why(). */
template <typename Done, typename Why>
inline BhChipStatus advance_until(BhChip *c, uint64_t max_cycles, Done done, Why why)
{
    const uint64_t start = chip_now(c);
    for (uint64_t step = 1; !done(); step = std::min<uint64_t>(step * 2, 2000)) {
        const uint64_t spent = chip_now(c) - start;
        if (spent >= max_cycles) {
            c->error = why();
            return BH_CHIP_ERR_SIM;
        }
        if (BhChipStatus st = advance_chip(c, std::min(step, max_cycles - spent), nullptr);
            st != BH_CHIP_OK)
            return st;
    }
    return BH_CHIP_OK;
}

#endif
