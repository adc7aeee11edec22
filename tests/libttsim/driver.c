/* tests/libttsim/driver.c - a host driver that knows nothing of bhsim but libttsim's C API
 * (tenstorrent/ttsim docs/libttsim_api.md): it dlopens the library, finds BAR0 in
 * configuration space, programs two 2 MiB TLB windows one 32-bit word at a time (field
 * positions from jasondavies/tt-isa-documentation BlackholeA0/PCIExpressTile/
 * HostToDeviceTLBs.md), writes an RV32 program into Tensix tile (1,2)'s L1 through one,
 * releases BRISC through SOFT_RESET_0 through the other, clocks the chip and reads back
 * what the program stored, checked against the program's words computed here. Before that, as
 * tt-umd's simulator path does (tenstorrent/tt-umd device/tt_device/tt_sim_tt_device.cpp
 * configure_iatu_region), it programs outbound iATU region 0 through BAR2 (BAR2 + 0x1000) and
 * reads REGION_CTRL_2 back; dword 0x04 reads 0x0010_0000 (command 0) and BAR4 is a 64-bit
 * memory BAR, not prefetchable.
 *
 * usage: driver LIBBHSIM.so L1_FILL.elf */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*InitFn)(void);
typedef uint32_t (*CfgRdFn)(uint32_t, uint32_t);
typedef void (*MemRdFn)(uint64_t, void *, uint32_t);
typedef void (*MemWrFn)(uint64_t, const void *, uint32_t);
typedef void (*ClockFn)(uint32_t);

static CfgRdFn cfg_rd;
static MemRdFn mem_rd;
static MemWrFn mem_wr;
static ClockFn clk;
static uint64_t bar0;
static int failures;

#define EXPECT(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "driver: FAILED %s: ", #cond);                                         \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void *sym(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    if (!p) {
        fprintf(stderr, "driver: %s missing: %s\n", name, dlerror());
        exit(1);
    }
    return p;
}

/* TLB i's three configuration words: 2 MiB layout, local_offset [42:0] = address >> 21,
 * x_end [48:43], y_end [54:49], x_start [60:55], y_start [66:61], noc_sel 67, ordering
 * [71:70]: unicast to (x, y) on NoC0. */
static void program_tlb(uint32_t i, uint32_t x, uint32_t y, uint64_t noc_addr)
{
    const uint64_t lo = (noc_addr >> 21) | ((uint64_t)x << 43) | ((uint64_t)y << 49) |
                        ((uint64_t)x << 55) | ((uint64_t)(y & 7) << 61);
    const uint32_t words[3] = {(uint32_t)lo, (uint32_t)(lo >> 32), (uint32_t)(y >> 3)};
    for (int k = 0; k < 3; k++) /* as a driver writes them: a word at a time */
        mem_wr(bar0 + 0x1FC00000u + 12u * i + 4u * k, &words[k], 4);
}

static uint64_t window(uint32_t i)
{
    return bar0 + (uint64_t)i * (2u << 20);
}

/* The words tests/programs/l1_fill.c stores at 0x20000, and their checksum after them. */
static uint32_t fill_word(uint32_t i)
{
    uint32_t a = i * 0x9E3779B1u;
    uint32_t b = (i + 7) / 3 + (i % 5);
    return (a ^ (a >> 13)) + (b << 7) - (uint32_t)__builtin_popcount(i);
}

