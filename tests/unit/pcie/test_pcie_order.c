// SPDX-License-Identifier: Apache-2.0
/* The TLB ordering modes, worked by hand from the table and text of jasondavies/
 * tt-isa-documentation WormholeB0/PCIExpressTile/TLBs.md ("Ordering modes"): which
 * transaction may go to the NoC given what is still in flight. */
#include "model/pcie/pcie_order.h"
#include "tests/check.h"

enum { RD = 1, WR = 0 };

/* Default: write then read waits for the write's acknowledgement; the rest may reorder */
static void test_default(void)
{
    PcieOrder o = {0};
    CHECK_EQ_U32(pcie_order_acked(PCIE_ORDER_DEFAULT), 1);
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, WR));
    pcie_order_issued(&o, PCIE_ORDER_DEFAULT, WR);
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, WR));  /* write then write */
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, RD)); /* write then read */
    pcie_order_done(&o, PCIE_ORDER_DEFAULT, WR);              /* acknowledged */
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, RD));
    pcie_order_issued(&o, PCIE_ORDER_DEFAULT, RD);
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, RD)); /* read then read */
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, WR)); /* read then write */
}

/* Posted writes: not acknowledged on the NoC; a read waits only until the write's data has
 * entered the NoC, which is when the NIU reports it done */
static void test_posted(void)
{
    PcieOrder o = {0};
    CHECK_EQ_U32(pcie_order_acked(PCIE_ORDER_POSTED), 0);
    pcie_order_issued(&o, PCIE_ORDER_POSTED, WR);
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_POSTED, RD));
    pcie_order_done(&o, PCIE_ORDER_POSTED, WR); /* sent */
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_POSTED, RD));
}

/* Strict AXI: one transaction at a time, and it holds transactions of other TLBs too */
static void test_strict(void)
{
    PcieOrder o = {0};
    CHECK_EQ_U32(pcie_order_acked(PCIE_ORDER_STRICT), 1);
    pcie_order_issued(&o, PCIE_ORDER_DEFAULT, RD);
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_STRICT, WR)); /* waits for the read */
    pcie_order_done(&o, PCIE_ORDER_DEFAULT, RD);
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_STRICT, WR));
    pcie_order_issued(&o, PCIE_ORDER_STRICT, WR);
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_STRICT, WR));  /* write then write */
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_STRICT, RD));  /* write then read */
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_DEFAULT, WR)); /* a default one behind it */
    pcie_order_done(&o, PCIE_ORDER_STRICT, WR);
    CHECK_EQ_U32(o.strict_open, 0);
    pcie_order_issued(&o, PCIE_ORDER_STRICT, RD);
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_STRICT, RD)); /* read then read: stronger */
    pcie_order_done(&o, PCIE_ORDER_STRICT, RD);
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_STRICT, RD));
}

/* Counted writes (undocumented) act as Default */
static void test_counted(void)
{
    PcieOrder o = {0};
    CHECK_EQ_U32(pcie_order_acked(PCIE_ORDER_COUNTED), 1);
    pcie_order_issued(&o, PCIE_ORDER_COUNTED, WR);
    CHECK(pcie_order_may_issue(&o, PCIE_ORDER_COUNTED, WR));
    CHECK(!pcie_order_may_issue(&o, PCIE_ORDER_COUNTED, RD));
}

int main(void)
{
    RUN(test_default);
    RUN(test_posted);
    RUN(test_strict);
    RUN(test_counted);
    return check_failures();
}
