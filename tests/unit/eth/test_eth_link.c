// SPDX-License-Identifier: Apache-2.0
/* The Ethernet link against hand arithmetic: at 400 Gb/s a byte takes 8000 / 400 = 20 ps; a
 * frame of L bytes (without FCS) is on the wire for 8 (preamble + SFD) + max(L + 4, 64) + 12
 * (gap) bytes, and is available 500 ns after its last FCS / pad byte (the gap comes after, and
 * delays only the next frame). Every expected time below is worked out here from those rules,
 * never read from the model. */
#include <string.h>
#include "model/eth/eth_link.h"
#include "tests/check.h"

static EthLink l;
static EthLinkConfig c;
static char why[256];
static uint8_t buf[2048];

static void setup(void)
{
    CHECK_OK(eth_link_init(&l, &c, why, sizeof why));
}

static void fill(uint32_t len, uint8_t tag)
{
    for (uint32_t i = 0; i < len; i++)
        buf[i] = (uint8_t)(tag + i * 7);
}

/* receive and release whatever side 1 has by now; the frames' first bytes in tags */
static uint32_t drain(uint64_t now, uint8_t *tags, uint32_t max)
{
    uint32_t n = 0;
    EthFrame f;
    while (eth_link_recv(&l, 1, now, &f)) {
        if (n < max)
            tags[n] = f.data[0];
        n++;
        CHECK_OK(eth_link_release(&l, 1, now));
    }
    return n;
}

static void test_crc32_check_value(void)
{
    c = eth_link_config_default();
    setup();
    /* the standard CRC-32 check value of the ASCII digits "123456789" */
    CHECK_EQ_U32(eth_link_crc32(&l, (const uint8_t *)"123456789", 9), 0xCBF43926u);
    eth_link_free(&l);
}

static void test_arrival_times(void)
{
    c = eth_link_config_default();
    setup();
    EthFrame f;
    /* 64 B: 8 + 68 = 76 bytes to the FCS's end = 1520 ps; the gap makes 88 B = 1760 ps */
    fill(64, 1);
    CHECK_OK(eth_link_send(&l, 0, buf, 64, 0));
    CHECK_EQ_U64(eth_link_wire_bytes(&l, 64), 88);
    CHECK_EQ_U64(eth_link_wire_free_ps(&l, 0), 1760);
    CHECK_EQ_U64(eth_link_next_ps(&l, 0), 501520);
    /* back to back: the second starts after the first's gap, at 1760 */
    fill(64, 2);
    CHECK_OK(eth_link_send(&l, 0, buf, 64, 0));
    CHECK_EQ_U64(eth_link_wire_free_ps(&l, 0), 3520);
    CHECK(!eth_link_recv(&l, 1, 501519, &f));
    CHECK(eth_link_recv(&l, 1, 501520, &f));
    CHECK_EQ_U64(f.arrival_ps, 501520);
    CHECK_EQ_U32(f.len, 64);
    CHECK_OK(eth_link_release(&l, 1, 501520));
    CHECK(!eth_link_recv(&l, 1, 503279, &f));
    CHECK(eth_link_recv(&l, 1, 503280, &f)); /* 1760 + 1520 + 500000 */
    CHECK_EQ_U64(f.arrival_ps, 503280);
    CHECK_OK(eth_link_release(&l, 1, 503280));
    /* 1000 B on an idle wire at 10 us: 8 + 1004 = 1012 B = 20240 ps; 1024 B = 20480 ps */
    fill(1000, 3);
    CHECK_OK(eth_link_send(&l, 0, buf, 1000, 10000000));
    CHECK_EQ_U64(eth_link_wire_free_ps(&l, 0), 10020480);
    CHECK(eth_link_recv(&l, 1, 11000000, &f));
    CHECK_EQ_U64(f.arrival_ps, 10520240);
    CHECK_OK(eth_link_release(&l, 1, 11000000));
    /* 20 B is padded to 64 with its FCS: 8 + 64 = 72 B = 1440 ps; on the wire 84 B */
    fill(20, 4);
    CHECK_OK(eth_link_send(&l, 0, buf, 20, 20000000));
    CHECK_EQ_U64(eth_link_wire_bytes(&l, 20), 84);
    CHECK_EQ_U64(eth_link_wire_free_ps(&l, 0), 20001680);
    CHECK(eth_link_recv(&l, 1, 21000000, &f));
    CHECK_EQ_U64(f.arrival_ps, 20501440);
    CHECK_OK(eth_link_release(&l, 1, 21000000));
    /* counters: 4 frames, 88 + 88 + 1024 + 84 wire bytes, busy for that many x 20 ps */
    CHECK_EQ_U64(l.dir[0].frames_sent, 4);
    CHECK_EQ_U64(l.dir[0].bytes_sent, 1284);
    CHECK_EQ_U64(l.dir[0].busy_ps, 1284 * 20);
    CHECK_EQ_U64(l.dir[0].frames_delivered, 4);
    CHECK_EQ_U64(l.dir[1].frames_sent, 0);
    eth_link_free(&l);
}

