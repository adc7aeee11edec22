// SPDX-License-Identifier: Apache-2.0
/* The unpackers' queues: bank waits, L1 reads at the tier's rate (and the RSI reads of a
 * compressed UNPACR in address setup), conversion and the writes into SrcA/SrcB/Dst
 * (UNPACR_Regular.md; the "unpack data path" notes 2.6, 8.2, 8.3, 12;
 * docs/hardware.md#unpackers). */
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"
#include "model/tile/tensix/unpacker.h"

static SrcReg reg_of(uint32_t which)
{
    return which ? SRC_B : SRC_A;
}

/* the bank the head job writes must belong to the unpackers (none for Dst or a plain NOP) */
static int bank_ready(const UnpackJob *j, const SrcDst *r)
{
    if (j->nop) {
        uint32_t pop = TENSIX_GET(UNPACR_NOP, UNPACK_POP, j->nop_word);
        return pop != 1 || src_unpacker_may_write(r, reg_of(j->which));
    }
    return j->conv.to_dst || src_unpacker_may_write(r, reg_of(j->which));
}

/* inline in the per-datum loop of finish_unpacr; unpacker_write_datum for the decoder */
static inline void write_datum(const UnpackJob *j, SrcDst *r, uint32_t o, uint32_t d)
{
    uint32_t row = o / 16, col = o & 15;
    if (j->which == 1) {
        r->src[SRC_B][r->unpack_bank[1]].rows[(row + j->src_row) & 0x3F][col] = d;
        return;
    }
    if (!j->conv.to_dst) {
        if (row < 4 || col < j->col_shift)
            return;
        row -= 4, col -= j->col_shift;
        if (!j->ovrd_with_addr)
            row += j->src_row;
        if (j->transpose) {
            uint32_t low = row & 0xF;
            row = (row & ~0xFu) | col;
            col = low;
        }
        r->src[SRC_A][r->unpack_bank[0]].rows[row & 0x3F][col & 15] = d;
        return;
    }
    row -= 4;
    row &= j->ovrd_with_addr ? 0xF : 0x3FF;
    if (tfmt_unpack_dst32(j->conv.out)) {
        row &= 0x1FF;
        dst32_write(r, row, col, d);
        r->dst_row_valid[dst_adj32(row)] = r->dst_row_valid[dst_adj32(row) + 8] = 1;
    } else {
        r->dst[row][col] = (uint16_t)d;
        r->dst_row_valid[row] = 1;
    }
}

/* A whole output row of 16 datums (NULL: zeros) where write_datum would put them in one Src
 * row in column order, at once; 0 (nothing written) for the other cases. */
static int write_row(const UnpackJob *j, SrcDst *r, uint32_t row, const uint32_t *d16)
{
    uint32_t *dst;
    if (j->which == 1) {
        dst = r->src[SRC_B][r->unpack_bank[1]].rows[(row + j->src_row) & 0x3F];
    } else if (!j->conv.to_dst && !j->col_shift && !j->transpose) {
        if (row < 4)
            return 1; /* write_datum drops these rows */
        row -= 4;
        if (!j->ovrd_with_addr)
            row += j->src_row;
        dst = r->src[SRC_A][r->unpack_bank[0]].rows[row & 0x3F];
    } else {
        return 0;
    }
    if (d16)
        memcpy(dst, d16, 16 * sizeof *dst);
    else
        memset(dst, 0, 16 * sizeof *dst);
    return 1;
}

void unpacker_write_datum(const UnpackJob *j, SrcDst *r, uint32_t o, uint32_t d)
{
    write_datum(j, r, o, d);
}

