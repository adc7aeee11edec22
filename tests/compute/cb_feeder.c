// SPDX-License-Identifier: Apache-2.0
/* tests/compute/cb_feeder.c - a pretend reader and writer around a compute kernel, so that its
 * CBs are small rings and flow control is exercised both ways: built as FEED_READER (BRISC) it
 * copies FEED_PAGES0 pages from FEED_STAGE0 into CB 0 and FEED_PAGES1 from FEED_STAGE1 into
 * CB 1, each page only when the consumer has acked a slot; as FEED_WRITER (NCRISC) it copies
 * FEED_PAGES_OUT pages out of CB 16 to FEED_STAGE_OUT as the compute kernel pushes them, and
 * acks each. Pages are copied with word loads and stores; a fence before each counter write
 * orders the data before it. */
#include "firmware/api/bh_kernel_common.h"

static void copy_page(uint32_t to, uint32_t from, uint32_t bytes)
{
    for (uint32_t i = 0; i < bytes; i += 4)
        *(volatile uint32_t *)(to + i) = *(volatile uint32_t *)(from + i);
    __asm__ volatile("fence" ::: "memory");
}

static const volatile BhCbConfig *config(uint32_t cb)
{
    return (const volatile BhCbConfig *)BH_L1_CB_CONFIG + cb;
}

#ifdef FEED_READER
int main(void)
{
    const uint32_t total[2] = {FEED_PAGES0, FEED_PAGES1}, stage[2] = {FEED_STAGE0, FEED_STAGE1};
    uint32_t pushed[2] = {0, 0};
    while (pushed[0] < total[0] || pushed[1] < total[1])
        for (uint32_t cb = 0; cb < 2; cb++) {
            const volatile BhCbConfig *c = config(cb);
            if (pushed[cb] == total[cb] ||
                c->num_pages - (pushed[cb] - bh_l1_read_fresh(BH_L1_CB_ACKED(cb))) == 0)
                continue;
            uint32_t slot = pushed[cb] % c->num_pages;
            copy_page(c->addr + slot * c->page_size, stage[cb] + pushed[cb] * c->page_size,
                      c->page_size);
            bh_l1_write(BH_L1_CB_RECEIVED(cb), ++pushed[cb]);
        }
    return 0;
}
#endif

#ifdef FEED_WRITER
int main(void)
{
    const volatile BhCbConfig *c = config(16);
    for (uint32_t popped = 0; popped < FEED_PAGES_OUT;) {
        if (bh_l1_read_fresh(BH_L1_CB_RECEIVED(16)) == popped)
            continue;
        uint32_t slot = popped % c->num_pages;
        copy_page(FEED_STAGE_OUT + popped * c->page_size, c->addr + slot * c->page_size,
                  c->page_size);
        bh_l1_write(BH_L1_CB_ACKED(16), ++popped);
    }
    return 0;
}
#endif