/* Every PT_LOAD segment of a 32-bit little-endian ELF through TLB window 0 (L1 from 0). */
static uint32_t load_elf(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    static uint8_t img[1 << 20];
    size_t n = fread(img, 1, sizeof img, f);
    fclose(f);
    if (n < 52 || memcmp(img,
                         "\x7f"
                         "ELF\x01\x01",
                         6) != 0) {
        fprintf(stderr, "driver: %s is not a 32-bit little-endian ELF\n", path);
        exit(1);
    }
    uint32_t entry, phoff;
    uint16_t phentsize, phnum;
    memcpy(&entry, img + 24, 4);
    memcpy(&phoff, img + 28, 4);
    memcpy(&phentsize, img + 42, 2);
    memcpy(&phnum, img + 44, 2);
    for (uint32_t i = 0; i < phnum; i++) {
        const uint8_t *ph = img + phoff + i * phentsize;
        uint32_t type, off, vaddr, filesz;
        memcpy(&type, ph, 4);
        memcpy(&off, ph + 4, 4);
        memcpy(&vaddr, ph + 8, 4);
        memcpy(&filesz, ph + 16, 4);
        if (type == 1 && filesz && vaddr < 0x180000u) /* L1; the stack's RAM needs nothing */
            mem_wr(window(0) + vaddr, img + off, filesz);
    }
    return entry;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: driver LIBBHSIM.so L1_FILL.elf\n");
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "driver: %s\n", dlerror());
        return 1;
    }
    InitFn init = (InitFn)sym(lib, "libttsim_init");
    InitFn fini = (InitFn)sym(lib, "libttsim_exit");
    cfg_rd = (CfgRdFn)sym(lib, "libttsim_pci_config_rd32");
    mem_rd = (MemRdFn)sym(lib, "libttsim_pci_mem_rd_bytes");
    mem_wr = (MemWrFn)sym(lib, "libttsim_pci_mem_wr_bytes");
    clk = (ClockFn)sym(lib, "libttsim_clock");
    init();

    const uint32_t id = cfg_rd(0, 0);
    EXPECT(id == 0xB1401E52u,
           "vendor/device 0x%08x, expected Tenstorrent 0x1E52 / Blackhole "
           "0xB140",
           id);
    EXPECT(cfg_rd(1 << 3, 0) == 0xFFFFFFFFu, "device 1 answers: there is one chip");
    const uint32_t bar_lo = cfg_rd(0, 0x10), bar_hi = cfg_rd(0, 0x14);
    EXPECT((bar_lo & 0x6) == 0x4, "BAR0 is not a 64-bit memory BAR (0x%08x)", bar_lo);
    bar0 = ((uint64_t)bar_hi << 32) | (bar_lo & ~0xFu);
    EXPECT(bar0 != 0 && bar0 % (512u << 20) == 0, "BAR0 at 0x%llx", (unsigned long long)bar0);
    EXPECT(cfg_rd(0, 0x04) == 0x00100000u, "dword 0x04 reads 0x%08x", cfg_rd(0, 0x04));
    EXPECT((cfg_rd(0, 0x20) & 0xF) == 0x4, "BAR4 type bits 0x%x", cfg_rd(0, 0x20) & 0xF);

    const uint64_t iatu = (((uint64_t)cfg_rd(0, 0x1C) << 32) | (cfg_rd(0, 0x18) & ~0xFu)) + 0x1000;
    const uint32_t region[][2] = {{0x04, 0},          {0x00, 0}, {0x08, 0}, {0x0C, 0},
                                  {0x10, 0x3FFFFFFF}, {0x14, 0}, {0x18, 0}, {0x04, 1u << 31}};
    for (size_t i = 0; i < sizeof region / sizeof region[0]; i++)
        mem_wr(iatu + region[i][0], &region[i][1], 4);
    uint32_t ctrl2 = 0;
    mem_rd(iatu + 0x04, &ctrl2, 4);
    EXPECT(ctrl2 == 0x80000000u, "iATU region 0's REGION_CTRL_2 reads back 0x%08x", ctrl2);

    program_tlb(0, 1, 2, 0x0);        /* window 0: L1 of (1,2) from 0 */
    program_tlb(1, 1, 2, 0xFFB12000); /* window 1: its registers, 0xFFA00000 .. 0xFFBFFFFF */
    /* the TLB words read back as written */
    uint32_t w[3];
    mem_rd(bar0 + 0x1FC00000u + 12u, w, 12);
    EXPECT(w[0] == 0x7FDu && w[1] == ((1u << 11) | (2u << 17) | (1u << 23) | (2u << 29)) &&
               w[2] == 0,
           "TLB 1 reads back 0x%08x 0x%08x 0x%08x", w[0], w[1], w[2]);

    const uint32_t entry = load_elf(argv[2]);
    /* BRISC starts at 0: a jump to the entry (lui t0, entry; jalr x0, 0(t0)) */
    const uint32_t jump[2] = {(entry & 0xFFFFF000u) | 0x2B7u,
                              0x00028067u | ((entry & 0xFFFu) << 20)};
    mem_wr(window(0) + 0, jump, sizeof jump);
    /* the program's words are not there yet */
    uint32_t before = 0xFFFFFFFFu;
    mem_rd(window(0) + 0x20000u, &before, 4);
    EXPECT(before == 0, "L1 0x20000 holds 0x%08x before the program ran", before);

    /* release BRISC: SOFT_RESET_0 (0xFFB121B0) from 0x47800 to 0x47000 */
    uint32_t reset = 0;
    mem_rd(window(1) + (0xFFB121B0u - 0xFFA00000u), &reset, 4);
    EXPECT(reset == 0x47800u, "SOFT_RESET_0 reads 0x%08x, expected every core held", reset);
    const uint32_t release = 0x47000u;
    mem_wr(window(1) + (0xFFB121B0u - 0xFFA00000u), &release, 4);
    clk(100000);

    uint32_t got[257];
    mem_rd(window(0) + 0x20000u, got, sizeof got);
    uint32_t sum = 0, bad = 0;
    for (uint32_t i = 0; i < 256; i++) {
        bad += got[i] != fill_word(i);
        sum += fill_word(i) ^ i;
    }
    EXPECT(bad == 0, "%u of 256 words differ (word 0: 0x%08x, expected 0x%08x)", bad, got[0],
           fill_word(0));
    EXPECT(got[256] == sum, "checksum 0x%08x, expected 0x%08x", got[256], sum);
    fini();
    if (failures)
        return 1;
    printf("driver: BAR0 0x%llx, program loaded, run and read back through TLB windows\n",
           (unsigned long long)bar0);
    return 0;
}
