/* model/riscv/rv_profile.h - a core's cycles per PC (--profile, output.profile): instructions
 * retired, stall cycles by cause (RvStall) and coprocessor instructions pushed, per 4-byte PC
 * of the fetch region. Observation only: a core counts into its profile only when one is
 * attached (rv_core_set_profile), and nothing it counts changes what the core does.
 *
 * Layout: pages of RV_PROF_PAGE_SLOTS PCs, allocated on a PC's first count (a kernel touches a
 * few KiB of a 1.5 MiB L1); the page table is allocated at the first count too. Per PC,
 * insns + sum(stall) are the cycles charged there, so over a core's profile they total its
 * stats.cycles_run exactly (rv_core.c's accounting). A poll loop the core sleeps on
 * (rv_core_poll_skip) is charged to the loop's head PC.
 */
#ifndef BH_RV_PROFILE_H
#define BH_RV_PROFILE_H
#include <stdint.h>
#include "model/riscv/rv_core.h"
#ifdef __cplusplus
extern "C" {
#endif

#define RV_PROF_PAGE_SHIFT 8u
#define RV_PROF_PAGE_SLOTS (1u << RV_PROF_PAGE_SHIFT)

typedef struct RvProfEntry {
    uint64_t insns;            /* instructions retired at this PC (one cycle each) */
    uint64_t stall[RV_STALLS]; /* stall cycles charged here, by RvStall */
    uint64_t coproc;           /* Tensix instructions pushed from here (TRISCs) */
} RvProfEntry;

typedef struct RvProfile {
    uint32_t base;      /* first PC (the fetch region's base) */
    uint32_t npages;    /* pages covering the region */
    RvProfEntry **page; /* NULL until the first count; then npages pointers, NULL untouched */
} RvProfile;

/* A profile of the PCs [base, base + size). */
RvProfile *rv_profile_create(uint32_t base, uint32_t size);
void rv_profile_destroy(RvProfile *p);
/* The entry of pc, allocated on first use; NULL outside the region or if memory ran out. */
RvProfEntry *rv_profile_slow(RvProfile *p, uint32_t pc);
static inline RvProfEntry *rv_profile_at(RvProfile *p, uint32_t pc)
{
    const uint32_t off = (pc - p->base) >> 2, pg = off >> RV_PROF_PAGE_SHIFT;
    if (p->page && pg < p->npages && p->page[pg])
        return &p->page[pg][off & (RV_PROF_PAGE_SLOTS - 1)];
    return rv_profile_slow(p, pc);
}
static inline uint64_t rv_prof_cycles(const RvProfEntry *e)
{
    uint64_t n = e->insns;
    for (uint32_t s = 0; s < RV_STALLS; s++)
        n += e->stall[s];
    return n;
}
/* Calls fn for every PC in [lo, hi) with a count, in PC order; with clear, zeroes them after. */
void rv_profile_each(RvProfile *p, uint32_t lo, uint32_t hi, int clear,
                     void (*fn)(void *ctx, uint32_t pc, const RvProfEntry *e), void *ctx);

/* The core counts into a profile of its fetch region from now on (the core owns it and frees
 * it in rv_core_destroy); returns it, or NULL without a fetch region or memory. Idempotent. */
RvProfile *rv_core_profile_enable(RvCore *c);
RvProfile *rv_core_profile(const RvCore *c); /* NULL when profiling is off */
/* The core's current instruction pushed one coprocessor instruction (a bus callback). */
void rv_core_profile_coproc(RvCore *c);

#ifdef __cplusplus
}
#endif
#endif
