/* model/tile/l1_internal.h - what the files of the L1 model share (l1.c: configuration and
 * reset; l1_queue.c: request intake; l1_arb.c: per-cycle arbitration); not part of its
 * interface. */
#ifndef BH_L1_INTERNAL_H
#define BH_L1_INTERNAL_H
#include "model/tile/l1.h"

#define DIR_RD 0 /* index of a client's read FIFO */
#define DIR_WR 1 /* writes and atomics */
_Static_assert(L1_DIR_READ == 1u << DIR_RD && L1_DIR_WRITE == 1u << DIR_WR,
               "a port's dirs are its FIFO bits");
_Static_assert(2 * L1_CLIENTS <= 32 && L1_PORTS_MAX <= 32 && L1_BANKS_MAX <= 64 &&
                   L1_QUEUE_MAX <= 64,
               "masks");
_Static_assert(L1_REQS * 16 <= UINT16_MAX && L1_REQ_ACCESSES_MAX <= 16,
               "an access ref is request x 16 + access");
_Static_assert(L1_QUEUE_MAX <= L1_FIFO_MAX && !(L1_FIFO_MAX & (L1_FIFO_MAX - 1)) &&
                   L1_BANKS_MAX <= UINT8_MAX + 1 && L1_SIZE_MAX <= UINT32_MAX,
               "FIFO ring, bank and address fields");
_Static_assert(sizeof(L1Req) == 128, "a request's step fields in one half, its data in the other");

static inline uint64_t low_mask(uint32_t n)
{
    return n >= 64 ? UINT64_MAX : (1ull << n) - 1;
}

static inline uint32_t bank_of(const L1 *l, uint64_t addr)
{
    if (l->bank_shift) /* the same without dividing */
        return (uint32_t)(addr >> l->bank_shift) & l->bank_mask;
    return (uint32_t)((addr / l->cfg.interleave_bytes) % l->cfg.banks);
}

/* Access i of request r (header: Words and accesses), decoded when a port takes it. */
static inline void access_of(const L1 *l, const L1Req *r, uint32_t i, L1Access *x)
{
    const uint32_t w = l->cfg.bank_width_bytes, word = (r->addr >> l->word_shift) + i;
    const uint32_t base = word << l->word_shift, end = r->addr + r->bytes;
    const uint32_t lo = BH_MAX(r->addr, base), hi = BH_MIN(end, base + w);
    x->word = word;
    x->bank = (uint8_t)bank_of(l, base);
    x->off = (uint8_t)(lo - base);
    x->len = (uint8_t)(hi - lo);
    x->req_off = (uint8_t)(lo - r->addr);
    x->write = r->kind != L1_KIND_READ;
    const uint64_t want = low_mask(x->len);
    x->rmw = r->kind == L1_KIND_ATOMIC ||
             (r->kind == L1_KIND_WRITE && (x->len < w || ((r->be >> x->req_off) & want) != want));
}

/* a write or atomic lands on bank word `word`: watchers of it see watch_gen move */
static inline void watch_hit(L1 *l, uint32_t word)
{
    for (uint32_t i = 0; i < l->watch_n; i++)
        if (l->watch_word[i] == word) {
            l->watch_gen++;
            return;
        }
}

#endif
