// SPDX-License-Identifier: Apache-2.0
/* Two Ethernet MACs joined by an EthLink, as firmware drives them: registers written at the
 * offsets of tenstorrent/tt-isa-documentation BlackholeA0/EthernetTile/EthernetTxRx.md (typed
 * in here by hand, not taken from the model's table), L1 as two byte arrays. One MAC cycle is
 * 1000 ps here (1 GHz). Link times: a frame of L bytes ends its FCS (8 + max(L + 4, 64)) x 20 ps
 * after it starts, is available 500 ns later, and frees the wire after its 12-byte gap. */
#include <string.h>
#include "model/eth/eth_link.h"
#include "model/eth/eth_mac.h"
#include "tests/check.h"

#define PS 1000u
#define L1_BYTES (64u * 1024u)
/* TX queue q, RX queue q, header table entry i */
#define TXQ(q, off) (0xFFB90000u + 0x1000u * (q) + (off))
#define RXQ(q, off) (0xFFB94000u + 0x1000u * (q) + (off))
#define HDR(i, off) (0xFFB98200u + 0x80u * (i) + (off))
enum {
    TX_CTRL = 0x00,
    TX_CMD = 0x04,
    TX_STATUS = 0x08,
    TX_MAX_PKT = 0x0C,
    TX_START = 0x14,
    TX_SIZE = 0x18,
    TX_DEST = 0x1C,
    TX_TRANSFER_CNT = 0x30,
    TX_PKT_START = 0x34,
    TX_PKT_END = 0x3C,
    TX_WORD_CNT = 0x40,
    TX_REG_DATA = 0x44,
    TX_SEQ_TIMEOUT = 0x48,
    TX_UPDATE_TIMEOUT = 0x4C,
    TX_SEL_SW = 0x80,
    TX_SEL_HW = 0x84,
    RX_CTRL = 0x00,
    RX_BYTE_CNT = 0x04,
    RX_BUF_PTR = 0x08,
    RX_BUF_START = 0x0C,
    RX_BUF_SIZE = 0x10,
    RX_WORD_CNT = 0x14,
    RX_HDR_CTRL = 0x18,
    RX_PKT_START = 0x24,
    RX_PKT_END = 0x28,
    RX_LOCAL_SEQ = 0x40,
    RX_REMOTE_SEQ = 0x44,
    RX_DROP_CNT = 0x4C,
    RX_OUTSTANDING = 0x50,
};

typedef struct Side {
    EthMac mac;
    int idx;
    uint8_t l1[L1_BYTES];
    uint32_t mmio_addr[8], mmio_val[8], n_mmio;
    uint8_t last_tx[64]; /* first bytes of the last frame handed to the link */
    uint32_t last_tx_len;
} Side;

static EthLink link;
static Side side[2];
static BhLogContext logc;
static uint64_t now;
static char why[256];
static uint32_t link_slots = 16; /* the link's rx_queue_frames for the next setup */

static void quiet(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx, (void)level, (void)msg;
}

static BhStatus l1_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    Side *s = ctx;
    if (addr > L1_BYTES || len > L1_BYTES - addr)
        return BH_ERR_ADDR;
    memcpy(buf, s->l1 + addr, len);
    return BH_OK;
}

static BhStatus l1_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    Side *s = ctx;
    if (addr > L1_BYTES || len > L1_BYTES - addr)
        return BH_ERR_ADDR;
    memcpy(s->l1 + addr, buf, len);
    return BH_OK;
}

static BhStatus mmio_write(void *ctx, uint32_t addr, uint32_t val)
{
    Side *s = ctx;
    if (s->n_mmio < 8) {
        s->mmio_addr[s->n_mmio] = addr;
        s->mmio_val[s->n_mmio] = val;
    }
    s->n_mmio++;
    return BH_OK;
}

static BhStatus send(void *ctx, const uint8_t *frame, uint32_t len, uint64_t cycle)
{
    Side *s = ctx;
    const BhStatus st = eth_link_send(&link, s->idx, frame, len, cycle * PS);
    if (st == BH_OK) {
        memcpy(s->last_tx, frame, BH_MIN(len, 64u));
        s->last_tx_len = len;
    }
    return st;
}

static void wr(int s, uint32_t addr, uint32_t v)
{
    CHECK_OK(eth_mac_reg_access(&side[s].mac, addr, 1, &v, now));
}

