// SPDX-License-Identifier: Apache-2.0
/* The ARC tile model driven as a host driver drives the chip. Addresses, values and the
 * message-queue protocol are written out here from the sources, not from the model:
 *   tenstorrent/tt-umd device/arc/blackhole_arc_message_queue.cpp (push_request,
 *     pop_response, get_blackhole_arc_message_queue), arc_telemetry_reader.cpp,
 *     device/api/umd/device/arch/blackhole_implementation.hpp (SCRATCH_RAM_*, doorbell);
 *   tenstorrent/tt-zephyr-platforms lib/tenstorrent/bh_arc/{init.h, reset.c, status_reg.h,
 *     msgqueue.c, aiclk_ppm.c, telemetry.{c,h}}, include/tenstorrent/{msgqueue.h,
 *     smc_msg.h, post_code.h}; docs/hardware.md#harvesting (column order), #arc. */
#include <string.h>
#include "model/arc/arc.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define RESET_UNIT 0x80030000u
#define SCRATCH_RAM(n) (0x80030400u + 4u * (n))
#define REFCLK_LOW 0x800300E0u
#define REFCLK_HIGH 0x800300E4u
#define ARC_FW_INT_ADDR 0x80030100u
#define ARC_FW_INT_VAL 0x10000u
#define MSI_FIFO 0x800B0000u
#define CSM_LO 0x10000000u /* tt-kmd telemetry.h ARC_CSM_BASE, size 1 << 19 */
#define CSM_HI (0x10000000u + (1u << 19))
#define APPLICATION_QUEUE 3 /* tt-umd BlackholeArcMessageQueueIndex */

static Arc a;
static uint64_t t; /* the host's notion of now, in AICLK cycles */

static uint32_t rd32(uint32_t addr)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_OK(arc_access(&a, addr, 0, &v, 4, 0, t));
    return v;
}

static void wr32(uint32_t addr, uint32_t v)
{
    CHECK_OK(arc_access(&a, addr, 1, &v, 4, 0, t));
}

static ArcConfig cfg_at(uint32_t aiclk_mhz)
{
    ArcConfig c = arc_config_default();
    c.aiclk_init_mhz = aiclk_mhz;
    return c;
}

static struct {
    uint32_t calls, mhz;
    uint64_t cycle;
} cb;

static void on_aiclk(void *ctx, uint32_t mhz, uint64_t now_cycle)
{
    CHECK(ctx == &cb);
    cb.calls++;
    cb.mhz = mhz;
    cb.cycle = now_cycle;
}

static void boot(const ArcConfig *c)
{
    memset(&cb, 0, sizeof cb);
    t = 0;
    CHECK_OK(arc_init(&a, c, &test_log, on_aiclk, &cb));
}

/* ---- the host driver (tt-umd's BlackholeArcMessageQueue) ---- */
typedef struct {
    uint32_t base, size;
} Queue;

static Queue queue(uint32_t index)
{
    const uint32_t cb_addr = rd32(SCRATCH_RAM(11));
    uint64_t block = 0;
    CHECK_OK(arc_access(&a, cb_addr, 0, &block, 8, 0, t));
    const uint32_t entries = (uint32_t)(block >> 32) & 0xFF;
    CHECK_EQ_U32((block >> 40) & 0xFF, 4); /* queues */
    CHECK_EQ_U32(entries, 4);
    Queue q = {(uint32_t)block + index * (2 * entries * 32 + 32), entries};
    return q;
}

static uint32_t qword(Queue q, uint32_t w)
{
    return rd32(q.base + 4 * w);
}

static void push_request(Queue q, const uint32_t req[8])
{
    uint32_t wptr = qword(q, 0);
    const uint32_t rptr = qword(q, 4);
    CHECK((rptr > wptr ? rptr - wptr : wptr - rptr) % (2 * q.size) != q.size); /* not full */
    for (uint32_t w = 0; w < 8; w++)
        wr32(q.base + 4 * (8 + (wptr % q.size) * 8 + w), req[w]);
    wptr = (wptr + 1) % (2 * q.size);
    wr32(q.base + 0, wptr);
    wr32(ARC_FW_INT_ADDR, ARC_FW_INT_VAL);
}

