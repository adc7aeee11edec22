// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile without SystemC: a bench plays the chip behind the tile's hooks (a 1 GHz
 * AICLK, a NoC that records the tile's requests and completes them when told, NIU registers,
 * an ARC memory), steps the tile at the times it asks for, and checks what a host and the NoC
 * see: bytes through TLB windows in TLP-sized NoC transactions, ordering, BAR0's NIU window,
 * device writes and reads of host memory, and the errors a careless host or NoC master gets.
 * Expected figures are worked out from pcie_link.h's rules (mps 256 B, mrrs 4096 B). */
#include <stdlib.h>
#include <string.h>
#include "model/pcie/pcie_tile.h"
#include "tests/check.h"

#define BAR0 0x100000000ull
#define TLB_CFG (BAR0 + PCIE_TLB_CFG_BAR0)
#define MAX_RQ 4096

typedef struct Bench {
    PcieTile t;
    BhLogContext log;
    uint64_t now_ps, wake_ps;
    NocRequest rq[MAX_RQ];       /* every request the tile made, in order */
    uint32_t n_rq, n_done, full; /* full: refuse requests (BH_ERR_FULL) */
    uint32_t niu[2][0x800];      /* NIU register words */
    uint32_t niu_writes;
    uint8_t arc[0x1000];
    uint64_t host_done_id;
    void *answered[64], *taken[64];
    uint32_t n_answered, n_taken;
    uint32_t guest_logs;
} Bench;

static Bench *b;

static uint64_t h_now_ps(void *ctx)
{
    return ((Bench *)ctx)->now_ps;
}
static uint64_t h_now_cycle(void *ctx)
{
    return ((Bench *)ctx)->now_ps / 1000;
}
static uint64_t h_cycle_ps(void *ctx, uint64_t c)
{
    (void)ctx;
    return c * 1000;
}
static void h_wake(void *ctx, uint64_t ps)
{
    Bench *x = ctx;
    if (ps < x->wake_ps)
        x->wake_ps = ps;
}
static BhStatus h_noc_request(void *ctx, uint32_t noc, const NocRequest *rq, uint64_t now)
{
    (void)noc, (void)now;
    Bench *x = ctx;
    if (x->full || x->n_rq == MAX_RQ)
        return BH_ERR_FULL;
    x->rq[x->n_rq++] = *rq;
    return BH_OK;
}
static BhStatus h_niu_reg(void *ctx, uint32_t noc, uint32_t off, int write, uint32_t *val,
                          uint64_t now)
{
    (void)now;
    Bench *x = ctx;
    if (off / 4 >= 0x800)
        return BH_ERR_ADDR;
    if (write)
        x->niu[noc][off / 4] = *val, x->niu_writes++;
    else
        *val = x->niu[noc][off / 4];
    return BH_OK;
}
static BhStatus h_arc(void *ctx, uint64_t addr, int write, uint8_t *data, uint32_t len)
{
    Bench *x = ctx;
    if (addr < PCIE_TILE_ARC_NOC || addr - PCIE_TILE_ARC_NOC + len > sizeof x->arc)
        return BH_ERR_ADDR;
    uint8_t *m = x->arc + (addr - PCIE_TILE_ARC_NOC);
    write ? memcpy(m, data, len) : memcpy(data, m, len);
    return BH_OK;
}
static void h_host_done(void *ctx, uint64_t id)
{
    ((Bench *)ctx)->host_done_id = id;
}
static void h_taken(void *ctx, void *handle)
{
    Bench *x = ctx;
    x->taken[x->n_taken++ % 64] = handle;
}
static void h_answered(void *ctx, void *handle, BhStatus st)
{
    Bench *x = ctx;
    CHECK_OK(st);
    x->answered[x->n_answered++ % 64] = handle;
}
static void log_sink(void *ctx, BhLogLevel level, const char *msg)
{
    (void)msg;
    if (level == BH_LOG_GUEST)
        ((Bench *)ctx)->guest_logs++;
}

