// SPDX-License-Identifier: Apache-2.0
/* NIU registers as the datasheet gives them: reset values, the map's edges, read-only and
 * write-only registers, the CMD_CTRL handshake, counters at each documented point, transaction
 * IDs, and guest errors that must leave the state unchanged. */
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"

#define MEM (64 * 1024)

static void setup(Harness *h)
{
    h_init(h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(h);
}

static void test_reset_values(void)
{
    Harness h;
    setup(&h);
    uint32_t node = 5 * 17 + 3; /* (3,5) */
    for (uint32_t b = 0; b < NOC_CMD_BUFS; b++)
        for (int r = 0; r < NOC_CMD_REGS; r++) {
            uint32_t v =
                h_rd(&h, 0, node, b * NOC_CMD_BUF_STRIDE + noc_niu_reg_offset((NocCmdReg)r));
            if (r == NOC_R_NODE_ID)
                CHECK_EQ_U32(v, 3u | (5u << 6) | (17u << 12) | (12u << 19) | (1u << 28));
            else if (r == NOC_R_ENDPOINT_ID)
                CHECK_EQ_U32(v, node); /* the harness uses the node index */
            else if (r == NOC_R_CMD_BUF_AVAIL)
                CHECK_EQ_U32(v, 0xF);
            else
                CHECK_EQ_U32(v, 0);
        }
    for (uint32_t i = 0; i < NOC_COUNTERS; i++)
        CHECK_EQ_U32(h_counter(&h, 0, node, i), 0);
    /* NoC1 routes Y first: bit 28 clear; the last column / row flips the dateline bit */
    uint32_t corner = 11 * 17 + 16;
    CHECK_EQ_U32(h_rd(&h, 1, corner, 0x44) >> 26, 0x3);
    CHECK_EQ_U32(h_rd(&h, 0, corner, 0x44) >> 26, 0x7);
    CHECK_EQ_U32(h_rd(&h, 0, node, 0x100 + 4 * NOC_CFG_ID_LOGICAL), 3u | (5u << 6));
    h_destroy(&h);
}

static void test_map_edges_and_access(void)
{
    Harness h;
    setup(&h);
    uint32_t v = 0xDEAD, node = 20;
    /* the last counter and the last config word are mapped, the next words are not */
    CHECK_OK(noc_niu_mmio_read(&h.net[0], node, 0x200 + 4 * (NOC_COUNTERS - 1), &v, 0));
    CHECK_EQ_U32(noc_niu_mmio_read(&h.net[0], node, 0x200 + 4 * NOC_COUNTERS, &v, 0), BH_ERR_ADDR);
    CHECK_OK(noc_niu_mmio_read(&h.net[0], node, 0x17C, &v, 0));
    CHECK_EQ_U32(noc_niu_mmio_read(&h.net[0], node, 0x4 * NOC_CMD_BUF_STRIDE, &v, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(noc_niu_mmio_read(&h.net[0], node, 0x3C, &v, 0), BH_ERR_ADDR); /* hole */
    CHECK_EQ_U32(noc_niu_mmio_read(&h.net[0], node, 0x2, &v, 0), BH_ERR_ACCESS);
    /* read-only registers refuse writes and keep their value */
    CHECK_EQ_U32(noc_niu_mmio_write(&h.net[0], node, 0x200, 7, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(h_counter(&h, 0, node, 0), 0);
    uint32_t id = h_rd(&h, 0, node, 0x44);
    CHECK_EQ_U32(noc_niu_mmio_write(&h.net[0], node, 0x44, 0, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(h_rd(&h, 0, node, 0x44), id);
    /* plain registers of every buffer hold what is written; config words too */
    for (uint32_t b = 0; b < NOC_CMD_BUFS; b++) {
        CHECK_OK(h_reg(&h, 0, node, b, NOC_R_AT_DATA, 0x1234u + b));
        CHECK_EQ_U32(h_rd(&h, 0, node, b * NOC_CMD_BUF_STRIDE + noc_niu_reg_offset(NOC_R_AT_DATA)),
                     0x1234u + b);
    }
    CHECK_OK(noc_niu_mmio_write(&h.net[0], node, 0x108, 0x1FFFF, 0));
    CHECK_EQ_U32(h_rd(&h, 0, node, 0x108), 0x1FFFF);
    CHECK_EQ_U64(h.net[0].guest_errors, 2);
    h_destroy(&h);
}

static void program_read(Harness *h, uint32_t s, uint32_t d, uint32_t buf, uint32_t tid,
                         uint32_t len)
{
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_TARG_ADDR_LO, 0x1000));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_TARG_ADDR_HI, h_xy(h, d)));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_RET_ADDR_LO, 0x2000 + 0x800 * buf));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_RET_ADDR_HI, h_xy(h, s)));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_PACKET_TAG, tid << NOC_TAG_TID_SHIFT));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_CTRL, NOC_CTRL_TYPE_RD));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_AT_LEN_BE, len));
}