/* 1 and the response if one is there, else 0 */
static int pop_response(Queue q, uint32_t rsp[8])
{
    uint32_t rptr = qword(q, 1);
    if (rptr == qword(q, 5))
        return 0;
    for (uint32_t w = 0; w < 8; w++)
        rsp[w] = rd32(q.base + 4 * (8 + (q.size + rptr % q.size) * 8 + w));
    rptr = (rptr + 1) % (2 * q.size);
    wr32(q.base + 4, rptr);
    return 1;
}

/* a whole message: push, step the ARC to the cycle it names, pop */
static uint32_t send(uint32_t code, uint32_t arg, uint32_t rsp[8])
{
    const Queue q = queue(APPLICATION_QUEUE);
    const uint32_t req[8] = {code, arg};
    push_request(q, req);
    const uint64_t due = arc_step(&a, t);
    CHECK(due != BH_IDLE);
    t = due;
    CHECK_EQ_U64(arc_step(&a, t), BH_IDLE);
    CHECK(pop_response(q, rsp));
    return rsp[0];
}

static void test_registers_after_boot(void)
{
    ArcConfig c = arc_config_default();
    boot(&c);
    static const struct {
        uint32_t addr, value;
    } expect[] = {
        {RESET_UNIT + 0x00, 0x2383},
        {RESET_UNIT + 0x08, 0x3FFF3FFF},
        {RESET_UNIT + 0x10, 0xFFFFFFFF},
        {RESET_UNIT + 0x14, 0x0000000F},
        {RESET_UNIT + 0x20, 0xFFFFFFFF},
        {RESET_UNIT + 0x3C, 0xFFFFFFFF},
        {RESET_UNIT + 0x40, 0xFFFFFFFF},
        {RESET_UNIT + 0x5C, 0xFFFFFFFF},
        {RESET_UNIT + 0x60, 0xC0DE0041},
        {RESET_UNIT + 0x7C, 0},
        {ARC_FW_INT_ADDR, 0},
        {SCRATCH_RAM(0), 0x001F6300},
        {SCRATCH_RAM(2), 0x00000005},
        {SCRATCH_RAM(63), 0},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(expect); i++)
        CHECK_EQ_U32(rd32(expect[i].addr), expect[i].value);
    CHECK_EQ_U32(rd32(SCRATCH_RAM(2)) & 7, 5); /* tt-umd wait_arc_core_start */
    for (uint32_t n = 11; n <= 13; n++) {
        const uint32_t p = rd32(SCRATCH_RAM(n));
        CHECK(p >= CSM_LO && p < CSM_HI);
    }
    /* RW: a written value reads back; RO: refused, unchanged */
    wr32(RESET_UNIT + 0x24, 0x12345678);
    CHECK_EQ_U32(rd32(RESET_UNIT + 0x24), 0x12345678);
    wr32(SCRATCH_RAM(40), 0xCAFEF00D);
    CHECK_EQ_U32(rd32(SCRATCH_RAM(40)), 0xCAFEF00D);
    uint32_t v = 7;
    CHECK_EQ_U32(arc_access(&a, REFCLK_LOW, 1, &v, 4, 0, t), BH_ERR_ACCESS);
    CHECK(strstr(a.why, "REFCLK_LOW"));
    CHECK_EQ_U32(arc_access(&a, REFCLK_HIGH, 1, &v, 4, 0, t), BH_ERR_ACCESS);
    CHECK_EQ_U32(rd32(REFCLK_LOW), 0);
}

