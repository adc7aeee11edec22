// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_pcie_tile.c - libFuzzer harness for the PCIe tile (model/pcie/pcie_tile.h),
 * the block every host access of the C API and libbhsim reaches: arbitrary host accesses to
 * arbitrary addresses (inside and outside the BARs, TLB windows, configuration words, NIU and
 * ARC windows), arbitrary TLB configurations, and NoC accesses to host memory as an NIU makes
 * them, interleaved with time and with the NoC completing the tile's requests.
 *
 * The input is read in 8-byte records: the first byte picks the action, the rest are its
 * operands. A bench plays the chip behind the tile's hooks, as tests/unit/pcie/test_pcie_tile.c
 * does, and keeps the NIU's side of the contract (nothing more from the NIU while an access is
 * held; a read's flits name their packet consistently). At the end the NoC completes every
 * request and time runs on: the tile must then be idle. A finding (crash, sanitizer report,
 * BH_ASSERT, a tile still busy after the drain) is a model bug; a guest error is not.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "model/pcie/pcie_tile.h"

#define BAR0 0x100000000ull
#define BAR4 0x800000000ull
#define MAX_RQ 1024

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Bench {
    PcieTile t;
    BhLogContext log;
    uint64_t now_ps, wake_ps;
    NocRequest rq[MAX_RQ];
    uint32_t n_rq, n_done;
    uint32_t niu[0x800];
    uint8_t arc[0x1000];
    uintptr_t held;    /* the handle of the access the NIU waits for (0: none) */
    uintptr_t handles; /* the NIU's accesses so far: each one's handle */
    uint64_t tokens;   /* read packets so far: each one's token */
    NocMemAccess pkt;  /* the device read or write the NIU hands over, flit by flit */
    uint32_t pkt_next; /* its next flit; pkt_flits: none left */
    uint32_t pkt_flits;
    int pkt_write;
    uint8_t flit[64]; /* the data of the NIU's device write */
} Bench;

static uint64_t h_now_ps(void *c)
{
    return ((Bench *)c)->now_ps;
}
static uint64_t h_now_cycle(void *c)
{
    return ((Bench *)c)->now_ps / 741;
}
static uint64_t h_cycle_ps(void *c, uint64_t cycle)
{
    (void)c;
    return cycle * 741;
}
static void h_wake(void *c, uint64_t ps)
{
    Bench *b = c;
    if (ps < b->wake_ps)
        b->wake_ps = ps;
}
static BhStatus h_noc_request(void *c, uint32_t noc, const NocRequest *rq, uint64_t now)
{
    (void)noc, (void)now;
    Bench *b = c;
    if (b->n_rq - b->n_done >= 16)
        return BH_ERR_FULL; /* the NIU's master records */
    b->rq[b->n_rq++ % MAX_RQ] = *rq;
    return BH_OK;
}
static BhStatus h_niu_reg(void *c, uint32_t noc, uint32_t off, int write, uint32_t *val,
                          uint64_t now)
{
    (void)noc, (void)now;
    Bench *b = c;
    if (off / 4 >= 0x800)
        return BH_ERR_ADDR;
    if (write)
        b->niu[off / 4] = *val;
    else
        *val = b->niu[off / 4];
    return BH_OK;
}
static BhStatus h_arc(void *c, uint64_t addr, int write, uint8_t *d, uint32_t len)
{
    Bench *b = c;
    if (addr < 0x80000000ull || addr - 0x80000000ull + len > sizeof b->arc)
        return BH_ERR_ADDR;
    uint8_t *m = b->arc + (addr - 0x80000000ull);
    write ? memcpy(m, d, len) : memcpy(d, m, len);
    return BH_OK;
}
static void h_taken(void *c, void *h)
{
    Bench *b = c;
    if ((uintptr_t)h == b->held)
        b->held = 0;
}
static void h_answered(void *c, void *h, BhStatus st)
{
    (void)st;
    h_taken(c, h);
}

/* One access by the NIU; 0 if it is held (and nothing more may come until it is taken). */
static int niu_access(Bench *b, int write, uint64_t addr, uint8_t *d, const NocMemAccess *acc)
{
    if (b->held)
        return 0;
    const uintptr_t h = ++b->handles;
    BhStatus st;
    if (pcie_tile_dev_access(&b->t, (void *)h, write, addr, 64, d, acc, &st) == PCIE_DEV_HELD) {
        b->held = h;
        return 0;
    }
    return 1;
}

/* The packet's remaining flits, as long as the NIU may hand them over */
static void send_packet(Bench *b)
{
    while (b->pkt_next < b->pkt_flits && !b->held) {
        const uint64_t addr = b->pkt.pkt_addr + 64ull * b->pkt_next;
        b->pkt.last = b->pkt_next + 1 == b->pkt_flits;
        if (b->pkt_write)
            memset(b->flit, (int)b->pkt_next, sizeof b->flit); /* not while one is held */
        b->pkt_next++;
        niu_access(b, b->pkt_write, addr, b->pkt_write ? b->flit : NULL, &b->pkt);
    }
}

static void quiet(void *c, BhLogLevel l, const char *m)
{
    (void)c, (void)l, (void)m;
}

static void run_to(Bench *b, uint64_t until)
{
    for (uint32_t guard = 0; guard < 1000000; guard++) {
        const uint64_t next = b->wake_ps;
        if (next == BH_IDLE || next > until)
            break;
        b->wake_ps = BH_IDLE;
        if (next > b->now_ps)
            b->now_ps = next;
        const uint64_t again = pcie_tile_step(&b->t);
        if (again != BH_IDLE)
            h_wake(b, again);
    }
    if (b->now_ps < until)
        b->now_ps = until;
}

