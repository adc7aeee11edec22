// SPDX-License-Identifier: Apache-2.0
#include "model/tile/tensix/mop.h"
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

/* MopCfg slots by template (MOPExpander.md "Configuration"). */
enum {
    T0_FLAGS = 1,
    T0_INSN_B = 2,
    T0_INSN_A0 = 3,
    T0_INSN_A1 = 4,
    T0_INSN_A2 = 5,
    T0_INSN_A3 = 6,
    T0_SKIP_A0 = 7,
    T0_SKIP_B = 8,
    T1_OUTER = 0,
    T1_INNER = 1,
    T1_START = 2,
    T1_END0 = 3,
    T1_END1 = 4,
    T1_LOOP = 5,
    T1_LOOP1 = 6,
    T1_LOOP0_LAST = 7,
    T1_LOOP1_LAST = 8,
};

/* Template 1 generator positions: the statement of the functional model to run next. */
enum { MOP_PH_START, MOP_PH_INNER, MOP_PH_END0, MOP_PH_END1 };

static int is_nop(uint32_t word)
{
    return tensix_op_of(word) == TENSIX_OP_NOP;
}

/* Template 0: the words of one iteration, in the functional model's order. */
static unsigned t0_iteration(const Mop *m, uint32_t words[5])
{
    const uint32_t *c = m->snap;
    int has_b = c[T0_FLAGS] & 1, has_a123 = (c[T0_FLAGS] >> 1) & 1;
    unsigned n = 0;
    if ((m->mask & 1) == 0) {
        words[n++] = c[T0_INSN_A0];
        if (has_a123) {
            words[n++] = c[T0_INSN_A1];
            words[n++] = c[T0_INSN_A2];
            words[n++] = c[T0_INSN_A3];
        }
        if (has_b)
            words[n++] = c[T0_INSN_B];
    } else {
        words[n++] = c[T0_SKIP_A0];
        if (has_b)
            words[n++] = c[T0_SKIP_B];
    }
    return n;
}

static int t0_advance(Mop *m, uint32_t *word)
{
    while (m->iter < m->count) {
        uint32_t words[5];
        unsigned n = t0_iteration(m, words);
        if (m->sub < n) {
            *word = words[m->sub++];
            return 1;
        }
        m->sub = 0;
        m->iter++;
        m->mask >>= 1;
    }
    return 0;
}

/* Template 1: run the functional model from the saved position to its next yield. */
static int t1_advance(Mop *m, uint32_t *word)
{
    const uint32_t *c = m->snap;
    for (;;) {
        switch (m->phase) {
        case MOP_PH_START:
            if (m->iter >= m->count)
                return 0;
            m->phase = MOP_PH_INNER;
            m->step = 0;
            if (!is_nop(c[T1_START])) {
                *word = c[T1_START];
                return 1;
            }
            break;
        case MOP_PH_INNER:
            if (m->step < m->inner) {
                if (m->step != m->inner - 1)
                    *word = m->loop_op;
                else if (m->iter != m->count - 1)
                    *word = c[T1_LOOP1_LAST];
                else
                    *word = c[T1_LOOP0_LAST];
                m->loop_op ^= m->flip;
                m->step++;
                return 1;
            }
            m->phase = MOP_PH_END0;
            break;
        case MOP_PH_END0:
            if (!is_nop(c[T1_END0])) {
                m->phase = MOP_PH_END1;
                *word = c[T1_END0];
                return 1;
            }
            m->iter++;
            m->phase = MOP_PH_START;
            break;
        case MOP_PH_END1:
            m->iter++;
            m->phase = MOP_PH_START;
            if (!is_nop(c[T1_END1])) {
                *word = c[T1_END1];
                return 1;
            }
            break;
        default:
            BH_ASSERT(0);
        }
    }
}

/* Load the output register with the expansion's next word; at the end, close the expansion
 * at cycle `now` (its last emission, or its ingest when it emits nothing). */
static void fill(Mop *m, uint64_t now)
{
    uint32_t w;
    int more = m->tmpl == 0 ? t0_advance(m, &w) : t1_advance(m, &w);
    if (more) {
        m->has_out = 1;
        m->out = w;
        return;
    }
    m->expanding = 0;
    m->penalty_at = now + 1;
}

static void start_template0(Mop *m, uint32_t word)
{
    m->tmpl = 0;
    m->mask = (m->mask_hi << 16) | TENSIX_GET(MOP, ZMASK_LO16_OR_LOOP_COUNT, word);
    m->count = TENSIX_GET(MOP, LOOP_COUNT, word) + 1;
    m->iter = 0;
    m->sub = 0;
}

