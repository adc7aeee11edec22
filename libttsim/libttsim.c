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
 * The chip runs workload.name=host and noc.translation=1 unless BHSIM_SET says otherwise:
 * every Tensix tile has its five cores, held in reset until the host releases them, and every
 * NIU takes the translated coordinates tt-umd writes (DRAM at (17-18, 12-23), ...).
 * libttsim_exit writes the outputs the configuration asks for (output.report, output.heatmap,
 * output.vcd) and frees the chip.
 *
 * Semantics beside ttsim's: time is simulated. libttsim_clock(n) advances n AICLK cycles; a
 * BAR write is posted (it returns once the link has taken it; the chip advances only while
 * the link has no room); a BAR read advances the chip until its data is back, as a CPU load
 * stalls. Configuration writes are accepted (ttsim reserves them).
 *
 * A library never ends its caller. The chip is host-driven (BhChipOptions.host_driven): a
 * stall (cores waiting on what only the host can change, a program ending in `j .`) or a
 * Tensix tile's guest error is logged and kept as a notice while the chip goes on clocking.
 * What a void call cannot do (a call before init, an address outside the BARs, a chip a NoC
 * deadlock stopped) is logged on stderr ("bhsim: libttsim: ...", repeats counted, not
 * printed each time) and the call does nothing: a read fills its buffer with 0xFF bytes, as
 * a PCIe read that gets no completion returns all ones. libbhsim_status() tells a host which
 * of these happened; libbhsim_chip() hands it the chip for the rest of bhsim's C API.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "libttsim/libbhsim.h"
#include "platform/bhsim.h"

#define API __attribute__((visibility("default")))

static BhChip *chip;
static BhHostMemRead dma_rd_cb;
static BhHostMemWrite dma_wr_cb;
static void (*dma_rd_user)(uint64_t, void *, uint32_t);
static void (*dma_wr_user)(uint64_t, const void *, uint32_t);

/* the last complaint, its count in a row, and the worst status so far (libbhsim_status) */
static char last_msg[1024];
static uint64_t last_repeats;
static int worst = LIBBHSIM_NOT_INITIALISED;

static int power_of_ten(uint64_t n)
{
    while (n >= 10 && n % 10 == 0)
        n /= 10;
    return n == 1;
}

static void complain(int status, const char *what, const char *detail)
{
    char msg[sizeof last_msg];
    snprintf(msg, sizeof msg, "%s%s%s", what, detail && *detail ? ": " : "", detail ? detail : "");
    if (status > worst || worst == LIBBHSIM_NOT_INITIALISED)
        worst = status;
    if (!strcmp(msg, last_msg)) {
        if (++last_repeats % 10 && !power_of_ten(last_repeats))
            return;
        fprintf(stderr, "bhsim: libttsim: %s [%llu times in a row]\n", msg,
                (unsigned long long)last_repeats);
        return;
    }
    snprintf(last_msg, sizeof last_msg, "%s", msg);
    last_repeats = 1;
    fprintf(stderr, "bhsim: libttsim: %s\n", msg);
    fflush(stderr);
}

static int need_chip(const char *fn)
{
    if (!chip)
        complain(LIBBHSIM_NOT_INITIALISED, fn,
                 "called before libttsim_init (or after libttsim_exit); ignored");
    return chip != NULL;
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
    if (chip) {
        complain(LIBBHSIM_REFUSED, "libttsim_set_pci_dma_mem_callbacks",
                 "must come before libttsim_init; ignored");
        return;
    }
    dma_rd_user = rd, dma_wr_user = wr;
    dma_rd_cb = rd ? dma_rd : NULL;
    dma_wr_cb = wr ? dma_wr : NULL;
}

API void libttsim_init(void)
{
    if (chip) {
        complain(LIBBHSIM_REFUSED, "libttsim_init", "called twice; the first chip stays");
        return;
    }
    const char *config = getenv("BHSIM_CONFIG");
    const char *set_env = getenv("BHSIM_SET");
    const size_t set_len = set_env ? strlen(set_env) : 0;
    char *sets_text = malloc(set_len + 1);
    if (!sets_text) {
        complain(LIBBHSIM_NOT_INITIALISED, "libttsim_init", "out of host memory");
        return;
    }
    memcpy(sets_text, set_env ? set_env : "", set_len + 1);
    const char *sets[66];
    int n = 0;
    sets[n++] = "workload.name=host";
    /* tt-umd and tt-metal write translated coordinates, as firmware sets the NIUs up on a
     * card; BHSIM_SET can still say noc.translation=0 */
    sets[n++] = "noc.translation=1";
    for (char *tok = strtok(sets_text, ";"); tok; tok = strtok(NULL, ";")) {
        if (n == 66) {
            complain(LIBBHSIM_NOT_INITIALISED, "libttsim_init",
                     "BHSIM_SET has more than 64 overrides; no chip");
            free(sets_text);
            return;
        }
        if (*tok)
            sets[n++] = tok;
    }
    BhChipOptions o;
    memset(&o, 0, sizeof o);
    o.config = config && *config ? config : "p150b";
    o.sets = sets;
    o.nsets = n;
    o.quiet = 1;
    o.host_driven = 1;
    char err[1024];
    BhChip *c = NULL;
    if (bh_chip_create(&o, &c, err, sizeof err) != BH_CHIP_OK) {
        free(sets_text);
        complain(LIBBHSIM_NOT_INITIALISED,
                 "libttsim_init (configuration from BHSIM_CONFIG and BHSIM_SET)", err);
        return;
    }
    free(sets_text);
    if (dma_rd_cb || dma_wr_cb)
        bh_chip_set_host_memory(c, dma_rd_cb, dma_wr_cb, NULL);
    chip = c;
    worst = LIBBHSIM_OK;
    last_msg[0] = 0;
}