static void complete_one(Bench *b)
{
    if (b->n_done == b->n_rq)
        return;
    NocRequest rq = b->rq[b->n_done++ % MAX_RQ];
    if (rq.op == NOC_REQ_READ && rq.len <= 8192) {
        static uint8_t buf[8192];
        memset(buf, 0x5A, rq.len);
        pcie_tile_mem_access(&b->t, 1, rq.local_addr, buf, rq.len, 0);
    }
    rq.done(rq.done_ctx, rq.token, BH_OK, b->now_ps / 741);
}

static uint64_t u48(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 5; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static uint64_t host_addr(uint8_t sel, uint64_t v)
{
    switch (sel % 4) {
    case 0:
        return BAR0 + v % (512u << 20); /* anywhere in BAR0 */
    case 1:
        return BAR0 + 0x1FC00000u + v % 0x1000u; /* the TLB words, NIU and ARC windows */
    case 2:
        return BAR4 + v % (32ull << 30);
    default:
        return v; /* anywhere */
    }
}

static void act(Bench *b, const uint8_t *r)
{
    const uint64_t v = u48(r + 2);
    char why[192];
    uint64_t id;
    switch (r[0] % 8) {
    case 0: { /* host write */
        static uint8_t buf[1024];
        memset(buf, r[1], sizeof buf);
        pcie_tile_host_write(&b->t, host_addr(r[1] >> 4, v), buf, 1 + r[7] * 4u, &id, why,
                             sizeof why);
        break;
    }
    case 1: /* host read */
        pcie_tile_host_read(&b->t, host_addr(r[1] >> 4, v), 1 + r[7] * 4u, &id, why, sizeof why);
        break;
    case 2: { /* a TLB configured by its three words */
        uint32_t w[3] = {(uint32_t)v, (uint32_t)(v >> 16) ^ (uint32_t)r[7] << 8, r[1]};
        pcie_tile_host_write(&b->t, BAR0 + 0x1FC00000u + 12u * (r[7] % 210u), w, sizeof w, &id, why,
                             sizeof why);
        break;
    }
    case 3: /* a device write or read of a packet, to anywhere in the NoC address space */
    case 4: {
        if (b->pkt_next < b->pkt_flits)
            break; /* one packet at a time */
        const uint32_t flits = 1 + r[7] % 16u;
        const uint64_t base = (uint64_t)(r[1] & 7) << 58 | (v & ~63ull);
        b->pkt = (NocMemAccess){0x100000000ull + b->tokens++, base, 64 * flits, 64, 1, 0, 0};
        b->pkt_write = r[0] % 8 == 3;
        b->pkt.acked = !b->pkt_write || (r[1] >> 3 & 1); /* a posted write: end not known */
        b->pkt_next = 0, b->pkt_flits = flits;
        send_packet(b);
        break;
    }
    case 5:
        run_to(b, b->now_ps + v % 2000000u);
        break;
    case 6:
        send_packet(b);
        break;
    default:
        for (uint32_t i = 0; i <= r[1] % 8u; i++)
            complete_one(b);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Bench *b;
    if (!b)
        b = malloc(sizeof *b);
    memset(b, 0, sizeof *b);
    b->wake_ps = BH_IDLE;
    bh_log_context_init(&b->log, quiet, NULL);
    PcieTileConfig c;
    memset(&c, 0, sizeof c);
    c.cfg = pcie_cfg_config_default();
    c.tlb = pcie_tlbs_config_default();
    c.tlb.instance = size % 2; /* PCIe 1 maps ARC */
    c.link = pcie_link_config_default();
    c.host = pcie_host_config_default();
    c.frame = (NocFrame){17, 12, 1};
    c.n_nocs = 2;
    c.node0 = 2;
    c.bar_base[0] = BAR0, c.bar_base[1] = 0x120000000ull, c.bar_base[2] = BAR4;
    c.host_bytes = 1ull << 32;
    const PcieTileHooks h = {b,           h_noc_request, h_niu_reg, NULL, h_arc,   h_now_ps,
                             h_now_cycle, h_cycle_ps,    h_wake,    NULL, h_taken, h_answered};
    if (pcie_tile_init(&b->t, &c, &h, &b->log) != BH_OK)
        abort();
    for (size_t i = 0; i + 8 <= size && i < 8 * 400; i += 8) {
        act(b, data + i);
        send_packet(b);
    }
    /* the drain: the NoC completes everything, time runs on. A host read is one load at a
     * time (pcie.host.load_bytes), each a NoC request after the previous one's data: hundreds
     * of rounds for a long read, so the tile only counts as stuck after 64 rounds that made no
     * new request */
    uint32_t seen = b->n_rq;
    for (int idle_rounds = 0, rounds = 0;
         idle_rounds < 64 && rounds < (1 << 20) && !pcie_tile_idle(&b->t); rounds++) {
        while (b->n_done < b->n_rq)
            complete_one(b);
        run_to(b, b->now_ps + 50000000u);
        send_packet(b);
        idle_rounds = b->n_rq == seen ? idle_rounds + 1 : 0;
        seen = b->n_rq;
    }
    if (!pcie_tile_idle(&b->t))
        abort(); /* a host or device access never finished */
    pcie_tile_destroy(&b->t);
    return 0;
}
