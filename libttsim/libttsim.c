/* libttsim/libttsim.c - libbhsim.so: bhsim behind the C API of ttsim's libttsim
 * (tenstorrent/ttsim docs/libttsim_api.md), so a host driver written for ttsim drives a timed
 * Blackhole chip unchanged: configuration space, BAR reads and writes through the PCIe tile's
 * TLB windows, time, and the host memory the device's DMA reaches. The same library exports
 * bhsim's own C API (platform/bhsim.h, docs/api.md), over which this file is written; its calls
 * let no C++ exception through, so neither do these.
 *
 * The contract is a process-wide singleton without a handle, so this file keeps the one chip
 * in a static: the only state outside a BhChip, and the reason this shim lives outside
 * platform/ (whose libraries hold no writable globals).
 *
 * Configuration (libttsim_init takes no argument), from the environment:
 *   BHSIM_CONFIG   product (p150b, p150a, p100a) or a JSON file; default p150b
 *   BHSIM_SET      "key=value;key=value" overrides, as bhsim's --set (e.g.
 *                  "output.report=/tmp/r.json;output.vcd=/tmp/w.vcd")
 * The chip runs workload.name=host unless BHSIM_SET says otherwise: every Tensix tile has its
 * five cores, held in reset until the host releases them. libttsim_exit writes the outputs
 * the configuration asks for (output.report, output.heatmap, output.vcd) and frees the chip.
 *
 * Semantics beside ttsim's: time is simulated. libttsim_clock(n) advances n AICLK cycles; a
 * BAR write is posted (it returns once the link has taken it; the chip advances only while
 * the link has no room); a BAR read advances the chip until its data is back, as a CPU load
 * stalls. A violation of the contract (a call before init, an address outside the BARs, a
 * simulation error) prints a message naming it and ends the process with _Exit(1), as
 * libttsim's fatal errors do. Configuration writes are accepted (ttsim reserves them).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "platform/bhsim.h"

#define API __attribute__((visibility("default")))

static BhChip *chip;
static BhHostMemRead dma_rd_cb;
static BhHostMemWrite dma_wr_cb;
static void (*dma_rd_user)(uint64_t, void *, uint32_t);
static void (*dma_wr_user)(uint64_t, const void *, uint32_t);

static void fatal(const char *what, const char *detail)
{
    fprintf(stderr, "bhsim: libttsim: %s%s%s\n", what, detail && *detail ? ": " : "",
            detail ? detail : "");
    fflush(stderr);
    _Exit(1);
}

static void need_chip(const char *fn)
{
    if (!chip)
        fatal(fn, "called before libttsim_init (or after libttsim_exit)");
}

static void dma_rd(void *ctx, uint64_t addr, void *dst, uint32_t len)
{
    (void)ctx;
    dma_rd_user(addr, dst, len);
}

static void dma_wr(void *ctx, uint64_t addr, const void *src, uint32_t len)
{
    (void)ctx;
    dma_wr_user(addr, src, len);
}

API void libttsim_set_pci_dma_mem_callbacks(void (*rd)(uint64_t paddr, void *dst, uint32_t size),
                                            void (*wr)(uint64_t paddr, const void *src,
                                                       uint32_t size))
{
    if (chip)
        fatal("libttsim_set_pci_dma_mem_callbacks", "must come before libttsim_init");
    dma_rd_user = rd, dma_wr_user = wr;
    dma_rd_cb = rd ? dma_rd : NULL;
    dma_wr_cb = wr ? dma_wr : NULL;
}

API void libttsim_init(void)
{
    if (chip)
        fatal("libttsim_init", "called twice");
    const char *config = getenv("BHSIM_CONFIG");
    const char *set_env = getenv("BHSIM_SET");
    const size_t set_len = set_env ? strlen(set_env) : 0;
    char *sets_text = malloc(set_len + 1);
    if (!sets_text)
        fatal("libttsim_init", "out of host memory");
    memcpy(sets_text, set_env ? set_env : "", set_len + 1);
    const char *sets[65];
    int n = 0;
    sets[n++] = "workload.name=host";
    for (char *tok = strtok(sets_text, ";"); tok; tok = strtok(NULL, ";")) {
        if (n == 65)
            fatal("BHSIM_SET", "more than 64 overrides");
        if (*tok)
            sets[n++] = tok;
    }
    BhChipOptions o;
    memset(&o, 0, sizeof o);
    o.config = config && *config ? config : "p150b";
    o.sets = sets;
    o.nsets = n;
    o.quiet = 1;
    char err[1024];
    BhChip *c = NULL;
    if (bh_chip_create(&o, &c, err, sizeof err) != BH_CHIP_OK) {
        free(sets_text);
        fatal("libttsim_init (configuration from BHSIM_CONFIG and BHSIM_SET)", err);
    }
    free(sets_text);
    if (dma_rd_cb || dma_wr_cb)
        bh_chip_set_host_memory(c, dma_rd_cb, dma_wr_cb, NULL);
    chip = c;
}

API void libttsim_exit(void)
{
    need_chip("libttsim_exit");
    char err[1024];
    BhChipStatus st = bh_chip_write_outputs(chip, err, sizeof err);
    bh_chip_free(chip);
    chip = NULL;
    if (st != BH_CHIP_OK)
        fatal("libttsim_exit", err);
}

API uint32_t libttsim_pci_config_rd32(uint32_t bus_device_function, uint32_t offset)
{
    need_chip("libttsim_pci_config_rd32");
    if (offset % 4)
        fatal("libttsim_pci_config_rd32", "the offset must be 4-byte aligned");
    if (bus_device_function != 0) /* one chip: device 0 of bus 0, function 0 */
        return 0xFFFFFFFFu;
    return bh_chip_pci_config_read32(chip, offset);
}

