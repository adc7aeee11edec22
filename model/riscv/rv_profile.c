// SPDX-License-Identifier: Apache-2.0
/* model/riscv/rv_profile.c - a core's cycles per PC (rv_profile.h). */
#include <stdlib.h>
#include <string.h>
#include "model/riscv/rv_core_state.h"

RvProfile *rv_profile_create(uint32_t base, uint32_t size)
{
    RvProfile *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base = base;
    p->npages = (uint32_t)(((uint64_t)size / 4 + RV_PROF_PAGE_SLOTS - 1) >> RV_PROF_PAGE_SHIFT);
    return p;
}

void rv_profile_destroy(RvProfile *p)
{
    if (!p)
        return;
    if (p->page)
        for (uint32_t i = 0; i < p->npages; i++)
            free(p->page[i]);
    free(p->page);
    free(p);
}

RvProfEntry *rv_profile_slow(RvProfile *p, uint32_t pc)
{
    const uint32_t off = (pc - p->base) >> 2, pg = off >> RV_PROF_PAGE_SHIFT;
    if (pg >= p->npages)
        return NULL;
    if (!p->page && !(p->page = calloc(p->npages, sizeof *p->page)))
        return NULL;
    if (!p->page[pg] && !(p->page[pg] = calloc(RV_PROF_PAGE_SLOTS, sizeof(RvProfEntry))))
        return NULL;
    return &p->page[pg][off & (RV_PROF_PAGE_SLOTS - 1)];
}

void rv_profile_each(RvProfile *p, uint32_t lo, uint32_t hi, int clear,
                     void (*fn)(void *ctx, uint32_t pc, const RvProfEntry *e), void *ctx)
{
    if (!p || !p->page)
        return;
    for (uint32_t pg = 0; pg < p->npages; pg++) {
        RvProfEntry *page = p->page[pg];
        if (!page)
            continue;
        for (uint32_t i = 0; i < RV_PROF_PAGE_SLOTS; i++) {
            const uint32_t pc = p->base + ((pg << RV_PROF_PAGE_SHIFT) + i) * 4;
            if (pc < lo || pc >= hi || (!rv_prof_cycles(&page[i]) && !page[i].coproc))
                continue;
            fn(ctx, pc, &page[i]);
            if (clear)
                memset(&page[i], 0, sizeof page[i]);
        }
    }
}

RvProfile *rv_core_profile_enable(RvCore *c)
{
    if (!c->prof && c->fetch_mem)
        c->prof = rv_profile_create(c->fetch_base, c->fetch_last + 4);
    return c->prof;
}

RvProfile *rv_core_profile(const RvCore *c)
{
    return c->prof;
}

void rv_core_profile_coproc(RvCore *c)
{
    RvProfEntry *e;
    if (c->prof && (e = rv_profile_at(c->prof, c->st.pc)))
        e->coproc++;
}