static uint32_t rd(int s, uint32_t addr)
{
    uint32_t v = 0xBAD;
    CHECK_OK(eth_mac_reg_access(&side[s].mac, addr, 0, &v, now));
    return v;
}

/* delivers arrived frames, steps both MACs, until nothing is due before `end`; now = end */
static void run_until(uint64_t end)
{
    uint64_t t = now;
    for (;;) {
        for (int s = 0; s < 2; s++) {
            EthFrame f;
            while (eth_link_recv(&link, s, t * PS, &f)) {
                CHECK_OK(eth_mac_receive(&side[s].mac, f.data, f.len, t));
                CHECK_OK(eth_link_release(&link, s, t * PS));
            }
        }
        uint64_t n = BH_MIN(eth_mac_step(&side[0].mac, t), eth_mac_step(&side[1].mac, t));
        const uint64_t l = eth_link_next_ps(&link, t * PS);
        if (l != BH_IDLE)
            n = BH_MIN(n, (l + PS - 1) / PS);
        if (n == BH_IDLE || n > end)
            break;
        t = BH_MAX(n, t + 1);
        if (t > end)
            break;
    }
    now = end;
}

/* MAC addresses 02:00:00:00:00:0A (side 0) and ...:0B (side 1); entry 1 of each side's table
 * sends to the other with ethertype 0x88B5 */
static void setup(uint32_t drop_every)
{
    EthLinkConfig lc = eth_link_config_default();
    lc.drop_every = drop_every;
    lc.rx_queue_frames = link_slots;
    CHECK_OK(eth_link_init(&link, &lc, why, sizeof why));
    bh_log_context_init(&logc, quiet, NULL);
    EthMacConfig mc = eth_mac_config_default();
    now = 0;
    for (int s = 0; s < 2; s++) {
        Side *x = &side[s];
        memset(x, 0, sizeof *x);
        x->idx = s;
        const EthMacOps ops = {l1_read, l1_write, mmio_write, send, x};
        CHECK_OK(eth_mac_init(&x->mac, &mc, &ops, &logc));
        wr(s, HDR(1, 0x18), 0x0000000Bu - (uint32_t)s); /* DA: the other side */
        wr(s, HDR(1, 0x1C), 0x0200);
        wr(s, HDR(1, 0x10), 0x0000000Au + (uint32_t)s); /* SA: this side */
        wr(s, HDR(1, 0x14), 0x0200);
        wr(s, HDR(1, 0x20), 0x88B50001u); /* USE_ETHERTYPE, ETHERTYPE 0x88B5 */
    }
}

/* TT-link on queue q of both sides: keepalive (acknowledgements), no periodic updates */
static void ttlink(uint32_t q)
{
    for (int s = 0; s < 2; s++) {
        wr(s, TXQ(q, TX_CTRL), 1);
        wr(s, TXQ(q, TX_SEQ_TIMEOUT), 3000);
        wr(s, TXQ(q, TX_UPDATE_TIMEOUT), 0);
        wr(s, TXQ(q, TX_SEL_SW), 0x111);
        wr(s, TXQ(q, TX_SEL_HW), 1);
        wr(s, RXQ(q, RX_CTRL), 2);
    }
}

static void pattern(uint8_t *p, uint32_t n, uint32_t seed)
{
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + i * 13 + (i >> 8));
}

static void teardown(void)
{
    eth_link_free(&link);
}

static void test_reset_values(void)
{
    setup(0);
    eth_mac_reset(&side[0].mac); /* undo setup's header table entry */
    CHECK_EQ_U32(rd(0, RXQ(2, RX_HDR_CTRL)), 14);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_STATUS)), 0);
    CHECK_EQ_U32(rd(0, RXQ(0, RX_CTRL)), 2); /* TT-link mode, ttsim tile_regs.json */
    CHECK_EQ_U32(rd(0, TXQ(0, TX_CTRL)), 1);
    /* every documented register reads its reset value, in every queue and entry */
#define ETH_CHECK_(base, stride, n, off, words, reset)                                             \
    for (uint32_t i = 0; i < (n); i++)                                                             \
        for (uint32_t w = 0; w < (words); w++)                                                     \
            CHECK_EQ_U32(rd(0, (base) + (stride)*i + (off) + 4 * w), (reset));
#define ETH_TXQ_REG(name, off, words, reset, wm, acc, doc)                                         \
    ETH_CHECK_(0xFFB90000u, 0x1000u, 3, off, words, reset)
