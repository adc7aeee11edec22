/* tests/fuzz/fuzz_rig.h - a Tensix coprocessor on the real L1 model for the fuzz harnesses,
 * stepped as the tile shell steps them (the coprocessor issues, L1 arbitrates in the same
 * cycle, completions go back). Unlike tests/unit/tile/tensix_rig.h it never checks: the
 * harness decides what is a finding. A stuck thread stops the core after a short deadlock
 * timeout instead of spinning to the harness's cycle bound. */
#ifndef BH_FUZZ_RIG_H
#define BH_FUZZ_RIG_H
#include <stdio.h>
#include <stdlib.h>
#include "model/tile/tensix/tensix_core.h"
#include "tests/test_log.h"

#define FUZZ_RIG_DEADLOCK_CYCLES 2000

typedef struct FuzzRig {
    L1 l1;
    TensixCore core;
    uint64_t now;
} FuzzRig;

static inline FuzzRig *fuzz_rig_new(void)
{
    FuzzRig *r = (FuzzRig *)calloc(1, sizeof *r);
    L1Config cfg = l1_config_default();
    TensixCoreConfig cc = tensix_core_config_default();
    if (!r || l1_init(&r->l1, &cfg, &test_log) != BH_OK ||
        tensix_core_init(&r->core, &r->l1, &cc, &test_log) != BH_OK) {
        fprintf(stderr, "fuzz_rig: init failed\n");
        abort();
    }
    r->core.deadlock_cycles = FUZZ_RIG_DEADLOCK_CYCLES;
    return r;
}

static inline void fuzz_rig_free(FuzzRig *r)
{
    l1_destroy(&r->l1);
    free(r);
}

static inline void fuzz_rig_tick(FuzzRig *r)
{
    L1Done d[16];
    uint32_t n;
    tensix_core_step(&r->core, r->now);
    l1_step(&r->l1, r->now);
    while ((n = l1_take_done(&r->l1, d, 16)) > 0)
        for (uint32_t i = 0; i < n; i++)
            tensix_core_l1_done(&r->core, &d[i], r->now);
    r->now++;
}

static inline int fuzz_rig_quiet(const FuzzRig *r)
{
    return r->core.failed || (tensix_core_idle(&r->core) && l1_idle(&r->l1));
}

/* A stopped core must say why; a message without a stop is a model bug too. */
static inline void fuzz_rig_check(const FuzzRig *r, const char *who)
{
    if ((r->core.failed != 0) != (r->core.error[0] != 0)) {
        fprintf(stderr, "%s: failed=%u but error \"%s\"\n", who, r->core.failed, r->core.error);
        abort();
    }
}

#endif
