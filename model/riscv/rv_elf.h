/* model/riscv/rv_elf.h - reads an RV32 ELF executable: checks its header and program headers,
 * hands each PT_LOAD segment's bytes (file part, then zeros up to p_memsz) to a sink at its
 * physical address, and keeps the entry point and the function/object symbols for reports.
 *
 * Checks, each a BH_ERR_CONFIG with the reason in why (the platform names the file): not ELF,
 * not 32-bit (ELFCLASS32), not little endian, not EM_RISCV (243), not ET_EXEC, a header or
 * table that runs past the end of the file, a segment whose file bytes run past it, p_filesz >
 * p_memsz, a segment that wraps 32 bits, two segments that share a byte (a program places each
 * byte once), more than RV_ELF_MAX_SEGMENTS loadable segments, no PT_LOAD segment, and whatever
 * the sink rejects (its message: a segment outside the memory it can place). Never reads
 * outside buf.
 */
#ifndef BH_RV_ELF_H
#define BH_RV_ELF_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define RV_ELF_SYMS_MAX 4096
#define RV_ELF_MAX_SEGMENTS 64 /* loadable segments with bytes; a program has a handful */
#define RV_ELF_NAME_MAX 48

/* Places len bytes at addr (data NULL: zeros). Returns BH_OK or fills why. */
typedef BhStatus (*RvElfSink)(void *ctx, uint32_t addr, const uint8_t *data, uint32_t len,
                              char *why, size_t why_len);

typedef struct RvElfSym {
    uint32_t addr, size;
    char name[RV_ELF_NAME_MAX]; /* truncated with "..." if longer */
} RvElfSym;

typedef struct RvElfInfo {
    uint32_t entry;
    uint32_t n_segments;
    uint32_t n_syms; /* sorted by address; at most RV_ELF_SYMS_MAX kept, the rest counted */
    uint32_t syms_dropped;
    RvElfSym *syms; /* caller-provided array of RV_ELF_SYMS_MAX, or NULL to skip symbols */
} RvElfInfo;

BhStatus rv_elf_load(const uint8_t *buf, size_t len, RvElfSink sink, void *sink_ctx,
                     RvElfInfo *info, char *why, size_t why_len);
/* The symbol containing addr (addr in [sym.addr, sym.addr + max(size, 1))), or NULL. */
const RvElfSym *rv_elf_symbol_at(const RvElfInfo *info, uint32_t addr);
/* The symbol named name, or NULL. */
const RvElfSym *rv_elf_symbol(const RvElfInfo *info, const char *name);

#ifdef __cplusplus
}
#endif
#endif