static void finish_unpacr(Unpackers *u, UnpackJob *j, SrcDst *r)
{
    if (j->compressed) {
        u->stats[j->which].datums += unpacker_rle_finish(j, r);
    } else {
        uint32_t *conv = u->converted;
        const uint8_t *exps = j->buf + j->data_bytes;
        tfmt_unpack_row(&j->conv, j->buf, exps, j->first_in_row, j->n_datums, conv);
        uint32_t o = j->out_addr;
        if (!j->upsample_zeroes) { /* the commonest case: datum k to output o + k */
            for (uint32_t k = 0; k < j->n_datums;) {
                if ((o + k) % 16 == 0 && j->n_datums - k >= 16 &&
                    write_row(j, r, (o + k) / 16, j->all_zero ? NULL : &conv[k])) {
                    k += 16;
                    continue;
                }
                write_datum(j, r, o + k, j->all_zero ? 0 : conv[k]);
                k++;
            }
        } else {
            for (uint32_t k = 0; k < j->n_datums; k++) {
                uint32_t d = j->all_zero ? 0 : conv[k];
                for (uint32_t z = 0; z <= j->upsample_zeroes; z++, o++) {
                    if (z && j->upsample_skip)
                        continue;
                    write_datum(j, r, o, z ? 0 : d);
                }
            }
        }
        u->stats[j->which].datums += j->n_datums;
    }
    if (j->flip)
        src_set_dvalid(r, reg_of(j->which));
}

static void finish_nop(UnpackJob *j, SrcDst *r)
{
    uint32_t w = j->nop_word;
    if (TENSIX_GET(UNPACR_NOP, UNPACK_POP, w) == 1) {
        uint32_t bank = r->unpack_bank[j->which];
        for (uint32_t b = 0; b < SRC_BANKS; b++)
            if (TENSIX_GET(UNPACR_NOP, BANK_CLR_CTRL, w) || b == bank)
                for (uint32_t row = 0; row < SRC_ROWS; row++)
                    for (uint32_t c = 0; c < SRC_COLS; c++)
                        r->src[reg_of(j->which)][b].rows[row][c] = j->clear_val;
    }
    if (TENSIX_GET(UNPACR_NOP, SET_DVALID, w))
        src_set_dvalid(r, reg_of(j->which));
}

static void rsi_land(UnpackRsi *q, uint32_t e, const uint8_t *data16)
{
    uint32_t off = q->addr[e] & 15;
    q->val[e] = (uint16_t)(data16 ? data16[off] | data16[off + 1] << 8 : 0);
    q->landed |= (uint8_t)(1u << e);
    if (q->landed == (1u << q->n) - 1)
        q->ready = 1;
}

/* the RSI entries the UNPACR in address setup asked for (unpacker_rle_decode) */
static void fetch_rsi(Unpackers *u, L1 *l1, uint64_t now)
{
    UnpackRsi *q = &u->rsi;
    if (u->setup_thread < 0 || q->ready || !q->n)
        return;
    uint32_t which = TENSIX_GET(UNPACR, UNPACK_BLOCK_SELECTION, u->setup_word);
    for (uint32_t e = 0; e < q->n; e++) {
        if (q->issued >> e & 1)
            continue;
        uint64_t token = UNPACK_TOKEN_RSI | (uint64_t)q->seq << 8 | e;
        BhStatus st = l1_request(l1, which ? L1_UNPACK1 : L1_UNPACK0, q->addr[e] & ~15u, 16, 0,
                                 NULL, token, now);
        if (st == BH_ERR_FULL)
            return;
        q->issued |= (uint8_t)(1u << e);
        u->stats[which].l1_bytes += 16;
        if (st != BH_OK) {
            BH_LOG_GUEST(u->log, "unpacker %u: RSI read at 0x%x (%s): reads zeros", which,
                         q->addr[e], bh_status_name(st));
            rsi_land(q, e, NULL);
        }
    }
}

/* a finished read: its bytes of the run into the job's buffer (zeros if it failed) */
static void land(UnpackJob *j, uint64_t token, const uint8_t *data16)
{
    const UnpackReq *q = &j->req[token];
    if (data16)
        memcpy(&j->buf[q->buf_off], &data16[q->lo], q->hi - q->lo);
    else
        memset(&j->buf[q->buf_off], 0, q->hi - q->lo);
    j->done++;
}

/* Issues this cycle's L1 reads: jobs in queue order, one job a cycle, at its tier's rate. A
 * job starts once every job before it has issued all its reads, unless one of those hands
 * its bank over (FlipSrc, SETDVALID): which bank the next one writes is known only then. */
