// SPDX-License-Identifier: Apache-2.0
/* A log context passes a message repeated in a row on a few times, then once at each power of
 * ten of its count (a guest error every cycle once printed 140,000 identical lines), while
 * counting every one; a different message, or the same text at another level, starts over. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "model/common/bh_common.h"
#include "tests/check.h"

typedef struct Seen {
    int n;
    char last[700];
} Seen;

static void sink(void *ctx, BhLogLevel level, const char *msg)
{
    (void)level;
    Seen *s = ctx;
    s->n++;
    snprintf(s->last, sizeof s->last, "%s", msg);
}

static void test_repeats(void)
{
    Seen seen = {0, ""};
    BhLogContext lc;
    bh_log_context_init(&lc, sink, &seen);
    for (int i = 0; i < 12345; i++)
        bh_log(&lc, BH_LOG_GUEST, "l1: noc0 has no L1 port that can %s", "write");
    CHECK_EQ_U64(bh_log_count(&lc, BH_LOG_GUEST), 12345); /* every one counted */
    /* 3 as they came, then at 10, 100, 1000, 10000 */
    CHECK_EQ_U32(seen.n, BH_LOG_REPEATS_SHOWN + 4);
    CHECK(strstr(seen.last, "the same message 10000 times in a row") != NULL);
    CHECK(strncmp(seen.last, "l1: noc0 has no L1 port that can write", 38) == 0);
    /* another message is passed on; the first again after it is one more of a shape seen
     * 12346 times, held back */
    bh_log(&lc, BH_LOG_GUEST, "something else");
    bh_log(&lc, BH_LOG_GUEST, "l1: noc0 has no L1 port that can write");
    CHECK_EQ_U32(seen.n, BH_LOG_REPEATS_SHOWN + 5);
    CHECK(strcmp(seen.last, "something else") == 0);
    /* the same text at another level is another message, and errors are never held back */
    bh_log(&lc, BH_LOG_ERROR, "l1: noc0 has no L1 port that can write");
    CHECK_EQ_U32(seen.n, BH_LOG_REPEATS_SHOWN + 6);
    CHECK_EQ_U64(bh_log_count(&lc, BH_LOG_GUEST), 12347);
}

/* A flood of guest errors that differ in their addresses, interleaved with another kind (no
 * two alike in a row): each kind is shown 10 times, then at 100, 1000, 10000, 100000. */
static void test_shapes(void)
{
    Seen seen = {0, ""};
    BhLogContext lc;
    bh_log_context_init(&lc, sink, &seen);
    for (uint32_t i = 0; i < 100000; i++) {
        bh_log(&lc, BH_LOG_GUEST, "pcie: TLB %u targets (%u,%u) on NoC0, outside the grid", i % 3,
               17 + i % 2, 12 + i % 12);
        bh_log(&lc, BH_LOG_GUEST, "store to 0x%08x is not modeled", 0xffb12000u + 4 * i);
    }
    CHECK_EQ_U64(bh_log_count(&lc, BH_LOG_GUEST), 200000);
    CHECK_EQ_U32(seen.n, 2 * (BH_LOG_SHAPE_SHOWN + 4));
    CHECK(strstr(seen.last, "100000 messages like this one") != NULL);
    CHECK(strncmp(seen.last, "store to 0xffb73a7c is not modeled", 34) == 0);
    /* words without digits are part of the shape: another text is another shape */
    bh_log(&lc, BH_LOG_GUEST, "load from 0x%08x is not modeled", 0xffb12000u);
    CHECK_EQ_U32(seen.n, 2 * (BH_LOG_SHAPE_SHOWN + 4) + 1);
    /* information is never held back, however alike */
    for (uint32_t i = 0; i < 50; i++)
        bh_log(&lc, BH_LOG_INFO, "core %u done", i);
    CHECK_EQ_U32(seen.n, 2 * (BH_LOG_SHAPE_SHOWN + 4) + 51);
}

int main(void)
{
    RUN(test_repeats);
    RUN(test_shapes);
    return check_failures();
}
