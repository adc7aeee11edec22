/* tests/unit/tile/test_mailbox.c - the mailboxes between B, T0, T1, T2 alone (mailbox.h), as
 * Mailboxes.md describes them: window i names core i; a write pushes onto "me to i", a read
 * pops "i to me" (offset bit 2: "not empty?"); 4 values per FIFO and 4 per writer in all;
 * full and empty answer "retry"; NCRISC has none. */
#include <string.h>
#include "model/tile/mailbox.h"
#include "model/tile/tile_map.h"
#include "tests/check.h"
#include "tests/test_log.h"

static const uint32_t core_of[MAILBOX_CORES] = {TILE_BRISC, TILE_TRISC0, TILE_TRISC1, TILE_TRISC2};

static uint32_t pop(Mailboxes *m, uint32_t core, uint32_t window, BhStatus *st)
{
    uint32_t v = 0xDEADBEEF;
    *st = mailbox_read(m, core, window, 0, &v, 0);
    return v;
}

static uint32_t not_empty(Mailboxes *m, uint32_t core, uint32_t window)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_OK(mailbox_read(m, core, window, MAILBOX_STATUS_BIT, &v, 0));
    return v;
}

static void test_index(void)
{
    for (uint32_t i = 0; i < MAILBOX_CORES; i++)
        CHECK_EQ_U32(mailbox_index(core_of[i]), i);
    CHECK(mailbox_index(TILE_NCRISC) < 0 && mailbox_index(TILE_NOC) < 0);
    CHECK(strcmp(mailbox_index_name(2), "trisc1") == 0);
}

/* every (writer, reader) pair, own included: the value arrives only where the table says */
static void test_every_pair(void)
{
    Mailboxes m;
    mailbox_init(&m, &test_log);
    for (uint32_t w = 0; w < MAILBOX_CORES; w++)
        for (uint32_t r = 0; r < MAILBOX_CORES; r++) {
            const uint32_t val = 0x100 * w + r;
            CHECK_OK(mailbox_write(&m, core_of[w], r, 0, val, 0));
            CHECK(m.changed);
            m.changed = 0;
            CHECK_EQ_U32(mailbox_count(&m, w, r), 1);
            for (uint32_t c = 0; c < MAILBOX_CORES; c++)
                for (uint32_t k = 0; k < MAILBOX_CORES; k++)
                    CHECK_EQ_U32(not_empty(&m, core_of[c], k), c == r && k == w);
            CHECK(!m.changed); /* status reads change nothing */
            BhStatus st;
            CHECK_EQ_U32(pop(&m, core_of[r], w, &st), val);
            CHECK_OK(st);
            CHECK(m.changed);
            m.changed = 0;
            CHECK_EQ_U32(not_empty(&m, core_of[r], w), 0);
        }
    CHECK_EQ_U64(m.pushes, 16);
    CHECK_EQ_U64(m.pops, 16);
}

/* FIFO order; a fifth push waits; a pop from empty waits; the waits change nothing */
static void test_fifo_full_empty(void)
{
    Mailboxes m;
    mailbox_init(&m, &test_log);
    BhStatus st;
    const uint32_t b = TILE_BRISC, t0 = TILE_TRISC0;
    for (uint32_t i = 0; i < MAILBOX_DEPTH; i++)
        CHECK_OK(mailbox_write(&m, b, 1, 0x40 * i, 10 + i, 0)); /* any offset pushes */
    m.changed = 0;
    CHECK_EQ_U32(mailbox_write(&m, b, 1, 0, 99, 0), BH_ERR_FULL);
    CHECK(!m.changed && m.push_waits == 1);
    CHECK_EQ_U32(mailbox_count(&m, 0, 1), MAILBOX_DEPTH);
    CHECK_EQ_U32(pop(&m, t0, 0, &st), 10);
    CHECK_OK(mailbox_write(&m, b, 1, 0, 14, 0)); /* room again */
    for (uint32_t i = 1; i <= 4; i++) {
        CHECK_EQ_U32(pop(&m, t0, 0, &st), 10 + i);
        CHECK_OK(st);
    }
    m.changed = 0;
    CHECK_EQ_U32(pop(&m, t0, 0, &st), 0xDEADBEEF); /* empty: retry, value untouched */
    CHECK_EQ_U32(st, BH_ERR_FULL);
    CHECK(!m.changed && m.pop_waits == 1);
    /* reading "B to T0" from B is another FIFO: T0 to B, empty */
    CHECK_OK(mailbox_write(&m, b, 1, 0, 7, 0));
    pop(&m, b, 1, &st);
    CHECK_EQ_U32(st, BH_ERR_FULL);
    CHECK_EQ_U32(pop(&m, t0, 0, &st), 7);
}

