// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_elf.c - libFuzzer harness for the RV32 ELF reader (model/riscv/rv_elf.h),
 * the parser of workload.elf's files.
 *
 * Every input is read as an ELF file into a sink that accepts a Tensix tile's L1 and its five
 * local-RAM windows, as the platform's loader does. The reader either loads (then the entry
 * point and every placed byte lie inside those memories, and the symbols are sorted) or fails
 * with a message. A finding (crash, sanitizer report, a read outside the input, an error without
 * a message, a placement outside the memories) is a reader bug.
 * Seeds: the RV32 programs the build compiles (scripts/fuzz.sh adds them) and corpus/fuzz_elf.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "model/riscv/rv_elf.h"

#define L1_BYTES (1536u * 1024)
#define LOCAL_BASE 0xFFB00000u
#define LOCAL_BYTES 0x2000u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t l1[L1_BYTES];
static uint8_t local_ram[LOCAL_BYTES];

static BhStatus sink(void *ctx, uint32_t addr, const uint8_t *bytes, uint32_t len, char *why,
                     size_t why_len)
{
    (void)ctx;
    uint8_t *dst = NULL;
    if (addr < L1_BYTES && len <= L1_BYTES - addr)
        dst = l1 + addr;
    else if (addr >= LOCAL_BASE && (uint64_t)(addr - LOCAL_BASE) + len <= LOCAL_BYTES)
        dst = local_ram + (addr - LOCAL_BASE);
    if (!dst) {
        strncpy(why, "outside the tile's L1 and local RAM", why_len - 1);
        why[why_len - 1] = 0;
        return BH_ERR_ADDR;
    }
    if (bytes)
        memcpy(dst, bytes, len);
    else
        memset(dst, 0, len);
    return BH_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a private copy exactly as long as the input, so ASan sees any read past its end */
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf)
        return 0;
    if (size)
        memcpy(buf, data, size);
    static RvElfSym syms[RV_ELF_SYMS_MAX];
    RvElfInfo info = {.syms = syms};
    char why[256] = "";
    const BhStatus st = rv_elf_load(buf, size, sink, NULL, &info, why, sizeof why);
    if (st != BH_OK) {
        if (!why[0])
            abort(); /* an error must say what is wrong */
    } else {
        if (!info.n_segments || info.n_syms > RV_ELF_SYMS_MAX)
            abort();
        for (uint32_t i = 1; i < info.n_syms; i++)
            if (syms[i - 1].addr > syms[i].addr)
                abort();
        for (uint32_t i = 0; i < info.n_syms; i++)
            if (!memchr(syms[i].name, 0, RV_ELF_NAME_MAX))
                abort();
        (void)rv_elf_symbol_at(&info, info.entry);
    }
    free(buf);
    return 0;
}
