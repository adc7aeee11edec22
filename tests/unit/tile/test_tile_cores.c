/* tests/unit/tile/test_tile_cores.c - the Tensix tile's RISC-V cores through the tile module,
 * without SystemC: reset and start through SOFT_RESET_0 and the reset PCs, and the load-to-use
 * latency of each target class measured by a program with the cycle CSR, against the figures
 * of docs/hardware.md#riscv (BH BabyRISCV README): local RAM 2, PCBufs/semaphores 3, Tensix
 * GPRs 4, tile registers 7, L1 with the L0 D-cache off 8 (a hit 2), another core's RAM through
 * its slow window 8, an L1 atomic 12; then the same L1 load losing bank cycles to NoC writes. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix_tile.h"
#include "tests/unit/riscv/rv_tb.h"
#include "tests/test_log.h"

#define PROG 0x1000u /* TRISC0's program in L1 */
#define A0 10
#define A1 11
#define A2 12
#define A3 13
#define A4 14
#define S0 8
#define S1 9
#define CSRR_CYCLE(rd) (0xC0002073u | (rd) << 7)
#define BNE(a, b, off) enc_b(off, b, a, 1)
#define SUB(rd, a, b) enc_r(0x20, b, a, 0, rd, 0x33)
#define AMOADD(rd, rs2, rs1) enc_r(0, rs2, rs1, 2, rd, 0x2F)

static void done_nothing(void *ctx, const L1Done *d)
{
    (void)ctx, (void)d;
}

static void write_reg(TensixTile *t, uint32_t reg, uint32_t v)
{
    CHECK_OK(tensix_tile_debug(t, TILE_BRISC, 0xFFB12000u + tile_reg_offset(reg), 4, 1, &v, 0));
}

/* loads `op` (a load into a1 from s0 = addr) twice in a loop between two cycle reads, with a
 * dependent add; returns the second iteration's cycle difference */
static uint64_t measure_noc(TensixTile *t, uint32_t addr, uint32_t op, uint64_t *end, int noc);
static uint64_t measure(TensixTile *t, uint32_t addr, uint32_t op, uint64_t *end)
{
    return measure_noc(t, addr, op, end, 0);
}

/* noc: NoC0 keeps writing 4 B to the bank of addr every cycle (as many as its queue takes):
 * narrow writes are read-modify-writes that hold the bank for l1.rmw_cycles */
static uint64_t measure_noc(TensixTile *t, uint32_t addr, uint32_t op, uint64_t *end, int noc)
{
    const uint32_t hi = (addr + 0x800) >> 12, lo = addr & 0xFFF;
    const uint32_t prog[] = {LUI(S0, hi),
                             ADDI(S0, S0, (int32_t)(lo << 20) >> 20),
                             ADDI(S1, 0, 2),
                             CSRR_CYCLE(A0),
                             op,
                             ADD(A2, A1, A1),
                             CSRR_CYCLE(A3),
                             ADDI(S1, S1, -1),
                             BNE(S1, 0, -20),
                             SUB(A4, A3, A0),
                             EBREAK};
    CHECK_OK(l1_debug_write(&t->l1, PROG, prog, sizeof prog));
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0));
    write_reg(t, TILE_R_TRISC0_RESET_PC, PROG);
    write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE, 1);
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0) & ~(1u << 12));
    uint64_t now = 0;
    for (int guard = 0; guard < 100000 && !t->cores[TILE_TRISC0].stopped; guard++) {
        static const uint8_t data[16];
        const uint32_t stride = 16 * t->l1.cfg.banks;
        for (uint32_t k = 0; noc && k < 4; k++)
            (void)l1_request(&t->l1, L1_NOC0, 0x40000u + (addr & (stride - 1)) + k * stride, 4, 1,
                             data, 0, now); /* BH_ERR_FULL: the queue is full, fine */
        uint64_t next = tensix_tile_step(t, now);
        if (t->cores[TILE_TRISC0].stopped)
            break;
        if (noc)
            next = now + 1;
        CHECK(next != BH_IDLE); /* a running core always has a next cycle */
        if (next == BH_IDLE)
            break;
        now = next;
    }
    CHECK(t->cores[TILE_TRISC0].stopped && !t->failed);
    if (t->failed)
        fprintf(stderr, "%s\n", t->error);
    *end = now;
    return rv_core_reg(t->cores[TILE_TRISC0].rv, A4);
}

