// SPDX-License-Identifier: Apache-2.0
#include "model/pcie/pcie_order.h"

int pcie_order_acked(uint32_t ordering)
{
    return ordering != PCIE_ORDER_POSTED;
}

int pcie_order_may_issue(const PcieOrder *o, uint32_t ordering, int is_read)
{
    if (o->strict_open)
        return 0; /* a strict transaction in flight holds everything after it */
    if (ordering == PCIE_ORDER_STRICT)
        return o->reads_open + o->writes_open == 0;
    return !is_read || o->writes_open == 0; /* write then read: the writes' AXI acks first */
}

void pcie_order_issued(PcieOrder *o, uint32_t ordering, int is_read)
{
    if (is_read)
        o->reads_open++;
    else
        o->writes_open++;
    if (ordering == PCIE_ORDER_STRICT)
        o->strict_open++;
}

void pcie_order_done(PcieOrder *o, uint32_t ordering, int is_read)
{
    BH_ASSERT(is_read ? o->reads_open > 0 : o->writes_open > 0);
    if (is_read)
        o->reads_open--;
    else
        o->writes_open--;
    if (ordering == PCIE_ORDER_STRICT) {
        BH_ASSERT(o->strict_open > 0);
        o->strict_open--;
    }
}
