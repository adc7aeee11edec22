// SPDX-License-Identifier: Apache-2.0
/* Writes and reads carried by the assembled chip, driven by a test initiator through the
 * NIU registers of tile (1,2): the bytes arrive in the other tile's L1, and in GDDR6
 * controller 2 through one of its endpoints and back through the two others; the time
 * SystemC advances is the zero-load latency the stage latencies add up to. */
#include <cstring>
#include <vector>
#include "platform/chip.h"
#include "platform/config.h"
#include "tests/sc/sc_harness.h"

using namespace bh;

struct Scenario : sc_core::sc_module {
    Poker cpu{"cpu"}, peer{"peer"};
    Chip &chip;
    SC_HAS_PROCESS(Scenario);
    Scenario(sc_core::sc_module_name n, Chip &c) : sc_module(n), chip(c)
    {
        SC_THREAD(run);
    }

    void issue(uint32_t buf, uint32_t ctrl, uint32_t targ_lo, uint32_t targ_hi, uint32_t ret_lo,
               uint32_t ret_hi, uint32_t len)
    {
        const uint64_t b = 0xFFB20000 + buf * 0x800;
        SC_CHECK(cpu.write32(b + 0x00, targ_lo) == tlm::TLM_OK_RESPONSE);
        cpu.write32(b + 0x08, targ_hi);
        cpu.write32(b + 0x0C, ret_lo);
        cpu.write32(b + 0x14, ret_hi);
        cpu.write32(b + 0x1C, ctrl);
        cpu.write32(b + 0x20, len);
        cpu.write32(b + 0x40, 1);
    }
    /* polls an NIU counter once per cycle, as a core would */
    void wait_counter(uint32_t idx, uint32_t value)
    {
        const Clock &clk = chip.clock();
        for (int i = 0; i < 100000 && cpu.read32(0xFFB20200 + 4 * idx) != value; i++)
            sc_core::wait(clk.time_of(clk.now() + 1) - sc_core::sc_time_stamp());
    }
    void run()
    {
        const Clock &clk = chip.clock();
        std::vector<uint8_t> data(4096), back(4096);
        for (size_t i = 0; i < data.size(); i++)
            data[i] = (uint8_t)(i * 13 + 5);
        SC_CHECK(cpu.debug(tlm::TLM_WRITE_COMMAND, 0x10000, data.data(), 4096) == 4096);
        /* 1. posted write (1,2) -> (5,7): 4 + 5 = 9 hops, 1 + 64 flits */
        uint64_t t0 = clk.now();
        issue(0, NOC_CTRL_TYPE_WR | NOC_CTRL_RESP_MARKED, 0x10000, 1 | (2 << 6), 0x20000,
              5 | (7 << 6), 4096);
        wait_counter(NOC_CNT_MST_WR_ACK_RECEIVED, 1);
        SC_CHECK(peer.debug(tlm::TLM_READ_COMMAND, 0x20000, back.data(), 4096) == 4096);
        SC_CHECK(back == data);
        /* the data lands 1 + 5 + 9*9 + 5 + 64 cycles after the CMD_CTRL write; the ack (1 flit)
         * leaves in the same cycle and returns over 13 + 7 hops: (5,7) -> (1,7) wraps x, then
         * y wraps 7 -> 2 */
        uint64_t ack_hops = (1 + 17 - 5) % 17 + (2 + 12 - 7) % 12;
        /* an L1 access is granted in the cycle it is asked for (no contention) and done
         * access_latency cycles later. The ack leaves once the last flit's write has completed
         * in (5,7)'s L1, seen the next cycle; with noc.local_l1_timed the sending NIU also reads
         * each flit from (1,2)'s L1 first, the flit leaving in the cycle its read is done: the
         * reads are pipelined one per cycle, so only the first one's latency delays the packet */
        const uint32_t lat = chip.plan().l1_timed ? chip.plan().l1.access_latency_cycles : 0;
        uint64_t l1_wait = chip.plan().l1_timed ? lat + 1 : 0;
        uint64_t send_read = chip.plan().noc[0].local_l1_timed ? lat : 0;
        uint64_t data_at = 1 + send_read + 5 + 9 * 9 + 5 + 64;
        uint64_t ack_at = data_at + l1_wait + 5 + 9 * ack_hops + 5;
        uint64_t took = clk.now() - t0;
        if (took < ack_at || took > ack_at + 1)
            std::fprintf(stderr, "write + ack took %llu cycles, expected %llu\n",
                         (unsigned long long)took, (unsigned long long)ack_at);
        SC_CHECK(took >= ack_at && took <= ack_at + 1); /* the poll sees it within a cycle */
        /* 2. write to DRAM controller 2 through endpoint (0,9), read back through (0,4) */
        issue(1, NOC_CTRL_TYPE_WR | NOC_CTRL_RESP_MARKED, 0x10000, 1 | (2 << 6), 0x40000000,
              0 | (9 << 6), 4096);
        wait_counter(NOC_CNT_MST_WR_ACK_RECEIVED, 2);
        issue(2, NOC_CTRL_TYPE_RD, 0x40000000, 0 | (4 << 6), 0x30000, 1 | (2 << 6), 4096);
        wait_counter(NOC_CNT_MST_RD_RESP_RECEIVED, 1);
        std::fill(back.begin(), back.end(), 0);
        SC_CHECK(cpu.debug(tlm::TLM_READ_COMMAND, 0x30000, back.data(), 4096) == 4096);
        SC_CHECK(back == data);
        /* and through the third endpoint (0,8), timed by the GDDR6 controller: at least
         * one row activation, CAS latency and the 64 bursts of 4 KiB on two channels */
        uint64_t t1 = clk.now();
        issue(3, NOC_CTRL_TYPE_RD, 0x40000000, 0 | (8 << 6), 0x38000, 1 | (2 << 6), 4096);
        wait_counter(NOC_CNT_MST_RD_RESP_RECEIVED, 2);
        std::fill(back.begin(), back.end(), 0);
        SC_CHECK(cpu.debug(tlm::TLM_READ_COMMAND, 0x38000, back.data(), 4096) == 4096);
        SC_CHECK(back == data);
        const Gddr6Config &g = chip.plan().gddr6;
        double tck = chip.plan().aiclk_mhz * 1e6 / (double)gddr6_clock_hz(&g);
        SC_CHECK(clk.now() - t1 > (uint64_t)((g.tcl + 64 / g.channels * 2) * tck));
        SC_CHECK(chip.gddr()[2]->state().st.reads == 2 * 64); /* one access per flit */
        SC_CHECK(chip.dram_resident_bytes() > 0 && chip.dram_resident_bytes() < (1u << 20));
        SC_CHECK(chip.noc(0).net().guest_errors == 0);
        sc_core::sc_stop();
    }
};

int sc_main(int, char *[])
{
    ChipPlan plan;
    if (!idle_p150b(&plan))
        return 1;
    BhLogContext log{}; /* the chip's messages: stderr */
    Chip chip("chip", plan, false, &log);
    Scenario s("scenario", chip);
    s.cpu.out.bind(chip.tile_at(1, 2).mmio);
    s.peer.out.bind(chip.tile_at(5, 7).mmio);
    sc_core::sc_start();
    return report("sc_noc_transfer");
}