static TileLatencyConfig test_latency; /* riscv.*_load_cycles for the tiles made next */
static uint32_t test_l1_preset;        /* l1.preset (L1Preset) for the tiles made next */
static uint32_t test_poll_l1_mode;     /* riscv.poll_sleep_l1 for the tiles made next */

static TensixTile *tile_new_sleep(int dcache, int poll_sleep)
{
    TensixTile *t = calloc(1, sizeof *t);
    char why[256];
    L1Config l1 = l1_config_preset(test_l1_preset);
    CHECK_OK(tensix_tile_init(t, &l1, done_nothing, NULL, &test_log, why, sizeof why));
    TensixCoreConfig cc = tensix_core_config_default();
    CHECK_OK(tensix_tile_enable_coprocessor(t, &cc, 100000));
    RvConfig rc = rv_config_default();
    rc.dcache_enable = (uint32_t)dcache;
    rc.poll_sleep = (uint32_t)poll_sleep;
    rc.poll_sleep_l1 = test_poll_l1_mode;
    CHECK_OK(tensix_tile_enable_cores(t, &rc, NULL, NULL, why, sizeof why));
    tensix_tile_set_latencies(t, &test_latency);
    snprintf(t->name, sizeof t->name, "tile (test)");
    return t;
}

static TensixTile *tile_new(int dcache)
{
    return tile_new_sleep(dcache, 1);
}

static void tile_free(TensixTile *t)
{
    tensix_tile_destroy(t);
    free(t);
}

/* load-to-use latency of op at addr: the difference to the same loop with a 1-cycle addi */
static uint64_t latency(uint32_t addr, uint32_t op, int dcache)
{
    TensixTile *t = tile_new(dcache);
    uint64_t end;
    const uint64_t d = measure(t, addr, op, &end);
    tile_free(t);
    t = tile_new(dcache);
    const uint64_t d0 = measure(t, addr, ADDI(A1, S0, 0), &end);
    tile_free(t);
    return d - d0 + 1;
}

static void test_latency_classes(void)
{
    CHECK_EQ_U64(latency(0xFFB00100u, LW(A1, S0, 0), 1), 2);   /* own local RAM */
    CHECK_EQ_U64(latency(0xFFE80020u, LW(A1, S0, 0), 1), 3);   /* semaphore 0 */
    CHECK_EQ_U64(latency(0xFFE00000u, LW(A1, S0, 0), 1), 4);   /* Tensix GPR 0 */
    CHECK_EQ_U64(latency(0xFFB121F0u, LW(A1, S0, 0), 1), 7);   /* WALL_CLOCK_L */
    CHECK_EQ_U64(latency(0xFFB14000u, LW(A1, S0, 0), 1), 8);   /* BRISC's RAM, slow window */
    CHECK_EQ_U64(latency(0x20000u, LW(A1, S0, 0), 0), 8);      /* L1, no L0 D-cache */
    CHECK_EQ_U64(latency(0x20000u, LW(A1, S0, 0), 1), 2);      /* L1, second time an L0 hit */
    CHECK_EQ_U64(latency(0x20000u, AMOADD(A1, 0, S0), 1), 12); /* L1 atomic */
    /* the register classes are keys (riscv.*_load_cycles) */
    test_latency.mmio_load_cycles = 11;
    test_latency.mailbox_load_cycles = 5;
    CHECK_EQ_U64(latency(0xFFB121F0u, LW(A1, S0, 0), 1), 11);
    CHECK_EQ_U64(latency(0xFFE80020u, LW(A1, S0, 0), 1), 5);
    test_latency = tile_latency_config_default();
}

