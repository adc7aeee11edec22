// SPDX-License-Identifier: Apache-2.0
/* A log context passes a message repeated in a row on a few times, then once at each power of
 * ten of its count (a guest error every cycle once printed 140,000 identical lines), while
 * counting every one; a different message, or the same text at another level, starts over. */
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
    /* another message is passed on, and so is the first again after it */
    bh_log(&lc, BH_LOG_GUEST, "something else");
    bh_log(&lc, BH_LOG_GUEST, "l1: noc0 has no L1 port that can write");
    CHECK_EQ_U32(seen.n, BH_LOG_REPEATS_SHOWN + 6);
    CHECK(strcmp(seen.last, "l1: noc0 has no L1 port that can write") == 0);
    /* the same text at another level is another message */
    bh_log(&lc, BH_LOG_ERROR, "l1: noc0 has no L1 port that can write");
    CHECK_EQ_U32(seen.n, BH_LOG_REPEATS_SHOWN + 7);
}

int main(void)
{
    RUN(test_repeats);
    return check_failures();
}