API void libttsim_pci_config_wr32(uint32_t bus_device_function, uint32_t offset, uint32_t data)
{
    need_chip("libttsim_pci_config_wr32");
    if (offset % 4 || bus_device_function != 0)
        fatal("libttsim_pci_config_wr32", "bad device or unaligned offset");
    bh_chip_pci_config_write32(chip, offset, data);
}

static void check(BhChipStatus st, const char *fn, uint64_t paddr, uint32_t size)
{
    if (st == BH_CHIP_OK)
        return;
    char what[160];
    snprintf(what, sizeof what, "%s(0x%llx, %u bytes)", fn, (unsigned long long)paddr, size);
    fatal(what, st == BH_CHIP_ERR_ADDRESS ? "not inside a BAR of the chip" : bh_chip_error(chip));
}

API void libttsim_pci_mem_rd_bytes(uint64_t paddr, void *dst, uint32_t size)
{
    need_chip("libttsim_pci_mem_rd_bytes");
    if (size)
        check(bh_chip_pci_read(chip, paddr, dst, size), "libttsim_pci_mem_rd_bytes", paddr, size);
}

API void libttsim_pci_mem_wr_bytes(uint64_t paddr, const void *src, uint32_t size)
{
    need_chip("libttsim_pci_mem_wr_bytes");
    if (size)
        check(bh_chip_pci_write(chip, paddr, src, size, NULL), "libttsim_pci_mem_wr_bytes", paddr,
              size);
}

API void libttsim_clock(uint32_t n_clocks)
{
    need_chip("libttsim_clock");
    if (bh_chip_advance(chip, n_clocks) != BH_CHIP_OK)
        fatal("libttsim_clock", bh_chip_error(chip));
}

API void libttsim_tile_rd_bytes(uint32_t x, uint32_t y, uint64_t addr, void *dst, uint32_t size)
{
    (void)x, (void)y, (void)addr, (void)dst, (void)size;
    fatal("libttsim_tile_rd_bytes", "unsupported on Blackhole (use the BAR functions)");
}

API void libttsim_tile_wr_bytes(uint32_t x, uint32_t y, uint64_t addr, const void *src,
                                uint32_t size)
{
    (void)x, (void)y, (void)addr, (void)src, (void)size;
    fatal("libttsim_tile_wr_bytes", "unsupported on Blackhole (use the BAR functions)");
}
