/* tests/programs/tt_metal_regs.c - BRISC does the register accesses tt-metal's Blackhole
 * firmware does when it starts (tenstorrent/tt-metal tt_metal/hw/firmware/src/tt-1xx/brisc.cc
 * device_setup and set_deassert_addresses, risc_common.h riscv_wait and risc_init, trisc.cc's
 * GPR and PRNG set-up, which BRISC can reach too), the ones tt-llk's
 * kernels and test harness make (performance counters, FPU sticky bits, debug feature bits)
 * and tt-umd's test program's Wormhole-offset stores (docs/tt-metal-compat.md#registers). Each
 * must be accepted; a value read back that is not the documented one ends the run with a bus
 * fault at FAIL + the check's number, so the run's message says which. */
#include "tests/programs/niu.h"

#define DBG(off) (RISCV_DEBUG_REGS + (off))
#define TDMA_CLK_GATE_EN 0xFFB11024u
#define NIU_CFG_0 0x100u
#define ROUTER_CFG_0 0x104u
#define CFG_ECC_SCRUBBER (TENSIX_CFG_BASE + 3u * 4u)
#define CFG_RISCV_IC_INVALIDATE (TENSIX_CFG_BASE + 185u * 4u)
#define CFG_PRNG_SEED (TENSIX_CFG_BASE + 186u * 4u)
#define REGFILE_BASE 0xFFE00000u
#define FAIL 0xFFB12F00u /* not a register: a store there faults */

static void expect(uint32_t got, uint32_t want, uint32_t check)
{
    if (got != want)
        mmio_write(FAIL + 4u * check, got);
}

int main(void)
{
    /* device_setup: Dst clock gating off, TDMA clock gating on, NIU and router clock gating */
    mmio_write(DBG(0x240u), 0);
    mmio_write(TDMA_CLK_GATE_EN, 0x3Fu);
    for (uint32_t noc = 0; noc < 2; noc++) {
        const uint32_t niu = BH_NIU_BASE(noc);
        mmio_write(niu + NIU_CFG_0, mmio_read(niu + NIU_CFG_0) | 1u);
        mmio_write(niu + ROUTER_CFG_0, mmio_read(niu + ROUTER_CFG_0) | 1u);
    }
    /* set_deassert_addresses: start PCs of NCRISC and the TRISCs, and their overrides */
    mmio_write(DBG(0x238u), 0x12000u);
    mmio_write(DBG(0x228u), 0x6000u);
    mmio_write(DBG(0x22Cu), 0xA000u);
    mmio_write(DBG(0x230u), 0xE000u);
    mmio_write(DBG(0x234u), 7u);
    mmio_write(DBG(0x23Cu), 1u);
    expect(mmio_read(DBG(0x234u)), 7u, 1);
    mmio_write(CFG_RISCV_IC_INVALIDATE, 0x1Fu); /* all five instruction caches */
    /* ex_rmw_cfg: ECC scrubber enable (bit 0), read-modify-write of the word */
    mmio_write(CFG_ECC_SCRUBBER, mmio_read(CFG_ECC_SCRUBBER) | 1u);
    expect(mmio_read(CFG_ECC_SCRUBBER) & 1u, 1u, 9);
    /* risc_init: the node id of each NoC (x in bits 5:0, y in 11:6; NoC1 counts from the far
     * corner, so only NoC0's is checked) */
    const uint32_t id = mmio_read(NIU0 + NODE_ID);
    expect(id & 0xFFFu, XY(1, 2), 10);
    (void)mmio_read(BH_NIU_BASE(1) + NODE_ID);
    /* trisc.cc: 64 GPRs zeroed, the PRNG seed 0 (BRISC sees both windows too) */
    for (uint32_t i = 0; i < 64; i++)
        mmio_write(REGFILE_BASE + 4u * i, 0);
    mmio_write(CFG_PRNG_SEED, 0);
    /* enable_power_management (brisc.cc has it, not called today): hysteresis, then enable */
    mmio_write(DBG(0x070u), 0x20202020u);
    mmio_write(DBG(0x074u), 0x20202020u);
    mmio_write(DBG(0x07Cu), 0x20202020u);
    mmio_write(DBG(0x244u), 0x1FFFFu);
    /* riscv_wait(600): the wall clock moves on */
    const uint32_t t0 = mmio_read(WALL_CLOCK_L);
    const uint32_t h0 = mmio_read(DBG(0x1F8u));
    uint32_t t1;
    do
        t1 = mmio_read(WALL_CLOCK_L);
    while (t1 - t0 < 600u);
    expect(h0, 0, 2);
    /* tt-llk: a performance-counter bank (period, mode, clear, start), its count, the mux */
    mmio_write(DBG(0x018u), 0xFFFFFFFFu);
    mmio_write(DBG(0x01Cu), 0);
    mmio_write(DBG(0x020u), 0);
    mmio_write(DBG(0x020u), 1);
    expect(mmio_read(DBG(0x120u)), 0, 3);
    mmio_write(DBG(0x218u), mmio_read(DBG(0x218u)) | 1u << 4);
    /* tt-llk: FPU sticky bits read and cleared; debug feature bit 11 set and cleared */
    expect(mmio_read(DBG(0x0B4u)), 0, 4);
    mmio_write(DBG(0x0B4u), 0);
    mmio_write(DBG(0x068u), 1u << 11);
    expect(mmio_read(DBG(0x068u)), 1u << 11, 5);
    mmio_write(DBG(0x068u), 0);
    /* tt-umd TTDeviceRegIO's register: reads back */
    mmio_write(DBG(0x054u), 2u);
    expect(mmio_read(DBG(0x054u)), 2u, 6);
    /* tt-umd brisc_configuration_program_default on Blackhole: Wormhole's offsets, dropped */
    mmio_write(DBG(0x284u), 7u);
    mmio_write(DBG(0x28Cu), 1u);
    mmio_write(DBG(0x278u), 0x4Cu);
    mmio_write(DBG(0x27Cu), 0x4Cu);
    mmio_write(DBG(0x280u), 0x4Cu);
    mmio_write(DBG(0x288u), 0x4Cu);
    expect(mmio_read(DBG(0x284u)), 0, 7);
    expect(mmio_read(DBG(0x228u)), 0x6000u, 8); /* the Blackhole register kept its value */
    return 0;
}
