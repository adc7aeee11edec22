/* libttsim/libbhsim.h - what libbhsim.so adds to ttsim's libttsim API: the status a host asks
 * for, since the libttsim calls return nothing and a library never ends its caller.
 *
 * libbhsim_status(msg, len) answers the most serious of what happened since libttsim_init,
 * and writes its message into msg (len bytes, may be 0):
 *   LIBBHSIM_OK               nothing to say
 *   LIBBHSIM_NOTICE           the chip reported a stall (cores waiting on what only the host
 *                             can change) or a Tensix tile's guest error, and goes on clocking
 *   LIBBHSIM_REFUSED          a call was refused and did nothing (an address outside the BARs,
 *                             an unaligned configuration access, ...); a read gave all ones
 *   LIBBHSIM_STOPPED          the chip stopped (a NoC deadlock, a bhsim error): clocking does
 *                             nothing, reads give all ones; libttsim_exit still writes outputs
 *   LIBBHSIM_NOT_INITIALISED  no chip (before libttsim_init, after libttsim_exit, or a
 *                             configuration libttsim_init refused)
 * libbhsim_chip() is the chip behind the libttsim calls (NULL without one), for bhsim's own C
 * API (platform/bhsim.h: bh_chip_notice, bh_chip_report, backdoor reads, ...). */
#ifndef BH_LIBBHSIM_H
#define BH_LIBBHSIM_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

enum {
    LIBBHSIM_OK = 0,
    LIBBHSIM_NOTICE = 1,
    LIBBHSIM_REFUSED = 2,
    LIBBHSIM_STOPPED = 3,
    LIBBHSIM_NOT_INITIALISED = 4,
};

struct BhChip;
int libbhsim_status(char *msg, size_t len);
struct BhChip *libbhsim_chip(void);

#ifdef __cplusplus
}
#endif
#endif