/* CMD_CTRL reads 1 from the write until the first-hop VC is assigned (the next cycle at
 * zero load), the counters move at the documented points, and registers of a pending
 * buffer cannot be changed. */
static void test_cmd_ctrl_handshake_and_counters(void)
{
    Harness h;
    setup(&h);
    uint32_t s = 2 * 17 + 1, d = 2 * 17 + 4;
    program_read(&h, s, d, 1, 3, 256);
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CMD_CTRL, 1));
    uint32_t cmd = NOC_CMD_BUF_STRIDE + noc_niu_reg_offset(NOC_R_CMD_CTRL);
    CHECK_EQ_U32(h_rd(&h, 0, s, cmd), 1);
    CHECK_EQ_U32(h_rd(&h, 0, s, noc_niu_reg_offset(NOC_R_CMD_BUF_AVAIL)), 0xD);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 3), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_CMD_ACCEPTED), 0);
    /* a write to a pending buffer is a guest error and changes nothing */
    CHECK_EQ_U32(h_reg(&h, 0, s, 1, NOC_R_TARG_ADDR_LO, 0x9999), BH_ERR_ACCESS);
    CHECK_EQ_U32(h_rd(&h, 0, s, NOC_CMD_BUF_STRIDE), 0x1000);
    h.now++;
    noc_net_step(&h.net[0], h.now); /* VC assigned, header leaves */
    CHECK_EQ_U32(h_rd(&h, 0, s, cmd), 0);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_CMD_ACCEPTED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_REQ_STARTED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_REQ_SENT), 1);
    h_run(&h, 10000);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_REQ_ACCEPTED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_RD_REQ_RECEIVED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_RD_RESP_SENT), 1);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_RD_DATA_WORD_SENT), 4);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_RESP_RECEIVED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_DATA_WORD_RECEIVED), 4);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 3), 0);
    CHECK_EQ_U32(h.net[0].nius[s].outstanding, 0);
    h_destroy(&h);
}

/* Coordinate translation through the NIU's registers: tables written as firmware would
 * (X 20 -> 4, every other X and Y to itself), NIU_CFG_0 bit 14 set; a read aimed at (20, 2)
 * reaches (4, 2), and TARG_ADDR_HI reads back the raw coordinates after CMD_CTRL
 * (BlackholeA0/NoC/MemoryMap.md). With bit 14 clear the same command is refused. */
static void test_translation(void)
{
    Harness h;
    setup(&h);
    const uint32_t s = 2 * 17 + 1, d = 2 * 17 + 4;
    uint8_t xt[32], yt[32];
    for (uint32_t i = 0; i < 32; i++)
        xt[i] = (uint8_t)i, yt[i] = (uint8_t)i;
    xt[20] = 4;
    NocXlateRegs r = {0};
    noc_xlate_pack(xt, r.x_table);
    noc_xlate_pack(yt, r.y_table);
    for (uint32_t i = 0; i < 6; i++) {
        CHECK_OK(noc_niu_mmio_write(&h.net[0], s, 0x118 + 4 * i, r.x_table[i], 0));
        CHECK_OK(noc_niu_mmio_write(&h.net[0], s, 0x130 + 4 * i, r.y_table[i], 0));
    }
    CHECK_OK(noc_niu_mmio_write(&h.net[0], s, 0x100, NOC_XLATE_ENABLE, 0));
    program_read(&h, s, d, 0, 0, 64);
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_TARG_ADDR_HI, 20u | 2u << 6));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_CMD_CTRL, 1));
    CHECK_EQ_U32(h_rd(&h, 0, s, noc_niu_reg_offset(NOC_R_TARG_ADDR_HI)), 4u | 2u << 6);
    h_run(&h, 10000);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_RD_REQ_RECEIVED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_RESP_RECEIVED), 1);
    /* off: (20, 2) is outside the 17-wide grid, a guest error */
    CHECK_OK(noc_niu_mmio_write(&h.net[0], s, 0x100, 0, 0));
    const uint64_t errs = h.net[0].guest_errors;
    program_read(&h, s, d, 0, 0, 64);
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_TARG_ADDR_HI, 20u | 2u << 6));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_CMD_CTRL, 1));
    CHECK_EQ_U64(h.net[0].guest_errors, errs + 1);
    h_destroy(&h);
}