/* every row of the table: its value at init, its access kind, no overlaps */
static void test_register_table(void)
{
    ArcConfig c = arc_config_default();
    boot(&c);
    enum { RW, RO, REFCLK, DOORBELL, MSI };
    static const struct {
        uint32_t addr, count, init, kind;
    } row[] = {
#define ARC_REG(id, nm, fst, ad, cnt, in, k, doc) {ad, cnt, in, k},
#include "model/arc/arc_regs.def"
#undef ARC_REG
    };
    for (size_t r = 0; r < BH_ARRAY_LEN(row); r++) {
        if (r)
            CHECK(row[r].addr >= row[r - 1].addr + 4 * row[r - 1].count);
        for (uint32_t i = 0; i < row[r].count; i++) {
            const uint32_t addr = row[r].addr + 4 * i;
            uint32_t v = 0x5A5A0005, back = 0;
            char nm[48];
            CHECK(arc_reg_name(addr, nm, sizeof nm) != NULL);
            if (row[r].kind == MSI) {
                CHECK_EQ_U32(arc_access(&a, addr, 0, &back, 4, 0, t), BH_ERR_ACCESS);
                continue;
            }
            if (row[r].kind != REFCLK)
                CHECK_EQ_U32(rd32(addr), row[r].init);
            const BhStatus s = arc_access(&a, addr, 1, &v, 4, 0, t);
            if (row[r].kind == RO || row[r].kind == REFCLK) {
                CHECK_EQ_U32(s, BH_ERR_ACCESS);
                continue;
            }
            CHECK_OK(s);
            CHECK_OK(arc_access(&a, addr, 0, &back, 4, 0, t));
            CHECK_EQ_U32(back, v);
        }
    }
    char nm[48];
    CHECK(strcmp(arc_reg_name(RESET_UNIT + 0x2C, nm, sizeof nm), "TENSIX_RESET_3") == 0);
    CHECK(strcmp(arc_reg_name(SCRATCH_RAM(13), nm, sizeof nm), "SCRATCH_RAM_13") == 0);
    CHECK(strcmp(arc_reg_name(SCRATCH_RAM(20), nm, sizeof nm), "SCRATCH_RAM_20") == 0);
    CHECK(strcmp(arc_reg_name(SCRATCH_RAM(5), nm, sizeof nm), "SCRATCH_RAM_5") == 0);
}

static uint64_t refclk(void)
{
    const uint32_t hi1 = rd32(REFCLK_HIGH), lo = rd32(REFCLK_LOW), hi2 = rd32(REFCLK_HIGH);
    CHECK_EQ_U32(hi1, hi2);
    return (uint64_t)hi2 << 32 | lo;
}

static void test_refclk(void)
{
    ArcConfig c = cfg_at(1350);
    boot(&c);
    t = 26; /* 26 x 50 / 1350 = 0.96 */
    CHECK_EQ_U64(refclk(), 0);
    t = 27;
    CHECK_EQ_U64(refclk(), 1);
    t = 1350ull * 1000000; /* one second */
    CHECK_EQ_U64(refclk(), 50000000);
    t = 1350ull * 3600 * 1000000 + 53; /* an hour and 53 cycles: 1.96 ticks */
    CHECK_EQ_U64(refclk(), 50000000ull * 3600 + 1);

    c = cfg_at(800);
    boot(&c);
    t = 15;
    CHECK_EQ_U64(refclk(), 0);
    t = 16;
    CHECK_EQ_U64(refclk(), 1);
    t = 16ull << 32; /* 2^32 ticks: the high word */
    CHECK_EQ_U32(rd32(REFCLK_LOW), 0);
    CHECK_EQ_U32(rd32(REFCLK_HIGH), 1);

    /* across a change: 800 MHz up to the message's cycle L, 1350 MHz after it */
    boot(&c);
    uint32_t rsp[8];
    CHECK_EQ_U32(send(0x52, 0, rsp) & 0xFF, 0);
    const uint64_t L = c.msg_latency_cycles; /* rung at 0 */
    CHECK_EQ_U64(t, L);
    CHECK_EQ_U32(cb.mhz, 1350);
    /* L = 5400: 5400 x 50 / 800 = 337.5; + 13 x 50 / 1350 = 0.48 -> 337.98; + 14 -> 338.02 */
    CHECK_EQ_U64(L, 5400);
    t = L + 13;
    CHECK_EQ_U64(refclk(), 337);
    t = L + 14;
    CHECK_EQ_U64(refclk(), 338);
    t = L + 1350ull * 1000000; /* one more second */
    CHECK_EQ_U64(refclk(), 337 + 50000000);
}

