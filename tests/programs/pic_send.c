/* tests/programs/pic_send.c - BRISC of tile (1,2) raises software IRQ 9 of tile (5,7)'s PIC with
 * the value 0xC0FFEE: an acknowledged inline write over NoC0 (pic_recv.c polls it). */
#include "tests/programs/niu.h"

int main(void)
{
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < 2000; i++) /* let (5,7) fall asleep on its poll first */
        sink = sink + i;
    niu_issue(0x1Au, 0xFFB13018u + 4u * 9u, XY(5, 7), 0, 0, 0, 0xC0FFEEu, MST_WR_ACK_RECEIVED);
    return 0;
}
