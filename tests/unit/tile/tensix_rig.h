/* tests/unit/tile/tensix_rig.h - a Tensix coprocessor on the real L1 model, stepped the way the
 * tile shell steps them: the coprocessor issues, L1 arbitrates in the same cycle, completions go
 * back. Shared by the coprocessor unit tests. */
#ifndef BH_TEST_TENSIX_RIG_H
#define BH_TEST_TENSIX_RIG_H
#include <stdio.h>
#include <stdlib.h>
#include "model/tile/tensix/tensix_core.h"
#include "tests/check.h"
#include "tests/test_log.h"

typedef struct Rig {
    L1 l1;
    TensixCore core;
    uint64_t now;
} Rig;

static inline Rig *rig_new(void)
{
    Rig *r = calloc(1, sizeof *r);
    L1Config cfg = l1_config_default();
    CHECK_OK(l1_init(&r->l1, &cfg, &test_log));
    TensixCoreConfig cc = tensix_core_config_default();
    CHECK_OK(tensix_core_init(&r->core, &r->l1, &cc, &test_log));
    return r;
}

static inline void rig_free(Rig *r)
{
    l1_destroy(&r->l1);
    free(r);
}

static inline void tick(Rig *r)
{
    tensix_core_step(&r->core, r->now);
    l1_step(&r->l1, r->now);
    L1Done d[16];
    uint32_t n;
    while ((n = l1_take_done(&r->l1, d, 16)) > 0)
        for (uint32_t i = 0; i < n; i++)
            tensix_core_l1_done(&r->core, &d[i], r->now);
    r->now++;
}

/* pushes a word into `thread`'s instruction FIFO, waiting while it is full */
static inline void rig_push(Rig *r, uint32_t thread, uint32_t word)
{
    for (int i = 0; i < 1000; i++) {
        BhStatus st = tensix_core_mmio_write(&r->core, thread, 0xFFE40000u, word, r->now);
        if (st == BH_OK)
            return;
        CHECK(st == BH_ERR_FULL);
        tick(r);
    }
    CHECK(0);
}

/* runs until the coprocessor and L1 are idle or the run has stopped; returns the cycles taken */
static inline uint64_t rig_drain(Rig *r)
{
    uint64_t t0 = r->now;
    for (int i = 0;
         i < 100000 && !r->core.failed && !(tensix_core_idle(&r->core) && l1_idle(&r->l1)); i++)
        tick(r);
    CHECK(r->core.failed || tensix_core_idle(&r->core));
    return r->now - t0;
}

/* the stop message is empty: a run that stopped says why */
#define CHECK_NO_ERROR(r)                                                                          \
    do {                                                                                           \
        if ((r)->core.error[0])                                                                    \
            fprintf(stderr, "  stopped: %s\n", (r)->core.error);                                   \
        CHECK((r)->core.error[0] == 0);                                                            \
    } while (0)

/* a Config[0] field, in a test whose rig is `r` */
#define SET(name, v) tensix_cfg_set(&r->core.cfg, 0, TCFG_F_##name, (v))

#endif