static void test_message_round_trip(void)
{
    ArcConfig c = arc_config_default();
    boot(&c);
    const Queue q = queue(APPLICATION_QUEUE);
    uint32_t rsp[8];
    CHECK(!pop_response(q, rsp)); /* empty */
    for (uint32_t i = 0; i < 8; i++) {
        const uint32_t req[8] = {0x34, 0, 0, 0, 0, 0, 0, 0}; /* GET_AICLK */
        CHECK_EQ_U32(qword(q, 0), i % 8);                    /* request wptr */
        push_request(q, req);
        CHECK_EQ_U32(qword(q, 0), (i + 1) % 8);
        const uint64_t due = arc_step(&a, t);
        CHECK_EQ_U64(due, t + c.msg_latency_cycles);
        t = due - 1;
        CHECK_EQ_U64(arc_step(&a, t), due); /* not yet */
        CHECK(!pop_response(q, rsp));
        CHECK_EQ_U32(rd32(ARC_FW_INT_ADDR), ARC_FW_INT_VAL); /* still raised */
        t = due;
        CHECK_EQ_U64(arc_step(&a, t), BH_IDLE);
        CHECK_EQ_U32(rd32(ARC_FW_INT_ADDR), 0); /* the firmware cleared irq0_trig */
        CHECK_EQ_U32(qword(q, 4), (i + 1) % 8); /* request rptr */
        CHECK_EQ_U32(qword(q, 5), (i + 1) % 8); /* response wptr */
        CHECK_EQ_U32(qword(q, 6), i + 1);       /* last_serial */
        CHECK(pop_response(q, rsp));
        CHECK_EQ_U32(qword(q, 1), (i + 1) % 8); /* response rptr */
        CHECK_EQ_U32(rsp[0], 0);                /* status OK, return code 0 */
        CHECK_EQ_U32(rsp[1], 800);
        CHECK_EQ_U32(rsp[2], 3); /* CLOCK_MODE_PPM_UNFORCED */
        t += 100;
    }
    CHECK_EQ_U32(qword(q, 0), 0); /* all four pointers wrapped */
    CHECK_EQ_U32(qword(q, 1), 0);
    CHECK_EQ_U32(qword(q, 4), 0);
    CHECK_EQ_U32(qword(q, 5), 0);
    CHECK_EQ_U32(rd32(RESET_UNIT + 0x60), 0xC0DE003F); /* post code: messages handled */

    /* without a doorbell nothing is answered; the next doorbell answers both */
    const uint32_t req[8] = {0x11};
    const uint32_t w = qword(q, 0);
    wr32(q.base + 4 * (8 + (w % 4) * 8), 0x11);
    wr32(q.base, (w + 1) % 8);
    CHECK_EQ_U64(arc_step(&a, t + 1000000), BH_IDLE);
    push_request(q, req);
    t = arc_step(&a, t);
    arc_step(&a, t);
    CHECK(pop_response(q, rsp) && pop_response(q, rsp));
    CHECK(!pop_response(q, rsp));
    /* a full response queue holds requests back: 5 requests, 4 answered */
    for (int i = 0; i < 4; i++)
        push_request(q, req);
    t = arc_step(&a, t);
    arc_step(&a, t);
    push_request(q, req);
    t = arc_step(&a, t);
    arc_step(&a, t);
    CHECK_EQ_U32((qword(q, 0) - qword(q, 4)) % 8, 1); /* one request still pending */
    for (int i = 0; i < 4; i++)
        CHECK(pop_response(q, rsp));
    wr32(MSI_FIFO, 0); /* tt-kmd's doorbell */
    t = arc_step(&a, t);
    CHECK(t != BH_IDLE);
    arc_step(&a, t);
    CHECK(pop_response(q, rsp));
}

