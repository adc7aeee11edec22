/* model/common/bh_common.h - status codes, idle marker, logging and assertions shared by all
 * C models.
 *
 * Logging goes through one sink per process so the platform can route guest errors and
 * "not modeled" notes into its console summary and report; models never print directly.
 * BH_ASSERT guards model invariants (a broken one is a bhsim bug, not a guest error) and is
 * always on: the cost is a predictable branch and a silent corruption costs far more.
 */
#ifndef BH_COMMON_H
#define BH_COMMON_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef enum BhStatus {
    BH_OK = 0,
    BH_ERR_ADDR,   /* address not mapped in the target */
    BH_ERR_ACCESS, /* mapped, but this access is not allowed (RO, width, busy) */
    BH_ERR_FULL,   /* a queue or pool is full; retry later */
    BH_ERR_CONFIG, /* configuration rejected; reason in the why buffer */
    BH_ERR_UNSUPPORTED,
} BhStatus;

#define BH_IDLE UINT64_MAX /* step() return value: no work scheduled */

typedef enum BhLogLevel {
    BH_LOG_INFO,
    BH_LOG_GUEST, /* software on the simulated chip did something wrong */
    BH_LOG_UNIMP, /* feature not modeled */
    BH_LOG_ERROR, /* simulation error (deadlock, exhausted resource) */
} BhLogLevel;

typedef void (*BhLogSink)(void *ctx, BhLogLevel level, const char *msg);

/* Where a chip's messages go, how many of each level it logged, and which "once" messages it
 * has already given. Each chip owns one; the platform makes a chip's context current while that
 * chip runs (bh_log_use), the way SystemC makes its simulation context current, so two chips in
 * one process keep their logs and counts apart. Without one, a process-wide default is used
 * (the unit tests). */
#define BH_LOG_ONCE_MAX 64
typedef struct BhLogContext {
    BhLogSink sink; /* NULL: stderr with a "bhsim: <level>: " prefix */
    void *sink_ctx;
    uint64_t counts[BH_LOG_ERROR + 1];
    const char *once[BH_LOG_ONCE_MAX]; /* messages given by BH_LOG_UNIMP_ONCE (by address) */
    uint32_t n_once;
} BhLogContext;

const char *bh_status_name(BhStatus s);
void bh_log_context_init(BhLogContext *lc, BhLogSink sink, void *sink_ctx);
/* makes lc current (NULL: the process default) and returns the context that was */
BhLogContext *bh_log_use(BhLogContext *lc);
void bh_log_set_sink(BhLogSink sink, void *ctx); /* of the current context */
void bh_log(BhLogLevel level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* logs `what` (a string literal) at `level` unless the current context already has */
void bh_log_once(BhLogLevel level, const char *what);
uint64_t bh_log_count(BhLogLevel level);
void bh_assert_fail(const char *cond, const char *file, int line) __attribute__((noreturn));

#define BH_LOG_GUEST(...) bh_log(BH_LOG_GUEST, __VA_ARGS__)
#define BH_LOG_UNIMP_ONCE(what) bh_log_once(BH_LOG_UNIMP, what)
#define BH_ASSERT(cond)                                                                            \
    do {                                                                                           \
        if (!(cond))                                                                               \
            bh_assert_fail(#cond, __FILE__, __LINE__);                                             \
    } while (0)

#define BH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define BH_MIN(a, b) ((a) < (b) ? (a) : (b))
#define BH_MAX(a, b) ((a) > (b) ? (a) : (b))

#ifdef __cplusplus
}
#endif
#endif
