/* tests/libttsim/compat.c - tt-umd's sequence of libttsim calls against libbhsim, one target
 * kind per test, each checked against values this program computes: it dlopens the library as
 * tt-umd's TTSimCommunicator does (tenstorrent/tt-umd device/simulation/tt_sim_communicator.cpp),
 * finds BAR0 in configuration space, programs 2 MiB TLBs with translated coordinates (tt-umd's
 * soc descriptor numbering: DRAM at (17-18, 12-23), the PCIe tile at (19, 24)), and moves data.
 * Where a result must not depend on the path under test, it is read back a second way: through
 * bhsim's backdoor (bh_chip_mem_read at raw NoC0 coordinates, via libbhsim_chip()), which no
 * translation touches.
 *
 * usage: compat LIBBHSIM.so TEST   (TEST: config tensix dram eth multicast sysmem order stall
 *                                   store_loop refused)
 * Exit 0 when every check of TEST holds; failures are printed. BHSIM_CONFIG picks the product
 * (p150b by default; the tensix test knows p150a's harvested numbering too). */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Lib {
    void (*set_dma)(void (*)(uint64_t, void *, uint32_t),
                    void (*)(uint64_t, const void *, uint32_t));
    void (*init)(void);
    void (*fini)(void);
    uint32_t (*cfg_rd)(uint32_t, uint32_t);
    void (*mem_rd)(uint64_t, void *, uint32_t);
    void (*mem_wr)(uint64_t, const void *, uint32_t);
    void (*clock)(uint32_t);
    int (*status)(char *, size_t);
    void *(*chip)(void);
    int (*backdoor_rd)(void *, uint32_t, uint32_t, uint64_t, void *, uint64_t);
} Lib;

static Lib L;
static uint64_t bar0, bar2;
static int failures;

#define EXPECT(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "compat: FAILED %s: ", #cond);                                         \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void *sym(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    if (!p) {
        fprintf(stderr, "compat: %s missing: %s\n", name, dlerror());
        exit(2);
    }
    return p;
}

/* ---- host memory behind the iATU (tt-umd's sysmem: the DMA callbacks) */
#define HOST_BYTES (1u << 20)
static uint8_t host_mem[HOST_BYTES];
static uint64_t host_base = 0x40000000ull; /* where the iATU's target puts it */
static uint32_t host_bad;

static void dma_rd(uint64_t a, void *dst, uint32_t n)
{
    if (a < host_base || a - host_base + n > HOST_BYTES) {
        host_bad++;
        memset(dst, 0xEE, n);
        return;
    }
    memcpy(dst, host_mem + (a - host_base), n);
}

static void dma_wr(uint64_t a, const void *src, uint32_t n)
{
    if (a < host_base || a - host_base + n > HOST_BYTES) {
        host_bad++;
        return;
    }
    memcpy(host_mem + (a - host_base), src, n);
}

/* ---- TLBs: 2 MiB layout (model/pcie/pcie_tlb_regs.def; BlackholeA0/PCIExpressTile/
 * HostToDeviceTLBs.md): local_offset [42:0], x_end [48:43], y_end [54:49], x_start [60:55],
 * y_start [66:61], noc_sel 67, mcast 69 */
static uint32_t tlb_ordering; /* bits 70-71: 0 default, 1 strict AXI (tt-umd's), 2 posted */

static void tlb(uint32_t i, uint32_t sx, uint32_t sy, uint32_t ex, uint32_t ey, int mcast,
                uint64_t addr)
{
    const uint64_t lo = (addr >> 21) | ((uint64_t)ex << 43) | ((uint64_t)ey << 49) |
                        ((uint64_t)sx << 55) | ((uint64_t)(sy & 7) << 61);
    const uint32_t hi = (sy >> 3) | (mcast ? 1u << 5 : 0) | tlb_ordering << 6;
    const uint32_t w[3] = {(uint32_t)lo, (uint32_t)(lo >> 32), hi};
    L.mem_wr(bar0 + 0x1FC00000u + 12u * i, w, sizeof w);
}

static uint64_t window(uint32_t i)
{
    return bar0 + (uint64_t)i * (2u << 20);
}

static uint32_t pattern(uint32_t seed, uint32_t i)
{
    uint32_t a = (i + 1) * 0x9E3779B1u ^ seed;
    return a ^ (a >> 15);
}

