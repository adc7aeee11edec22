// SPDX-License-Identifier: Apache-2.0
/* Accepting UNPACR and UNPACR_NOP: the two-cycle address setup (longer while a compressed
 * tile's RSI entries are read), the IncrementContextCounter and FlushCache forms, and the Src
 * clear values of UNPACR_NOP (UNPACR_Regular.md "Performance", UNPACR_IncrementContextCounter.md,
 * UNPACR_FlushCache.md; tt-llk tt_llk_blackhole/common/inc/ckernel_instr_params.h p_unpacr for
 * the UNPACR_NOP field values). */
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"
#include "model/tile/tensix/unpacker.h"

static int fail(Unpackers *u, uint32_t word, const char *why)
{
    char name[96], msg[sizeof u->error];
    tensix_format(word, name, sizeof name);
    snprintf(msg, sizeof msg, "%.90s: %.100s", name, why);
    memcpy(u->error, msg, sizeof msg);
    u->failed = 1;
    return 1; /* consumed: the run stops on `failed` */
}

/* UNPACR_NOP's Src clear value (Src_ClrVal_Ctrl, Clr_to1_fmt_Ctrl; header) or why not */
static const char *nop_clear_value(const TensixCfg *cfg, uint32_t st, uint32_t which, uint32_t w,
                                   uint32_t *v)
{
    switch (TENSIX_GET(UNPACR_NOP, SRC_CLR_VAL_CTRL, w)) {
    case 0:
        *v = 0;
        return NULL;
    case 1:
        *v = which == 0 ? 0x7FFFFu : 0; /* -inf: all ones, SrcA only */
        return NULL;
    case 2:
        switch (TENSIX_GET(UNPACR_NOP, CLR_TO1_FMT_CTRL, w)) {
        case 0:
            *v = src_from_raw(SRC_FP16, 0x3C00);
            return NULL;
        case 1: /* BF16 and TF32 1.0 share a Src pattern */
            *v = src_from_raw(SRC_BF16, 0x3F80);
            return NULL;
        case 2:
            *v = src_from_raw(SRC_INT8, 1);
            return NULL;
        default:
            return "clear to 1 with Clr_to1_fmt_Ctrl 3 names no format";
        }
    default:
        *v = (which ? TCFG_GET(cfg, st, UNP1_NOP_REG_CLR_VAL_nop_reg_clr_val)
                    : TCFG_GET(cfg, st, UNP0_NOP_REG_CLR_VAL_nop_reg_clr_val)) &
             0x7FFFFu;
        return NULL;
    }
}

int unpacker_try_issue(Unpackers *u, SrcDst *r, AdcFile *adc, TensixCfg *cfg, uint32_t thread,
                       uint32_t word, uint64_t now)
{
    (void)r;
    int is_nop = tensix_opcode(word) == TENSIX_OP_UNPACR_NOP;
    uint32_t which = is_nop ? TENSIX_GET(UNPACR_NOP, UNPACKER_SELECT, word)
                            : TENSIX_GET(UNPACR, UNPACK_BLOCK_SELECTION, word);
    Unpacker *un = &u->u[which];
    if (!is_nop && (TENSIX_GET(UNPACR, SEARCH_CACHE_FLUSH, word) ||
                    TENSIX_GET(UNPACR, CFG_CONTEXT_CNT_INC, word))) {
        /* no address to compute: one cycle, once no other UNPACR is in address setup; the
         * counter is read at the next UNPACR's setup, which follows in the thread's order */
        if (u->setup_thread >= 0)
            return 0;
        if (!TENSIX_GET(UNPACR, SEARCH_CACHE_FLUSH, word))
            unpacker_increment_context(u, cfg, thread, which);
        u->stats[which].instructions++;
        return 1;
    }
    if (!is_nop) {
        /* the two cycles of address setup: begin on the first presentation, accept on the
         * second (a compressed tile's: once its RSI entries are back); meanwhile no other
         * thread may begin one */
        if (u->setup_thread < 0) {
            if (un->count == UNPACK_QUEUE)
                return 0;
            u->setup_thread = (int8_t)thread;
            u->setup_word = word;
            u->setup_until = now + 1;
            return 0;
        }
        if (u->setup_thread != (int8_t)thread || u->setup_word != word || now < u->setup_until ||
            un->count == UNPACK_QUEUE)
            return 0;
    } else if (un->count == UNPACK_QUEUE) {
        return 0;
    }
    UnpackJob *j = &un->q[(un->head + un->count) % UNPACK_QUEUE];
    j->thread = (uint8_t)thread;
    j->which = (uint8_t)which;
    j->nop = (uint8_t)is_nop;
    j->nop_word = word;
    j->issued = j->done = 0;
    j->nreqs = 0;
    j->ready_at = 0;
    if (is_nop) {
        uint32_t pop = TENSIX_GET(UNPACR_NOP, UNPACK_POP, word);
        if (pop == 0 || pop == 3)
            return fail(u, word, "the NoC overlay stream pop forms are not modelled");
        if (pop == 1) {
            const char *why =
                nop_clear_value(cfg, tensix_cfg_state_id(cfg, thread), which, word, &j->clear_val);
            if (why)
                return fail(u, word, why);
        }
        if (TENSIX_GET(UNPACR_NOP, SET_DVALID, word))
            unpacker_reset_src_row(u, cfg, which, thread);
    } else {
        const char *why = NULL;
        if (!unpacker_decode(u, j, adc, cfg, thread, word, &why))
            return 0;
        u->setup_thread = -1;
        u->rsi.n = 0;
        u->rsi.ready = 0;
        if (why)
            return fail(u, word, why);
    }
    un->count++;
    u->jobs++;
    u->stats[which].instructions++;
    return 1;
}