#define ETH_RXQ_REG(name, off, words, reset, wm, acc, doc)                                         \
    ETH_CHECK_(0xFFB94000u, 0x1000u, 3, off, words, reset)
#define ETH_HDR_REG(name, off, words, reset, wm, acc, doc)                                         \
    ETH_CHECK_(0xFFB98200u, 0x80u, 10, off, words, reset)
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
    /* RX CTRL keeps bits 1 and 2 only; the sequence numbers are 8 bits */
    wr(0, RXQ(0, RX_CTRL), 0xFFFFFFFFu);
    CHECK_EQ_U32(rd(0, RXQ(0, RX_CTRL)), 6);
    wr(0, RXQ(1, RX_LOCAL_SEQ), 0x1234);
    CHECK_EQ_U32(rd(0, RXQ(1, RX_LOCAL_SEQ)), 0x34);
    teardown();
}

/* (a) 4 KiB from A's L1 0x2000 to B's L1 0x8000, 1024 B per packet: 4 frames of 14 + 18 +
 * 1024 = 1056 B, ceil(1056 / 96) = 11 words each. B acknowledges each 16 cycles after it
 * arrives (cycles 524, 545, 567, 589: A hands them over at 2..5, the wire is busy 1080 x 20 ps
 * per frame, then 500 ns), so 4 sequence updates of 32 B (1 word) come back. */
static void test_ttlink_l1_write(void)
{
    setup(0);
    ttlink(0);
    pattern(side[0].l1 + 0x2000, 4096, 5);
    wr(0, TXQ(0, TX_MAX_PKT), 1024);
    wr(0, TXQ(0, TX_START), 0x2000);
    wr(0, TXQ(0, TX_SIZE), 4096);
    wr(0, TXQ(0, TX_DEST), 0x8000);
    wr(0, TXQ(0, TX_CMD), 2);
    run_until(100000);
    CHECK(memcmp(side[1].l1 + 0x8000, side[0].l1 + 0x2000, 4096) == 0);
    CHECK_EQ_U32(side[1].l1[0x7FFF], 0);
    CHECK_EQ_U32(side[1].l1[0x9000], 0);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_TRANSFER_CNT)), 1);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_PKT_START)), 4);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_PKT_END)), 4);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_WORD_CNT)), 44);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_PKT_START)), 4);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_PKT_END)), 4);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_WORD_CNT)), 44);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BYTE_CNT)), 4096);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_LOCAL_SEQ)), 4);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_DROP_CNT)), 0);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_OUTSTANDING)), 0);
    /* the acknowledgements */
    CHECK_EQ_U32(rd(1, TXQ(0, TX_PKT_START)), 4);
    CHECK_EQ_U32(rd(1, TXQ(0, TX_WORD_CNT)), 4);
    CHECK_EQ_U32(rd(0, RXQ(0, RX_PKT_START)), 4);
    CHECK_EQ_U32(rd(0, RXQ(0, RX_REMOTE_SEQ)), 4);
    CHECK_EQ_U32(side[0].mac.txq[0].ring_count, 0);
    CHECK_EQ_U32(side[0].mac.txq[0].resends, 0);
    CHECK_EQ_U64(link.dir[0].frames_sent, 4);
    CHECK_EQ_U64(link.dir[1].frames_sent, 4);
    teardown();
}

/* (b) an MMIO write through queue 1: one 32-B packet */
static void test_ttlink_mmio(void)
{
    setup(0);
    ttlink(1);
    wr(0, TXQ(1, TX_DEST), 0xFFB12040u);
    wr(0, TXQ(1, TX_REG_DATA), 0xDEADBEEFu);
    wr(0, TXQ(1, TX_CMD), 4);
    run_until(10000);
    CHECK_EQ_U32(side[1].n_mmio, 1);
    CHECK_EQ_U32(side[1].mmio_addr[0], 0xFFB12040u);
    CHECK_EQ_U32(side[1].mmio_val[0], 0xDEADBEEFu);
    CHECK_EQ_U32(rd(1, RXQ(1, RX_LOCAL_SEQ)), 1);
    CHECK_EQ_U32(rd(1, RXQ(1, RX_BYTE_CNT)), 0);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_TRANSFER_CNT)), 1);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_PKT_START)), 1);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_WORD_CNT)), 1);
    CHECK_EQ_U32(rd(0, RXQ(1, RX_REMOTE_SEQ)), 1);
    CHECK_EQ_U32(side[0].n_mmio, 0);
    teardown();
}