static PcieTileConfig config(void)
{
    PcieTileConfig c;
    memset(&c, 0, sizeof c);
    c.cfg = pcie_cfg_config_default();
    c.tlb = pcie_tlbs_config_default();
    c.link = pcie_link_config_default();
    /* a host CPU that sends what the link allows (its shaping is test_pcie_host_cpu's): whole
     * max-payload writes back to back, reads of up to the max read request, one at a time */
    c.host = pcie_host_config_default();
    c.host.wc_bytes = c.link.mps_bytes;
    c.host.wc_gap_ps = 0;
    c.host.load_bytes = c.link.mrrs_bytes;
    c.frame = (NocFrame){17, 12, 1};
    c.n_nocs = 2;
    c.node0 = 2; /* NoC0 (2,0) */
    c.bar_base[0] = BAR0, c.bar_base[1] = 0x120000000ull, c.bar_base[2] = 0x800000000ull;
    c.host_bytes = 1ull << 30;
    return c;
}

static void bench_init(uint32_t instance)
{
    if (!b)
        b = malloc(sizeof *b);
    else
        pcie_tile_destroy(&b->t);
    memset(b, 0, sizeof *b);
    b->wake_ps = BH_IDLE;
    bh_log_context_init(&b->log, log_sink, b);
    PcieTileHooks h = {b,           h_noc_request, h_niu_reg, NULL,        h_arc,   h_now_ps,
                       h_now_cycle, h_cycle_ps,    h_wake,    h_host_done, h_taken, h_answered};
    PcieTileConfig c = config();
    c.tlb.instance = instance;
    CHECK_OK(pcie_tile_init(&b->t, &c, &h, &b->log));
}

/* Steps the tile at the times it asks for, up to `until` ps. */
static void run_to(uint64_t until)
{
    for (;;) {
        uint64_t next = b->wake_ps;
        if (next == BH_IDLE || next > until)
            break;
        b->wake_ps = BH_IDLE;
        if (next > b->now_ps)
            b->now_ps = next;
        uint64_t again = pcie_tile_step(&b->t);
        if (again != BH_IDLE)
            h_wake(b, again);
    }
    if (b->now_ps < until)
        b->now_ps = until;
}

/* The NoC completes request i: a write's bytes are read from the tile, a read's land in it. */
static void complete(uint32_t i, uint8_t fill)
{
    NocRequest *rq = &b->rq[i];
    uint8_t buf[8192];
    CHECK(rq->len <= sizeof buf);
    if (rq->op == NOC_REQ_READ) {
        memset(buf, fill, rq->len);
        CHECK_OK(pcie_tile_mem_access(&b->t, 1, rq->local_addr, buf, rq->len, 0));
    }
    rq->done(rq->done_ctx, rq->token, BH_OK, b->now_ps / 1000);
    b->n_done++;
}

static void complete_all(uint8_t fill)
{
    while (b->n_done < b->n_rq)
        complete(b->n_done, fill);
}

/* TLB idx: unicast to (x, y) on noc, window base address addr (2 MiB aligned) */
static void set_tlb(uint32_t idx, uint32_t x, uint32_t y, uint32_t noc, uint32_t ordering,
                    uint64_t addr)
{
    PcieTlbCfg c;
    memset(&c, 0, sizeof c);
    c.local_offset = addr >> PCIE_TLB_2M_SHIFT;
    c.x_end = x, c.y_end = y, c.noc_sel = noc, c.ordering = ordering;
    pcie_tlb_set(&b->t.tlbs, idx, &c);
}

static uint64_t write_now(uint64_t paddr, const void *data, uint32_t len)
{
    uint64_t id = UINT64_MAX;
    char why[128];
    CHECK_OK(pcie_tile_host_write(&b->t, paddr, data, len, &id, why, sizeof why));
    return id;
}

/* A host write through a TLB window becomes one NoC write per MWr TLP (256-byte aligned
 * pieces), to the TLB's target and address, carrying the host's bytes; it is done once the
 * NoC has completed them all. */
