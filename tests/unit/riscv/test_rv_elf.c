/* tests/unit/riscv/test_rv_elf.c - the ELF reader on images built here byte by byte: a good
 * executable places its segments (bss zero-filled) and reports entry and symbols; each broken
 * header, table, segment or sink refusal is an error whose message names the problem. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/riscv/rv_elf.h"

static int failures;
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void w16(uint8_t *p, uint32_t v)
{
    p[0] = v & 0xFF, p[1] = (v >> 8) & 0xFF;
}
static void w32(uint8_t *p, uint32_t v)
{
    w16(p, v & 0xFFFF), w16(p + 2, v >> 16);
}

/* Layout: header 0..51, 2 program headers at 52, text (8 bytes) at 116, data (4 bytes) at
 * 124, strtab at 128 ("\0_start\0buf\0"), symtab at 140 (3 x 16), 3 section headers at 188. */
enum { IMG = 188 + 3 * 40, TEXT = 116, DATA = 124, STR = 128, SYM = 140, SH = 188 };

static void build(uint8_t *b)
{
    memset(b, 0, IMG);
    memcpy(b,
           "\x7f"
           "ELF",
           4);
    b[4] = 1, b[5] = 1, b[6] = 1;
    w16(b + 16, 2), w16(b + 18, 243), w32(b + 20, 1);
    w32(b + 24, 0x100);               /* entry */
    w32(b + 28, 52), w32(b + 32, SH); /* phoff, shoff */
    w16(b + 40, 52), w16(b + 42, 32), w16(b + 44, 2), w16(b + 46, 40), w16(b + 48, 3);
    uint8_t *ph = b + 52; /* text: 8 bytes at 0x100 */
    w32(ph, 1), w32(ph + 4, TEXT), w32(ph + 8, 0x100), w32(ph + 12, 0x100), w32(ph + 16, 8),
        w32(ph + 20, 8);
    ph += 32; /* data: 4 bytes at 0xFFB00000, then 12 bytes of bss */
    w32(ph, 1), w32(ph + 4, DATA), w32(ph + 8, 0xFFB00000u), w32(ph + 12, 0xFFB00000u),
        w32(ph + 16, 4), w32(ph + 20, 16);
    for (int i = 0; i < 8; i++)
        b[TEXT + i] = (uint8_t)(0xA0 + i);
    w32(b + DATA, 0xDEADBEEFu);
    memcpy(b + STR, "\0_start\0buf\0", 12);
    w32(b + SYM + 16, 1), w32(b + SYM + 16 + 4, 0x100), w32(b + SYM + 16 + 8, 8);
    b[SYM + 16 + 12] = 0x12; /* global func */
    w32(b + SYM + 32, 8), w32(b + SYM + 32 + 4, 0xFFB00000u), w32(b + SYM + 32 + 8, 16);
    b[SYM + 32 + 12] = 0x11;   /* global object */
    uint8_t *sh = b + SH + 40; /* section 1: symtab, link 2 */
    w32(sh + 4, 2), w32(sh + 16, SYM), w32(sh + 20, 48), w32(sh + 24, 2), w32(sh + 36, 16);
    sh += 40; /* section 2: strtab */
    w32(sh + 4, 3), w32(sh + 16, STR), w32(sh + 20, 12);
}

typedef struct Mem {
    uint8_t l1[0x200];
    uint8_t local[32];
    uint32_t calls;
} Mem;

static BhStatus sink(void *ctx, uint32_t addr, const uint8_t *data, uint32_t len, char *why,
                     size_t why_len)
{
    Mem *m = ctx;
    uint8_t *dst = NULL;
    if (addr < sizeof m->l1 && len <= sizeof m->l1 - addr)
        dst = m->l1 + addr;
    else if (addr >= 0xFFB00000u && addr - 0xFFB00000u + (uint64_t)len <= sizeof m->local)
        dst = m->local + (addr - 0xFFB00000u);
    if (!dst) {
        snprintf(why, why_len, "outside the test memory");
        return BH_ERR_ADDR;
    }
    m->calls++;
    if (data)
        memcpy(dst, data, len);
    else
        memset(dst, 0, len);
    return BH_OK;
}

static void good(void)
{
    uint8_t b[IMG];
    build(b);
    Mem m;
    memset(&m, 0x55, sizeof m);
    m.calls = 0;
    RvElfSym syms[RV_ELF_SYMS_MAX];
    RvElfInfo info = {.syms = syms};
    char why[200] = "";
    CHECK(rv_elf_load(b, IMG, sink, &m, &info, why, sizeof why) == BH_OK);
    CHECK(info.entry == 0x100 && info.n_segments == 2);
    CHECK(m.calls == 3); /* text, data, bss */
    CHECK(m.l1[0x100] == 0xA0 && m.l1[0x107] == 0xA7 && m.l1[0xFF] == 0x55 && m.l1[0x108] == 0x55);
    CHECK(m.local[0] == 0xEF && m.local[3] == 0xDE);
    CHECK(m.local[4] == 0 && m.local[15] == 0 && m.local[16] == 0x55);
    CHECK(info.n_syms == 2 && strcmp(syms[0].name, "_start") == 0 && syms[0].addr == 0x100);
    CHECK(rv_elf_symbol_at(&info, 0x104) == &syms[0]);
    CHECK(rv_elf_symbol_at(&info, 0x108) == NULL);
    CHECK(rv_elf_symbol(&info, "buf") == &syms[1]);
    CHECK(rv_elf_symbol(&info, "nope") == NULL);
    /* without a symbol array, symbols are skipped */
    RvElfInfo bare = {0};
    CHECK(rv_elf_load(b, IMG, sink, &m, &bare, why, sizeof why) == BH_OK && bare.n_syms == 0);
}

