/* tests/check.h - minimal checks for plain-C unit tests: each failed CHECK prints where and
 * counts; main returns check_failures() so ctest sees a non-zero exit. */
#ifndef BH_TEST_CHECK_H
#define BH_TEST_CHECK_H
#include <inttypes.h>
#include <stdio.h>

static int check_failures_;
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);               \
            check_failures_++;                                                                     \
        }                                                                                          \
    } while (0)
#define CHECK_EQ_U64(a, b)                                                                         \
    do {                                                                                           \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                           \
        if (a_ != b_) {                                                                            \
            fprintf(stderr,                                                                        \
                    "%s:%d: %s == %s failed: 0x%" PRIx64 " (%" PRIu64 ") vs 0x%" PRIx64            \
                    " (%" PRIu64 ")\n",                                                            \
                    __FILE__, __LINE__, #a, #b, a_, a_, b_, b_);                                   \
            check_failures_++;                                                                     \
        }                                                                                          \
    } while (0)
#define CHECK_EQ_U32(a, b) CHECK_EQ_U64(a, b)
#define CHECK_OK(expr) CHECK_EQ_U64((expr), BH_OK)
#define RUN(test)                                                                                  \
    do {                                                                                           \
        int before_ = check_failures_;                                                             \
        test();                                                                                    \
        fprintf(stderr, "%s %s\n", check_failures_ == before_ ? "ok  " : "FAIL", #test);           \
    } while (0)
static inline int check_failures(void)
{
    return check_failures_ ? 1 : 0;
}
#endif
