// SPDX-License-Identifier: Apache-2.0
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *bh_status_name(BhStatus s)
{
    switch (s) {
    case BH_OK:
        return "ok";
    case BH_ERR_ADDR:
        return "address error";
    case BH_ERR_ACCESS:
        return "access error";
    case BH_ERR_FULL:
        return "full";
    case BH_ERR_CONFIG:
        return "config error";
    case BH_ERR_UNSUPPORTED:
        return "unsupported";
    case BH_ERR_WIDTH:
        return "width error";
    }
    return "?";
}

void bh_log_context_init(BhLogContext *lc, BhLogSink sink, void *sink_ctx)
{
    memset(lc, 0, sizeof *lc);
    lc->sink = sink;
    lc->sink_ctx = sink_ctx;
}

void bh_log_set_sink(BhLogContext *lc, BhLogSink sink, void *sink_ctx)
{
    lc->sink = sink;
    lc->sink_ctx = sink_ctx;
}

uint64_t bh_log_count(const BhLogContext *lc, BhLogLevel level)
{
    return lc->counts[level];
}

static void pass_on(BhLogContext *lc, BhLogLevel level, const char *msg)
{
    if (lc->sink) {
        lc->sink(lc->sink_ctx, level, msg);
        return;
    }
    static const char *const prefix[] = {"info", "guest error", "not modeled", "error"};
    fprintf(stderr, "bhsim: %s: %s\n", prefix[level], msg);
}

static int power_of_ten(uint64_t n)
{
    while (n >= 10 && n % 10 == 0)
        n /= 10;
    return n == 1;
}

/* FNV-1a over the message with every run of hex digits that holds a decimal digit (an
 * address, a coordinate, a cycle) taken as one '#', and the level */
static uint64_t shape_of(BhLogLevel level, const char *msg)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)level;
    for (const char *p = msg; *p;) {
        const char *q = p;
        int digit = 0;
        while ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f') || (*q >= 'A' && *q <= 'F'))
            digit |= *q >= '0' && *q <= '9', q++;
        if (q == p) {
            h = (h ^ (uint8_t)*p++) * 1099511628211ull;
            continue;
        }
        if (digit)
            h = (h ^ '#') * 1099511628211ull;
        else
            for (; p < q; p++)
                h = (h ^ (uint8_t)*p) * 1099511628211ull;
        p = q;
    }
    return h;
}

/* 0: pass the message on as it is; else the count of its shape to announce (a power of ten),
 * or UINT64_MAX to hold it back */
static uint64_t shape_count(BhLogContext *lc, BhLogLevel level, const char *msg)
{
    if (level != BH_LOG_GUEST && level != BH_LOG_UNIMP)
        return 0;
    const uint64_t h = shape_of(level, msg);
    uint32_t i = 0;
    while (i < lc->n_shapes && lc->shape[i].hash != h)
        i++;
    if (i == lc->n_shapes) {
        if (i == BH_LOG_SHAPES)
            return 0;
        lc->n_shapes++;
        lc->shape[i].hash = h, lc->shape[i].count = 0;
    }
    const uint64_t n = ++lc->shape[i].count;
    return n <= BH_LOG_SHAPE_SHOWN ? 0 : power_of_ten(n) ? n : UINT64_MAX;
}

static void emit(BhLogContext *lc, BhLogLevel level, const char *msg)
{
    BH_ASSERT(lc); /* every block that logs is given its chip's context at init */
    lc->counts[level]++;
    const uint64_t like = shape_count(lc, level, msg);
    if (lc->repeats && lc->last_level == level && !strcmp(lc->last, msg)) {
        const uint64_t n = ++lc->repeats;
        if (n <= BH_LOG_REPEATS_SHOWN) {
            pass_on(lc, level, msg);
        } else if (power_of_ten(n)) { /* flooding: say how much, rarely */
            char note[BH_LOG_MSG_MAX + 96];
            snprintf(note, sizeof note,
                     "%s [the same message %llu times in a row; shown again at each power of "
                     "ten]",
                     msg, (unsigned long long)n);
            pass_on(lc, level, note);
        }
        return;
    }
    snprintf(lc->last, sizeof lc->last, "%s", msg);
    lc->last_level = (uint8_t)level;
    lc->repeats = 1;
    if (like == UINT64_MAX)
        return;
    if (like) {
        char note[BH_LOG_MSG_MAX + 112];
        snprintf(note, sizeof note,
                 "%s [%llu messages like this one (numbers aside) so far; shown again at each "
                 "power of ten]",
                 msg, (unsigned long long)like);
        pass_on(lc, level, note);
        return;
    }
    pass_on(lc, level, msg);
}

void bh_log(BhLogContext *lc, BhLogLevel level, const char *fmt, ...)
{
    char msg[BH_LOG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    emit(lc, level, msg);
}

void bh_log_once(BhLogContext *lc, BhLogLevel level, const char *what)
{
    BH_ASSERT(lc);
    for (uint32_t i = 0; i < lc->n_once; i++)
        if (lc->once[i] == what)
            return;
    if (lc->n_once < BH_LOG_ONCE_MAX) /* past the table a message repeats rather than vanishes */
        lc->once[lc->n_once++] = what;
    emit(lc, level, what);
}

void bh_assert_fail(const char *cond, const char *file, int line)
{
    fprintf(stderr, "bhsim: internal error: assertion '%s' failed at %s:%d\n", cond, file, line);
    abort();
}

const char *bh_stat_kind_name(uint8_t kind)
{
    return kind == BH_STAT_CYCLES        ? "cycles"
           : kind == BH_STAT_BYTES       ? "bytes"
           : kind == BH_STAT_PICOSECONDS ? "ps (reported in us)"
                                         : "count";
}
