// SPDX-License-Identifier: Apache-2.0
#include "model/common/bh_common.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The context in use: the running chip's, else the process default. A pointer, not state: the
 * counts and once-flags live in each chip's BhLogContext. */
static BhLogContext default_log;
static BhLogContext *current_log = &default_log;

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
    }
    return "?";
}

void bh_log_context_init(BhLogContext *lc, BhLogSink sink, void *sink_ctx)
{
    memset(lc, 0, sizeof *lc);
    lc->sink = sink;
    lc->sink_ctx = sink_ctx;
}

BhLogContext *bh_log_use(BhLogContext *lc)
{
    BhLogContext *was = current_log;
    current_log = lc ? lc : &default_log;
    return was == &default_log ? NULL : was;
}

void bh_log_set_sink(BhLogSink sink, void *ctx)
{
    current_log->sink = sink;
    current_log->sink_ctx = ctx;
}

uint64_t bh_log_count(BhLogLevel level)
{
    return current_log->counts[level];
}

static void emit(BhLogLevel level, const char *msg)
{
    BhLogContext *lc = current_log;
    lc->counts[level]++;
    if (lc->sink) {
        lc->sink(lc->sink_ctx, level, msg);
        return;
    }
    static const char *const prefix[] = {"info", "guest error", "not modeled", "error"};
    fprintf(stderr, "bhsim: %s: %s\n", prefix[level], msg);
}

void bh_log(BhLogLevel level, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    emit(level, msg);
}

void bh_log_once(BhLogLevel level, const char *what)
{
    BhLogContext *lc = current_log;
    for (uint32_t i = 0; i < lc->n_once; i++)
        if (lc->once[i] == what)
            return;
    if (lc->n_once < BH_LOG_ONCE_MAX) /* past the table a message repeats rather than vanishes */
        lc->once[lc->n_once++] = what;
    emit(level, what);
}

void bh_assert_fail(const char *cond, const char *file, int line)
{
    fprintf(stderr, "bhsim: internal error: assertion '%s' failed at %s:%d\n", cond, file, line);
    abort();
}