static void start(void)
{
    L.set_dma(dma_rd, dma_wr);
    L.init();
    EXPECT(L.cfg_rd(0, 0) == 0xB1401E52u, "vendor/device 0x%08x", L.cfg_rd(0, 0));
    bar0 = ((uint64_t)L.cfg_rd(0, 0x14) << 32) | (L.cfg_rd(0, 0x10) & ~0xFu);
    bar2 = ((uint64_t)L.cfg_rd(0, 0x1C) << 32) | (L.cfg_rd(0, 0x18) & ~0xFu);
    EXPECT(bar0 && bar2, "BAR0 0x%llx BAR2 0x%llx", (unsigned long long)bar0,
           (unsigned long long)bar2);
}

/* bytes through TLB 0 at translated (tx, ty), read back through it and by backdoor at raw
 * NoC0 (x, y) */
static void write_check(uint32_t tx, uint32_t ty, uint32_t x, uint32_t y, uint64_t addr,
                        uint32_t words, uint32_t seed)
{
    uint32_t *out = malloc(4u * words), *back = malloc(4u * words), *bd = malloc(4u * words);
    for (uint32_t i = 0; i < words; i++)
        out[i] = pattern(seed, i);
    tlb(0, tx, ty, tx, ty, 0, addr & ~((2ull << 20) - 1));
    const uint64_t off = addr & ((2u << 20) - 1);
    L.mem_wr(window(0) + off, out, 4u * words);
    L.mem_rd(window(0) + off, back, 4u * words);
    EXPECT(!memcmp(out, back, 4u * words), "(%u,%u) 0x%llx: TLB read-back differs", tx, ty,
           (unsigned long long)addr);
    L.clock(1000); /* posted writes land */
    EXPECT(L.backdoor_rd(L.chip(), x, y, addr, bd, 4u * words) == 0, "backdoor (%u,%u)", x, y);
    EXPECT(!memcmp(out, bd, 4u * words),
           "translated (%u,%u) did not write raw (%u,%u) at 0x%llx (word 0 0x%08x, expected "
           "0x%08x)",
           tx, ty, x, y, (unsigned long long)addr, bd[0], out[0]);
    free(out), free(back), free(bd);
}

/* ---- RV32 words for BRISC programs (RISC-V unprivileged spec encodings) */
static uint32_t lui(uint32_t rd, uint32_t imm20)
{
    return imm20 << 12 | rd << 7 | 0x37;
}
static uint32_t addi(uint32_t rd, uint32_t rs, int32_t imm)
{
    return (uint32_t)(imm & 0xFFF) << 20 | rs << 15 | rd << 7 | 0x13;
}
static uint32_t sw(uint32_t rs2, uint32_t rs1, int32_t imm)
{
    return (uint32_t)((imm >> 5) & 0x7F) << 25 | rs2 << 20 | rs1 << 15 | 2u << 12 |
           (uint32_t)(imm & 0x1F) << 7 | 0x23;
}
static uint32_t jal0(int32_t off) /* jal x0, off */
{
    const uint32_t o = (uint32_t)off;
    return ((o >> 20) & 1) << 31 | ((o >> 1) & 0x3FF) << 21 | ((o >> 11) & 1) << 20 |
           ((o >> 12) & 0xFF) << 12 | 0x6F;
}

/* the program at L1 0 of Tensix (x, y), then BRISC out of reset (SOFT_RESET_0 0xFFB121B0) */
static void run_brisc(uint32_t x, uint32_t y, const uint32_t *prog, uint32_t n)
{
    tlb(0, x, y, x, y, 0, 0);
    L.mem_wr(window(0), prog, 4u * n);
    tlb(1, x, y, x, y, 0, 0xFFA00000u);
    const uint32_t release = 0x47000u;
    L.mem_wr(window(1) + (0xFFB121B0u - 0xFFA00000u), &release, 4);
}

static void test_config(void)
{
    EXPECT(L.cfg_rd(1 << 3, 0) == 0xFFFFFFFFu, "a second device answers");
    EXPECT((L.cfg_rd(0, 0x10) & 0x6) == 0x4, "BAR0 is not 64-bit");
}

static void test_tensix(const char *product)
{
    /* translated column 7 is raw 7 on p150b; on p150a (columns 7 and 10 off) the enabled
     * columns 1-6, 11-16 take 1-7, 10-14, so 7 is raw 11 and 14 raw 16 */
    const int p150a = product && !strcmp(product, "p150a");
    write_check(1, 2, 1, 2, 0x10000, 1024, 1);
    write_check(7, 3, p150a ? 11 : 7, 3, 0x20000, 256, 2);
    write_check(14, 11, p150a ? 16 : 14, 11, 0x1000, 64, 3);
}

static void test_dram(void)
{
    /* D0 port 0 is raw (0,0), D3 port 2 raw (0,6), D4 port 0 (9,0), D7 port 2 (9,6) */
    write_check(17, 12, 0, 0, 0x100000, 1024, 4);
    write_check(17, 23, 0, 6, 0x7FFFC000ull, 256, 5);
    write_check(18, 12, 9, 0, 0x40, 16, 6);
    write_check(18, 23, 9, 6, 0xFFFFF000ull, 1024, 7);
}

