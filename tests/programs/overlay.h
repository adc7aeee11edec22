/* tests/programs/overlay.h - the NoC overlay stream registers the overlay programs use, at
 * Blackhole's indices (tenstorrent/tt-metal blackhole/noc/noc_overlay_parameters.h). */
#ifndef BH_TEST_OVERLAY_H
#define BH_TEST_OVERLAY_H
#include "tests/programs/niu.h"

#define STREAM_REG(s, i) (0xFFB40000u + (s)*0x1000u + (i)*4u)
#define STREAM_REMOTE_SRC 4u /* .. 7: REMOTE_SRC, _PHASE, ACK_THRESHOLD, REMOTE_DEST */
#define STREAM_REMOTE_DEST_BUF_SIZE 10u
#define STREAM_SPACE_UPDATE 270u /* REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE */
#define STREAM_SPACE 297u        /* REMOTE_DEST_BUF_SPACE_AVAILABLE */
#define COUNTER_STREAM 10u       /* the counter the two tiles share */
#define BLOCK_STREAM 20u         /* the registers written and read as one block */
#define RECV_X 5u
#define RECV_Y 7u

#endif
