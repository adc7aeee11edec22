/* tests/programs/dst_fill.c - TRISC1 pops PCBUF_N numbers from BRISC (PC_BUF: its PCBuf[1])
 * and writes them into Dst through its direct window, in the FP32/uint32 view (fmt 0), then
 * reads them back; reads the same rows in the BF16 view (fmt 3: Dst16b row Adj32(row) holds
 * the high halves); writes the low halves in the int16 view (fmt 4: two's complement to
 * sign-magnitude) and reads them back; stores everything at 0x30000, then waits for BRISC's
 * sentinel and stores it. pcbuf_send.c is the other half; check_dst_pcbuf.py the check. */
#include "tests/programs/dst_pcbuf.h"

static void dst_view(uint32_t fmt)
{
    mmio_write(TENSIX_CFG_BASE + 4u * DST_CTRL_WORD, fmt << (DST_SEC1_SHIFT + 2u));
    (void)mmio_read(TENSIX_CFG_BASE + 4u * DST_CTRL_WORD); /* the store has landed */
}

static volatile uint32_t *dst32(uint32_t row, uint32_t col)
{
    return (volatile uint32_t *)(DST_BASE + 4u * (16u * row + col));
}

static volatile uint16_t *dst16(uint32_t row, uint32_t col)
{
    return (volatile uint16_t *)(DST_BASE + 2u * (16u * row + col));
}

int main(void)
{
    volatile uint32_t *out = (volatile uint32_t *)DST_OUT;
    uint32_t v[PCBUF_N];
    dst_view(0);
    for (uint32_t i = 0; i < PCBUF_N; i++) {
        v[i] = mmio_read(PC_BUF_BASE); /* waits while BRISC is behind */
        *dst32(pcbuf_row32(i), i % 16u) = v[i];
    }
    for (uint32_t i = 0; i < PCBUF_N; i++)
        out[i] = *dst32(pcbuf_row32(i), i % 16u);
    dst_view(3);
    for (uint32_t i = 0; i < PCBUF_N; i++) {
        const uint32_t r = pcbuf_row32(i), adj = ((r & 0x1F8u) << 1) | (r & 0x207u);
        out[PCBUF_N + i] = *dst16(adj, i % 16u);
    }
    dst_view(4);
    for (uint32_t i = 0; i < PCBUF_N; i++)
        *dst16(pcbuf_row16(i), i % 16u) = (uint16_t)v[i];
    for (uint32_t i = 0; i < PCBUF_N; i++)
        out[2 * PCBUF_N + i] = *dst16(pcbuf_row16(i), i % 16u);
    out[3 * PCBUF_N] = mmio_read(PC_BUF_BASE); /* BRISC's sentinel */
    return 0;
}