static void raw_send(uint32_t src, uint32_t size)
{
    wr(0, TXQ(2, TX_START), src);
    wr(0, TXQ(2, TX_SIZE), size);
    wr(0, TXQ(2, TX_CMD), 1);
    run_until(now + 2000);
    CHECK_EQ_U32(rd(0, TXQ(2, TX_STATUS)), 0);
}

/* (c) raw frames from TX queue 2 land in B's RX queue 0 buffer of 256 B at 0x1000, less
 * their 14-byte header: 3 x 100 B = 300 B, so the third is split 56 + 44 and wraps. */
static void test_raw(void)
{
    setup(0);
    wr(0, TXQ(2, TX_SEL_SW), 1);
    wr(1, RXQ(0, RX_BUF_START), 0x1000 >> 4);
    wr(1, RXQ(0, RX_BUF_SIZE), 16);
    wr(1, RXQ(0, RX_CTRL), 4); /* raw, BUF_WRAP */
    uint8_t *a = side[0].l1, *b = side[1].l1 + 0x1000;
    for (uint32_t k = 0; k < 3; k++) {
        pattern(a + 0x3000 + 0x100 * k, 100, 40 * k + 1);
        raw_send(0x3000 + 0x100 * k, 100);
    }
    /* the frame on the wire: DA 02:00:00:00:00:0B, SA ..:0A, ethertype 0x88B5, data */
    const uint8_t hdr[14] = {2, 0, 0, 0, 0, 0x0B, 2, 0, 0, 0, 0, 0x0A, 0x88, 0xB5};
    CHECK_EQ_U32(side[0].last_tx_len, 114);
    CHECK(memcmp(side[0].last_tx, hdr, 14) == 0);
    CHECK(memcmp(side[0].last_tx + 14, a + 0x3200, 50) == 0);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BUF_PTR)), 44);
    CHECK(memcmp(b, a + 0x3200 + 56, 44) == 0);      /* the third's tail, wrapped */
    CHECK(memcmp(b + 44, a + 0x3000 + 44, 56) == 0); /* the first's, not overwritten */
    CHECK(memcmp(b + 100, a + 0x3100, 100) == 0);    /* the second */
    CHECK(memcmp(b + 200, a + 0x3200, 56) == 0);     /* the third's head */
    CHECK_EQ_U32(side[1].l1[0x1100], 0);             /* nothing past the buffer */
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BYTE_CNT)), 300);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_PKT_START)), 3);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_WORD_CNT)), 6); /* 114 B: 2 words each */
    CHECK_EQ_U32(rd(1, RXQ(0, RX_DROP_CNT)), 0);
    CHECK_EQ_U32(rd(0, TXQ(2, TX_TRANSFER_CNT)), 3);
    CHECK_EQ_U32(rd(0, TXQ(2, TX_PKT_START)), 3);
    CHECK_EQ_U32(rd(0, TXQ(2, TX_WORD_CNT)), 6);
    /* without BUF_WRAP: the third's last 44 B are dropped, BUF_PTR stays at 256; a fourth
     * frame is dropped whole */
    wr(1, RXQ(0, RX_CTRL), 0);
    wr(1, RXQ(0, RX_BUF_PTR), 0);
    for (uint32_t k = 0; k < 4; k++)
        raw_send(0x3000 + 0x100 * (k % 3), 100);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BUF_PTR)), 256);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_DROP_CNT)), 2);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BYTE_CNT)), 556);
    CHECK(memcmp(b + 200, a + 0x3200, 56) == 0);
    /* one transfer of 250 B split at MAX_PKT_SIZE_BYTES 100: frames of 100, 100, 50 */
    wr(1, RXQ(0, RX_CTRL), 4);
    wr(1, RXQ(0, RX_BUF_PTR), 0);
    wr(0, TXQ(2, TX_MAX_PKT), 100);
    pattern(a + 0x4000, 250, 99);
    raw_send(0x4000, 250);
    CHECK_EQ_U32(rd(0, TXQ(2, TX_PKT_START)), 10);
    CHECK_EQ_U32(rd(0, TXQ(2, TX_TRANSFER_CNT)), 8);
    CHECK_EQ_U32(side[0].last_tx_len, 64);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BUF_PTR)), 250);
    CHECK(memcmp(b, a + 0x4000, 250) == 0);
    teardown();
}

