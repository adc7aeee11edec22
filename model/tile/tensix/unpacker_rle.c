// SPDX-License-Identifier: Apache-2.0
/* Compressed (zero run-length) input of UNPACR: the RSI lookup of address setup, the reads of
 * the interleaved groups (32 datums, then their 32 four-bit zero counts) and of the exponents,
 * and the decompression loop. Sources: tt-isa-documentation WormholeB0/TensixTile/
 * TensixCoprocessor/UNPACR_Regular.md (functional model), Packers/Compression.md (layout);
 * anuraagw.me's "unpack data path" notes 1.3 (docs/hardware.md#unpackers). Those notes call an
 * RSI entry a byte offset; the functional model uses it as an augmented datum index (group
 * RSI >> 5, slot RSI & 31), as Compression.md does, and so do we. */
#include <stdint.h>
#include <string.h>
#include "model/tile/tensix/unpacker.h"

/* the document's InAddr_Datums / InAddr_Deltas / InAddr_Exponents as they advance */
typedef struct Walk {
    uint32_t datums, deltas; /* nibbles */
    uint32_t exps, exp_frac; /* byte address, sixteenths */
    uint32_t i;              /* augmented datums read */
} Walk;

static uint32_t wrap_nibbles(const UnpackRle *p, uint32_t a)
{
    return a > 2 * p->limit ? a - 2 * p->fifo : a;
}

static void walk_start(const UnpackRle *p, Walk *w)
{
    w->datums = p->datums, w->deltas = p->deltas;
    w->exps = p->exps, w->exp_frac = p->exp_frac;
    w->i = 0;
}

/* past one augmented datum, in the document's order */
static void walk_next(const UnpackRle *p, Walk *w, int has_exp)
{
    w->datums += p->datum_nibbles;
    if (++w->i % 16 == 0) /* RowStride is 16 datums without tilize: only the wrap remains */
        w->datums = wrap_nibbles(p, w->datums);
    if (has_exp && ++w->exp_frac == 16) {
        w->exp_frac = 0;
        if (++w->exps % 16 == 0)
            w->exps = w->exps > p->limit ? w->exps - p->fifo : w->exps;
    }
    if (++w->deltas % 32 == 0) { /* a group's 32 counts done: step over them and the datums */
        w->datums += 32;
        w->deltas = wrap_nibbles(p, w->deltas + 32 * p->datum_nibbles);
    }
}

static int add_block(UnpackJob *j, uint32_t addr)
{
    if (j->nreqs == UNPACK_MAX_REQS || (j->nreqs + 1) * 16 > sizeof j->buf)
        return 0;
    UnpackReq *q = &j->req[j->nreqs];
    q->addr = addr;
    q->buf_off = j->nreqs * 16;
    q->lo = 0, q->hi = 16;
    j->nreqs++;
    return 1;
}