static void test_window_write(void)
{
    bench_init(0);
    set_tlb(3, 1, 2, 0, PCIE_ORDER_DEFAULT, 0x400000);
    uint8_t data[1000];
    for (uint32_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + 1);
    const uint64_t id = write_now(BAR0 + 3 * 0x200000ull + 0x1F0, data, sizeof data);
    CHECK_EQ_U32(pcie_tile_done(&b->t, id, NULL, NULL), 0);
    run_to(10000000);
    /* 0x1F0..0x5D8: pieces 16, 256, 256, 256, 216 bytes */
    CHECK_EQ_U32(b->n_rq, 5);
    const uint32_t sizes[5] = {16, 256, 256, 256, 216};
    uint32_t off = 0;
    for (uint32_t i = 0; i < b->n_rq && i < 5; i++) {
        const NocRequest *rq = &b->rq[i];
        CHECK_EQ_U32(rq->op, NOC_REQ_WRITE);
        CHECK_EQ_U32(rq->acked, 1);
        CHECK_EQ_U32(rq->len, sizes[i]);
        CHECK_EQ_U32(rq->target, 2 * 17 + 1);
        CHECK_EQ_U32(rq->reply_node, 2);
        CHECK_EQ_U64(rq->remote_addr, 0x400000 + 0x1F0 + off);
        uint8_t got[256];
        CHECK_OK(pcie_tile_mem_access(&b->t, 0, rq->local_addr, got, rq->len, 0));
        CHECK(memcmp(got, data + off, rq->len) == 0);
        off += rq->len;
    }
    CHECK_EQ_U32(pcie_tile_done(&b->t, id, NULL, NULL), 0); /* not acknowledged yet */
    complete_all(0);
    run_to(20000000);
    uint64_t at = 0;
    CHECK_EQ_U32(pcie_tile_done(&b->t, id, NULL, &at), 1);
    CHECK_EQ_U64(b->host_done_id, id);
    CHECK(at > 0);
    CHECK(pcie_tile_idle(&b->t));
}

/* A host read through a TLB window is one NoC read per MRd (4 KiB aligned), into the tile;
 * the host gets the bytes the NoC delivered. */
static void test_window_read(void)
{
    bench_init(0);
    set_tlb(0, 5, 7, 0, PCIE_ORDER_DEFAULT, 0);
    uint64_t id = 0;
    char why[128];
    CHECK_OK(pcie_tile_host_read(&b->t, BAR0 + 0xF00, 0x300, &id, why, sizeof why));
    run_to(5000000);
    /* 0xF00..0x1000, then 0x1000..0x1200 once the host has the first load's data */
    CHECK_EQ_U32(b->n_rq, 1);
    CHECK_EQ_U32(b->rq[0].op, NOC_REQ_READ);
    CHECK_EQ_U32(b->rq[0].len, 0x100);
    complete(0, 0xA1);
    run_to(10000000);
    CHECK_EQ_U32(b->n_rq, 2);
    CHECK_EQ_U32(b->rq[1].len, 0x200);
    CHECK_EQ_U32(b->rq[1].target, 7 * 17 + 5);
    complete(1, 0xB2);
    run_to(20000000);
    uint8_t got[0x300];
    CHECK_EQ_U32(pcie_tile_done(&b->t, id, got, NULL), 1);
    CHECK_EQ_U32(got[0], 0xA1);
    CHECK_EQ_U32(got[0xFF], 0xA1);
    CHECK_EQ_U32(got[0x100], 0xB2);
    CHECK_EQ_U32(got[0x2FF], 0xB2);
}

/* Default ordering: a read after a write waits for the write's acknowledgement; posted
 * writes are not acknowledged NoC writes, and a read after them waits only for their
 * completion at the NIU (their data sent). */
