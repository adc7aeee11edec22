// SPDX-License-Identifier: Apache-2.0
/* examples/api_hello.c - the smallest host program of bhsim's C API (docs/api.md): a p150b
 * chip that runs no workload, 4 KiB written by backdoor into the L1 of the Tensix tile at NoC0
 * (1,2), a timed NoC read of them issued by tile (5,7)'s NIU on NoC0, the chip advanced until
 * the read is done, the bytes checked. Exit status 0 when they arrived, 1 when not, 2 when the
 * chip could not be made. Usage: api_hello [product or JSON file] (default p150b).
 *   cc api_hello.c $(pkg-config --cflags --libs bhsim) -o api_hello */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <bhsim/bhsim.h>

int main(int argc, char **argv)
{
    const char *const sets[] = {"workload.name=none"}; /* a chip only this program drives */
    BhChipOptions o = {0};
    o.config = argc > 1 ? argv[1] : "p150b";
    o.sets = sets;
    o.nsets = 1;
    o.quiet = 1;
    BhChip *chip = NULL;
    char err[512];
    if (bh_chip_create(&o, &chip, err, sizeof err) != BH_CHIP_OK) {
        fprintf(stderr, "api_hello: %s\n", err);
        return 2;
    }

    uint8_t data[4096], back[4096];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + 1);
    /* no time passes: the bytes are simply in (1,2)'s L1 at 0x10000 */
    BhChipStatus st = bh_chip_mem_write(chip, 1, 2, 0x10000, data, sizeof data);
    /* a timed read by (5,7)'s NIU on NoC0: (1,2) 0x10000 -> (5,7) 0x30000 */
    uint64_t id = 0, issued = 0, done = 0;
    if (st == BH_CHIP_OK)
        st = bh_chip_noc_read(chip, 0, 5, 7, 1, 2, 0x10000, 0x30000, sizeof data, &id);
    if (st == BH_CHIP_OK)
        st = bh_chip_advance_until_done(chip, id, 100000);
    if (st == BH_CHIP_OK)
        st = bh_chip_mem_read(chip, 5, 7, 0x30000, back, sizeof back);
    if (st != BH_CHIP_OK) {
        fprintf(stderr, "api_hello: status %d: %s\n", (int)st, bh_chip_error(chip));
        bh_chip_free(chip);
        return 1;
    }
    bh_chip_access_done(chip, id, &issued, &done);
    const int same = memcmp(data, back, sizeof data) == 0;
    printf("api_hello: %zu bytes (1,2) -> (5,7) in %llu cycles (%.1f ns): %s\n", sizeof data,
           (unsigned long long)(done - issued),
           (double)(bh_chip_cycle_ps(chip, done) - bh_chip_cycle_ps(chip, issued)) / 1000.0,
           same ? "match" : "MISMATCH");
    bh_chip_free(chip);
    return same ? 0 : 1;
}