/* Each transaction ID counts its own requests; CLEAR_OUTSTANDING zeroes the chosen IDs. */
static void test_transaction_ids(void)
{
    Harness h;
    setup(&h);
    uint32_t s = 6 * 17 + 12, d = 3 * 17 + 2;
    for (uint32_t b = 0; b < 3; b++) {
        program_read(&h, s, d, b, b == 2 ? 9 : 4, 64);
        CHECK_OK(h_reg(&h, 0, s, b, NOC_R_CMD_CTRL, 1));
    }
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 4), 2);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 9), 1);
    CHECK_EQ_U32(h.net[0].nius[s].outstanding, 3);
    CHECK_OK(noc_niu_mmio_write(&h.net[0], s, 0x60, 1u << 9, h.now));
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 9), 0);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 4), 2);
    h_run(&h, 10000);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 4), 0);
    /* the cleared ID's response still arrives and decrements: 8-bit wrap, as hardware */
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 9), 0xFF);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_RESP_RECEIVED), 3);
    h_destroy(&h);
}

static void test_posted_write_counters(void)
{
    Harness h;
    setup(&h);
    uint32_t s = 4 * 17 + 5, d = 8 * 17 + 13;
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_TARG_ADDR_LO, 0x100));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_TARG_ADDR_HI, h_xy(&h, s)));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_RET_ADDR_LO, 0x3000));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_RET_ADDR_HI, h_xy(&h, d)));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_CTRL, NOC_CTRL_TYPE_WR));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_AT_LEN_BE, 1000));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_CMD_CTRL, 1));
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0), 0); /* posted */
    h_run(&h, 10000);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_POSTED_WR_REQ_STARTED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_POSTED_WR_REQ_SENT), 1);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_POSTED_WR_DATA_WORD_SENT), 16);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0), 0);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_POSTED_WR_REQ_STARTED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_POSTED_WR_REQ_RECEIVED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_POSTED_WR_DATA_WORD_RECEIVED), 16);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_WR_ACK_SENT), 0);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_WR_ACK_RECEIVED), 0);
    CHECK(!memcmp(h_mem(&h, d, 0x3000), h_mem(&h, s, 0x100), 1000));
    h_destroy(&h);
}

/* Commands the hardware cannot carry are reported and dropped; nothing is counted. */
static void test_bad_commands(void)
{
    Harness h;
    setup(&h);
    uint32_t s = 2 * 17 + 2;
    program_read(&h, s, 0, 0, 0, 64);
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_TARG_ADDR_HI, 40 | (3 << 6))); /* x = 40: off the grid */
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_CMD_CTRL, 1));
    CHECK_EQ_U32(h_rd(&h, 0, s, noc_niu_reg_offset(NOC_R_CMD_CTRL)), 0);
    program_read(&h, s, 5, 1, 0, 64);
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CTRL, 3)); /* reserved type */
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CMD_CTRL, 1));
    program_read(&h, s, 5, 2, 0, 64);
    CHECK_OK(h_reg(&h, 0, s, 2, NOC_R_CTRL, NOC_CTRL_TYPE_RD | NOC_CTRL_BRCST));
    CHECK_OK(h_reg(&h, 0, s, 2, NOC_R_CMD_CTRL, 1));
    program_read(&h, s, 5, 3, 0, 0); /* zero length */
    CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_CMD_CTRL, 1));
    CHECK_EQ_U64(h.net[0].guest_errors, 4);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0), 0);
    h_run(&h, 1000);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_CMD_ACCEPTED), 0);
    CHECK(noc_net_quiescent(&h.net[0]));
    /* a read of memory the target does not have is reported, the response still comes */
    program_read(&h, s, 5, 0, 0, 64);
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_TARG_ADDR_LO, MEM + 0x100));
    CHECK_OK(h_reg(&h, 0, s, 0, NOC_R_CMD_CTRL, 1));
    h_run(&h, h.now + 1000);
    CHECK_EQ_U64(h.net[0].guest_errors, 5);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_RESP_RECEIVED), 1);
    h_destroy(&h);
}

int main(void)
{
    RUN(test_reset_values);
    RUN(test_map_edges_and_access);
    RUN(test_cmd_ctrl_handshake_and_counters);
    RUN(test_translation);
    RUN(test_transaction_ids);
    RUN(test_posted_write_counters);
    RUN(test_bad_commands);
    return check_failures();
}
