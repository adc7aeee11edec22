/* tests/unit/tile/tensix_rig.h - a Tensix coprocessor on the real L1 model, stepped the way the
 * tile shell steps them: the coprocessor issues, L1 arbitrates in the same cycle, completions go
 * back. Shared by the coprocessor unit tests. */
#ifndef BH_TEST_TENSIX_RIG_H
#define BH_TEST_TENSIX_RIG_H
#include <stdlib.h>
#include "model/tile/tensix_core.h"
#include "tests/check.h"

typedef struct Rig {
    L1 l1;
    TensixCore core;
    uint64_t now;
} Rig;

static inline Rig *rig_new(void)
{
    Rig *r = calloc(1, sizeof *r);
    L1Config cfg = l1_config_default();
    CHECK_OK(l1_init(&r->l1, &cfg));
    CHECK_OK(tensix_core_init(&r->core, &r->l1));
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

#endif