/* While NoC0 writes the bank the core reads, the core's load waits for the bank, and L1
 * charges the wait to noc0 (bank_conflict). */
static void test_l1_bank_conflict(void)
{
    TensixTile *t = tile_new(0);
    uint64_t end;
    const uint64_t alone = measure(t, 0x20000u, LW(A1, S0, 0), &end);
    tile_free(t);
    t = tile_new(0);
    const uint64_t contended = measure_noc(t, 0x20000u, LW(A1, S0, 0), &end, 1);
    const uint32_t bank = l1_bank_of(&t->l1, 0x20000u);
    /* the measured load lost cycles, all of them waiting for the bank NoC0 held (the core's
     * port is its own: no port conflict), and L1 says so */
    CHECK(contended > alone);
    CHECK(t->l1.st.client[L1_TRISC0].wait_cycles >= contended - alone);
    CHECK(t->l1.st.bank_conflict[bank][L1_NOC0] >= t->l1.st.client[L1_TRISC0].wait_cycles);
    uint64_t port_waits = 0;
    for (uint32_t p = 0; p < t->l1.cfg.ports; p++)
        for (uint32_t k = 0; k < L1_CLIENTS; k++)
            port_waits += t->l1.st.port_conflict[p][k];
    CHECK_EQ_U64(port_waits, 0);
    CHECK(t->l1.st.client[L1_TRISC0].requests > 0);
    tile_free(t);
}

/* ------------------------------------------------------------------ L1 rates */

/* Runs on TRISC0 (D-cache off): s0 = 0x20000, then twice: fence, a0 = cycle, n copies of `op`
 * (a store's offset and, with OP_RD, a load's offset and rd made its own per copy: consecutive
 * 16-B words, rd cycling over t0..t6), fence (it waits for the store queue and every access in
 * flight), a3 = cycle; returns the second pass's a3 - a0. */
#define OP_RD 0x80000000u /* op's rd field is set per copy */
static uint64_t pass_cycles(uint32_t op, uint32_t n)
{
    static const uint32_t rds[] = {5, 6, 7, 28, 29, 30, 31};
    uint32_t prog[128], k = 0;
    prog[k++] = LUI(S0, 0x20);
    prog[k++] = ADDI(S1, 0, 2);
    const uint32_t head = k;
    prog[k++] = FENCE;
    prog[k++] = CSRR_CYCLE(A0);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t w = op & ~OP_RD;
        if (op & OP_RD)
            w |= rds[i % BH_ARRAY_LEN(rds)] << 7;
        if ((w & 0x7F) == 0x23) /* a store: its offset is imm[11:5] | imm[4:0] */
            w |= ((16 * i) >> 5) << 25 | ((16 * i) & 31) << 7;
        else if (op & OP_RD) /* independent loads: each its own word */
            w |= (16 * i) << 20;
        prog[k++] = w;
    }
    prog[k++] = FENCE;
    prog[k++] = CSRR_CYCLE(A3);
    prog[k++] = ADDI(S1, S1, -1);
    prog[k] = BNE(S1, 0, -(int32_t)(4 * (k - head)));
    k++;
    prog[k++] = SUB(A4, A3, A0);
    prog[k++] = EBREAK;
    BH_ASSERT(k <= BH_ARRAY_LEN(prog));
    TensixTile *t = tile_new(0);
    const uint32_t self = 0x20000u; /* a pointer to itself, for the dependent chain */
    CHECK_OK(l1_debug_write(&t->l1, 0x20000u, &self, 4));
    CHECK_OK(l1_debug_write(&t->l1, PROG, prog, 4 * k));
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0));
    write_reg(t, TILE_R_TRISC0_RESET_PC, PROG);
    write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE, 1);
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0) & ~(1u << 12));
    uint64_t now = 0;
    for (int guard = 0; guard < 100000 && !t->cores[TILE_TRISC0].stopped; guard++) {
        const uint64_t next = tensix_tile_step(t, now);
        if (next == BH_IDLE)
            break;
        now = next;
    }
    CHECK(t->cores[TILE_TRISC0].stopped && !t->failed);
    const uint64_t d = rv_core_reg(t->cores[TILE_TRISC0].rv, A4);
    tile_free(t);
    return d;
}

