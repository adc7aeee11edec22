// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_tensix_words.c - libFuzzer harness for the Tensix coprocessor
 * (model/tile/tensix/tensix_core.h): arbitrary 32-bit instruction words from arbitrary cores.
 *
 * The input is read in 5-byte records: the first byte picks who stores the word and where
 * (TRISC0..2 to their own thread, BRISC to thread 0, 1 or 2, or a config / GPR write that sets
 * up state the instructions then use), the next four are the little-endian value. Words go in
 * as the RISC-V cores would store them (a full FIFO stalls the store and the core retries);
 * then the coprocessor runs until it is idle, stops, or FUZZ_CYCLES have passed.
 * Words that are not valid instructions, or valid ones with nonsense operands, are guest
 * errors: the core must stop with a message (or ignore them as the hardware does). A finding
 * (crash, sanitizer report, BH_ASSERT, a stop without a message) is a model bug. Still busy
 * after FUZZ_CYCLES is not one: a guest may spin for ever (an ATCAS or ATINCGETPTR retried
 * until a word that nothing writes changes keeps ThCon busy), and the run's cycle limit ends
 * that.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "tests/fuzz/fuzz_rig.h"

#define FUZZ_CYCLES 20000u
#define FUZZ_MAX_WORDS 512u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* who (core) and where (address) for selector byte s */
static void target(uint8_t s, uint32_t value, uint32_t *core, uint32_t *addr)
{
    switch (s % 8) {
    case 0:
    case 1:
    case 2: /* TRISC i -> thread i */
        *core = s % 8;
        *addr = 0xFFE40000u;
        return;
    case 3:
    case 4:
    case 5: /* BRISC -> thread 0 (after the MOP expander), 1, 2 */
        *core = TENSIX_CORE_BRISC;
        *addr = 0xFFE40000u + 0x10000u * (uint32_t)(s % 8 - 3);
        return;
    case 6: /* a configuration register, by the upper selector bits and the value's top */
        *core = (s >> 3) % 3;
        *addr = 0xFFEF0000u + 4u * (((uint32_t)(s >> 3) << 6 | (value >> 26)) % 1024u);
        return;
    default: /* a ThCon GPR */
        *core = (s >> 3) % 3;
        *addr = 0xFFE00000u + 4u * ((s >> 3) % 64u);
        return;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzRig *r = fuzz_rig_new();
    uint32_t words = 0;
    for (size_t at = 0; at + 5 <= size && words < FUZZ_MAX_WORDS && !r->core.failed;
         at += 5, words++) {
        uint32_t v = (uint32_t)data[at + 1] | (uint32_t)data[at + 2] << 8 |
                     (uint32_t)data[at + 3] << 16 | (uint32_t)data[at + 4] << 24;
        uint32_t core, addr;
        target(data[at], v, &core, &addr);
        for (uint32_t tries = 0; tries < FUZZ_CYCLES && !r->core.failed; tries++) {
            BhStatus st = tensix_core_mmio_write(&r->core, core, addr, v, r->now);
            if (st != BH_ERR_FULL)
                break; /* BH_OK, or a guest error the core reports itself */
            fuzz_rig_tick(r);
        }
    }
    for (uint32_t i = 0; i < FUZZ_CYCLES && !fuzz_rig_quiet(r); i++)
        fuzz_rig_tick(r);
    fuzz_rig_check(r, "fuzz_tensix_words");
    fuzz_rig_free(r);
    return 0;
}