/* the image with one change must fail with a message containing `expect` */
static void bad(const char *what, size_t len, void (*edit)(uint8_t *), const char *expect)
{
    uint8_t b[IMG];
    build(b);
    if (edit)
        edit(b);
    Mem m;
    memset(&m, 0, sizeof m);
    RvElfInfo info = {0};
    char why[200] = "";
    const BhStatus st = rv_elf_load(b, len, sink, &m, &info, why, sizeof why);
    if (st == BH_OK || !strstr(why, expect)) {
        fprintf(stderr, "%s: got %d \"%s\", expected an error with \"%s\"\n", what, st, why,
                expect);
        failures++;
    }
}

static void e_magic(uint8_t *b)
{
    b[1] = 'X';
}
static void e_class(uint8_t *b)
{
    b[4] = 2;
}
static void e_endian(uint8_t *b)
{
    b[5] = 2;
}
static void e_machine(uint8_t *b)
{
    w16(b + 18, 62);
}
static void e_type(uint8_t *b)
{
    w16(b + 16, 3);
}
static void e_phnum(uint8_t *b)
{
    w16(b + 44, 60000);
}
static void e_phoff(uint8_t *b)
{
    w32(b + 28, 0xFFFFFFF0u);
}
static void e_filesz(uint8_t *b)
{
    w32(b + 52 + 16, 0xFFFFFFF0u), w32(b + 52 + 20, 0xFFFFFFF0u);
}
static void e_memsz(uint8_t *b)
{
    w32(b + 52 + 20, 4);
}
static void e_wrap(uint8_t *b)
{
    w32(b + 52 + 32 + 20, 0x00600000u);
}
static void e_outside(uint8_t *b)
{
    w32(b + 52 + 12, 0x01000000u);
}
static void e_noload(uint8_t *b)
{
    w32(b + 52, 0), w32(b + 52 + 32, 6);
}
static void e_entsize(uint8_t *b)
{
    w16(b + 42, 8);
}
static void e_overlap(uint8_t *b) /* data moved onto text's last 4 bytes */
{
    w32(b + 52 + 32 + 12, 0x104);
}
static void e_touching(uint8_t *b) /* data right after text: adjacent, not overlapping */
{
    w32(b + 52 + 32 + 12, 0x108);
}
static void e_symtab(uint8_t *b)
{
    w32(b + SH + 40 + 16, 0xFFFFFF00u);
}

int main(void)
{
    good();
    bad("empty", 0, NULL, "not an ELF file");
    bad("magic", IMG, e_magic, "not an ELF file");
    bad("short header", 30, NULL, "shorter than the 52-byte ELF header");
    bad("class", IMG, e_class, "ELF class 2, expected 1");
    bad("endian", IMG, e_endian, "little endian");
    bad("machine", IMG, e_machine, "machine 62, expected 243");
    bad("type", IMG, e_type, "ET_EXEC");
    bad("phnum", IMG, e_phnum, "program header table");
    bad("phoff", IMG, e_phoff, "runs past the end of the file");
    bad("truncated segment", TEXT + 4, NULL, "segment 0's bytes");
    bad("filesz", IMG, e_filesz, "run past the end of the file");
    bad("memsz", IMG, e_memsz, "file size larger than its memory size");
    bad("wrap", IMG, e_wrap, "wraps past the 32-bit address space");
    bad("outside", IMG, e_outside, "outside the test memory");
    bad("outside names segment", IMG, e_outside, "segment 0 (0x01000000..0x01000007)");
    bad("no PT_LOAD", IMG, e_noload, "no loadable (PT_LOAD) segment");
    bad("phentsize", IMG, e_entsize, "program header entry size 8");
    bad("overlap", IMG, e_overlap,
        "segment 1 (0x00000104..0x00000113) overlaps segment 0 (0x00000100..0x00000107)");
    { /* adjacent segments are fine */
        uint8_t b[IMG];
        build(b);
        e_touching(b);
        Mem m;
        memset(&m, 0x55, sizeof m);
        m.calls = 0;
        RvElfInfo info = {0};
        char why[256] = "";
        CHECK(rv_elf_load(b, IMG, sink, &m, &info, why, sizeof why) == BH_OK);
    }
    { /* a broken symbol table is skipped: the program still loads */
        uint8_t b[IMG];
        build(b);
        e_symtab(b);
        Mem m;
        RvElfSym syms[RV_ELF_SYMS_MAX];
        RvElfInfo info = {.syms = syms};
        char why[200];
        CHECK(rv_elf_load(b, IMG, sink, &m, &info, why, sizeof why) == BH_OK && info.n_syms == 0);
    }
    if (failures)
        fprintf(stderr, "test_rv_elf: %d failure(s)\n", failures);
    else
        printf("test_rv_elf: ok\n");
    return failures != 0;
}
