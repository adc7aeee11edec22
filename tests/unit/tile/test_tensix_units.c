// SPDX-License-Identifier: Apache-2.0
/* The coprocessor units' cycle accounting (tensix_units.c, TENSIX_UNIT_STATES): hand-worked
 * stalls on tiny instruction streams, and the invariant that every unit's busy, idle and
 * stalled cycles sum to the window. An MVMUL presented before the unpackers have made SrcA and
 * SrcB valid stalls the matrix unit on `src` until the last unpack finishes; a SETC16 behind a
 * SEMWAIT stalls the config unit on `semaphore` until the SEMPOST; cycles with nothing active
 * count as idle in bulk once the coprocessor wakes again. */
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/unit/tile/tensix_rig.h"

enum { FMT_BF16 = 5, A_ADDR = 0x10000 };

static uint64_t cycles_in(const Rig *r, uint32_t unit, uint32_t state)
{
    uint64_t n[TENSIX_UNIT_STATE_COUNT];
    tensix_core_unit_cycles(&r->core, unit, n);
    return n[state];
}

/* every unit's states sum to the window */
static void check_invariant(const Rig *r)
{
    const uint64_t window = tensix_core_unit_window(&r->core);
    CHECK(window > 0);
    for (uint32_t u = 0; u < TENSIX_UNITS; u++) {
        uint64_t n[TENSIX_UNIT_STATE_COUNT], sum = 0;
        tensix_core_unit_cycles(&r->core, u, n);
        for (uint32_t s = 0; s < TENSIX_UNIT_STATE_COUNT; s++)
            sum += n[s];
        if (sum != window)
            fprintf(stderr, "  unit %s: states sum to %llu, window %llu\n",
                    tensix_core_unit_name(u), (unsigned long long)sum, (unsigned long long)window);
        CHECK_EQ_U64(sum, window);
    }
}

static uint32_t unpacr(uint32_t which)
{
    return TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, UNPACK_BLOCK_SELECTION, which) |
           TENSIX_PUT(UNPACR, ADDR_MODE, 0x11) | TENSIX_PUT(UNPACR, SET_DAT_VALID, 1);
}

/* one 16x16 BF16 face per UNPACR (as test_unpack_pack.c's config_unpack) */
static void config_unpack(Rig *r, uint32_t which, uint32_t addr)
{
    uint32_t sec = 48 * which;
    uint32_t *cfg = r->core.cfg.cfg[0];
    cfg[TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + sec] = FMT_BF16 | 1u << 4 | 256u << 16;
    cfg[TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + sec + 1] = 1u | 4u << 16;
    cfg[TCFG_ADDR32_THCON_SEC0_REG3_Base_address + sec] = addr / 16 - 1;
    cfg[TCFG_ADDR32_THCON_SEC0_REG2_Out_data_format + sec] = FMT_BF16 | 2u << 4;
}

/* T1's MVMUL reaches the gate at cycle 2 (pushed at 0: MOP expander and FIFO at 0, replay
 * expander and FIFO at 1) and is refused for Src until the cycle F the second unpack hands its
 * bank over (the unpackers step before the threads, so the MVMUL issues in cycle F): the
 * matrix unit stalls on src for exactly F - 2 cycles, then is busy. */
static void test_matrix_waits_for_src(void)
{
    Rig *r = rig_new();
    uint16_t face[256];
    for (uint32_t i = 0; i < 256; i++)
        face[i] = (uint16_t)(0x3F80 + (i & 7));
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, face, sizeof face));
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR + 0x1000, face, sizeof face));
    config_unpack(r, 0, A_ADDR);
    config_unpack(r, 1, A_ADDR + 0x1000);
    rig_push(r, 1, TENSIX_WORD(MVMUL));
    rig_push(r, 0,
             TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, 3) |
                 TENSIX_PUT(SETADCXX, X_END2, 255));
    rig_push(r, 0, unpacr(0));
    rig_push(r, 0, unpacr(1));
    uint64_t ready = 0;
    for (int i = 0; i < 2000 && !r->core.failed && !(tensix_core_idle(&r->core) && l1_idle(&r->l1));
         i++) {
        tick(r);
        if (!ready && src_matrix_may_read(&r->core.regs, SRC_B))
            ready = r->now - 1; /* the cycle just stepped */
    }
    CHECK_NO_ERROR(r);
    CHECK(ready > 2);
    CHECK_EQ_U64(r->core.thr[1].opcode_count[TENSIX_OP_MVMUL], 1);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_MATRIX, TENSIX_US_SRC), ready - 2);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_MATRIX, TENSIX_US_SRC),
                 r->core.thr[1].stall_cycles[TENSIX_STALL_UNIT_BUSY]);
    CHECK(cycles_in(r, TENSIX_UNIT_MATRIX, TENSIX_US_BUSY) >= 1);
    /* the unpackers worked, and reading L1 is part of their cycles */
    CHECK(cycles_in(r, TENSIX_UNIT_UNPACK0, TENSIX_US_BUSY) > 0);
    CHECK(cycles_in(r, TENSIX_UNIT_UNPACK1, TENSIX_US_BUSY) > 0);
    /* the window is cycle 0 to the matrix unit's last busy cycle */
    CHECK_EQ_U64(r->core.acct_first, 0);
    check_invariant(r);
    rig_free(r);
}