/* Ethernet L1 by translated coordinates: (20 + k, 25) is the k-th enabled channel (p150b:
 * channels 5 and 8 are off), channel c at NoC0 (physical order X, 1) */
static void test_eth(void)
{
    write_check(20, 25, 1, 1, 0x1000, 256, 11);  /* channel 0 */
    write_check(25, 25, 4, 1, 0x20000, 64, 12);  /* k 5: channel 6 */
    write_check(31, 25, 10, 1, 0x7FF00, 64, 13); /* k 11: channel 13 */
}

/* tt-umd's DynamicTLB_RW on DRAM: one TLB, Strict AXI ordering (tt-umd's default), rewritten
 * before each access: zeros through DRAM controller 1's far endpoint (0,10) (translated
 * (17,16)), then data through its near one (0,3) ((17,17)), the same bytes. Strict ordering
 * keeps the zeros first, so the data must survive. */
static void test_order(void)
{
    tlb_ordering = 1;
    uint32_t zeros[10] = {0}, data[10], back[10];
    for (uint32_t k = 0; k < 20; k++) {
        for (uint32_t i = 0; i < 10; i++)
            data[i] = k * 16 + i + 1;
        tlb(0, 17, 16, 17, 16, 0, 0);
        L.mem_wr(window(0) + 0x1000, zeros, sizeof zeros);
        tlb(0, 17, 17, 17, 17, 0, 0);
        L.mem_wr(window(0) + 0x1000, data, sizeof data);
        L.mem_rd(window(0) + 0x1000, back, sizeof back);
        EXPECT(!memcmp(back, data, sizeof data), "round %u: read 0x%x, expected 0x%x", k, back[0],
               data[0]);
    }
    tlb_ordering = 0;
}

static void test_multicast(void)
{
    uint32_t out[64];
    for (uint32_t i = 0; i < 64; i++)
        out[i] = pattern(8, i);
    tlb(0, 1, 2, 3, 3, 1, 0);
    L.mem_wr(window(0) + 0x30000, out, sizeof out);
    L.clock(5000);
    for (uint32_t y = 2; y <= 3; y++)
        for (uint32_t x = 1; x <= 3; x++) {
            uint32_t got[64];
            L.backdoor_rd(L.chip(), x, y, 0x30000, got, sizeof got);
            EXPECT(!memcmp(got, out, sizeof out), "multicast missed (%u,%u)", x, y);
        }
    uint32_t outside = 0;
    L.backdoor_rd(L.chip(), 4, 2, 0x30000, &outside, 4);
    EXPECT(outside == 0, "multicast reached (4,2), outside the rectangle");
}

/* tt-umd's configure_iatu_region (device/tt_device/tt_sim_tt_device.cpp): region 0 maps the
 * first 1 GiB of the PCIe tile's host window onto host_base; then the host writes through a
 * TLB aimed at the PCIe tile's host window (NoC address bit 60) and the bytes land in host
 * memory at host_base + offset, through the DMA callbacks */