static void test_ordering(void)
{
    bench_init(0);
    set_tlb(0, 1, 2, 0, PCIE_ORDER_DEFAULT, 0);
    set_tlb(1, 1, 2, 0, PCIE_ORDER_POSTED, 0);
    uint8_t v[4] = {1, 2, 3, 4};
    write_now(BAR0 + 0x10, v, 4);
    uint64_t id = 0;
    char why[128];
    CHECK_OK(pcie_tile_host_read(&b->t, BAR0 + 0x20, 4, &id, why, sizeof why));
    run_to(10000000);
    CHECK_EQ_U32(b->n_rq, 1); /* the read waits */
    complete(0, 0);
    run_to(20000000);
    CHECK_EQ_U32(b->n_rq, 2);
    CHECK_EQ_U32(b->rq[1].op, NOC_REQ_READ);
    complete(1, 0x5A);
    write_now(BAR0 + 0x200000 + 0x10, v, 4);
    run_to(30000000);
    CHECK_EQ_U32(b->n_rq, 3);
    CHECK_EQ_U32(b->rq[2].acked, 0);
}

/* A TLB names its target in its NoC's frame: NoC1's (x, y) is node y * w + x of NoC1, and the
 * tile's own NIU is its NoC0 node seen from NoC1. A target outside the grid is the host's
 * error: logged, and a read is answered anyway. */
static void test_noc1_and_outside(void)
{
    bench_init(0);
    set_tlb(0, 3, 4, 1, PCIE_ORDER_DEFAULT, 0);
    set_tlb(1, 40, 4, 0, PCIE_ORDER_DEFAULT, 0);
    uint8_t v[4] = {0};
    write_now(BAR0 + 0x40, v, 4);
    run_to(5000000);
    CHECK_EQ_U32(b->n_rq, 1);
    CHECK_EQ_U32(b->rq[0].target, 4 * 17 + 3);
    CHECK_EQ_U32(b->rq[0].reply_node, (12 - 1 - 0) * 17 + (17 - 1 - 2));
    uint64_t id = 0;
    char why[128];
    CHECK_OK(pcie_tile_host_read(&b->t, BAR0 + 0x200000, 4, &id, why, sizeof why));
    run_to(20000000);
    CHECK_EQ_U32(b->n_rq, 1);
    CHECK_EQ_U32(b->guest_logs, 1);
    CHECK_EQ_U32(pcie_tile_done(&b->t, id, NULL, NULL), 1);
}

/* BAR0's NIU windows take whole aligned words; the TLB configuration words are written by
 * the host as a driver does, and the next window access uses them. */
static void test_niu_window_and_tlb_words(void)
{
    bench_init(0);
    uint32_t v = 0x12345678;
    write_now(BAR0 + 0x1FD14000u + 0x100, &v, 4); /* NIU #1, offset 0x100 */
    run_to(5000000);
    CHECK_EQ_U32(b->niu[1][0x40], 0x12345678);
    write_now(BAR0 + 0x1FD04000u + 0x102, &v, 2); /* not a whole word */
    run_to(10000000);
    CHECK_EQ_U32(b->niu_writes, 1);
    CHECK_EQ_U32(b->guest_logs, 1);
    /* TLB 2 -> (1, 2) at 0x400000 (as test_pcie_tlb.c's TLB 5): three words */
    const uint32_t words[3] = {0x00000002u, 0x00040800u, 0x00000000u};
    write_now(TLB_CFG + 12 * 2, words, sizeof words);
    uint8_t d[8] = {9};
    write_now(BAR0 + 2 * 0x200000ull + 8, d, sizeof d);
    run_to(20000000);
    CHECK_EQ_U32(b->n_rq, 1);
    CHECK_EQ_U64(b->rq[0].remote_addr, 0x400008);
    CHECK_EQ_U32(b->rq[0].target, 2 * 17 + 1);
}

