// SPDX-License-Identifier: Apache-2.0
/* model/riscv/rv_core_api.c - the core's configuration, creation, memory map and inspection
 * (rv_core.h); the run loop is in rv_core.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/riscv/rv_core_state.h"

RvConfig rv_config_default(void)
{
    RvConfig c;
#define RV_X_DEF(name, def, lo, hi, doc) c.name = def;
    RV_PARAMS(RV_X_DEF)
#undef RV_X_DEF
    return c;
}

BhStatus rv_config_check(const RvConfig *cfg, char *why, size_t why_len)
{
#define RV_X_CHECK(name, def, lo, hi, doc)                                                         \
    if ((uint64_t)cfg->name + 1 < (uint64_t)(lo) + 1 || cfg->name > (uint32_t)(hi)) {              \
        snprintf(why, why_len, "riscv.%s: must be %u..%u, got %u", #name, (uint32_t)(lo),          \
                 (uint32_t)(hi), cfg->name);                                                       \
        return BH_ERR_CONFIG;                                                                      \
    }
    RV_PARAMS(RV_X_CHECK)
#undef RV_X_CHECK
    uint32_t lb = cfg->icache_line_bytes;
    if (lb & (lb - 1)) {
        snprintf(why, why_len, "riscv.icache_line_bytes: must be a power of two, got %u", lb);
        return BH_ERR_CONFIG;
    }
    if (cfg->icache_bytes % lb || (cfg->icache_bytes / lb) > RV_ICACHE_LINES_MAX ||
        ((cfg->icache_bytes / lb) & (cfg->icache_bytes / lb - 1))) {
        snprintf(why, why_len,
                 "riscv.icache_bytes: must be 0 or a power-of-two number (at most %u) of "
                 "%u-byte lines, got %u",
                 RV_ICACHE_LINES_MAX, lb, cfg->icache_bytes);
        return BH_ERR_CONFIG;
    }
    return BH_OK;
}

RvCore *rv_core_create(const RvConfig *cfg, uint32_t id, RvAccessFn access, void *access_ctx)
{
    char why[160];
    if (!cfg || !access || rv_config_check(cfg, why, sizeof why) != BH_OK)
        return NULL;
    RvCore *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->cfg = *cfg;
    c->id = id;
    c->access = access;
    c->access_ctx = access_ctx;
    c->ic_lines = cfg->icache_bytes / cfg->icache_line_bytes;
    while ((1u << c->ic_shift) < cfg->icache_line_bytes)
        c->ic_shift++;
    rv_core_reset(c, 0, 0);
    return c;
}

void rv_core_destroy(RvCore *c)
{
    if (c)
        rv_profile_destroy(c->prof);
    free(c);
}

BhStatus rv_core_map(RvCore *c, const RvRegion *r)
{
    if (c->nregions >= RV_REGIONS_MAX || !r->mem || r->size < 4 ||
        (uint64_t)r->base + r->size > (1ull << 32))
        return BH_ERR_CONFIG;
    for (uint32_t i = 0; i < c->nregions; i++) {
        const RvRegion *o = &c->region[i];
        if ((uint64_t)r->base < (uint64_t)o->base + o->size &&
            (uint64_t)o->base < (uint64_t)r->base + r->size)
            return BH_ERR_CONFIG;
    }
    if ((r->flags & RV_REGION_FETCH) && c->fetch_mem)
        return BH_ERR_CONFIG;
    c->region[c->nregions++] = *r;
    if (r->flags & RV_REGION_FETCH) {
        c->fetch_base = r->base;
        c->fetch_last = r->size - 4;
        c->fetch_mem = r->mem;
    }
    return BH_OK;
}

void rv_core_set_l1(RvCore *c, uint32_t base, uint32_t size)
{
    c->l1_base = base;
    c->l1_size = size;
}

uint32_t rv_core_reg(const RvCore *c, uint32_t r)
{
    return r < 32 ? c->st.x[r] : 0;
}

void rv_core_set_reg(RvCore *c, uint32_t r, uint32_t v)
{
    if (r > 0 && r < 32)
        c->st.x[r] = v;
}

uint64_t rv_core_retry_at(const RvCore *c, uint64_t until, uint64_t *valid_before)
{
    if (c->stop != RV_RUNNING || !c->waiting || c->wait_fresh || c->resume_at == BH_IDLE ||
        c->resume_at > until)
        return BH_IDLE;
    const uint64_t t = c->resume_at > c->cycle ? c->resume_at : c->cycle;
    const uint32_t pc = c->st.pc, off = pc - c->fetch_base;
    if (t >= until || t >= c->sq_deadline || !c->fetch_mem || off > c->fetch_last || (pc & 3) ||
        !c->ic_last_valid || (pc >> c->ic_shift) != c->ic_last)
        return BH_IDLE;
    const RvDecoded *d = &c->pre[(pc >> 2) & (RV_PRE_ENTRIES - 1)];
    const uint8_t *w = c->fetch_mem + off; /* the run's fetch */
    const uint32_t word =
        (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
    if (d->pc != pc || d->word != word)
        return BH_IDLE;
    switch (d->op) {
    case RV_OP_sb:
    case RV_OP_sh:
    case RV_OP_sw:
    case RV_OP_ttinsn0:
    case RV_OP_ttinsn1:
    case RV_OP_ttinsn2:
        break;
    default:
        return BH_IDLE;
    }
    if (c->ready[d->rs1] > t || c->ready[d->rs2] > t || c->ready[d->rd] == RV_PENDING)
        return BH_IDLE;
    int free_slot = 0;
    for (int i = 0; i < RV_LOADS_MAX; i++)
        free_slot |= c->slot[i].kind == RV_SLOT_FREE;
    if (!free_slot || c->last_at > t)
        return BH_IDLE;
    *valid_before = c->sq_deadline;
    return t;
}