/* WH L1.md "Baby RISCV cores" (and BabyRISCV/README.md): stores to L1 that cannot coalesce
 * are narrow, one every 5 cycles (the RMW holds port and bank l1.rmw_cycles); independent
 * loads 4 every 7 cycles (4 in flight, latency 8); dependent loads one every 8. Each rate is
 * the difference of 24 and 8 operations, so the constant parts of a pass cancel; both presets,
 * whose L1 paths are the same. */
static void test_riscv_l1_rates(void)
{
    for (uint32_t preset = 0; preset < L1_PRESETS; preset++) {
        test_l1_preset = preset;
        /* stores to different 16-B blocks, so none coalesce */
        const uint64_t st = pass_cycles(SW(0, S0, 0), 24) - pass_cycles(SW(0, S0, 0), 8);
        CHECK_EQ_U64(st, 16 * 5);
        /* independent loads from 16-B words of different banks into rotating registers */
        const uint64_t ld =
            pass_cycles(OP_RD | LW(0, S0, 0), 24) - pass_cycles(OP_RD | LW(0, S0, 0), 8);
        CHECK_EQ_U64(ld, 16 * 7 / 4);
        /* a chain: s0 = *s0 (the word holds its own address) */
        const uint64_t dep = pass_cycles(LW(S0, S0, 0), 24) - pass_cycles(LW(S0, S0, 0), 8);
        CHECK_EQ_U64(dep, 16 * 8);
        fprintf(stderr,
                "  %s: store every %.2f, load every %.2f, dependent load every %.2f cycles\n",
                preset ? "wormhole" : "blackhole", st / 16.0, ld / 16.0, dep / 16.0);
    }
    test_l1_preset = L1_PRESET_BLACKHOLE;
}

/* A core held in reset does not run; releasing it starts it at its reset PC, and a program
 * stopping with an illegal word makes the tile's error name the core and the pc. */
static void test_reset_and_errors(void)
{
    TensixTile *t = tile_new(1);
    const uint32_t prog[] = {ADDI(A0, 0, 5), 0xFFFFFFFFu};
    CHECK_OK(l1_debug_write(&t->l1, PROG, prog, sizeof prog));
    write_reg(t, TILE_R_TRISC0_RESET_PC, PROG);
    write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE, 1);
    CHECK_EQ_U64(tensix_tile_step(t, 0), BH_IDLE); /* all held at power-on */
    CHECK(tensix_tile_cores_idle(t));
    CHECK_EQ_U32(tensix_tile_core_state(t, TILE_TRISC0), TILE_CORE_HELD);
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0) & ~(1u << 12));
    CHECK(!tensix_tile_cores_idle(t));
    uint64_t now = 0;
    for (int i = 0; i < 100 && !t->failed; i++) {
        uint64_t next = tensix_tile_step(t, now);
        if (next == BH_IDLE)
            break;
        now = next;
    }
    CHECK(t->failed);
    CHECK(strstr(t->error, "trisc0: illegal instruction 0xffffffff at pc 0x00001004") != NULL);
    CHECK_EQ_U32(rv_core_reg(t->cores[TILE_TRISC0].rv, A0), 5);
    CHECK(tensix_tile_cores_idle(t));
    CHECK_EQ_U32(tensix_tile_core_state(t, TILE_TRISC0), TILE_CORE_ERROR);
    tile_free(t);
}

