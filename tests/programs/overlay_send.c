/* tests/programs/overlay_send.c - BRISC of tile (1,2), over NoC0 to tile (5,7)'s overlay:
 * 1. a 16-byte write of stream 20's registers 4..7 (REMOTE_SRC .. REMOTE_DEST) from L1 0x20000,
 *    all bits set, so the receiver keeps only each register's width;
 * 2. a 16-byte read of the same registers back into L1 0x20100;
 * 3. three inline writes to stream 10's update register, (j << 6) + 0 for j = 1, 2, 4: the
 *    receiver's SPACE_AVAILABLE goes 3 -> 4 -> 6 -> 10 (overlay_recv.c polls for 10).
 * Each step waits for its acknowledgement or response. */
#include "tests/programs/overlay.h"

int main(void)
{
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < 2000; i++) /* let (5,7) fall asleep on its poll first */
        sink = sink + i;
    volatile uint32_t *block = (volatile uint32_t *)0x20000u;
    for (uint32_t i = 0; i < 4; i++)
        block[i] = 0xFFFFFFFFu;
    const uint32_t regs = STREAM_REG(BLOCK_STREAM, STREAM_REMOTE_SRC);
    /* write (acknowledged): data at TARG locally, to RET */
    niu_issue(0x12u, 0x20000u, XY(1, 2), regs, XY(RECV_X, RECV_Y), 16, 0, MST_WR_ACK_RECEIVED);
    /* read: from TARG remotely, to RET locally */
    niu_issue(0x0u, regs, XY(RECV_X, RECV_Y), 0x20100u, XY(1, 2), 16, 0, MST_RD_RESP_RECEIVED);
    for (uint32_t j = 1; j <= 4; j <<= 1) /* inline, acknowledged, the MMIO form */
        niu_issue(0x1Au, STREAM_REG(COUNTER_STREAM, STREAM_SPACE_UPDATE), XY(RECV_X, RECV_Y), 0, 0,
                  0, j << 6, MST_WR_ACK_RECEIVED);
    return 0;
}