API void libttsim_exit(void)
{
    if (!need_chip("libttsim_exit"))
        return;
    char err[1024];
    BhChipStatus st = bh_chip_write_outputs(chip, err, sizeof err);
    bh_chip_free(chip);
    chip = NULL;
    if (st != BH_CHIP_OK)
        complain(LIBBHSIM_REFUSED, "libttsim_exit", err);
    worst = LIBBHSIM_NOT_INITIALISED;
}

API uint32_t libttsim_pci_config_rd32(uint32_t bus_device_function, uint32_t offset)
{
    if (!need_chip("libttsim_pci_config_rd32"))
        return 0xFFFFFFFFu;
    if (offset % 4) {
        complain(LIBBHSIM_REFUSED, "libttsim_pci_config_rd32",
                 "the offset must be 4-byte aligned; read as all ones");
        return 0xFFFFFFFFu;
    }
    if (bus_device_function != 0) /* one chip: device 0 of bus 0, function 0 */
        return 0xFFFFFFFFu;
    return bh_chip_pci_config_read32(chip, offset);
}

API void libttsim_pci_config_wr32(uint32_t bus_device_function, uint32_t offset, uint32_t data)
{
    if (!need_chip("libttsim_pci_config_wr32"))
        return;
    if (offset % 4 || bus_device_function != 0) {
        complain(LIBBHSIM_REFUSED, "libttsim_pci_config_wr32",
                 "bad device or unaligned offset; ignored");
        return;
    }
    bh_chip_pci_config_write32(chip, offset, data);
}

/* a refused access names the call and the address; a stopped chip says what stopped it */
static int check(BhChipStatus st, const char *fn, uint64_t paddr, uint32_t size)
{
    if (st == BH_CHIP_OK)
        return 1;
    char what[160];
    snprintf(what, sizeof what, "%s(0x%llx, %u bytes)", fn, (unsigned long long)paddr, size);
    if (st == BH_CHIP_ERR_SIM)
        complain(LIBBHSIM_STOPPED, what, bh_chip_error(chip));
    else
        complain(LIBBHSIM_REFUSED, what,
                 st == BH_CHIP_ERR_ADDRESS ? "not inside a BAR of the chip; ignored"
                                           : bh_chip_refusal(chip));
    return 0;
}

API void libttsim_pci_mem_rd_bytes(uint64_t paddr, void *dst, uint32_t size)
{
    if (!need_chip("libttsim_pci_mem_rd_bytes") || !dst) {
        if (dst)
            memset(dst, 0xFF, size);
        return;
    }
    if (size &&
        !check(bh_chip_pci_read(chip, paddr, dst, size), "libttsim_pci_mem_rd_bytes", paddr, size))
        memset(dst, 0xFF, size);
}

API void libttsim_pci_mem_wr_bytes(uint64_t paddr, const void *src, uint32_t size)
{
    if (need_chip("libttsim_pci_mem_wr_bytes") && size)
        check(bh_chip_pci_write(chip, paddr, src, size, NULL), "libttsim_pci_mem_wr_bytes", paddr,
              size);
}

API void libttsim_clock(uint32_t n_clocks)
{
    if (need_chip("libttsim_clock") && bh_chip_advance(chip, n_clocks) != BH_CHIP_OK)
        complain(LIBBHSIM_STOPPED, "libttsim_clock", bh_chip_error(chip));
}

API void libttsim_tile_rd_bytes(uint32_t x, uint32_t y, uint64_t addr, void *dst, uint32_t size)
{
    (void)x, (void)y, (void)addr;
    if (dst)
        memset(dst, 0xFF, size);
    complain(LIBBHSIM_REFUSED, "libttsim_tile_rd_bytes",
             "unsupported on Blackhole (use the BAR functions); read as all ones");
}

API void libttsim_tile_wr_bytes(uint32_t x, uint32_t y, uint64_t addr, const void *src,
                                uint32_t size)
{
    (void)x, (void)y, (void)addr, (void)src, (void)size;
    complain(LIBBHSIM_REFUSED, "libttsim_tile_wr_bytes",
             "unsupported on Blackhole (use the BAR functions); ignored");
}

API int libbhsim_status(char *msg, size_t len)
{
    int st = worst;
    const char *text = last_msg;
    uint64_t cycle = 0;
    if (chip && !*bh_chip_error(chip) && *bh_chip_notice(chip, &cycle) && st == LIBBHSIM_OK) {
        st = LIBBHSIM_NOTICE;
        text = bh_chip_notice(chip, NULL);
    } else if (chip && *bh_chip_error(chip)) {
        st = LIBBHSIM_STOPPED;
        text = bh_chip_error(chip);
    }
    if (msg && len)
        snprintf(msg, len, "%s", st == LIBBHSIM_OK ? "" : text);
    return st;
}

API BhChip *libbhsim_chip(void)
{
    return chip;
}
