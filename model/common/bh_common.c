// SPDX-License-Identifier: Apache-2.0
#include "model/common/bh_common.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The log sink is process-wide configuration set once by the platform before elaboration,
 * not model state; the per-level counters feed the report. */
static BhLogSink log_sink;
static void *log_ctx;
static uint64_t log_counts[BH_LOG_ERROR + 1];

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

void bh_log_set_sink(BhLogSink sink, void *ctx)
{
    log_sink = sink;
    log_ctx = ctx;
}

uint64_t bh_log_count(BhLogLevel level)
{
    return log_counts[level];
}

void bh_log(BhLogLevel level, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_counts[level]++;
    if (log_sink) {
        log_sink(log_ctx, level, msg);
        return;
    }
    static const char *const prefix[] = {"info", "guest error", "not modeled", "error"};
    fprintf(stderr, "bhsim: %s: %s\n", prefix[level], msg);
}

void bh_assert_fail(const char *cond, const char *file, int line)
{
    fprintf(stderr, "bhsim: internal error: assertion '%s' failed at %s:%d\n", cond, file, line);
    abort();
}
