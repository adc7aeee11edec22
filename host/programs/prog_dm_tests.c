// SPDX-License-Identifier: Apache-2.0
/* The dm workload's tests (prog_dm.c says what each does): per test its kernels and their
 * arguments, where its data starts, and which destinations must end up holding the source. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/prog_dm.h"

static int fail(DmRun *d)
{
    return hp_fail(d->r, HP_FAILED, "dm: %s", bh_device_error(d->r->dev));
}

static void span(DmRun *d, const char *what, uint32_t x, uint32_t y, uint32_t addr)
{
    d->spans[d->n_spans++] = (DmSpan){what, x, y, addr};
}

/* ---- dram: BRISC writes n transactions to bank 0, then NCRISC reads them back */
static int dram_setup(DmRun *d, const DmTest *t)
{
    (void)t;
    const uint64_t share = 2ull * d->n * d->size; /* bank 0: input, then output */
    d->bd = bh_buffer_create(d->r->dev, BH_BUFFER_DRAM, share * bh_device_dram_banks(d->r->dev),
                             (uint32_t)share);
    if (!d->bd)
        return fail(d);
    d->in = hp_malloc(d->r, (uint64_t)d->n * d->size);
    d->dram_base = (uint32_t)bh_buffer_address(d->bd);
    bh_device_dram_bank_noc(d->r->dev, 0, &d->dx, &d->dy);
    for (uint64_t i = 0; i < (uint64_t)d->n * d->size; i += 8) {
        const uint64_t v = hp_rand(d->r);
        memcpy(d->in + i, &v, 8);
    }
    const int sem = bh_program_add_semaphore(d->p, &(BhCoreRange){0, 0, 0, 0}, 0);
    const int kw = dm_kernel(d, 0, 0, 0, 0, 0, DM_DRAM_WRITE);
    const int kr = dm_kernel(d, 0, 0, 0, 0, 1, DM_DRAM_READ);
    const uint32_t aw[] = {d->result, d->l1, d->dram_base + d->n * d->size, 0, (uint32_t)sem};
    const uint32_t ar[] = {d->result + 16, d->l1, d->dram_base, 0, (uint32_t)sem};
    if (bh_chip_mem_write(d->r->chip, d->dx, d->dy, d->dram_base, d->in,
                          (uint64_t)d->n * d->size) != BH_CHIP_OK ||
        sem < 0 || !dm_args(d, kw, 0, 0, aw, 5) || !dm_args(d, kr, 0, 0, ar, 5))
        return fail(d);
    span(d, "write", d->mx, d->my, d->result);
    span(d, "read", d->mx, d->my, d->result + 16);
    d->bytes = (double)d->n * d->size, d->receivers = 1;
    return HP_OK;
}

static uint64_t dram_check(DmRun *d)
{
    uint64_t bad = 0;
    for (uint32_t i = 0; i < d->n; i++)
        bad += dm_differs(d, d->dx, d->dy, d->dram_base + (d->n + i) * d->size);
    /* the reader's L1 holds the last transaction it read */
    bad += bh_chip_mem_read(d->r->chip, d->mx, d->my, d->l1, d->got, d->size) != BH_CHIP_OK ||
           memcmp(d->got, d->in + (uint64_t)(d->n - 1) * d->size, d->size) != 0;
    return bad;
}

/* ---- one_to_one, one_from_one, loopback: (0,0) and one peer */
static int pair_setup(DmRun *d, const DmTest *t)
{
    const int read = !strcmp(t->name, "one_from_one"), self = !strcmp(t->name, "loopback");
    if (!self && (d->gc < 2 || d->gr < 2))
        return hp_fail(d->r, HP_USAGE, "workload.dm_test: %s needs logical core (1,1)", t->name);
    d->px = d->mx, d->py = d->my;
    if (!self)
        bh_device_worker_noc(d->r->dev, 1, 1, &d->px, &d->py);
    /* the loopback writes its own second range, as tt-metal's test (dst = src + size) */
    d->remote = self ? d->l1 + d->size : d->l1;
    /* the data starts at the source: the sender's L1, or the peer's for a read */
    if (!dm_put(d, d->px, d->py, d->remote, read ? d->src : d->junk) ||
        (read && !dm_put(d, d->mx, d->my, d->l1, d->junk)))
        return fail(d);
    const int k = dm_kernel(d, 0, 0, 0, 0, read, read ? DM_READ : DM_WRITE);
    const uint32_t a[] = {d->result, d->l1, d->remote, d->px, d->py};
    if (!dm_args(d, k, 0, 0, a, 5))
        return fail(d);
    span(d, read ? "read" : "write", d->mx, d->my, d->result);
    d->bytes = (double)d->n * d->size, d->receivers = 1;
    return HP_OK;
}