/* (d) every 3rd frame each way lost. A to B: #1 seq 0, #2 seq 1, #3 seq 2 (lost), #4 seq 3:
 * B takes 0 and 1, discards 3 (PACKET_DROP_CNT 1). B's acknowledgements #1 (ack 1), #2
 * (ack 2), #3 (ack 2, lost). A hears ack 2 at cycle 1063 and times out 3000 cycles later:
 * re-sends seq 2 (#5) and 3 (#6, lost); B acknowledges 3, A times out again 3000 cycles after
 * that and re-sends seq 3 (#7). */
static void test_ttlink_resend(void)
{
    setup(3);
    ttlink(0);
    pattern(side[0].l1 + 0x2000, 4096, 77);
    wr(0, TXQ(0, TX_MAX_PKT), 1024);
    wr(0, TXQ(0, TX_START), 0x2000);
    wr(0, TXQ(0, TX_SIZE), 4096);
    wr(0, TXQ(0, TX_DEST), 0x8000);
    wr(0, TXQ(0, TX_CMD), 2);
    run_until(100000);
    CHECK(memcmp(side[1].l1 + 0x8000, side[0].l1 + 0x2000, 4096) == 0);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_DROP_CNT)), 1);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_LOCAL_SEQ)), 4);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_BYTE_CNT)), 4096);
    CHECK_EQ_U32(rd(0, RXQ(0, RX_REMOTE_SEQ)), 4);
    CHECK_EQ_U64(side[0].mac.txq[0].timeouts, 2);
    CHECK_EQ_U64(side[0].mac.txq[0].resends, 3);
    CHECK_EQ_U32(side[0].mac.txq[0].ring_count, 0);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_PKT_START)), 7);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_TRANSFER_CNT)), 1);
    CHECK_EQ_U64(link.dir[0].frames_sent, 7);
    CHECK_EQ_U64(link.dir[0].frames_dropped, 2);
    CHECK_EQ_U64(link.dir[1].frames_sent, 5);
    CHECK_EQ_U64(link.dir[1].frames_dropped, 1);
    teardown();
}

/* 70 packets of 16 B: the resend ring holds 64, so the command stays ongoing (STATUS bit 16)
 * until acknowledgements free entries; the link's 256 receive slots do not hold A back. The
 * first acknowledgement can reach A at cycle 1000 at the earliest (two 500-ns latencies). */
static void test_ring_full_holds_command(void)
{
    link_slots = 256;
    setup(0);
    link_slots = 16;
    ttlink(0);
    pattern(side[0].l1 + 0x2000, 70 * 16, 3);
    wr(0, TXQ(0, TX_MAX_PKT), 16);
    wr(0, TXQ(0, TX_START), 0x2000);
    wr(0, TXQ(0, TX_SIZE), 70 * 16);
    wr(0, TXQ(0, TX_DEST), 0x8000);
    wr(0, TXQ(0, TX_CMD), 2);
    run_until(900);
    CHECK_EQ_U32(side[0].mac.txq[0].ring_count, ETH_MAC_UNACKED_MAX);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_PKT_START)), 64);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0x10000);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_TRANSFER_CNT)), 0);
    run_until(100000);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_TRANSFER_CNT)), 1);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_PKT_START)), 70);
    CHECK_EQ_U32(rd(1, RXQ(0, RX_LOCAL_SEQ)), 70);
    CHECK(memcmp(side[1].l1 + 0x8000, side[0].l1 + 0x2000, 70 * 16) == 0);
    CHECK_EQ_U32(side[0].mac.txq[0].ring_count, 0);
    teardown();
}

static void expect_refused(uint32_t addr, uint32_t v, BhStatus want, const char *text)
{
    CHECK_EQ_U32(eth_mac_reg_access(&side[0].mac, addr, 1, &v, now), want);
    CHECK(strstr(side[0].mac.why, text) != NULL);
}