static void start_template1(Mop *m, uint32_t word)
{
    const uint32_t *c = m->snap;
    if (word & 0x7FFFFFu)
        BH_LOG_UNIMP_ONCE(m->log,
                          "mop: template-1 MOP with non-zero bits 22:0 (Blackhole loop-count "
                          "overrides per tt-llk assembly.yaml); ignored, as in the functional "
                          "model");
    m->tmpl = 1;
    if ((c[T1_OUTER] | c[T1_INNER]) > 127) /* a likely script bug; the hardware just masks */
        BH_LOG_GUEST(m->log, "mop: template-1 counts %u x %u are 7-bit fields: expanding %u x %u",
                     c[T1_OUTER], c[T1_INNER], c[T1_OUTER] & 127, c[T1_INNER] & 127);
    m->count = c[T1_OUTER] & 127;
    m->inner = c[T1_INNER] & 127;
    m->loop_op = c[T1_LOOP];
    m->flip = 0;
    if (!is_nop(c[T1_LOOP1])) {
        m->flip = c[T1_LOOP] ^ c[T1_LOOP1];
        m->inner *= 2;
    }
    if (m->count == 1 && is_nop(c[T1_START]) && m->inner == 0 && !is_nop(c[T1_END0]))
        m->count += 128; /* hardware bug, part of the documented behaviour */
    m->iter = 0;
    m->step = 0;
    m->phase = MOP_PH_START;
}

void mop_init(Mop *m, BhLogContext *log)
{
    memset(m, 0, sizeof *m);
    m->log = log;
    m->last_accept = MOP_NEVER;
    m->last_emit = MOP_NEVER;
    m->penalty_at = MOP_NEVER;
}

BhStatus mop_write_cfg(Mop *m, uint32_t idx, uint32_t value)
{
    if (idx >= MOP_CFG_WORDS) {
        BH_LOG_GUEST(m->log, "mop: MopCfg[%u] does not exist (9 words)", (unsigned)idx);
        return BH_ERR_ADDR;
    }
    if (m->expanding)
        BH_LOG_GUEST(m->log, "mop: MopCfg[%u] written during an expansion; applies to the next MOP",
                     (unsigned)idx);
    m->cfg[idx] = value;
    return BH_OK;
}

BhStatus mop_read_cfg(const Mop *m, uint32_t idx, uint32_t *value, int debug)
{
    if (idx >= MOP_CFG_WORDS)
        return BH_ERR_ADDR;
    if (debug) {
        *value = m->cfg[idx];
        return BH_OK;
    }
    BH_LOG_GUEST(m->log, "mop: MopCfg[%u] read (write-only; UndefinedBehavior), reads as 0",
                 (unsigned)idx);
    *value = 0;
    return BH_OK;
}

BhStatus mop_accept(Mop *m, uint32_t word, uint64_t now)
{
    BH_ASSERT(m->last_emit == MOP_NEVER || now > m->last_emit);
    BH_ASSERT(m->last_accept == MOP_NEVER || now >= m->last_accept);
    if (m->last_accept == now || m->has_out || m->expanding)
        return BH_ERR_FULL;
    TensixOp op = tensix_op_of(word);
    if (now == m->penalty_at && op != TENSIX_OP_MOP) {
        m->penalties++;
        return BH_ERR_FULL;
    }
    m->last_accept = now;
    if (op == TENSIX_OP_MOP_CFG) {
        m->mask_hi = TENSIX_GET(MOP_CFG, ZMASK_HI16, word);
        m->mop_cfgs++;
        return BH_OK;
    }
    if (op != TENSIX_OP_MOP) {
        m->has_out = 1;
        m->out = word;
        m->passed++;
        return BH_OK;
    }
    memcpy(m->snap, m->cfg, sizeof m->snap);
    if (TENSIX_GET(MOP, MOP_TYPE, word) == 0)
        start_template0(m, word);
    else
        start_template1(m, word);
    m->expanding = 1;
    m->mops++;
    fill(m, now);
    return BH_OK;
}

int mop_next(Mop *m, uint64_t now, uint32_t *out_word)
{
    BH_ASSERT(m->last_accept == MOP_NEVER || now >= m->last_accept);
    if (!m->has_out || m->last_emit == now)
        return 0;
    BH_ASSERT(m->last_emit == MOP_NEVER || now > m->last_emit);
    *out_word = m->out;
    m->has_out = 0;
    m->last_emit = now;
    if (m->expanding) {
        m->expanded++;
        fill(m, now);
    }
    return 1;
}

int mop_busy(const Mop *m)
{
    return m->expanding;
}

uint64_t mop_wake_cycle(const Mop *m, uint64_t now)
{
    if (m->has_out)
        return m->last_emit == now ? now + 1 : now;
    if (m->penalty_at != MOP_NEVER && now <= m->penalty_at)
        return m->penalty_at + 1;
    return BH_IDLE;
}