static uint64_t pair_check(DmRun *d)
{
    return !strcmp(d->test, "one_from_one") ? dm_differs(d, d->mx, d->my, d->l1)
                                            : dm_differs(d, d->px, d->py, d->remote);
}

/* ---- mcast*: one multicast rectangle from (0,0), without or with the sender */
static int mcast_setup(DmRun *d, const DmTest *t)
{
    d->flags = t->flags;
    const int loopback = (t->flags & DM_LOOPBACK) != 0;
    if (d->cols * d->rows < 2)
        return hp_fail(d->r, HP_USAGE, "workload.grid: %s needs at least 2 cores, got %ux%u",
                       t->name, d->cols, d->rows);
    bh_device_worker_noc(d->r->dev, d->cols - 1, d->rows - 1, &d->px, &d->py);
    d->remote = d->l1 + d->size;
    for (uint32_t y = 0; y < d->rows; y++)
        for (uint32_t x = 0; x < d->cols; x++) {
            uint32_t wx, wy;
            bh_device_worker_noc(d->r->dev, x, y, &wx, &wy);
            if (!dm_put(d, wx, wy, d->remote, d->junk))
                return fail(d);
        }
    d->receivers = d->cols * d->rows - !loopback;
    const int k = dm_kernel(d, 0, 0, 0, 0, 0, DM_MCAST);
    const uint32_t a[] = {d->result, d->l1, d->remote, d->mx, d->my, d->px, d->py, d->receivers};
    if (!dm_args(d, k, 0, 0, a, 8))
        return fail(d);
    span(d, "write", d->mx, d->my, d->result);
    d->bytes = (double)d->n * d->size; /* one receiver's, as tt-metal counts */
    return HP_OK;
}

static uint64_t mcast_check(DmRun *d)
{
    uint64_t bad = 0;
    for (uint32_t y = 0; y < d->rows; y++)
        for (uint32_t x = 0; x < d->cols; x++) {
            uint32_t wx, wy;
            bh_device_worker_noc(d->r->dev, x, y, &wx, &wy);
            if (x || y || (d->flags & DM_LOOPBACK))
                bad += dm_differs(d, wx, wy, d->remote);
        }
    return bad;
}

/* the cores of the workload.grid rectangle at logical (ox, oy), column by column (tt-metal's
 * corerange_to_cores order), (0,0) left out unless `self` */
static int peers(DmRun *d, uint32_t ox, uint32_t oy, int self)
{
    d->n_peers = 0;
    for (uint32_t x = 0; x < d->cols; x++)
        for (uint32_t y = 0; y < d->rows; y++) {
            uint32_t wx, wy;
            if (!self && ox + x == 0 && oy + y == 0)
                continue;
            if (d->n_peers + 4 >= BH_RTA_WORDS)
                return hp_fail(d->r, HP_USAGE, "workload.grid: %s takes at most %u cores", d->test,
                               BH_RTA_WORDS - 4);
            bh_device_worker_noc(d->r->dev, ox + x, oy + y, &wx, &wy);
            d->peers[d->n_peers++] = wx << 16 | wy;
        }
    if (d->n_peers == 0)
        return hp_fail(d->r, HP_USAGE, "workload.grid: %s needs at least 2 cores, got %ux%u",
                       d->test, d->cols, d->rows);
    return HP_OK;
}

/* the one core's (or every core's) runtime arguments: result, local, remote, count, peers */
static int all_args(DmRun *d, int k, uint32_t x, uint32_t y, uint32_t local)
{
    uint32_t a[BH_RTA_WORDS];
    a[0] = d->result, a[1] = local, a[2] = d->remote, a[3] = d->n_peers;
    memcpy(a + 4, d->peers, d->n_peers * sizeof d->peers[0]);
    return dm_args(d, k, x, y, a, 4 + d->n_peers);
}

/* ---- one_to_all[_loopback], one_from_all: (0,0) and every core of a rectangle in turn */
static int to_all_setup(DmRun *d, const DmTest *t)
{
    const int read = !strcmp(t->name, "one_from_all"), loopback = (t->flags & DM_LOOPBACK) != 0;
    const uint32_t o = read; /* one_from_all's rectangle starts at logical (1,1) */
    if (read && (d->cols + 1 > d->gc || d->rows + 1 > d->gr))
        return hp_fail(d->r, HP_USAGE,
                       "workload.grid: one_from_all's %ux%u rectangle at logical (1,1) is "
                       "outside the %ux%u worker grid",
                       d->cols, d->rows, d->gc, d->gr);
    int rc = peers(d, o, o, loopback);
    if (rc != HP_OK)
        return rc;
    /* one_to_all: the source in the sender's L1, junk at every receiver (the sender's own
     * copy, with loopback, to its second range); one_from_all: the source at every core read,
     * junk at the reader (each read overwrites the last) */
    d->remote = loopback ? d->l1 + d->size : d->l1;
    for (uint32_t i = 0; i < d->n_peers; i++)
        if (!dm_put(d, d->peers[i] >> 16, d->peers[i] & 0xffffu, d->remote,
                    read ? d->src : d->junk))
            return fail(d);
    if (read && !dm_put(d, d->mx, d->my, d->l1, d->junk))
        return fail(d);
    const int k = dm_kernel(d, 0, 0, 0, 0, read, read ? DM_READ_ALL : DM_WRITE_ALL);
    if (!all_args(d, k, 0, 0, d->l1))
        return fail(d);
    span(d, read ? "read" : "write", d->mx, d->my, d->result);
    d->receivers = d->n_peers;
    d->bytes = (double)d->n * d->size * d->n_peers; /* every core's, as tt-metal counts */
    return HP_OK;
}

