/* tests/unit/riscv/test_rv_profile.c - the core's profile (rv_profile.h): pages allocated on a
 * PC's first count, PCs outside the region refused, and a program's per-PC cycles (retired
 * instructions + stall cycles by cause) totalling the core's cycles_run exactly. */
#include <stdlib.h>
#include <string.h>
#include "tests/unit/riscv/rv_tb.h"
#include "model/riscv/rv_profile.h"

static void test_pages_lazy(void)
{
    RvProfile *p = rv_profile_create(0x10000, 0x8000);
    CHECK(p && p->npages == 0x8000 / 4 / RV_PROF_PAGE_SLOTS && !p->page);
    CHECK(rv_profile_at(p, 0x18000) == NULL); /* one past the region */
    CHECK(rv_profile_at(p, 0x0fffc) == NULL); /* below it */
    RvProfEntry *e = rv_profile_at(p, 0x10404);
    CHECK(e != NULL && p->page && p->page[1] && !p->page[0]);
    e->insns = 3;
    e->stall[RV_STALL_FETCH] = 2;
    CHECK_EQ_U64(rv_prof_cycles(rv_profile_at(p, 0x10404)), 5);
    rv_profile_destroy(p);
}

static uint64_t sum_cycles;
static uint32_t n_pcs;
static void add(void *ctx, uint32_t pc, const RvProfEntry *e)
{
    (void)ctx, (void)pc;
    sum_cycles += rv_prof_cycles(e);
    n_pcs++;
}

static void test_cycles_total(void)
{
    Tb *t = tb_new();
    /* a loop of 50 iterations with a divide and a load from L1 (bus, stalls) */
    const uint32_t prog[] = {
        enc_i(50, 0, 0, 5, 0x13),    /* addi t0, x0, 50 */
        enc_u(TB_L1 >> 12, 6, 0x37), /* lui t1, L1 */
        enc_i(0, 6, 2, 7, 0x03),     /* lw t2, 0(t1) */
        enc_r(1, 5, 7, 4, 7, 0x33),  /* div t2, t2, t0 */
        enc_i(-1, 5, 0, 5, 0x13),    /* addi t0, t0, -1 */
        enc_b(-12, 0, 5, 1),         /* bne t0, x0, -12 */
    };
    tb_load(t, prog, sizeof prog / sizeof prog[0]);
    CHECK(rv_core_profile(t->c) == NULL);
    RvProfile *p = rv_core_profile_enable(t->c);
    CHECK(p != NULL && rv_core_profile_enable(t->c) == p);
    CHECK(tb_run(t) == RV_RUN_STOPPED);
    sum_cycles = 0, n_pcs = 0;
    rv_profile_each(p, 0, UINT32_MAX, 0, add, NULL);
    const RvStats *s = rv_core_stats(t->c);
    CHECK_EQ_U64(sum_cycles, s->cycles_run);
    CHECK(n_pcs >= 6);
    CHECK_EQ_U64(rv_profile_at(p, 8)->insns, 50);    /* the load ran 50 times */
    rv_profile_each(p, 0, UINT32_MAX, 1, add, NULL); /* clear */
    sum_cycles = 0;
    rv_profile_each(p, 0, UINT32_MAX, 0, add, NULL);
    CHECK_EQ_U64(sum_cycles, 0);
    tb_free(t); /* frees the profile */
}

int main(void)
{
    RUN(test_pages_lazy);
    RUN(test_cycles_total);
    return check_failures();
}