/* (e) guest errors: refused with a reason, counted, nothing started */
static void test_bad_commands(void)
{
    setup(0);
    wr(0, TXQ(0, TX_START), 0x2008);
    wr(0, TXQ(0, TX_SIZE), 64);
    wr(0, TXQ(0, TX_DEST), 0x8000);
    expect_refused(TXQ(0, TX_CMD), 2, BH_ERR_ACCESS, "16-byte aligned");
    wr(0, TXQ(0, TX_START), 0x2000);
    wr(0, TXQ(0, TX_SIZE), 100);
    expect_refused(TXQ(0, TX_CMD), 2, BH_ERR_ACCESS, "multiple of 16");
    expect_refused(TXQ(2, TX_CMD), 4, BH_ERR_ACCESS, "queues 0 and 1 only");
    expect_refused(TXQ(0, TX_CMD), 3, BH_ERR_ACCESS, "not 1 (raw)");
    wr(0, TXQ(1, TX_SEL_SW), 0xC);
    expect_refused(TXQ(1, TX_CMD), 1, BH_ERR_ACCESS, "above 9");
    expect_refused(TXQ(0, TX_STATUS), 1, BH_ERR_ACCESS, "read-only");
    expect_refused(RXQ(1, RX_DROP_CNT), 1, BH_ERR_ACCESS, "read-only");
    expect_refused(TXQ(0, 0x10), 1, BH_ERR_ADDR, "no register");
    expect_refused(HDR(0, 0x08), 1, BH_ERR_ADDR, "no register");
    expect_refused(HDR(10, 0x00), 1, BH_ERR_ADDR, "not an Ethernet");
    expect_refused(0xFFB93000u, 1, BH_ERR_ADDR, "not an Ethernet");
    expect_refused(TXQ(0, 0x02), 1, BH_ERR_WIDTH, "4-byte");
    uint32_t v;
    CHECK_EQ_U32(eth_mac_reg_access(&side[0].mac, RXQ(0, 0x20), 0, &v, now), BH_ERR_ADDR);
    CHECK_EQ_U64(side[0].mac.txq[0].commands_refused, 3);
    CHECK_EQ_U64(side[0].mac.txq[1].commands_refused, 1);
    CHECK_EQ_U64(side[0].mac.txq[2].commands_refused, 1);
    CHECK_EQ_U64(bh_log_count(&logc, BH_LOG_GUEST), 13);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0);
    CHECK_EQ_U64(eth_mac_step(&side[0].mac, 0), BH_IDLE);
    /* a command while one is ongoing */
    wr(0, TXQ(0, TX_DEST), 0x100);
    wr(0, TXQ(0, TX_CMD), 4);
    expect_refused(TXQ(0, TX_CMD), 4, BH_ERR_ACCESS, "ongoing");
    teardown();
}

/* (f) CMD_ONGOING: set by the CMD write; MMIO latched 2 cycles later; a raw transfer of 3
 * packets only once its last packet's data has been read, 2 cycles later */
static void test_status_bit(void)
{
    setup(0);
    now = 100;
    wr(0, TXQ(0, TX_DEST), 0x40);
    wr(0, TXQ(0, TX_CMD), 4);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0x10000);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_CMD)), 0);
    CHECK_EQ_U64(eth_mac_step(&side[0].mac, 100), 102);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0x10000);
    eth_mac_step(&side[0].mac, 101);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0x10000);
    eth_mac_step(&side[0].mac, 102);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_STATUS)), 0);
    CHECK_EQ_U32(rd(0, TXQ(0, TX_TRANSFER_CNT)), 1);
    now = 200;
    wr(0, TXQ(1, TX_START), 0x100);
    wr(0, TXQ(1, TX_SIZE), 300);
    wr(0, TXQ(1, TX_MAX_PKT), 100);
    wr(0, TXQ(1, TX_CMD), 1);
    eth_mac_step(&side[0].mac, 202);
    eth_mac_step(&side[0].mac, 203);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_STATUS)), 0x10000);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_PKT_START)), 2);
    eth_mac_step(&side[0].mac, 204);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_STATUS)), 0);
    CHECK_EQ_U32(rd(0, TXQ(1, TX_PKT_START)), 3);
    teardown();
}

static void test_bad_config(void)
{
    EthMacConfig c = eth_mac_config_default();
    c.retry_cycles = 0;
    CHECK_EQ_U32(eth_mac_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strncmp(why, "eth.mac.retry_cycles: ", 22) == 0);
}

int main(void)
{
    RUN(test_reset_values);
    RUN(test_ttlink_l1_write);
    RUN(test_ttlink_mmio);
    RUN(test_raw);
    RUN(test_ttlink_resend);
    RUN(test_ring_full_holds_command);
    RUN(test_bad_commands);
    RUN(test_status_bit);
    RUN(test_bad_config);
    return check_failures();
}
