/* tests/programs/niu.h - the NoC0 NIU's command-buffer registers and counters the programs
 * program and poll (facts §2.4, §2.5). */
#ifndef BH_TEST_NIU_H
#define BH_TEST_NIU_H
#include "tests/programs/tile_io.h"

#define NIU0 0xFFB20000u
#define TARG_ADDR_LO 0x00u
#define TARG_ADDR_HI 0x08u
#define RET_ADDR_LO 0x0Cu
#define RET_ADDR_HI 0x14u
#define CTRL 0x1Cu
#define AT_LEN_BE 0x20u
#define AT_DATA 0x28u
#define CMD_CTRL 0x40u
#define MST_WR_ACK_RECEIVED (0x200u + 4 * 1)
#define MST_RD_RESP_RECEIVED (0x200u + 4 * 2)
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