static void test_aiclk_messages(void)
{
    ArcConfig c = arc_config_default(); /* fmax 1350, fmin 800 */
    boot(&c);
    uint32_t rsp[8];
    CHECK_EQ_U32(arc_aiclk_mhz(&a), 800);
    t = 1000;
    CHECK_EQ_U32(send(0x52, 0, rsp), 0); /* go busy */
    CHECK_EQ_U32(cb.calls, 1);
    CHECK_EQ_U32(cb.mhz, 1350);
    CHECK_EQ_U64(cb.cycle, 1000 + c.msg_latency_cycles);
    CHECK_EQ_U32(arc_aiclk_mhz(&a), 1350);
    CHECK_EQ_U32(send(0x34, 0, rsp), 0); /* get AICLK */
    CHECK_EQ_U32(rsp[1], 1350);
    CHECK_EQ_U32(send(0x52, 0, rsp), 0); /* busy again: no change, no call */
    CHECK_EQ_U32(cb.calls, 1);
    const uint64_t before = t;
    CHECK_EQ_U32(send(0x54, 0, rsp), 0); /* go long idle */
    CHECK_EQ_U32(cb.calls, 2);
    CHECK_EQ_U32(cb.mhz, 800);
    CHECK_EQ_U64(cb.cycle, before + c.msg_latency_cycles);
    CHECK_EQ_U32(send(0x33, 1000, rsp) & 0xFF, 0); /* force 1000 MHz */
    CHECK_EQ_U32(cb.mhz, 1000);
    CHECK_EQ_U32(send(0x34, 0, rsp), 0);
    CHECK_EQ_U32(rsp[1], 1000);
    CHECK_EQ_U32(rsp[2], 2);             /* CLOCK_MODE_PPM_FORCED */
    CHECK_EQ_U32(send(0x52, 0, rsp), 0); /* busy while forced: stays forced */
    CHECK_EQ_U32(arc_aiclk_mhz(&a), 1000);
    CHECK_EQ_U32(send(0x33, 1401, rsp) & 0xFF, 1); /* out of range: exit code 1 */
    CHECK_EQ_U32(send(0x33, 199, rsp) & 0xFF, 1);
    CHECK_EQ_U32(arc_aiclk_mhz(&a), 1000);
    CHECK_EQ_U32(send(0x33, 0, rsp) & 0xFF, 0); /* unforce: busy -> fmax */
    CHECK_EQ_U32(arc_aiclk_mhz(&a), 1350);
    CHECK_EQ_U32(cb.calls, 4);
}

static void test_other_messages(void)
{
    ArcConfig c = arc_config_default();
    c.tensix_col_enabled = arc_tensix_cols_from_noc_x(0x1FFFEu & ~(1u << 7 | 1u << 10) & ~0x300u);
    boot(&c);
    uint32_t rsp[8];
    CHECK_EQ_U32(send(0x77, 0, rsp), 0xFF); /* unknown */
    CHECK_EQ_U32(send(0x00, 0, rsp), 0xFF);
    CHECK_EQ_U32(send(0x11, 0, rsp), 0); /* NOP */
    /* x = 7 and 10 are physical columns 12 and 13 (docs/hardware.md#harvesting) */
    CHECK_EQ_U32(c.tensix_col_enabled, 0x0FFF);
    CHECK_EQ_U32(send(0x57, 0, rsp), 0); /* GET_HARVESTING */
    CHECK_EQ_U32(rsp[1], 0x3000);
    CHECK_EQ_U32(send(0x16, 0, rsp), 0xFE); /* scratch only */
    CHECK_EQ_U32(send(0xBE, 100, rsp), 0);  /* set last serial: 100, not advanced */
    CHECK_EQ_U32(send(0x90, 41, rsp), 0);   /* test */
    CHECK_EQ_U32(rsp[1], 42);
    CHECK_EQ_U32(rsp[2], 101);
    CHECK_EQ_U32(qword(queue(APPLICATION_QUEUE), 6), 101);
    c.umd_only_msgs = 0; /* as boards answer */
    boot(&c);
    CHECK_EQ_U32(send(0x11, 0, rsp), 0xFF);
    CHECK_EQ_U32(send(0x57, 0, rsp), 0xFF);
}

