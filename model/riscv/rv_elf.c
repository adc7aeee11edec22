/* model/riscv/rv_elf.c - RV32 ELF executables: header checks, PT_LOAD placement, symbols.
 * Every field is read by offset with explicit little-endian loads, so a hostile file cannot make
 * the reader touch memory outside buf whatever its offsets and counts say. */
#include "model/riscv/rv_elf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EHDR_SIZE 52u
#define PHDR_SIZE 32u
#define SHDR_SIZE 40u
#define SYM_SIZE 16u
#define PT_LOAD 1u
#define SHT_SYMTAB 2u
#define EM_RISCV 243u
#define ET_EXEC 2u
#define STT_OBJECT 1u
#define STT_FUNC 2u

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}
static uint32_t rd32(const uint8_t *p)
{
    return rd16(p) | rd16(p + 2) << 16;
}

/* [off, off + n) inside a file of len bytes, without overflow */
static int inside(size_t len, uint64_t off, uint64_t n)
{
    return off <= len && n <= len - off;
}

static BhStatus fail(char *why, size_t why_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static BhStatus fail(char *why, size_t why_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, why_len, fmt, ap);
    va_end(ap);
    return BH_ERR_CONFIG;
}

static BhStatus check_header(const uint8_t *buf, size_t len, char *why, size_t why_len)
{
    if (len < 4 || memcmp(buf,
                          "\x7f"
                          "ELF",
                          4) != 0)
        return fail(why, why_len, "not an ELF file (no \\x7fELF magic)");
    if (len < EHDR_SIZE)
        return fail(why, why_len, "truncated: %zu bytes, shorter than the 52-byte ELF header", len);
    if (buf[4] != 1)
        return fail(why, why_len, "ELF class %u, expected 1 (32-bit, RV32)", buf[4]);
    if (buf[5] != 1)
        return fail(why, why_len, "ELF data encoding %u, expected 1 (little endian)", buf[5]);
    if (rd16(buf + 18) != EM_RISCV)
        return fail(why, why_len, "machine %u, expected 243 (RISC-V)", rd16(buf + 18));
    if (rd16(buf + 16) != ET_EXEC)
        return fail(why, why_len, "type %u, expected 2 (an executable, ET_EXEC)", rd16(buf + 16));
    return BH_OK;
}

static BhStatus load_segments(const uint8_t *buf, size_t len, RvElfSink sink, void *sink_ctx,
                              RvElfInfo *info, char *why, size_t why_len)
{
    const uint32_t phoff = rd32(buf + 28), phentsize = rd16(buf + 42), phnum = rd16(buf + 44);
    if (phnum && phentsize < PHDR_SIZE)
        return fail(why, why_len, "program header entry size %u, expected at least %u", phentsize,
                    PHDR_SIZE);
    if (!inside(len, phoff, (uint64_t)phentsize * phnum))
        return fail(why, why_len,
                    "truncated: the program header table (%u entries at offset %u) "
                    "runs past the end of the file",
                    phnum, phoff);
    char sub[160];
    uint32_t lo[RV_ELF_MAX_SEGMENTS], hi[RV_ELF_MAX_SEGMENTS], seg_of[RV_ELF_MAX_SEGMENTS], n = 0;
    for (uint32_t i = 0; i < phnum; i++) {
        const uint8_t *ph = buf + phoff + (size_t)i * phentsize;
        if (rd32(ph) != PT_LOAD)
            continue;
        const uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12), filesz = rd32(ph + 16),
                       memsz = rd32(ph + 20);
        if (filesz > memsz)
            return fail(why, why_len, "segment %u: file size larger than its memory size (%u)", i,
                        memsz);
        if (!inside(len, off, filesz))
            return fail(why, why_len,
                        "truncated: segment %u's bytes (at offset %u) run past the "
                        "end of the file",
                        i, off);
        if ((uint64_t)paddr + memsz > 0x100000000ull)
            return fail(why, why_len, "segment %u at 0x%x wraps past the 32-bit address space", i,
                        paddr);
        if (memsz) { /* two segments of one program never share a byte */
            for (uint32_t k = 0; k < n; k++)
                if (paddr < hi[k] && lo[k] < paddr + memsz)
                    return fail(why, why_len,
                                "segment %u (0x%08x..0x%08x) overlaps segment %u "
                                "(0x%08x..0x%08x)",
                                i, paddr, paddr + memsz - 1, seg_of[k], lo[k], hi[k] - 1);
            if (n == RV_ELF_MAX_SEGMENTS)
                return fail(why, why_len, "more than %u loadable segments",
                            (unsigned)RV_ELF_MAX_SEGMENTS);
            lo[n] = paddr, hi[n] = paddr + memsz, seg_of[n++] = i;
        }
        sub[0] = 0;
        BhStatus st = BH_OK;
        if (filesz)
            st = sink(sink_ctx, paddr, buf + off, filesz, sub, sizeof sub);
        if (st == BH_OK && memsz > filesz)
            st = sink(sink_ctx, paddr + filesz, NULL, memsz - filesz, sub, sizeof sub);
        if (st != BH_OK) {
            snprintf(why, why_len, "segment %u (0x%08x..0x%08x): %s", i, paddr, paddr + memsz - 1,
                     sub[0] ? sub : "rejected");
            return BH_ERR_CONFIG;
        }
        info->n_segments++;
    }
    if (!info->n_segments)
        return fail(why, why_len, "no loadable (PT_LOAD) segment in %u program headers", phnum);
    return BH_OK;
}

