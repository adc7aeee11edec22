/* tests/host/host_rig.h - the chip the host library's scenario tests drive: a p150b whose Tensix
 * tiles have their cores and no program (workload.name=host). */
#ifndef BH_TEST_HOST_RIG_H
#define BH_TEST_HOST_RIG_H
#include "platform/bhsim.h"

/* the chip, or NULL with the reason in err */
static inline BhChip *host_rig_chip(char *err, size_t err_len)
{
    static const char *const sets[] = {"workload.name=host"};
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = sets;
    o.nsets = 1;
    o.quiet = 1;
    BhChip *c = NULL;
    return bh_chip_create(&o, &c, err, err_len) == BH_CHIP_OK ? c : NULL;
}

#endif