/* the table walked as tt-umd's ArcTelemetryReader walks it; 0 when tag is absent */
static int telem(uint32_t tag, uint32_t *val)
{
    const uint32_t table = rd32(SCRATCH_RAM(13)), data = rd32(SCRATCH_RAM(12));
    const uint32_t count = rd32(table + 4);
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t e = rd32(table + 8 + 4 * i);
        if ((e & 0xFFFF) == tag) {
            CHECK_EQ_U32(e >> 16, tag); /* offset == tag (TELEM_OFFSET) */
            *val = rd32(data + 4 * (e >> 16));
            return 1;
        }
    }
    return 0;
}

static void test_telemetry(void)
{
    ArcConfig c = arc_config_default();
    c.tensix_col_enabled = 0x0FFF;
    c.gddr_enabled = 0xF7; /* GDDR3 off, as a p100a */
    boot(&c);
    const uint32_t table = rd32(SCRATCH_RAM(13));
    CHECK_EQ_U32(rd32(table), 0x00000100);
    const uint32_t count = rd32(table + 4);
    CHECK(count >= 30 && count <= 71);
    CHECK_EQ_U32(rd32(SCRATCH_RAM(12)), table + 8 + 4 * count); /* data follows the tags */
    uint32_t v = 0;
    CHECK(telem(14, &v));
    CHECK_EQ_U32(v, 800); /* AICLK */
    CHECK(telem(34, &v));
    CHECK_EQ_U32(v, 0x0FFF);
    CHECK(telem(36, &v));
    CHECK_EQ_U32(v, 0xF7);
    CHECK(telem(35, &v));
    CHECK_EQ_U32(v, 0x3EDF); /* all but channels 5 and 8 */
    CHECK(telem(37, &v));
    CHECK_EQ_U32(v, 0xF);
    CHECK(telem(59, &v));
    CHECK_EQ_U32(v, 0x3FF);
    CHECK(telem(11, &v));
    CHECK_EQ_U32(v, 45u << 16); /* 45.0 degrees C, s16.16 */
    CHECK(telem(15, &v));
    CHECK_EQ_U32(v, 960);
    CHECK(telem(1, &v));
    CHECK_EQ_U32(v, 0x400);
    CHECK(telem(2, &v));
    CHECK_EQ_U32(v, 1); /* board id 0x0000_0400_0000_0001: UPI (id >> 36) = 0x40, a P150 */
    CHECK(telem(29, &v));
    CHECK_EQ_U32(v, rd32(SCRATCH_RAM(0)));
    CHECK(!telem(3, &v)); /* ASIC id: not published by the firmware's table either */
    CHECK(telem(32, &v));
    CHECK_EQ_U32(v, 1);          /* heartbeat: once at boot */
    t = 800ull * 100 * 1000 - 1; /* 100 ms at 800 MHz, less a cycle */
    CHECK(telem(32, &v));
    CHECK_EQ_U32(v, 1);
    t++;
    CHECK(telem(32, &v));
    CHECK_EQ_U32(v, 2);
    uint32_t rsp[8];
    CHECK_EQ_U32(send(0x52, 0, rsp), 0);
    CHECK(telem(14, &v));
    CHECK_EQ_U32(v, 1350); /* follows AICLK */
}

