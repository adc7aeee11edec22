/* tests/test_log.h - the log context of a test that makes blocks without a chip: each block is
 * given &test_log at its init; messages go to stderr (or a sink the test sets) and are counted
 * there. One per test program (a test's own state, not the model's). */
#ifndef BH_TEST_LOG_H
#define BH_TEST_LOG_H
#include "model/common/bh_common.h"

static BhLogContext test_log __attribute__((unused)); /* zero: stderr, nothing counted yet */

#endif
