/* tests/programs/niu.h - the NoC0 NIU's command-buffer registers and counters the programs
 * program and poll (docs/hardware.md#niu). The names are those of model/noc/noc_niu_regs.def,
 * without a prefix: a register is its offset in command buffer 0, a counter the offset of
 * its word, both from NIU0. */
#ifndef BH_TEST_NIU_H
#define BH_TEST_NIU_H
#include "firmware/include/bh_niu.h"
#include "tests/programs/tile_io.h"

#define NIU0 BH_NIU_BASE(0)
enum {
#define NOC_CMD_REG(name, off, access, doc) name = off,
#include "model/noc/noc_niu_regs.def"
#undef NOC_CMD_REG
};
enum {
#define NOC_COUNTER(name, idx) name = BH_NIU_COUNTER_BASE + 4 * idx,
#include "model/noc/noc_niu_regs.def"
#undef NOC_COUNTER
};
#define XY(x, y) ((x) | (y) << 6)

/* Programs command buffer 0 and issues it, then waits until `counter` moves (the request's
 * acknowledgement or response): CTRL's type and flags, TARG/RET as the NIU reads them for that
 * type, AT_LEN_BE's length, AT_DATA's inline data. */
static inline void niu_issue(uint32_t ctrl, uint32_t targ, uint32_t targ_xy, uint32_t ret,
                             uint32_t ret_xy, uint32_t len, uint32_t data, uint32_t counter)
{
    const uint32_t before = mmio_read(NIU0 + counter);
    mmio_write(NIU0 + TARG_ADDR_LO, targ);
    mmio_write(NIU0 + TARG_ADDR_HI, targ_xy);
    mmio_write(NIU0 + RET_ADDR_LO, ret);
    mmio_write(NIU0 + RET_ADDR_HI, ret_xy);
    mmio_write(NIU0 + CTRL, ctrl);
    mmio_write(NIU0 + AT_LEN_BE, len);
    mmio_write(NIU0 + AT_DATA, data);
    mmio_write(NIU0 + CMD_CTRL, 1);
    while (mmio_read(NIU0 + counter) == before)
        ;
}

#endif