/* PCIe 1's ARC window, from its second MiB: the ARC's addresses from 0x8000_0000. */
static void test_arc_window(void)
{
    bench_init(1);
    uint32_t v = 0xCAFEF00D;
    write_now(BAR0 + 0x1FE00000u + PCIE_TILE_ARC_XBAR_OFF + 0x10, &v, 4);
    run_to(5000000);
    uint32_t got = 0;
    memcpy(&got, b->arc + 0x10, 4);
    CHECK_EQ_U32(got, 0xCAFEF00D);
    write_now(BAR0 + 0x1FE00000u + 0x10, &v, 4); /* the first MiB: not modeled */
    run_to(10000000);
    CHECK_EQ_U32(b->guest_logs, 1);
}

/* Host accesses outside the BARs and of no bytes are refused at once. */
static void test_bad_host_access(void)
{
    bench_init(0);
    uint64_t id = 0;
    char why[128] = "";
    uint8_t v[8] = {0};
    CHECK_EQ_U32(pcie_tile_host_write(&b->t, 0x1000, v, 8, &id, why, sizeof why), BH_ERR_ADDR);
    CHECK(strstr(why, "not inside one BAR") != NULL);
    CHECK_EQ_U32(pcie_tile_host_write(&b->t, BAR0, v, 0, &id, why, sizeof why), BH_ERR_ACCESS);
    CHECK_EQ_U32(pcie_tile_done(&b->t, 12345, NULL, NULL), -1);
    CHECK(pcie_tile_idle(&b->t));
}

/* A non-posted NoC write to a host window: its flits gather into max-payload TLPs (the last
 * flit seals the packet's last one) and reach host memory over the link. */
static void test_device_write(void)
{
    bench_init(0);
    uint8_t flit[64];
    NocMemAccess acc = {7, 0x1000, 320, 64, 1, 0, 0};
    for (uint32_t f = 0; f < 5; f++) {
        memset(flit, 0x10 + f, sizeof flit);
        acc.last = f == 4;
        BhStatus st = BH_ERR_CONFIG;
        CHECK_EQ_U32(pcie_tile_dev_access(&b->t, flit, 1, 0x1000 + 64 * f, 64, flit, &acc, &st),
                     PCIE_DEV_DONE);
        CHECK_OK(st);
    }
    CHECK_EQ_U64(b->t.d2h_bytes, 320);
    run_to(50000000);
    uint8_t got[320];
    CHECK_OK(pcie_tile_host_mem_read(&b->t, 0x1000, got, sizeof got));
    CHECK_EQ_U32(got[0], 0x10);
    CHECK_EQ_U32(got[255], 0x13);
    CHECK_EQ_U32(got[319], 0x14);
    CHECK_EQ_U64(b->t.d2h_bytes, 0);
    CHECK_EQ_U64(b->t.link.side[PCIE_D2H].payload_bytes, 320);
    CHECK(pcie_tile_idle(&b->t));
}

/* While the tile holds d2h_buffer_bytes not yet at the host, the next flit is HELD and taken
 * once the link has drained some. */
static void test_device_write_held(void)
{
    bench_init(0);
    static uint8_t flit[64];
    const uint32_t n = b->t.cfg.link.d2h_buffer_bytes / 64;
    NocMemAccess acc = {7, 0, 64 * (n + 1), 64, 0, 0, 0};
    BhStatus st;
    for (uint32_t f = 0; f < n; f++)
        CHECK_EQ_U32(pcie_tile_dev_access(&b->t, flit, 1, 64 * f, 64, flit, &acc, &st),
                     PCIE_DEV_DONE);
    CHECK_EQ_U32(pcie_tile_dev_access(&b->t, (void *)0x1, 1, 64 * n, 64, flit, &acc, &st),
                 PCIE_DEV_HELD);
    CHECK(!pcie_tile_idle(&b->t));
    run_to(100000000);
    CHECK_EQ_U32(b->n_answered, 1);
    CHECK(b->answered[0] == (void *)0x1);
}

/* A NoC read of a host window goes up as one read; each flit is answered once its bytes are
 * back, and its data is then read from host memory. */
