/* model/common/bh_common.h - status codes, idle marker, logging and assertions shared by all
 * C models.
 *
 * Logging goes through the chip's log context (BhLogContext), whose sink the platform routes
 * into its console summary and report; models never print directly.
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
    BH_ERR_WIDTH, /* mapped, but the target does not take accesses of this size */
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
 * has already given. Each chip owns one and hands it to its blocks at their init; every block
 * that logs keeps the pointer in its state (units inside the Tensix coprocessor get it from the
 * core) and names it in every log call, so two chips in one process keep their logs and counts
 * apart. There is no process-wide or current context: a unit test that makes a block without a
 * chip gives it a context of its own. */
#define BH_LOG_ONCE_MAX 64
#define BH_LOG_MSG_MAX 512
#define BH_LOG_REPEATS_SHOWN 3
#define BH_LOG_SHAPE_SHOWN 10
#define BH_LOG_SHAPES 64
typedef struct BhLogContext {
    BhLogSink sink; /* NULL: stderr with a "bhsim: <level>: " prefix */
    void *sink_ctx;
    uint64_t counts[BH_LOG_ERROR + 1];
    const char *once[BH_LOG_ONCE_MAX]; /* messages given by BH_LOG_UNIMP_ONCE (by address) */
    uint32_t n_once;
    /* A message repeated in a row (a guest error every cycle) is passed on BH_LOG_REPEATS_SHOWN
     * times, then once at each power of ten of its count; every one is counted. */
    char last[BH_LOG_MSG_MAX];
    uint8_t last_level;
    uint64_t repeats; /* times `last` came in a row */
    /* Guest errors and not-modeled notes that differ only in their numbers (a flood of bus
     * faults at ever new addresses, interleaved with others) are one "shape": each shape is
     * passed on BH_LOG_SHAPE_SHOWN times, then once at each power of ten of its count. The
     * table is small; a shape past it is always passed on (nothing vanishes unannounced). */
    struct {
        uint64_t hash, count;
    } shape[BH_LOG_SHAPES];
    uint32_t n_shapes;
} BhLogContext;

const char *bh_status_name(BhStatus s);
/* empty counts and once-flags; sink NULL: stderr. A zero-initialised context is the same. */
void bh_log_context_init(BhLogContext *lc, BhLogSink sink, void *sink_ctx);
void bh_log_set_sink(BhLogContext *lc, BhLogSink sink, void *sink_ctx);
void bh_log(BhLogContext *lc, BhLogLevel level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* logs `what` (a string literal) at `level` unless lc already has */
void bh_log_once(BhLogContext *lc, BhLogLevel level, const char *what);
uint64_t bh_log_count(const BhLogContext *lc, BhLogLevel level);
void bh_assert_fail(const char *cond, const char *file, int line) __attribute__((noreturn));

/* lc: the block's BhLogContext * */
#define BH_LOG_GUEST(lc, ...) bh_log((lc), BH_LOG_GUEST, __VA_ARGS__)
#define BH_LOG_UNIMP_ONCE(lc, what) bh_log_once((lc), BH_LOG_UNIMP, what)
#define BH_ASSERT(cond)                                                                            \
    do {                                                                                           \
        if (!(cond))                                                                               \
            bh_assert_fail(#cond, __FILE__, __LINE__);                                             \
    } while (0)

#define BH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define BH_MIN(a, b) ((a) < (b) ? (a) : (b))
#define BH_MAX(a, b) ((a) > (b) ? (a) : (b))

/* greatest common divisor, to keep exact ratios (cycles to time) reduced */
static inline uint64_t bh_gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

#ifdef __cplusplus
}
#endif
#endif
