// SPDX-License-Identifier: Apache-2.0
/* A test initiator bound to one tile of an assembled chip: the NIU registers answer through
 * the tile's TLM socket at 0xFFB20000 / 0xFFB30000 with the right data and response status,
 * L1 is reachable below them, debug transport has no side effects, and an unmapped address
 * gives TLM_ADDRESS_ERROR_RESPONSE rather than a crash. */
#include <cstring>
#include "platform/chip.h"
#include "platform/config.h"
#include "tests/sc/sc_harness.h"

using namespace bh;

struct Scenario : sc_core::sc_module {
    Poker cpu{"cpu"};
    Chip &chip;
    SC_HAS_PROCESS(Scenario);
    Scenario(sc_core::sc_module_name n, Chip &c) : sc_module(n), chip(c)
    {
        SC_THREAD(run);
    }
    void run()
    {
        const uint64_t niu0 = 0xFFB20000, niu1 = 0xFFB30000;
        tlm::tlm_response_status st;
        /* NODE_ID of the tile at NoC0 (3,5); on NoC1 the same tile is (13,6), Y first */
        uint32_t id0 = cpu.read32(niu0 + 0x44, &st);
        SC_CHECK(st == tlm::TLM_OK_RESPONSE);
        SC_CHECK((id0 & 0x3F) == 3 && ((id0 >> 6) & 0x3F) == 5 && (id0 >> 28 & 1) == 1);
        uint32_t id1 = cpu.read32(niu1 + 0x44, &st);
        SC_CHECK((id1 & 0x3F) == 13 && ((id1 >> 6) & 0x3F) == 6 && (id1 >> 28 & 1) == 0);
        /* NOC_ENDPOINT_ID: (3,5) is T44, a Tensix tile (type 0x0100), on NoC1 */
        SC_CHECK(cpu.read32(niu1 + 0x48) == (44u | (0x0100u << 8) | (1u << 24)));
        /* a plain register round trip in command buffer 2 */
        SC_CHECK(cpu.write32(niu0 + 2 * 0x800 + 0x28, 0xCAFEF00D) == tlm::TLM_OK_RESPONSE);
        SC_CHECK(cpu.read32(niu0 + 2 * 0x800 + 0x28) == 0xCAFEF00D);
        /* read-only counter, hole in the map, wrong width */
        SC_CHECK(cpu.write32(niu0 + 0x200, 1) == tlm::TLM_COMMAND_ERROR_RESPONSE);
        cpu.read32(niu0 + 0x3C, &st);
        SC_CHECK(st == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        uint64_t wide = 0;
        SC_CHECK(cpu.access(tlm::TLM_READ_COMMAND, niu0, &wide, 8) ==
                 tlm::TLM_BURST_ERROR_RESPONSE);
        /* L1 below the NIUs; the end of L1 is the end of the map */
        SC_CHECK(cpu.write32(0x17FFFC, 0x11223344) == tlm::TLM_OK_RESPONSE);
        SC_CHECK(cpu.read32(0x17FFFC) == 0x11223344);
        cpu.read32(0x180000, &st);
        SC_CHECK(st == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        /* debug access: reads see the registers, writes to the NIU are refused */
        uint32_t v = 0;
        SC_CHECK(cpu.debug(tlm::TLM_READ_COMMAND, niu0 + 2 * 0x800 + 0x28, &v, 4) == 4);
        SC_CHECK(v == 0xCAFEF00D);
        v = 1;
        SC_CHECK(cpu.debug(tlm::TLM_WRITE_COMMAND, niu0 + 0x40, &v, 4) == 0);
        SC_CHECK(cpu.read32(niu0 + 0x40) == 0);
        SC_CHECK(noc_net_quiescent(&chip.noc(0).net()));
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
    s.cpu.out.bind(chip.tile_at(3, 5).mmio);
    sc_core::sc_start();
    return report("sc_niu_mmio");
}