/* At 300 Gb/s a byte is 80/3 ps: three 64-B frames back to back end their FCS at bytes 76,
 * 164 and 252 of the busy period: ceil(2026.7) = 2027, ceil(4373.3) = 4374 and 6720 exactly.
 * Rounding each frame on its own would give 2347 + 2347 + 2027 = 6721 for the third. */
static void test_no_rounding_drift(void)
{
    c = eth_link_config_default();
    c.gbps = 300;
    c.latency_ps = 0;
    setup();
    EthFrame f;
    fill(64, 0);
    for (int i = 0; i < 3; i++)
        CHECK_OK(eth_link_send(&l, 0, buf, 64, 0));
    const uint64_t want[3] = {2027, 4374, 6720};
    for (int i = 0; i < 3; i++) {
        CHECK(eth_link_recv(&l, 1, 10000, &f));
        CHECK_EQ_U64(f.arrival_ps, want[i]);
        CHECK_OK(eth_link_release(&l, 1, 10000));
    }
    CHECK_EQ_U64(eth_link_wire_free_ps(&l, 0), 7040); /* 264 x 80 / 3 */
    eth_link_free(&l);
}

static void test_bytes_and_crc(void)
{
    c = eth_link_config_default();
    setup();
    EthFrame f;
    fill(1500, 9);
    CHECK_OK(eth_link_send(&l, 1, buf, 1500, 0)); /* side 1 to side 0 */
    CHECK(!eth_link_recv(&l, 1, 1000000, &f));    /* nothing came to side 1 */
    CHECK(eth_link_recv(&l, 0, 1000000, &f));
    CHECK_EQ_U32(f.len, 1500);
    CHECK(memcmp(f.data, buf, 1500) == 0);
    CHECK_EQ_U32(f.fcs, eth_link_crc32(&l, buf, 1500));
    CHECK_OK(eth_link_release(&l, 0, 1000000));
    CHECK_EQ_U64(l.dir[1].frames_delivered, 1);
    CHECK_EQ_U64(l.dir[1].crc_errors, 0);
    /* too long or empty: refused, nothing sent */
    CHECK_EQ_U32(eth_link_send(&l, 0, buf, 9217, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(eth_link_send(&l, 0, buf, 0, 0), BH_ERR_ACCESS);
    CHECK_EQ_U64(l.dir[0].frames_sent, 0);
    eth_link_free(&l);
}

static void test_full_queue_stops_sender(void)
{
    c = eth_link_config_default();
    c.rx_queue_frames = 4;
    setup();
    EthFrame f;
    fill(64, 0);
    for (int i = 0; i < 4; i++)
        CHECK_OK(eth_link_send(&l, 0, buf, 64, 0));
    CHECK_EQ_U32(eth_link_send(&l, 0, buf, 64, 0), BH_ERR_FULL);
    CHECK_EQ_U64(l.dir[0].refusals, 1);
    CHECK_EQ_U64(l.dir[0].frames_sent, 4);
    CHECK_EQ_U64(l.dir[0].max_rx_occupancy, 4);
    /* the first arrives at 501520; released there, its credit is back 500 ns later */
    CHECK(eth_link_recv(&l, 1, 501520, &f));
    CHECK_EQ_U64(eth_link_next_ps(&l, 501520), 503280); /* the second frame, not yet looked at */
    CHECK_OK(eth_link_release(&l, 1, 501520));
    CHECK_EQ_U32(eth_link_send(&l, 0, buf, 64, 1001519), BH_ERR_FULL);
    CHECK_EQ_U64(l.dir[0].refusals, 2);
    CHECK_OK(eth_link_send(&l, 0, buf, 64, 1001520));
    CHECK_EQ_U32(eth_link_send(&l, 0, buf, 64, 1001520), BH_ERR_FULL);
    eth_link_free(&l);
}

static void test_next_ps(void)
{
    c = eth_link_config_default();
    setup();
    EthFrame f;
    CHECK_EQ_U64(eth_link_next_ps(&l, 0), BH_IDLE);
    fill(64, 0);
    CHECK_OK(eth_link_send(&l, 0, buf, 64, 1000));
    CHECK_EQ_U64(eth_link_next_ps(&l, 1000), 502520);
    CHECK(eth_link_recv(&l, 1, 600000, &f));
    CHECK_EQ_U64(eth_link_next_ps(&l, 600000), BH_IDLE); /* seen, held by the receiver */
    CHECK_OK(eth_link_release(&l, 1, 600000));
    CHECK_EQ_U64(eth_link_next_ps(&l, 600000), 1100000); /* the credit on its way back */
    CHECK_EQ_U32(eth_link_credits(&l, 0, 1099999), 15);
    CHECK_EQ_U32(eth_link_credits(&l, 0, 1100000), 16);
    CHECK_EQ_U64(eth_link_next_ps(&l, 1100000), BH_IDLE);
    /* arrived at 2501520, not looked at yet: due now */
    CHECK_OK(eth_link_send(&l, 0, buf, 64, 2000000));
    CHECK_EQ_U64(eth_link_next_ps(&l, 2600000), 2600000);
    CHECK(eth_link_recv(&l, 1, 2600000, &f));
    CHECK_EQ_U64(f.arrival_ps, 2501520);
    CHECK_EQ_U64(eth_link_next_ps(&l, 2600000), BH_IDLE);
    eth_link_free(&l);
}

static void test_drop_every_3(void)
{
    c = eth_link_config_default();
    c.drop_every = 3;
    setup();
    for (uint8_t i = 1; i <= 5; i++) {
        fill(100, i);
        CHECK_OK(eth_link_send(&l, 0, buf, 100, 0));
    }
    uint8_t tags[8] = {0};
    CHECK_EQ_U32(drain(2000000, tags, 8), 4);
    CHECK_EQ_U32(tags[0], 1);
    CHECK_EQ_U32(tags[1], 2);
    CHECK_EQ_U32(tags[2], 4);
    CHECK_EQ_U32(tags[3], 5);
    CHECK_EQ_U64(l.dir[0].frames_dropped, 1);
    CHECK_EQ_U64(l.dir[0].frames_delivered, 4);
    CHECK_EQ_U64(l.dir[0].crc_errors, 0);
    /* every credit comes back, the dropped frame's too */
    CHECK_EQ_U32(eth_link_credits(&l, 0, 3000000), 16);
    eth_link_free(&l);
}

static void test_corrupt_every_2(void)
{
    c = eth_link_config_default();
    c.corrupt_every = 2;
    setup();
    for (uint8_t i = 1; i <= 4; i++) {
        fill(200, i);
        CHECK_OK(eth_link_send(&l, 0, buf, 200, 0));
    }
    uint8_t tags[8] = {0};
    CHECK_EQ_U32(drain(2000000, tags, 8), 2);
    CHECK_EQ_U32(tags[0], 1);
    CHECK_EQ_U32(tags[1], 3);
    CHECK_EQ_U64(l.dir[0].crc_errors, 2);
    CHECK_EQ_U64(l.dir[0].frames_delivered, 2);
    CHECK_EQ_U64(l.dir[0].frames_dropped, 0);
    CHECK_EQ_U32(eth_link_credits(&l, 0, 3000000), 16);
    eth_link_free(&l);
}

static void expect_reject(const char *field)
{
    CHECK_EQ_U32(eth_link_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strncmp(why, field, strlen(field)) == 0);
    CHECK_EQ_U32(eth_link_init(&l, &c, why, sizeof why), BH_ERR_CONFIG);
}

static void test_bad_configs(void)
{
    c = eth_link_config_default();
    CHECK_OK(eth_link_config_check(&c, why, sizeof why));
    c.gbps = 0;
    expect_reject("eth.link.gbps: ");
    c = eth_link_config_default();
    c.rx_queue_frames = 0;
    expect_reject("eth.link.rx_queue_frames: ");
    c = eth_link_config_default();
    c.rx_queue_frames = ETH_LINK_SLOTS_MAX + 1;
    expect_reject("eth.link.rx_queue_frames: ");
    c = eth_link_config_default();
    c.max_frame_bytes = 32;
    expect_reject("eth.link.max_frame_bytes: ");
    c = eth_link_config_default();
    c.fcs_bytes = 3;
    expect_reject("eth.link.fcs_bytes: ");
    c = eth_link_config_default();
    c.min_frame_bytes = 4000;
    c.max_frame_bytes = 1500;
    expect_reject("eth.link.min_frame_bytes: ");
}

int main(void)
{
    RUN(test_crc32_check_value);
    RUN(test_arrival_times);
    RUN(test_no_rounding_drift);
    RUN(test_bytes_and_crc);
    RUN(test_full_queue_stops_sender);
    RUN(test_next_ps);
    RUN(test_drop_every_3);
    RUN(test_corrupt_every_2);
    RUN(test_bad_configs);
    return check_failures();
}
