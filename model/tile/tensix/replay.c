// SPDX-License-Identifier: Apache-2.0
#include "model/tile/tensix/replay.h"
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

static uint32_t decode_count(const Replay *r, uint32_t word)
{
    uint32_t len = TENSIX_GET(REPLAY, LEN, word);
    if (len > REPLAY_SLOTS)
        BH_LOG_GUEST(r->log,
                     "replay: REPLAY Count %u > 32 is not supported; using its low 5 bits (%u)",
                     (unsigned)len, (unsigned)(len % REPLAY_SLOTS));
    len %= REPLAY_SLOTS;
    return len ? len : REPLAY_SLOTS;
}

static uint32_t slot(const Replay *r, uint32_t i)
{
    return (r->index + i) % REPLAY_SLOTS;
}

void replay_init(Replay *r, BhLogContext *log)
{
    memset(r, 0, sizeof *r);
    r->log = log;
    r->mode = REPLAY_MODE_PASS;
    r->last_accept = REPLAY_NEVER;
    r->last_emit = REPLAY_NEVER;
}

int replay_can_accept(const Replay *r, uint64_t now)
{
    return r->last_accept != now && !r->has_out && r->mode != REPLAY_MODE_PLAY;
}

BhStatus replay_accept(Replay *r, uint32_t word, uint64_t now)
{
    BH_ASSERT(r->last_emit == REPLAY_NEVER || now > r->last_emit);
    BH_ASSERT(r->last_accept == REPLAY_NEVER || now >= r->last_accept);
    if (!replay_can_accept(r, now))
        return BH_ERR_FULL;
    r->last_accept = now;

    /* 1. Recording: the word is data, whatever its opcode. */
    if (r->mode == REPLAY_MODE_RECORD) {
        r->buf[slot(r, r->pos)] = word;
        r->recorded++;
        if (++r->pos == r->count)
            r->mode = REPLAY_MODE_PASS;
        if (r->exec) {
            r->has_out = 1;
            r->out = word;
            r->passed++;
        }
        return BH_OK;
    }
    /* 2. Anything but REPLAY passes through. */
    if (tensix_op_of(word) != TENSIX_OP_REPLAY) {
        r->has_out = 1;
        r->out = word;
        r->passed++;
        return BH_OK;
    }
    /* 3. A REPLAY starts recording or playback. */
    r->index = TENSIX_GET(REPLAY, START_IDX, word);
    r->count = decode_count(r, word);
    r->pos = 0;
    if (TENSIX_GET(REPLAY, LOAD_MODE, word)) {
        r->mode = REPLAY_MODE_RECORD;
        r->exec = (uint8_t)TENSIX_GET(REPLAY, EXECUTE_WHILE_LOADING, word);
        r->records++;
    } else {
        r->mode = REPLAY_MODE_PLAY;
        r->has_out = 1;
        r->out = r->buf[slot(r, 0)];
        r->plays++;
    }
    return BH_OK;
}

int replay_next(Replay *r, uint64_t now, uint32_t *out_word)
{
    BH_ASSERT(r->last_accept == REPLAY_NEVER || now >= r->last_accept);
    if (!r->has_out || r->last_emit == now)
        return 0;
    BH_ASSERT(r->last_emit == REPLAY_NEVER || now > r->last_emit);
    *out_word = r->out;
    r->has_out = 0;
    r->last_emit = now;
    if (r->mode == REPLAY_MODE_PLAY) {
        r->played++;
        if (++r->pos < r->count) {
            r->has_out = 1;
            r->out = r->buf[slot(r, r->pos)];
        } else {
            r->mode = REPLAY_MODE_PASS;
        }
    }
    return 1;
}

int replay_busy(const Replay *r)
{
    return r->mode != REPLAY_MODE_PASS;
}

uint64_t replay_wake_cycle(const Replay *r, uint64_t now)
{
    if (!r->has_out)
        return BH_IDLE;
    return r->last_emit == now ? now + 1 : now;
}