/* T1's SETC16 waits behind a SEMWAIT until T0's SEMPOST (cycle P): the SEMWAIT issues at S, the
 * SETC16 is held from S + 1 and issues at P + 1, so the config unit stalls on `semaphore` for
 * P - S cycles and is busy for one. Then a gap with nothing active, and a second SETC16 pushed
 * at X: the gap counts as idle when it comes, the SETC16's two cycles in T1's FIFOs as fifo. */
static void test_config_waits_for_semaphore(void)
{
    Rig *r = rig_new();
    rig_push(r, 0,
             TENSIX_WORD(SEMINIT) | TENSIX_PUT(SEMINIT, SEM_SEL, 0x2) |
                 TENSIX_PUT(SEMINIT, MAX_VALUE, 1) | TENSIX_PUT(SEMINIT, INIT_VALUE, 0));
    for (int i = 0; i < 20; i++)
        rig_push(r, 0, TENSIX_WORD(DMANOP));
    rig_push(r, 0, TENSIX_WORD(SEMPOST) | TENSIX_PUT(SEMPOST, SEM_SEL, 0x2));
    for (int i = 0; i < 5; i++)
        tick(r);
    const uint32_t setc16 = TENSIX_WORD(SETC16) | TENSIX_PUT(SETC16, SETC16_REG, 3) |
                            TENSIX_PUT(SETC16, SETC16_VALUE, 7);
    rig_push(r, 1,
             TENSIX_WORD(SEMWAIT) | TENSIX_PUT(SEMWAIT, SEM_SEL, 0x2) |
                 TENSIX_PUT(SEMWAIT, WAIT_SEM_COND, 1) |
                 TENSIX_PUT(SEMWAIT, STALL_RES, TENSIX_B_CFG));
    rig_push(r, 1, setc16);
    uint64_t s = 0, p = 0, i1 = 0;
    for (int i = 0; i < 400 && !i1; i++) {
        tick(r);
        const uint64_t at = r->now - 1;
        if (!s && r->core.thr[1].opcode_count[TENSIX_OP_SEMWAIT])
            s = at;
        if (!p && r->core.thr[0].opcode_count[TENSIX_OP_SEMPOST])
            p = at;
        if (r->core.thr[1].opcode_count[TENSIX_OP_SETC16])
            i1 = at;
    }
    rig_drain(r);
    CHECK_NO_ERROR(r);
    CHECK(s > 0 && p > s + 1 && i1 == p + 1);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_SEMAPHORE), p - s);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_BUSY), 1);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_FIFO), 0);
    /* SEMINIT, SEMWAIT and SEMPOST: one cycle each in the sync unit */
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_SYNC, TENSIX_US_BUSY), 3);
    check_invariant(r);

    /* nothing active: the window stays where it ended */
    const uint64_t end = r->core.acct_end, window = tensix_core_unit_window(&r->core);
    const uint64_t idle = cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_IDLE);
    for (int i = 0; i < 100; i++)
        tick(r);
    CHECK_EQ_U64(tensix_core_unit_window(&r->core), window);
    const uint64_t x = r->now;
    rig_push(r, 1, setc16);
    rig_drain(r);
    CHECK_EQ_U64(r->core.thr[1].opcode_count[TENSIX_OP_SETC16], 2);
    CHECK_EQ_U64(tensix_core_unit_window(&r->core), window + (x - end) + 3);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_IDLE), idle + (x - end));
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_FIFO), 2);
    CHECK_EQ_U64(cycles_in(r, TENSIX_UNIT_CFG, TENSIX_US_BUSY), 2);
    check_invariant(r);
    rig_free(r);
}

static void test_state_names(void)
{
    static const char *const want[] = {"idle", "busy",      "l1",   "src",
                                       "dst",  "semaphore", "fifo", "other"};
    CHECK_EQ_U32(TENSIX_UNIT_STATE_COUNT, 8);
    for (uint32_t s = 0; s < TENSIX_UNIT_STATE_COUNT; s++)
        CHECK_EQ_U32(strcmp(tensix_unit_state_name(s), want[s]), 0);
    CHECK_EQ_U32(strcmp(tensix_unit_state_name(8), "?"), 0);
}

int main(void)
{
    RUN(test_matrix_waits_for_src);
    RUN(test_config_waits_for_semaphore);
    RUN(test_state_names);
    return check_failures();
}