/* The VCD's core state at each tile step (tensix_tile_core_state): a core whose L1 load's
 * consumer waits for the data at the tile's cycle is WAITING, one executing (or ahead of the
 * tile's cycle) RUNNING, then EBREAK; the cores never released stay HELD. */
static void test_core_state(void)
{
    TensixTile *t = tile_new(0);
    const uint32_t prog[] = {LUI(S0, 0x20), LW(A1, S0, 0), ADD(A2, A1, A1), EBREAK};
    CHECK_OK(l1_debug_write(&t->l1, PROG, prog, sizeof prog));
    write_reg(t, TILE_R_TRISC0_RESET_PC, PROG);
    write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE, 1);
    CHECK_EQ_U32(tensix_tile_core_state(t, TILE_TRISC0), TILE_CORE_HELD);
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0) & ~(1u << 12));
    uint32_t seen[TILE_CORE_STATES] = {0};
    uint64_t now = 0;
    for (int i = 0; i < 1000; i++) {
        const uint64_t next = tensix_tile_step(t, now);
        seen[tensix_tile_core_state(t, TILE_TRISC0)]++;
        for (uint32_t c = 0; c < TILE_CORES; c++)
            if (c != TILE_TRISC0)
                CHECK_EQ_U32(tensix_tile_core_state(t, c), TILE_CORE_HELD);
        if (next == BH_IDLE)
            break;
        now = next;
    }
    CHECK(!t->failed);
    CHECK(seen[TILE_CORE_WAITING] > 0);
    CHECK(seen[TILE_CORE_RUNNING] > 0);
    CHECK_EQ_U32(seen[TILE_CORE_ERROR] + seen[TILE_CORE_POLL_SLEEP], 0);
    CHECK_EQ_U32(tensix_tile_core_state(t, TILE_TRISC0), TILE_CORE_EBREAK);
    CHECK(strcmp(tile_core_state_name(TILE_CORE_EBREAK), "ebreak") == 0);
    CHECK(strcmp(tile_core_state_name(TILE_CORE_STATES), "?") == 0);
    tile_free(t);
}

/* Poll sleep changes nothing a program or a report can see. Each scenario runs with
 * riscv.poll_sleep 1 and 0: every core's registers, cycle and counters (but the sleep's own)
 * must be equal, and with sleep the tile must be stepped far fewer times. */
typedef struct Scenario {
    const char *name;
    uint32_t prog[TILE_CORES][24]; /* per core, at 0x1000 + 0x400 * core; empty: not started */
    uint64_t horizon;              /* BH_IDLE: until every started core stops */
    int dcache;                    /* riscv.dcache_enable */
    int steps_saved;               /* the tile steps far less (not while a coprocessor works) */
} Scenario;

static uint64_t run_scenario(const Scenario *sc, int sleep, TensixTile **out)
{
    TensixTile *t = tile_new_sleep(sc->dcache, sleep);
    t->horizon = sc->horizon;
    uint32_t release = 0;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        if (!sc->prog[c][0])
            continue;
        const uint32_t at = 0x1000u + 0x400u * c;
        CHECK_OK(l1_debug_write(&t->l1, at, sc->prog[c], sizeof sc->prog[c]));
        if (c <= TILE_TRISC2) {
            write_reg(t, TILE_R_TRISC0_RESET_PC + c, at);
            write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE,
                      t->regs[TILE_R_TRISC_RESET_PC_OVERRIDE] | 1u << c);
        } else if (c == TILE_NCRISC) {
            write_reg(t, TILE_R_NCRISC_RESET_PC, at);
            write_reg(t, TILE_R_NCRISC_RESET_PC_OVERRIDE, 1);
        } else { /* BRISC starts at 0: jal there */
            const uint32_t jal = enc_j((int32_t)at, 0);
            CHECK_OK(l1_debug_write(&t->l1, 0, &jal, 4));
        }
        release |= 1u << tile_core_reset_bit(c);
    }
    write_reg(t, TILE_R_SOFT_RESET_0, tile_reg_reset_value(TILE_R_SOFT_RESET_0) & ~release);
    uint64_t now = 0, steps = 0;
    while (!tensix_tile_cores_idle(t) && now < sc->horizon && steps < 1000000) {
        const uint64_t next = tensix_tile_step(t, now);
        steps++;
        if (next == BH_IDLE)
            break;
        now = next;
    }
    if (sc->horizon != BH_IDLE)
        tensix_tile_settle_cores(t, sc->horizon);
    CHECK(!t->failed);
    if (t->failed)
        fprintf(stderr, "%s: %s\n", sc->name, t->error);
    *out = t;
    return steps;
}

