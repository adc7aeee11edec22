// SPDX-License-Identifier: Apache-2.0
/* tests/api/test_system.c - several chips through platform/bhsim.h only (system.chips,
 * platform/configs/p150x2.json): the count, bh_chip_select choosing whose L1 the backdoor reaches
 * (a pattern written to chip 1 is not on chip 0, and stays on chip 1), each chip's own host
 * link answering its configuration space, a bad chip refused with a reason, and advancing one
 * simulation moves both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform/bhsim.h"
#include "tests/check.h"

static const char *const kSets[] = {"workload.name=none"};

int main(void)
{
    BhChipOptions o = {0};
    o.config = "p150x2";
    o.sets = kSets;
    o.nsets = 1;
    o.quiet = 1;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_system: %s\n", err);
        return 1;
    }
    CHECK_EQ_U32(bh_chip_count(c), 2);
    uint8_t pat[256], got[256];
    for (int i = 0; i < 256; i++)
        pat[i] = (uint8_t)(i * 37 + 11);
    CHECK_EQ_U32(bh_chip_select(c, 1), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x30000, pat, sizeof pat), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_write(c, 16, 1, 0x1000, pat, sizeof pat),
                 BH_CHIP_OK); /* its E1 port */
    CHECK_EQ_U32(bh_chip_select(c, 0), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x30000, got, sizeof got), BH_CHIP_OK);
    CHECK(memcmp(got, pat, sizeof pat) != 0); /* chip 0's L1 is its own */
    CHECK_EQ_U32(bh_chip_select(c, 1), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x30000, got, sizeof got), BH_CHIP_OK);
    CHECK(memcmp(got, pat, sizeof pat) == 0);
    CHECK_EQ_U32(bh_chip_mem_read(c, 16, 1, 0x1000, got, sizeof got), BH_CHIP_OK);
    CHECK(memcmp(got, pat, sizeof pat) == 0);
    /* chip 1's own host link: Tenstorrent's vendor id in its configuration space */
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0) & 0xFFFF, 0x1E52);
    CHECK_EQ_U32(bh_chip_select(c, 2), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(bh_chip_refusal(c), "chip 2 is not one of the 2 chips") != NULL);
    CHECK_EQ_U32(bh_chip_advance(c, 5000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_now(c), 5000);
    bh_chip_free(c);
    return check_failures();
}
