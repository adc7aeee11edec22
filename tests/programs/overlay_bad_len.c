/* tests/programs/overlay_bad_len.c - BRISC of (1,2) writes 6 bytes over the NoC to tile (5,7)'s
 * overlay registers: not whole 32-bit words, so the target refuses it with a guest error naming
 * the address (the acknowledgement still comes back, and the run does not crash). */
#include "tests/programs/overlay.h"

int main(void)
{
    niu_issue(0x12u, 0x20000u, XY(1, 2), STREAM_REG(BLOCK_STREAM, STREAM_REMOTE_SRC),
              XY(RECV_X, RECV_Y), 6, 0, MST_WR_ACK_RECEIVED);
    return 0;
}
