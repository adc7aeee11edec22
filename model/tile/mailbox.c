// SPDX-License-Identifier: Apache-2.0
/* The mailboxes between B, T0, T1, T2: decode of a window access into (writer, reader) and the
 * FIFOs' push, pop and "not empty?" (mailbox.h). */
#include "model/tile/mailbox.h"
#include <string.h>
#include "model/tile/tile_map.h"

static const char *const index_name[MAILBOX_CORES] = {"brisc", "trisc0", "trisc1", "trisc2"};

void mailbox_init(Mailboxes *m, BhLogContext *log)
{
    memset(m, 0, sizeof *m);
    m->log = log;
}

int mailbox_index(uint32_t core)
{
    switch (core) {
    case TILE_BRISC:
        return 0;
    case TILE_TRISC0:
        return 1;
    case TILE_TRISC1:
        return 2;
    case TILE_TRISC2:
        return 3;
    default:
        return -1;
    }
}

/* The checks common to both directions; the accessing core's mailbox index in *self. */
static BhStatus decode(const Mailboxes *m, uint32_t core, uint32_t window, uint32_t off, int write,
                       int *self)
{
    const char *what = write ? "write to" : "read from";
    *self = mailbox_index(core);
    if (window >= MAILBOX_CORES || off >= MAILBOX_WINDOW_BYTES) {
        BH_LOG_GUEST(m->log, "mailbox: %s window %u offset 0x%x, outside the mailboxes", what,
                     window, off);
        return BH_ERR_ADDR;
    }
    if (*self < 0) {
        BH_LOG_GUEST(m->log, "mailbox: %s MAILBOX%u by %s, which has no mailboxes", what, window,
                     tile_core_name(core));
        return BH_ERR_ACCESS;
    }
    if (off & 3u) {
        BH_LOG_GUEST(m->log, "mailbox: %s MAILBOX%u offset 0x%x by %s is not 32-bit aligned", what,
                     window, off, tile_core_name(core));
        return BH_ERR_ACCESS;
    }
    return BH_OK;
}

BhStatus mailbox_write(Mailboxes *m, uint32_t core, uint32_t window, uint32_t off, uint32_t val,
                       int debug)
{
    int self;
    BhStatus st = decode(m, core, window, off, 1, &self);
    if (st != BH_OK)
        return st;
    if (debug)
        return BH_ERR_UNSUPPORTED; /* a push is a side effect */
    MailboxFifo *f = &m->fifo[self][window];
    if (f->count >= MAILBOX_DEPTH || m->held[self] >= MAILBOX_WRITER_LIMIT) {
        m->push_waits++;
        return BH_ERR_FULL;
    }
    f->v[(f->head + f->count) % MAILBOX_DEPTH] = val;
    f->count++;
    m->held[self]++;
    m->pushes++;
    m->changed = 1;
    return BH_OK;
}

BhStatus mailbox_read(Mailboxes *m, uint32_t core, uint32_t window, uint32_t off, uint32_t *val,
                      int debug)
{
    int self;
    BhStatus st = decode(m, core, window, off, 0, &self);
    if (st != BH_OK)
        return st;
    MailboxFifo *f = &m->fifo[window][self];
    if (off & MAILBOX_STATUS_BIT) {
        *val = f->count != 0;
        return BH_OK;
    }
    if (debug) { /* peek */
        *val = f->count ? f->v[f->head] : 0;
        return BH_OK;
    }
    if (f->count == 0) {
        m->pop_waits++;
        return BH_ERR_FULL;
    }
    *val = f->v[f->head];
    f->head = (uint8_t)((f->head + 1) % MAILBOX_DEPTH);
    f->count--;
    BH_ASSERT(m->held[window] > 0);
    m->held[window]--;
    m->pops++;
    m->changed = 1;
    return BH_OK;
}

uint32_t mailbox_count(const Mailboxes *m, uint32_t from, uint32_t to)
{
    return from < MAILBOX_CORES && to < MAILBOX_CORES ? m->fifo[from][to].count : 0;
}

const char *mailbox_index_name(uint32_t index)
{
    return index < MAILBOX_CORES ? index_name[index] : "?";
}