static void compare_sleep(const Scenario *sc, uint32_t sleeper)
{
    TensixTile *on, *off;
    const uint64_t steps_on = run_scenario(sc, 1, &on), steps_off = run_scenario(sc, 0, &off);
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        if (!sc->prog[c][0])
            continue;
        const RvCore *a = on->cores[c].rv, *b = off->cores[c].rv;
        RvStats sa = *rv_core_stats(a), sb = *rv_core_stats(b);
        sa.poll_sleeps = sa.poll_skipped_iterations = 0;
        sb.poll_sleeps = sb.poll_skipped_iterations = 0;
        for (uint32_t r = 0; r < 32; r++)
            CHECK_EQ_U32(rv_core_reg(a, r), rv_core_reg(b, r));
        CHECK_EQ_U32(rv_core_pc(a), rv_core_pc(b));
        CHECK_EQ_U64(rv_core_cycle(a), rv_core_cycle(b));
        CHECK_EQ_U64(sa.instret, sb.instret);
        CHECK_EQ_U64(sa.cycles_run, sb.cycles_run);
        CHECK(memcmp(&sa, &sb, sizeof sa) == 0);
        CHECK_EQ_U64(rv_core_stats(b)->poll_sleeps, 0);
    }
    CHECK(rv_core_stats(on->cores[sleeper].rv)->poll_skipped_iterations > 10);
    CHECK(!sc->steps_saved || steps_on * 4 < steps_off);
    if (check_failures_)
        fprintf(stderr, "%s: steps %llu with sleep, %llu without\n", sc->name,
                (unsigned long long)steps_on, (unsigned long long)steps_off);
    tile_free(on);
    tile_free(off);
}

#define BEQ(a, b, off) enc_b(off, b, a, 0)

/* TRISC0 polls its GPR 5 until BRISC, after a delay loop, writes 42 there (BRISC sees the three
 * threads' GPRs; a core's write is seen by the cores stepped after it at once). */
static void test_poll_gpr(void)
{
    const Scenario sc = {
        "gpr",
        {[TILE_TRISC0] = {LUI(S0, 0xFFE00), LW(A0, S0, 20), BEQ(A0, 0, -4), CSRR_CYCLE(A1), EBREAK},
         [TILE_BRISC] = {LUI(S0, 0xFFE00), ADDI(5, 0, 700), ADDI(5, 5, -1), BNE(5, 0, -4),
                         ADDI(A0, 0, 42), SW(A0, S0, 20), EBREAK}},
        BH_IDLE,
        0,
        1};
    compare_sleep(&sc, TILE_TRISC0);
}

/* TRISC0 polls semaphore 1 until the coprocessor posts it: TRISC1 pushes a long MOP of NOPs
 * (the coprocessor is busy), then SEMPOST; the post is seen the cycle after it. */
