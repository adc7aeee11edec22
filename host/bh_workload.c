// SPDX-License-Identifier: Apache-2.0
/* host/bh_workload.c - the host workloads bhsim's command line runs (workload.name): a table
 * of host programs by name. `host` boots the firmware on every worker and reports it; eltwise,
 * matmul, dram_copy, sfpu and dram_bw are host programs still to come (host/programs/): add a
 * row whose function runs on the opened device, fills the report's "program" object and
 * returns the exit status (0 passed, 1 wrong result or simulation error). */
#include <stdio.h>
#include <string.h>
#include "host/bh_host_internal.h"

typedef int (*BhHostProgramFn)(BhDevice *dev, char *section, size_t len);

/* boot only: the device is open, so the firmware runs on every worker */
static int boot_only(BhDevice *dev, char *section, size_t len)
{
    snprintf(section, len,
             "{\"name\": \"host\", \"workers\": %u, \"dram_banks\": %u, \"boot_cycles\": %llu, "
             "\"passed\": true}",
             dev->n_workers, dev->n_dram, (unsigned long long)dev->boot_cycles);
    return 0;
}

static const struct {
    const char *name;
    BhHostProgramFn run;
} programs[] = {
    {"host", boot_only},
};

int bh_host_workload_run(BhChip *chip, const char *name)
{
    if (!bh_workload_is_host(name)) {
        fprintf(stderr, "bhsim: host: %s is not a host workload\n", name);
        return 2;
    }
    BhHostProgramFn run = NULL;
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++)
        if (!strcmp(programs[i].name, name))
            run = programs[i].run;
    if (!run) {
        fprintf(stderr, "bhsim: host: the %s program is not yet written\n", name);
        return 2;
    }
    char err[BH_HOST_ERR];
    BhDevice *dev = bh_device_open(chip, err, sizeof err);
    if (!dev) {
        fprintf(stderr, "bhsim: host: %s\n", err);
        return 1;
    }
    char section[8192] = "";
    int rc = run(dev, section, sizeof section);
    if (rc != 0 && *bh_device_error(dev))
        fprintf(stderr, "bhsim: host: %s: %s\n", name, bh_device_error(dev));
    if (*section && bh_chip_set_report_section(chip, "program", section) != BH_CHIP_OK) {
        fprintf(stderr, "bhsim: host: %s: its report section is not valid JSON\n", name);
        rc = rc ? rc : 1;
    }
    bh_device_close(dev);
    return rc;
}