static void test_errors(void)
{
    ArcConfig c = arc_config_default();
    boot(&c);
    uint32_t v = 0x11111111;
    uint8_t big[16] = {0};
    CHECK_EQ_U32(arc_access(&a, 0x80031000u, 0, &v, 4, 0, t), BH_ERR_ADDR);
    CHECK(strstr(a.why, "0x80031000"));
    CHECK_EQ_U32(arc_access(&a, 0x80031000u, 1, &v, 4, 0, t), BH_ERR_ADDR);
    CHECK_EQ_U32(arc_access(&a, 0x0u, 0, &v, 4, 0, t), BH_ERR_ADDR);
    CHECK_EQ_U32(arc_access(&a, 0xFFFFFFFFFFFFFFF0ull, 0, big, 16, 0, t), BH_ERR_ADDR);
    CHECK_EQ_U32(arc_access(&a, CSM_HI, 0, &v, 4, 0, t), BH_ERR_ADDR);
    CHECK_EQ_U32(arc_access(&a, CSM_HI - 4, 0, big, 8, 0, t), BH_ERR_ADDR); /* runs past */
    CHECK(strstr(a.why, "0x1007fffc"));
    CHECK_OK(arc_access(&a, CSM_HI - 4, 0, &v, 4, 0, t)); /* the last word */
    CHECK_OK(arc_access(&a, CSM_LO, 1, big, 16, 0, t));
    CHECK_EQ_U32(arc_access(&a, SCRATCH_RAM(4), 1, &v, 2, 0, t), BH_ERR_ACCESS);
    CHECK(strstr(a.why, "SCRATCH_RAM_4"));
    CHECK_EQ_U32(arc_access(&a, SCRATCH_RAM(4), 0, big, 8, 0, t), BH_ERR_ACCESS);
    CHECK_EQ_U32(arc_access(&a, SCRATCH_RAM(4) + 2, 1, &v, 4, 0, t), BH_ERR_ACCESS);
    CHECK_EQ_U32(arc_access(&a, SCRATCH_RAM(4), 1, &v, 0, 0, t), BH_ERR_ACCESS);
    CHECK_EQ_U32(arc_access(&a, CSM_LO, 0, &v, 0, 0, t), BH_ERR_ACCESS);
    CHECK_EQ_U32(rd32(SCRATCH_RAM(4)), 0); /* unchanged */
    CHECK(bh_log_count(&test_log, BH_LOG_GUEST) > 0);
    /* a debug doorbell has no side effect; a real one does */
    v = ARC_FW_INT_VAL;
    CHECK_OK(arc_access(&a, ARC_FW_INT_ADDR, 1, &v, 4, 1, t));
    CHECK_EQ_U64(arc_step(&a, t), BH_IDLE);
    v = 5;
    CHECK_OK(arc_access(&a, MSI_FIFO, 1, &v, 4, 0, t)); /* not for the queues */
    CHECK_EQ_U64(arc_step(&a, t), BH_IDLE);
    /* a queue with a bad pointer is skipped, the others still answered */
    const Queue q0 = queue(0), q3 = queue(APPLICATION_QUEUE);
    wr32(q0.base, 9);
    const uint32_t req[8] = {0x34};
    push_request(q3, req);
    t = arc_step(&a, t);
    arc_step(&a, t);
    uint32_t rsp[8];
    CHECK(pop_response(q3, rsp));
    CHECK_EQ_U32(qword(q0, 4), 0);
}

static void test_config_check(void)
{
    char why[160];
    ArcConfig c = arc_config_default();
    CHECK_OK(arc_config_check(&c, why, sizeof why));
#define ARC_X_BAD(name, def, lo, hi, doc)                                                          \
    c = arc_config_default();                                                                      \
    if ((uint64_t)(hi) < 0xFFFFFFFFull) {                                                          \
        c.name = (uint32_t)(hi) + 1;                                                               \
        CHECK_EQ_U32(arc_config_check(&c, why, sizeof why), BH_ERR_CONFIG);                        \
        CHECK(strstr(why, "arc." #name));                                                          \
    }                                                                                              \
    if ((uint64_t)(lo) > 0) {                                                                      \
        c.name = (uint32_t)(lo)-1;                                                                 \
        CHECK_EQ_U32(arc_config_check(&c, why, sizeof why), BH_ERR_CONFIG);                        \
    }
    ARC_PARAMS(ARC_X_BAD)
#undef ARC_X_BAD
    c = arc_config_default();
    c.aiclk_fmin_mhz = 1000;
    c.aiclk_fmax_mhz = 900;
    CHECK_EQ_U32(arc_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    CHECK_EQ_U32(arc_init(&a, &c, &test_log, NULL, NULL), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_registers_after_boot);
    RUN(test_register_table);
    RUN(test_refclk);
    RUN(test_message_round_trip);
    RUN(test_aiclk_messages);
    RUN(test_other_messages);
    RUN(test_telemetry);
    RUN(test_errors);
    RUN(test_config_check);
    return check_failures();
}