static int sym_cmp(const void *a, const void *b)
{
    const RvElfSym *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr ? 1 : strcmp(x->name, y->name);
}

static void copy_name(char *dst, const uint8_t *src, size_t room)
{
    size_t n = 0;
    while (n < room && src[n])
        n++;
    if (n < RV_ELF_NAME_MAX) {
        memcpy(dst, src, n);
        dst[n] = 0;
    } else {
        memcpy(dst, src, RV_ELF_NAME_MAX - 4);
        memcpy(dst + RV_ELF_NAME_MAX - 4, "...", 4);
    }
}

/* Symbols are optional (a stripped program loads fine): a malformed symbol table is skipped,
 * never an error, because it only feeds reports. */
static void read_symbols(const uint8_t *buf, size_t len, RvElfInfo *info)
{
    const uint32_t shoff = rd32(buf + 32), shentsize = rd16(buf + 46), shnum = rd16(buf + 48);
    if (!info->syms || shentsize < SHDR_SIZE || !inside(len, shoff, (uint64_t)shentsize * shnum))
        return;
    for (uint32_t i = 0; i < shnum; i++) {
        const uint8_t *sh = buf + shoff + (size_t)i * shentsize;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        const uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        if (link >= shnum || !inside(len, off, size))
            continue;
        const uint8_t *strsh = buf + shoff + (size_t)link * shentsize;
        const uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
        if (!inside(len, stroff, strsize))
            continue;
        for (uint32_t s = 0; s + SYM_SIZE <= size; s += SYM_SIZE) {
            const uint8_t *sym = buf + off + s;
            const uint32_t name = rd32(sym), type = sym[12] & 0xF;
            if ((type != STT_FUNC && type != STT_OBJECT) || name >= strsize)
                continue;
            if (info->n_syms == RV_ELF_SYMS_MAX) {
                info->syms_dropped++;
                continue;
            }
            RvElfSym *out = &info->syms[info->n_syms++];
            out->addr = rd32(sym + 4);
            out->size = rd32(sym + 8);
            copy_name(out->name, buf + stroff + name, strsize - name);
        }
    }
    qsort(info->syms, info->n_syms, sizeof *info->syms, sym_cmp);
}

BhStatus rv_elf_load(const uint8_t *buf, size_t len, RvElfSink sink, void *sink_ctx,
                     RvElfInfo *info, char *why, size_t why_len)
{
    RvElfSym *syms = info->syms;
    memset(info, 0, sizeof *info);
    info->syms = syms;
    BhStatus st = check_header(buf, len, why, why_len);
    if (st == BH_OK)
        st = load_segments(buf, len, sink, sink_ctx, info, why, why_len);
    if (st != BH_OK)
        return st;
    info->entry = rd32(buf + 24);
    read_symbols(buf, len, info);
    return BH_OK;
}

const RvElfSym *rv_elf_symbol_at(const RvElfInfo *info, uint32_t addr)
{
    const RvElfSym *best = NULL;
    for (uint32_t i = 0; i < info->n_syms && info->syms[i].addr <= addr; i++) {
        const RvElfSym *s = &info->syms[i];
        if (addr - s->addr < (s->size ? s->size : 1))
            best = s;
    }
    return best;
}

const RvElfSym *rv_elf_symbol(const RvElfInfo *info, const char *name)
{
    for (uint32_t i = 0; i < info->n_syms; i++)
        if (strcmp(info->syms[i].name, name) == 0)
            return &info->syms[i];
    return NULL;
}