static uint64_t to_all_check(DmRun *d)
{
    if (!strcmp(d->test, "one_from_all"))
        return dm_differs(d, d->mx, d->my, d->l1);
    uint64_t bad = 0;
    for (uint32_t i = 0; i < d->n_peers; i++)
        bad += dm_differs(d, d->peers[i] >> 16, d->peers[i] & 0xffffu, d->remote);
    return bad;
}

/* ---- all_to_all, all_from_all: every core of the rectangle at (0,0) runs the to-all (on
 * BRISC) or from-all (on NCRISC) kernel over the whole rectangle, itself included, every core
 * visiting them in the same order (tt-metal passes every master the same list) */
static int all_setup(DmRun *d, const DmTest *t)
{
    const int read = !strcmp(t->name, "all_from_all");
    int rc = peers(d, 0, 0, 1);
    if (rc != HP_OK)
        return rc;
    if (d->n_peers > DM_MAX_SPANS)
        return hp_fail(d->r, HP_USAGE, "workload.grid: %s takes at most %u cores", t->name,
                       DM_MAX_SPANS);
    /* writers send [0, size) to every core's [size, 2 size); readers read every core's
     * [0, size) into their own [size, 2 size) (tt-metal's master and subordinate buffers) */
    d->remote = read ? d->l1 : d->l1 + d->size;
    const int k =
        dm_kernel(d, 0, 0, d->cols - 1, d->rows - 1, read, read ? DM_READ_ALL : DM_WRITE_ALL);
    if (k < 0)
        return fail(d);
    for (uint32_t x = 0; x < d->cols; x++)
        for (uint32_t y = 0; y < d->rows; y++) {
            uint32_t wx, wy;
            bh_device_worker_noc(d->r->dev, x, y, &wx, &wy);
            if (!dm_put(d, wx, wy, d->l1, d->src) || !dm_put(d, wx, wy, d->l1 + d->size, d->junk) ||
                !all_args(d, k, x, y, read ? d->l1 + d->size : d->l1))
                return fail(d);
            span(d, read ? "read" : "write", wx, wy, d->result);
        }
    d->receivers = d->n_peers;
    d->bytes = (double)d->n * d->size * d->n_peers; /* one core's to or from all */
    return HP_OK;
}

static uint64_t all_check(DmRun *d)
{
    uint64_t bad = 0;
    for (uint32_t i = 0; i < d->n_peers; i++)
        bad += dm_differs(d, d->peers[i] >> 16, d->peers[i] & 0xffffu, d->l1 + d->size);
    return bad;
}

static const DmTest TESTS[] = {
    {"dram", dram_setup, dram_check, 0},
    {"one_to_one", pair_setup, pair_check, 0},
    {"one_from_one", pair_setup, pair_check, 0},
    {"loopback", pair_setup, pair_check, 0},
    {"mcast", mcast_setup, mcast_check, 0},
    {"mcast_linked", mcast_setup, mcast_check, DM_LINKED},
    {"mcast_loopback", mcast_setup, mcast_check, DM_LOOPBACK},
    {"mcast_linked_loopback", mcast_setup, mcast_check, DM_LINKED | DM_LOOPBACK},
    {"one_to_all", to_all_setup, to_all_check, 0},
    {"one_to_all_loopback", to_all_setup, to_all_check, DM_LOOPBACK},
    {"one_from_all", to_all_setup, to_all_check, 0},
    {"all_to_all", all_setup, all_check, 0},
    {"all_from_all", all_setup, all_check, 0},
};

const DmTest *dm_test_find(const char *name)
{
    for (size_t i = 0; i < sizeof TESTS / sizeof TESTS[0]; i++)
        if (!strcmp(TESTS[i].name, name))
            return &TESTS[i];
    return NULL;
}

void dm_free(DmRun *d)
{
    if (d->bd)
        bh_buffer_free(d->r->dev, d->bd);
    free(d->in);
}