static void test_device_read(void)
{
    bench_init(0);
    uint8_t mem[128];
    for (uint32_t i = 0; i < sizeof mem; i++)
        mem[i] = (uint8_t)(0x80 + i);
    CHECK_OK(pcie_tile_host_mem_write(&b->t, 0x2000, mem, sizeof mem));
    const NocMemAccess acc = {9, 0x2000, 128, 64, 1, 0, 0};
    BhStatus st;
    CHECK_EQ_U32(pcie_tile_dev_access(&b->t, (void *)0x10, 0, 0x2000, 64, NULL, &acc, &st),
                 PCIE_DEV_PENDING);
    CHECK_EQ_U32(pcie_tile_dev_access(&b->t, (void *)0x11, 0, 0x2040, 64, NULL, &acc, &st),
                 PCIE_DEV_PENDING);
    CHECK_EQ_U64(b->t.link.side[PCIE_D2H].tlps, 0);
    run_to(1000);
    CHECK_EQ_U32(b->n_answered, 0);
    run_to(100000000);
    CHECK_EQ_U32(b->n_answered, 2);
    CHECK(b->answered[0] == (void *)0x10 && b->answered[1] == (void *)0x11);
    uint8_t got[64];
    CHECK_OK(pcie_tile_mem_access(&b->t, 0, 0x2040, got, 64, 0));
    CHECK(memcmp(got, mem + 64, 64) == 0);
    CHECK(pcie_tile_idle(&b->t));
}

/* A NoC access outside the host windows (0..7) is the guest's error. */
static void test_device_bad_window(void)
{
    bench_init(0);
    const NocMemAccess acc = {1, 8ull << 58, 64, 64, 1, 1, 0};
    uint8_t flit[64] = {0};
    BhStatus st = BH_OK;
    CHECK_EQ_U32(pcie_tile_dev_access(&b->t, flit, 1, 8ull << 58, 64, flit, &acc, &st),
                 PCIE_DEV_DONE);
    CHECK_EQ_U32(st, BH_ERR_ADDR);
    CHECK_EQ_U32(b->guest_logs, 1);
    CHECK_EQ_U32(pcie_tile_mem_access(&b->t, 0, 8ull << 58, flit, 64, 0), BH_ERR_ADDR);
}

/* A host access is known until PCIE_TILE_OPS later ones have been made. */
static void test_records_recycle(void)
{
    bench_init(0);
    uint32_t v = 0;
    const uint64_t first = write_now(TLB_CFG, &v, 4);
    run_to(b->now_ps + 5000000);
    CHECK_EQ_U32(pcie_tile_done(&b->t, first, NULL, NULL), 1);
    for (uint32_t i = 0; i < PCIE_TILE_OPS; i++) {
        write_now(TLB_CFG, &v, 4);
        run_to(b->now_ps + 100000);
    }
    run_to(b->now_ps + 5000000);
    CHECK_EQ_U32(pcie_tile_done(&b->t, first, NULL, NULL), -1);
    CHECK_EQ_U32(pcie_tile_done(&b->t, first + PCIE_TILE_OPS, NULL, NULL), 1);
}

static void test_config_check(void)
{
    char why[256];
    PcieTileConfig c = config();
    CHECK_OK(pcie_tile_config_check(&c, why, sizeof why));
    c.n_nocs = 3;
    CHECK_EQ_U32(pcie_tile_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "n_nocs") != NULL);
    c = config();
    c.node0 = 17 * 12;
    CHECK_EQ_U32(pcie_tile_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    c = config();
    c.link.lanes = 0;
    CHECK_EQ_U32(pcie_tile_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_window_write);
    RUN(test_window_read);
    RUN(test_ordering);
    RUN(test_noc1_and_outside);
    RUN(test_niu_window_and_tlb_words);
    RUN(test_arc_window);
    RUN(test_bad_host_access);
    RUN(test_device_write);
    RUN(test_device_write_held);
    RUN(test_device_read);
    RUN(test_device_bad_window);
    RUN(test_records_recycle);
    RUN(test_config_check);
    if (b) {
        pcie_tile_destroy(&b->t);
        free(b);
    }
    return check_failures();
}
