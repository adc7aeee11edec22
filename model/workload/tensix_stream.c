// SPDX-License-Identifier: Apache-2.0
#include "model/workload/tensix_stream.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INSTRN_BUF_BASE 0xFFE40000u

BhStatus tensix_stream_init(TensixStream *s, const TensixStreamCore *cores, uint32_t n,
                            const TensixStreamIo *io)
{
    memset(s, 0, sizeof *s);
    s->io = *io;
    s->cores = calloc(n ? n : 1, sizeof *s->cores);
    if (!s->cores)
        return BH_ERR_FULL;
    memcpy(s->cores, cores, n * sizeof *cores);
    s->n_cores = n;
    for (uint32_t i = 0; i < n; i++) {
        s->cores[i].next = 0;
        s->cores[i].ready_at = 0;
        s->cores[i].done = s->cores[i].n == 0;
        s->finished += s->cores[i].done;
    }
    return BH_OK;
}

void tensix_stream_destroy(TensixStream *s)
{
    free(s->cores);
    s->cores = NULL;
}

static void run_core(TensixStream *s, TensixStreamCore *c, uint64_t now)
{
    if (c->done || c->ready_at > now)
        return;
    const TensixStreamItem *it = &c->items[c->next];
    if (it->kind == TS_WAIT) {
        c->ready_at = now + it->value;
    } else {
        uint32_t addr = it->kind == TS_PUSH ? INSTRN_BUF_BASE : it->addr, v = it->value;
        int write = it->kind != TS_LOAD;
        BhStatus st = s->io.access(s->io.ctx, c->node0, c->core, addr, &v, write);
        if (st == BH_ERR_FULL) {
            c->stall_cycles++;
            return; /* the core stalls on its access */
        }
        if (st != BH_OK && !s->failed) {
            snprintf(s->error, sizeof s->error,
                     "tile node %u core %u, line %u: %s 0x%08x failed (%s)", c->node0, c->core,
                     it->line, write ? "store to" : "load from", addr, bh_status_name(st));
            s->failed = 1;
        }
        c->ready_at = now + 1;
    }
    if (++c->next == c->n) {
        c->done = 1;
        c->finished_at = now;
        s->finished++;
    }
}

uint64_t tensix_stream_step(TensixStream *s, uint64_t now)
{
    uint64_t next = BH_IDLE;
    for (uint32_t i = 0; i < s->n_cores; i++) {
        TensixStreamCore *c = &s->cores[i];
        run_core(s, c, now);
        if (!c->done) {
            uint64_t t = c->ready_at > now ? c->ready_at : now + 1;
            next = t < next ? t : next;
        }
    }
    return next;
}

int tensix_stream_idle(const TensixStream *s)
{
    return s->finished == s->n_cores;
}