const char *unpacker_rle_plan(UnpackJob *j)
{
    const UnpackRle *p = &j->rle;
    uint32_t last[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    Walk w;
    walk_start(p, &w);
    j->nreqs = 0;
    for (uint32_t k = 0; k < p->n_aug; k++) {
        uint32_t blk[3] = {w.datums / 2 & ~15u, w.deltas / 2 & ~15u, w.exps & ~15u};
        for (uint32_t s = 0; s < (j->has_exp ? 3u : 2u); s++) {
            if (blk[s] == last[s])
                continue;
            if (!add_block(j, blk[s]))
                return "a compressed run larger than the model's staging buffer";
            last[s] = blk[s];
        }
        walk_next(p, &w, j->has_exp);
    }
    return NULL;
}

int unpacker_rle_decode(Unpackers *u, UnpackJob *j, const UnpackRleIn *in, const char **why)
{
    *why = NULL;
    uint32_t nibbles = tfmt_datum_bits((TfmtFormat)in->in) / 4;
    if (nibbles == 0) {
        *why = "compressed BFP2/BFP2a input has no documented layout";
        return 1;
    }
    /* RSI entries: the plane's row Y, and the end of the run (row Y + 1, or X + 1 for
     * RowSearch); a partial row needs only the start */
    uint32_t ydim = in->row_search && in->blobs ? in->blobs : in->ydim;
    uint32_t plane = in->rsi_addr + 2 * ((in->w * in->zdim + in->z) * ydim);
    uint32_t y = in->y & 0xFF, whole = in->x == 0 && in->x1 == in->xdim - 1;
    uint32_t want[2] = {plane + 2 * y, 0}, n = 1;
    if (in->row_search)
        want[1] = plane + 2 * ((in->x & 0xFF) + 1), n = 2;
    else if (whole)
        want[1] = plane + 2 * (y + 1), n = 2;
    UnpackRsi *q = &u->rsi;
    if (q->n != n || q->addr[0] != want[0] || (n == 2 && q->addr[1] != want[1])) {
        q->seq++;
        q->n = (uint8_t)n;
        q->addr[0] = want[0], q->addr[1] = want[1];
        q->issued = q->landed = q->ready = 0;
        return 0;
    }
    if (!q->ready)
        return 0;

    UnpackRle *p = &j->rle;
    memset(p, 0, sizeof *p);
    uint32_t first = q->val[0];
    p->n_out = UINT32_MAX;
    if (n == 2) {
        if (q->val[1] < first) {
            *why = "the RSI entries give a row that ends before it starts";
            return 1;
        }
        p->n_aug = q->val[1] - first;
    } else {
        if (in->x1 + 1 < in->x) {
            *why = "channel 1 X + 1 is below channel 0 X: decompression would not end";
            return 1;
        }
        p->drop = in->x;
        p->n_out = in->x1 + 1 - in->x;
        p->n_aug = p->n_out ? in->x1 + 1 : 0; /* each augmented datum gives at least one */
    }
    p->datum_nibbles = (uint8_t)nibbles;
    p->limit = in->limit, p->fifo = in->fifo;
    uint32_t group = 2 * in->data_addr + first / 32 * (32 * nibbles + 32);
    p->deltas = wrap_nibbles(p, group + 32 * nibbles + first % 32);
    p->datums = wrap_nibbles(p, group + first % 32 * nibbles);
    p->exps = in->exp_addr + first / 16, p->exp_frac = first % 16;
    if (p->exps > p->limit || (p->exps == p->limit && p->exp_frac))
        p->exps -= p->fifo;
    if (in->transpose && p->datums % 32) {
        *why = "transpose from a compressed datum not 16-byte aligned (UndefinedBehaviour)";
        return 1;
    }
    *why = unpacker_rle_plan(j);
    return 1;
}

static const uint8_t *staged(const UnpackJob *j, uint32_t addr, uint32_t *hint)
{
    for (uint32_t n = 0; n < j->nreqs; n++) {
        uint32_t k = (*hint + n) % j->nreqs;
        if (j->req[k].addr == (addr & ~15u)) {
            *hint = k;
            return &j->buf[j->req[k].buf_off + (addr & 15)];
        }
    }
    BH_ASSERT(0); /* the plan walked the same addresses */
    return j->buf;
}

/* `count` nibbles from nibble address a, low nibble first (ReadL1Bytes' bit order) */
static uint32_t read_nibbles(const UnpackJob *j, uint32_t a, uint32_t count, uint32_t *hint)
{
    const uint8_t *b = staged(j, a / 2, hint);
    if (count == 1)
        return a & 1 ? *b >> 4 : *b & 0xFu;
    uint32_t v = 0;
    for (uint32_t k = 0; k < count / 2; k++)
        v |= (uint32_t)b[k] << 8 * k;
    return v;
}

uint32_t unpacker_rle_finish(const UnpackJob *j, SrcDst *r)
{
    const UnpackRle *p = &j->rle;
    uint32_t hint[3] = {0, 0, 0}, drop = p->drop, left = p->n_out, o = j->out_addr, written = 0;
    Walk w;
    walk_start(p, &w);
    for (uint32_t k = 0; k < p->n_aug && left; k++) {
        uint32_t bits = read_nibbles(j, w.datums, p->datum_nibbles, &hint[0]);
        uint8_t exp = j->conv.force_exp ? j->conv.forced_exp : 0;
        if (j->has_exp)
            exp = *staged(j, w.exps, &hint[2]);
        uint32_t zeros = read_nibbles(j, w.deltas, 1, &hint[1]);
        walk_next(p, &w, j->has_exp);
        int undefined = 0;
        uint32_t d = tfmt_unpack_datum(&j->conv, bits, exp, &undefined);
        if (j->all_zero)
            d = 0, zeros = 0;
        for (uint32_t z = 0; z <= zeros; z++, d = 0) {
            if (drop) {
                drop--;
                continue;
            }
            for (uint32_t up = 0; up <= j->upsample_zeroes; up++, o++)
                if (!up || !j->upsample_skip)
                    unpacker_write_datum(j, r, o, up ? 0 : d);
            written++;
            if (--left == 0)
                break;
        }
    }
    return written;
}
