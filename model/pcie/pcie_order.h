/* model/pcie/pcie_order.h - what a TLB's ordering mode lets the PCIe tile do with a host
 * access that has reached it: issue its NoC transaction now, or hold it until earlier ones
 * complete. The tile keeps its window transactions in arrival order; the head one issues when
 * pcie_order_may_issue says so.
 *
 * Interface (the PCIe tile, pcie_tile.h): pcie_order_may_issue before handing a window
 *   transaction to the NIU, pcie_order_issued when it is handed over, pcie_order_done when
 *   the NIU reports it complete (a read: its data back; an acknowledged write: its
 *   acknowledgement; a posted write: its data sent into the NoC). pcie_order_acked: whether
 *   writes are acknowledged NoC writes.
 * Semantics (jasondavies/tt-isa-documentation WormholeB0/PCIExpressTile/TLBs.md, "Ordering
 *   modes" and its field mapping; BlackholeA0/PCIExpressTile/HostToDeviceTLBs.md lists the
 *   same modes for Blackhole and adds "counted writes"):
 *   - the PCIe controller emits a read only once every earlier write has its AXI write
 *     acknowledgement ("write then read: order maintained"): in Default that comes with the
 *     NoC acknowledgement (NOC_CMD_RESP_MARKED), in Posted Writes as soon as the write's data
 *     has entered the NoC (RESP_MARKED false);
 *   - writes after writes and after reads, and reads after reads, issue at once (may reorder);
 *   - Strict AXI follows AXI ordering as well, which "severely limits how many NoC
 *     transactions the PCIe tile can have in flight": modeled as one at a time (a strict
 *     transaction waits for every earlier one, and every later one waits for it).
 * Not modeled: Counted Writes (mode 3) is not described anywhere public; it acts as Default
 *   (the tile logs that once). The static_vc refinement of write-to-write order is the NoC's.
 */
#ifndef BH_PCIE_ORDER_H
#define BH_PCIE_ORDER_H
#include <stdint.h>
#include "model/pcie/pcie_tlb.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct PcieOrder {
    uint32_t reads_open;  /* window reads issued, data not yet back */
    uint32_t writes_open; /* window writes issued, not yet acknowledged (posted: sent) */
    uint32_t strict_open; /* of those, through Strict AXI TLBs */
} PcieOrder;

int pcie_order_acked(uint32_t ordering); /* 1: writes are acknowledged NoC writes */
int pcie_order_may_issue(const PcieOrder *o, uint32_t ordering, int is_read);
void pcie_order_issued(PcieOrder *o, uint32_t ordering, int is_read);
void pcie_order_done(PcieOrder *o, uint32_t ordering, int is_read);

#ifdef __cplusplus
}
#endif
#endif