void rv_core_refused(RvCore *c, uint32_t cause, uint64_t at)
{
    if (at > c->cycle) {
        c->stats.stall[c->wait_cause] += at - c->cycle;
        rv_prof_stall(c, c->wait_cause, at - c->cycle);
        c->stats.cycles_run += at - c->cycle;
        c->cycle = at;
    }
    if (c->cycle > c->last_at)
        c->last_at = c->cycle;
    c->bus_cause = (uint8_t)cause;
    c->waiting = 1;
    c->wait_fresh = 0;
    c->wait_cause = (uint8_t)cause;
    c->resume_at = BH_IDLE;
}

uint32_t rv_core_pc(const RvCore *c)
{
    return c->st.pc;
}

uint64_t rv_core_cycle(const RvCore *c)
{
    return c->cycle;
}

int rv_core_waiting(const RvCore *c)
{
    return c->waiting;
}

RvStop rv_core_stop(const RvCore *c)
{
    return c->stop;
}

const char *rv_core_why(const RvCore *c)
{
    return c->stop == RV_RUNNING ? "" : c->why;
}

const RvStats *rv_core_stats(const RvCore *c)
{
    return &c->stats;
}

const char *rv_stop_name(RvStop s)
{
    static const char *const names[] = {"running", "ebreak", "ecall", "illegal", "unimp", "fault"};
    return (uint32_t)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

const char *rv_stall_name(uint32_t s)
{
    static const char *const names[] = {
#define RV_X_NAME(name, str) str,
        RV_STALL_TABLE(RV_X_NAME)
#undef RV_X_NAME
    };
    return s < RV_STALLS ? names[s] : "?";
}

#define RV_STAT_ROW(field, key, kind, text) BH_STAT_ROW_(RvStats, field, key, kind, text)
static const BhStat rv_rows[] = {RV_CORE_STATS(RV_STAT_ROW)};
#undef RV_STAT_ROW
const BhStatTable rv_core_stat_table = {"RvStats", "riscv[].cores[]", rv_rows,
                                        BH_ARRAY_LEN(rv_rows)};