/* the four FIFOs one core writes hold four values together; other writers are not limited */
static void test_writer_limit(void)
{
    Mailboxes m;
    mailbox_init(&m, &test_log);
    BhStatus st;
    const uint32_t t1 = TILE_TRISC1;
    for (uint32_t r = 0; r < MAILBOX_CORES; r++)
        CHECK_OK(mailbox_write(&m, t1, r, 0, r, 0)); /* one in each */
    for (uint32_t r = 0; r < MAILBOX_CORES; r++)
        CHECK_EQ_U32(mailbox_write(&m, t1, r, 0, 9, 0), BH_ERR_FULL);
    CHECK_OK(mailbox_write(&m, TILE_TRISC2, 1, 0, 5, 0)); /* T2's own budget */
    CHECK_EQ_U32(pop(&m, TILE_BRISC, 2, &st), 0);         /* T1 -> B frees one */
    CHECK_OK(mailbox_write(&m, t1, 3, 0, 33, 0));
    CHECK_EQ_U32(pop(&m, TILE_TRISC2, 2, &st), 3);
    CHECK_EQ_U32(pop(&m, TILE_TRISC2, 2, &st), 33);
    CHECK_EQ_U32(pop(&m, TILE_TRISC0, 3, &st), 5);
    CHECK_EQ_U32(m.held[2], 2); /* T1 -> T0 and T1 -> T1 remain */
}

/* debug: peek without popping, no pushes */
static void test_debug(void)
{
    Mailboxes m;
    mailbox_init(&m, &test_log);
    uint32_t v = 1;
    CHECK_OK(mailbox_read(&m, TILE_TRISC0, 3, 0, &v, 1));
    CHECK_EQ_U32(v, 0); /* empty */
    CHECK_EQ_U32(mailbox_write(&m, TILE_TRISC2, 1, 0, 3, 1), BH_ERR_UNSUPPORTED);
    CHECK_OK(mailbox_write(&m, TILE_TRISC2, 1, 0, 3, 0));
    m.changed = 0;
    CHECK_OK(mailbox_read(&m, TILE_TRISC0, 3, 0, &v, 1));
    CHECK_EQ_U32(v, 3);
    CHECK(!m.changed && mailbox_count(&m, 3, 1) == 1);
}

/* what a core may not do: guest errors, state unchanged */
static void test_bad_accesses(void)
{
    Mailboxes m;
    mailbox_init(&m, &test_log);
    uint32_t v = 0;
    const uint64_t guest = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_EQ_U32(mailbox_write(&m, TILE_NCRISC, 0, 0, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(mailbox_read(&m, TILE_NCRISC, 1, 4, &v, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(mailbox_write(&m, TILE_NOC, 0, 0, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(mailbox_write(&m, TILE_BRISC, 4, 0, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(mailbox_read(&m, TILE_BRISC, 0, MAILBOX_WINDOW_BYTES, &v, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(mailbox_write(&m, TILE_BRISC, 1, 2, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(mailbox_read(&m, TILE_TRISC0, 0, 0x6, &v, 0), BH_ERR_ACCESS);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 7);
    CHECK_OK(mailbox_write(&m, TILE_BRISC, 1, MAILBOX_WINDOW_BYTES - 4, 1, 0)); /* last word */
    CHECK_EQ_U64(m.pushes, 1);
    CHECK(!m.push_waits && !m.pop_waits && !m.pops);
}

int main(void)
{
    RUN(test_index);
    RUN(test_every_pair);
    RUN(test_fifo_full_empty);
    RUN(test_writer_limit);
    RUN(test_debug);
    RUN(test_bad_accesses);
    return check_failures();
}
