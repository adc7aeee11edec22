/* model/pcie/pcie_tile_internal.h - what the host side (pcie_tile.c) and the device side
 * (pcie_tile_dev.c) of the PCIe tile share. Internal to model/pcie. */
#ifndef BH_PCIE_TILE_INTERNAL_H
#define BH_PCIE_TILE_INTERNAL_H
#include "model/pcie/pcie_tile.h"

/* Grows *arr (of *cap elements of size elem) to hold at least need; 0 if memory ran out. */
int pcie_tile_grow(void **arr, uint32_t *cap, uint32_t need, size_t elem);

static inline uint64_t tile_now(const PcieTile *t)
{
    return t->hooks.now_ps(t->hooks.ctx);
}

static inline void tile_wake(PcieTile *t, uint64_t ps)
{
    t->hooks.wake(t->hooks.ctx, ps);
}

static inline uint64_t tile_cycle_ps(const PcieTile *t, uint64_t cycle)
{
    return t->hooks.cycle_ps(t->hooks.ctx, cycle);
}

/* A free operation record for a new access, or NULL: the oldest is still in flight. */
PcieTileOp *pcie_tile_new_op(PcieTile *t);
/* Makes op (from pcie_tile_new_op) the record of the next access, forgetting what it held. */
uint64_t pcie_tile_commit_op(PcieTile *t, PcieTileOp *op, uint8_t *data, uint32_t len);
PcieTileOp *pcie_tile_op(PcieTile *t, uint64_t id); /* the record of access id, in flight */
void pcie_tile_finish_if_done(PcieTile *t, PcieTileOp *op);
void pcie_tile_host_mem(PcieTile *t, int write, uint64_t addr, uint8_t *buf, uint32_t len);
void pcie_tile_act(PcieTile *t, const PcieLinkEvent *ev);
/* what a host TLP hits at the tile (pcie_tile_tlp.c) */
void pcie_tile_tlp_at_device(PcieTile *t, const PcieLinkEvent *ev);
/* device side: the host answers a device read; device writes waiting go up the link */
void pcie_tile_dev_read_data(PcieTile *t, const PcieLinkEvent *ev);
void pcie_tile_send_d2h(PcieTile *t);
void pcie_tile_retry_held(PcieTile *t);

#endif
