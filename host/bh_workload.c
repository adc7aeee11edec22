// SPDX-License-Identifier: Apache-2.0
/* host/bh_workload.c - the host workloads bhsim's command line runs (workload.name): `host`
 * boots the firmware on every worker and reports it; the others (eltwise, matmul, ...) are
 * host programs still to come (host/programs/). */
#include <stdio.h>
#include <string.h>
#include "host/bh_host_internal.h"

int bh_host_workload_run(BhChip *chip, const char *name)
{
    if (!bh_workload_is_host(name)) {
        fprintf(stderr, "bhsim: host: %s is not a host workload\n", name);
        return 2;
    }
    if (strcmp(name, "host") != 0) {
        fprintf(stderr, "bhsim: host: the %s program is not yet written\n", name);
        return 2;
    }
    char err[BH_HOST_ERR];
    BhDevice *dev = bh_device_open(chip, err, sizeof err);
    if (!dev) {
        fprintf(stderr, "bhsim: host: %s\n", err);
        return 1;
    }
    char section[256];
    snprintf(section, sizeof section,
             "{\"name\": \"host\", \"workers\": %u, \"dram_banks\": %u, \"boot_cycles\": %llu, "
             "\"passed\": true}",
             dev->n_workers, dev->n_dram, (unsigned long long)dev->boot_cycles);
    const int rc = bh_chip_set_report_section(chip, "program", section) == BH_CHIP_OK ? 0 : 1;
    bh_device_close(dev);
    return rc;
}