static void test_poll_semaphore(void)
{
    const Scenario sc = {
        "semaphore",
        {[TILE_TRISC0] = {LUI(S0, 0xFFE80), LW(A0, S0, 0x24), BEQ(A0, 0, -4), CSRR_CYCLE(A1),
                          EBREAK},
         [TILE_TRISC1] = {LUI(S0, 0xFFB80), ADDI(5, 0, 20),   SW(5, S0, 0),    ADDI(5, 0, 30),
                          SW(5, S0, 4),     LUI(5, 0x02000),  SW(5, S0, 8),    SW(5, S0, 12),
                          SW(5, S0, 16),    SW(5, S0, 20),    SW(5, S0, 24),   SW(5, S0, 28),
                          SW(5, S0, 32),    LUI(S1, 0xFFE40), LUI(5, 0x01800), SW(5, S1, 0),
                          LUI(5, 0xA4000),  ADDI(5, 5, 8),    SW(5, S1, 0),    EBREAK}},
        BH_IDLE,
        0,
        0};
    compare_sleep(&sc, TILE_TRISC0);
}

/* BRISC spins on an L1 word it holds in its L0 D-cache (a stale copy nothing can change) until
 * the end of the run: the sleeping core accounts the same iterations at the end. */
static void test_poll_forever(void)
{
    const Scenario sc = {"forever",
                         {[TILE_BRISC] = {LUI(S0, 0x20), LW(A0, S0, 0), BEQ(A0, 0, -4), EBREAK}},
                         5000,
                         1,
                         0};
    compare_sleep(&sc, TILE_BRISC);
}

/* TRISC0 polls an L1 word (L0 D-cache off: every load is an L1 read) until BRISC, after a
 * delay loop, stores 42 there. With riscv.poll_sleep_l1 it sleeps and wakes when the store
 * lands in L1: the same result, and it ends within one poll iteration of its twin that ran
 * every iteration (approximate by design: the skipped reads do not contend). */
static void test_poll_l1(void)
{
    const Scenario sc = {
        "l1",
        {[TILE_TRISC0] = {LUI(S0, 0x20), LW(A0, S0, 0), BEQ(A0, 0, -4), CSRR_CYCLE(A1), EBREAK},
         [TILE_BRISC] = {LUI(S0, 0x20), ADDI(5, 0, 700), ADDI(5, 5, -1), BNE(5, 0, -4),
                         ADDI(A0, 0, 42), SW(A0, S0, 0), EBREAK}},
        BH_IDLE,
        0,
        1};
    TensixTile *on, *off;
    test_poll_l1_mode = 1;
    const uint64_t steps_on = run_scenario(&sc, 1, &on);
    test_poll_l1_mode = 0;
    const uint64_t steps_off = run_scenario(&sc, 1, &off);
    const RvCore *a = on->cores[TILE_TRISC0].rv, *b = off->cores[TILE_TRISC0].rv;
    CHECK_EQ_U32(rv_core_reg(a, A0), 42);
    CHECK_EQ_U32(rv_core_reg(b, A0), 42);
    CHECK(rv_core_stats(a)->poll_skipped_iterations > 10);
    CHECK_EQ_U64(rv_core_stats(b)->poll_sleeps, 0);
    const uint64_t ca = rv_core_reg(a, A1), cb = rv_core_reg(b, A1);
    const uint64_t period = rv_core_poll(a)->period;
    CHECK(period > 0 && (ca > cb ? ca - cb : cb - ca) <= period);
    CHECK(steps_on * 4 < steps_off);
    fprintf(stderr,
            "poll_l1: ends at %llu with sleep, %llu without (period %llu); steps %llu vs "
            "%llu\n",
            (unsigned long long)ca, (unsigned long long)cb, (unsigned long long)period,
            (unsigned long long)steps_on, (unsigned long long)steps_off);
    tile_free(on);
    tile_free(off);
}

int main(void)
{
    test_latency = tile_latency_config_default();
    RUN(test_latency_classes);
    RUN(test_l1_bank_conflict);
    RUN(test_riscv_l1_rates);
    RUN(test_reset_and_errors);
    RUN(test_poll_gpr);
    RUN(test_poll_semaphore);
    RUN(test_poll_forever);
    RUN(test_poll_l1);
    RUN(test_core_state);
    return check_failures();
}