static void test_sysmem(void)
{
    const uint64_t iatu = bar2 + 0x1000;
    const uint32_t regs[][2] = {{0x00, 0},
                                {0x04, 1u << 31},
                                {0x08, 0},
                                {0x0C, 0},
                                {0x10, 0x3FFFFFFF},
                                {0x14, (uint32_t)host_base},
                                {0x18, (uint32_t)(host_base >> 32)}};
    for (uint32_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        L.mem_wr(iatu + regs[i][0], &regs[i][1], 4);
    uint32_t ctrl2 = 0;
    L.mem_rd(iatu + 4, &ctrl2, 4);
    EXPECT(ctrl2 == 1u << 31, "iATU region 0 control 2 reads 0x%08x", ctrl2);
    uint32_t out[256], back[256];
    for (uint32_t i = 0; i < 256; i++)
        out[i] = pattern(9, i);
    tlb(2, 19, 24, 19, 24, 0, 1ull << 60);
    L.mem_wr(window(2) + 0x2000, out, sizeof out);
    L.clock(20000);
    EXPECT(!memcmp(host_mem + 0x2000, out, sizeof out), "sysmem write missed host memory");
    memset(host_mem + 0x8000, 0x5A, 64);
    L.mem_rd(window(2) + 0x8000, back, 64);
    EXPECT(back[0] == 0x5A5A5A5Au && back[15] == 0x5A5A5A5Au, "sysmem read 0x%08x", back[0]);
    EXPECT(host_bad == 0, "%u DMA accesses outside the host buffer", host_bad);
}

/* a program that stores one word and ends in `j .`, clocked for a million cycles the way
 * tt-umd clocks (many calls): the process lives on, memory reads, the status says stalled or
 * nothing (a core spinning is not an error) */
static void test_stall(void)
{
    const uint32_t prog[] = {lui(5, 0x20), addi(6, 0, 0x5A), sw(6, 5, 0), jal0(0)};
    run_brisc(1, 2, prog, 4);
    for (int i = 0; i < 100; i++)
        L.clock(10000);
    uint32_t got = 0;
    tlb(0, 1, 2, 1, 2, 0, 0);
    L.mem_rd(window(0) + 0x20000, &got, 4);
    EXPECT(got == 0x5A, "L1 0x20000 reads 0x%x after the stall", got);
    char msg[512] = "";
    const int st = L.status(msg, sizeof msg);
    EXPECT(st == 0 || st == 1, "status %d (%s)", st, msg);
    printf("compat: stall: status %d%s%s\n", st, *msg ? ": " : "", msg);
}

/* BRISC counts in one L1 word for ever (addi; sw; j back: no other store in between); host
 * reads during the loop see the live count: increasing, at least one iteration per 64 cycles
 * (a merge window is 16 cycles) and at most one per cycle */
static void test_store_loop(void)
{
    const uint32_t prog[] = {lui(5, 0x20), addi(6, 0, 0), addi(6, 6, 1), sw(6, 5, 0), jal0(-8)};
    run_brisc(2, 2, prog, 5);
    tlb(0, 2, 2, 2, 2, 0, 0);
    uint32_t c1 = 0, c2 = 0;
    L.clock(300000);
    L.mem_rd(window(0) + 0x20000, &c1, 4);
    L.clock(300000);
    L.mem_rd(window(0) + 0x20000, &c2, 4);
    printf("compat: store loop: %u at ~300k cycles, %u at ~600k\n", c1, c2);
    EXPECT(c1 >= 300000 / 64, "count %u after 300k cycles", c1);
    EXPECT(c2 > c1 && c2 - c1 >= 300000 / 64 && c2 <= 700000, "counts %u then %u", c1, c2);
}

/* a call the library must refuse without ending the process */
static void test_refused(void)
{
    uint32_t v = 0;
    L.mem_rd(0x10, &v, 4); /* below every BAR */
    EXPECT(v == 0xFFFFFFFFu, "a read outside the BARs gave 0x%08x", v);
    char msg[512] = "";
    EXPECT(L.status(msg, sizeof msg) == 2, "status after a refused read: %s", msg);
    EXPECT(strstr(msg, "not inside a BAR") != NULL, "message: %s", msg);
    write_check(1, 2, 1, 2, 0x40000, 16, 10); /* the chip still works */
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: compat LIBBHSIM.so TEST\n");
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "compat: %s\n", dlerror());
        return 2;
    }
    *(void **)&L.set_dma = sym(lib, "libttsim_set_pci_dma_mem_callbacks");
    *(void **)&L.init = sym(lib, "libttsim_init");
    *(void **)&L.fini = sym(lib, "libttsim_exit");
    *(void **)&L.cfg_rd = sym(lib, "libttsim_pci_config_rd32");
    *(void **)&L.mem_rd = sym(lib, "libttsim_pci_mem_rd_bytes");
    *(void **)&L.mem_wr = sym(lib, "libttsim_pci_mem_wr_bytes");
    *(void **)&L.clock = sym(lib, "libttsim_clock");
    *(void **)&L.status = sym(lib, "libbhsim_status");
    *(void **)&L.chip = sym(lib, "libbhsim_chip");
    *(void **)&L.backdoor_rd = sym(lib, "bh_chip_mem_read");
    start();
    const char *t = argv[2];
    if (!strcmp(t, "config"))
        test_config();
    else if (!strcmp(t, "tensix"))
        test_tensix(getenv("BHSIM_CONFIG"));
    else if (!strcmp(t, "dram"))
        test_dram();
    else if (!strcmp(t, "order"))
        test_order();
    else if (!strcmp(t, "eth"))
        test_eth();
    else if (!strcmp(t, "multicast"))
        test_multicast();
    else if (!strcmp(t, "sysmem"))
        test_sysmem();
    else if (!strcmp(t, "stall"))
        test_stall();
    else if (!strcmp(t, "store_loop"))
        test_store_loop();
    else if (!strcmp(t, "refused"))
        test_refused();
    else {
        fprintf(stderr, "compat: no test %s\n", t);
        return 2;
    }
    L.fini();
    if (failures)
        return 1;
    printf("compat: %s passed\n", t);
    return 0;
}