static void fetch(Unpackers *u, uint32_t which, SrcDst *r, L1 *l1, uint64_t now)
{
    Unpacker *un = &u->u[which];
    for (uint32_t k = 0; k < un->count; k++) {
        uint32_t slot = (un->head + k) % UNPACK_QUEUE;
        UnpackJob *j = &un->q[slot];
        if (j->nop)
            return; /* executes at the head, in order */
        if (j->issued == j->nreqs) {
            if (j->flip)
                return;
            continue;
        }
        if (j->issued == 0 && !bank_ready(j, r)) {
            if (k == 0)
                u->stats[which].bank_wait_cycles++;
            return;
        }
        for (uint32_t n = 0; n < j->tier && j->issued < j->nreqs; n++) {
            BhStatus st = l1_request(l1, which ? L1_UNPACK1 : L1_UNPACK0, j->req[j->issued].addr,
                                     16, 0, NULL, (uint64_t)slot << 16 | j->issued, now);
            if (st == BH_ERR_FULL)
                break;
            if (st != BH_OK) { /* outside L1: the guest's address, reported */
                BH_LOG_GUEST(u->log, "unpacker %u: L1 read at 0x%x (%s): reads zeros", which,
                             j->req[j->issued].addr, bh_status_name(st));
                land(j, j->issued, NULL);
            }
            j->issued++;
            u->stats[which].l1_bytes += 16;
        }
        return;
    }
}

int unpackers_step(Unpackers *u, SrcDst *r, L1 *l1, uint64_t now)
{
    int work = u->setup_thread >= 0;
    if (!work && !u->jobs) /* neither queue's count read: each is a cache line of its own */
        return 0;
    fetch_rsi(u, l1, now);
    for (uint32_t which = 0; which < 2; which++) {
        Unpacker *un = &u->u[which];
        if (!un->count)
            continue;
        work = 1;
        u->stats[which].busy_cycles++;
        UnpackJob *j = &un->q[un->head];
        if (j->nop) {
            if (!bank_ready(j, r)) {
                u->stats[which].bank_wait_cycles++;
                continue;
            }
            finish_nop(j, r);
        } else {
            fetch(u, which, r, l1, now);
            if (j->done < j->nreqs || j->issued < j->nreqs)
                continue;
            if (!j->ready_at) { /* conversion and the register write take a cycle */
                j->ready_at = now + 1;
                continue;
            }
            if (now < j->ready_at)
                continue;
            finish_unpacr(u, j, r);
        }
        un->head = (un->head + 1) % UNPACK_QUEUE;
        un->count--;
        u->jobs--;
    }
    return work;
}

void unpacker_l1_done(Unpackers *u, uint32_t which, uint64_t token, const uint8_t *data16)
{
    if (token & UNPACK_TOKEN_RSI) {
        if ((token >> 8 & 0xFF) == u->rsi.seq && (token & 0xFF) < u->rsi.n && !u->rsi.ready)
            rsi_land(&u->rsi, token & 1, data16);
        return;
    }
    UnpackJob *j = &u->u[which].q[(token >> 16) % UNPACK_QUEUE];
    if (!j->nop && (token & 0xFFFF) < j->nreqs)
        land(j, token & 0xFFFF, data16);
}

int unpacker_busy_thread(const Unpackers *u, uint32_t which, uint32_t thread)
{
    const Unpacker *un = &u->u[which];
    for (uint32_t k = 0; k < un->count; k++)
        if (un->q[(un->head + k) % UNPACK_QUEUE].thread == thread)
            return 1;
    return u->setup_thread == (int8_t)thread && u->setup_word >> 23 == (0x42u << 1 | which);
}

int unpackers_busy(const Unpackers *u)
{
    return u->jobs || u->setup_thread >= 0;
}

int unpackers_blocked_on_banks(const Unpackers *u, const SrcDst *r)
{
    if (u->setup_thread >= 0 || !u->jobs)
        return 0;
    for (uint32_t which = 0; which < 2; which++) {
        const Unpacker *un = &u->u[which];
        if (!un->count)
            continue;
        const UnpackJob *j = &un->q[un->head];
        if ((!j->nop && j->issued) || bank_ready(j, r))
            return 0; /* reading, or free to go on */
    }
    return 1;
}
