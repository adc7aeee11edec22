// SPDX-License-Identifier: Apache-2.0
/* host/bh_device.c - a device on a chip: the worker grid and the banks of interleaved buffers,
 * and the firmware boot. Everything reaches the chip through the transport (bh_transport.c:
 * PCIe windows, or the backdoor). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host_internal.h"
#include "model/riscv/rv_elf.h"

/* SOFT_RESET_0 (RISCV_DEBUG_REGS + 0x1B0): bit 11 BRISC, 12..14 TRISC0..2, 18 NCRISC */
#define SOFT_RESET_0 0xFFB121B0u
#define ALL_CORES_HELD 0x47800u
#define BOOT_MAX_CYCLES 200000u

static const char *const role_names[BH_ROLES] = {"brisc", "ncrisc", "trisc0", "trisc1", "trisc2"};

const char *bh_host_role_name(uint32_t role)
{
    return role < BH_ROLES ? role_names[role] : "?";
}

int bh_host_fail(BhDevice *dev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dev->err, sizeof dev->err, fmt, ap);
    va_end(ap);
    return -1;
}

int bh_host_worker(const BhDevice *dev, uint32_t x, uint32_t y)
{
    return x < dev->cols && y < dev->rows ? (int)(y * dev->cols + x) : -1;
}

typedef struct Sink {
    BhKernelImage *img;
} Sink;

static BhStatus collect(void *ctx, uint32_t addr, const uint8_t *data, uint32_t len, char *why,
                        size_t why_len)
{
    BhKernelImage *img = ((Sink *)ctx)->img;
    if (img->n == BH_IMAGE_PIECES) {
        snprintf(why, why_len, "more than %d loadable pieces", BH_IMAGE_PIECES);
        return BH_ERR_CONFIG;
    }
    uint8_t *copy = NULL;
    if (data) {
        copy = malloc(len ? len : 1);
        if (!copy) {
            snprintf(why, why_len, "out of memory");
            return BH_ERR_CONFIG;
        }
        memcpy(copy, data, len);
    }
    if (!img->n || addr < img->lo)
        img->lo = addr;
    if (!img->n || addr + len > img->hi)
        img->hi = addr + len;
    img->addr[img->n] = addr;
    img->len[img->n] = len;
    img->data[img->n++] = copy;
    return BH_OK;
}

void bh_host_image_free(BhKernelImage *img)
{
    for (uint32_t i = 0; i < img->n; i++)
        free(img->data[i]);
    memset(img, 0, sizeof *img);
}

int bh_host_load_elf(BhDevice *dev, const char *path, BhKernelImage *img)
{
    memset(img, 0, sizeof *img);
    snprintf(img->elf_path, sizeof img->elf_path, "%s", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return bh_host_fail(dev, "cannot read '%s'", path);
    fseek(f, 0, SEEK_END);
    const long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = size > 0 && size < (64l << 20) ? malloc((size_t)size) : NULL;
    const int ok = buf && fread(buf, 1, (size_t)size, f) == (size_t)size;
    fclose(f);
    char why[256] = "";
    Sink sink = {img};
    RvElfInfo info = {0};
    if (!ok || rv_elf_load(buf, (size_t)size, collect, &sink, &info, why, sizeof why) != BH_OK) {
        free(buf);
        bh_host_image_free(img);
        return bh_host_fail(dev, "'%s': %s", path, ok ? why : "cannot read it");
    }
    free(buf);
    return 0;
}

int bh_host_image_write(BhDevice *dev, const BhKernelImage *img, const BhCoreRange *r)
{
    static const uint8_t zeros[4096];
    for (uint32_t i = 0; i < img->n; i++) {
        for (uint32_t done = 0; done < img->len[i];) {
            const uint32_t n = img->data[i]                        ? img->len[i]
                               : img->len[i] - done < sizeof zeros ? img->len[i] - done
                                                                   : (uint32_t)sizeof zeros;
            if (hx_write_range(dev, r, img->addr[i] + done, img->data[i] ? img->data[i] : zeros,
                               n) != 0) {
                char why[BH_HOST_ERR];
                snprintf(why, sizeof why, "%s", dev->err);
                return bh_host_fail(dev, "'%s': %s", img->elf_path, why);
            }
            done += n;
        }
    }
    return 0;
}

/* Workers: the enabled Tensix tiles, columns and rows in NoC0 order. DRAM banks: the enabled
 * GDDR6 controllers in order, each reached through one of its three endpoints. */
static int find_tiles(BhDevice *dev, uint32_t ep_x[][3], uint32_t ep_y[][3])
{
    uint32_t col_of[64], row_of[64], ncol = 0, nrow = 0;
    int has_col[64] = {0}, has_row[64] = {0}, ctrl_seen[BH_DRAM_BANKS_MAX] = {0};
    dev->grid_w = bh_chip_width(dev->chip);
    dev->grid_h = bh_chip_height(dev->chip);
    if (dev->grid_w > 64 || dev->grid_h > 64)
        return bh_host_fail(dev, "the grid is larger than 64x64");
    for (uint32_t y = 0; y < dev->grid_h; y++)
        for (uint32_t x = 0; x < dev->grid_w; x++) {
            const char *kind = bh_chip_tile_kind(dev->chip, x, y);
            int port = -1;
            const int idx = bh_chip_tile_index(dev->chip, x, y, &port);
            if (kind && !strcmp(kind, "tensix") && idx >= 0)
                has_col[x] = has_row[y] = 1;
            if (kind && !strcmp(kind, "dram") && idx >= 0 && idx < BH_DRAM_BANKS_MAX && port >= 0 &&
                port < 3) {
                ctrl_seen[idx] = 1;
                ep_x[idx][port] = x;
                ep_y[idx][port] = y;
            }
        }
    for (uint32_t x = 0; x < dev->grid_w; x++)
        if (has_col[x])
            col_of[ncol++] = x;
    for (uint32_t y = 0; y < dev->grid_h; y++)
        if (has_row[y])
            row_of[nrow++] = y;
    dev->cols = ncol;
    dev->rows = nrow;
    dev->n_workers = ncol * nrow;
    if (!dev->n_workers || dev->n_workers > BH_HOST_MAX_WORKERS)
        return bh_host_fail(dev, "the chip has %u Tensix workers (1..%u supported)", dev->n_workers,
                            BH_HOST_MAX_WORKERS);
    for (uint32_t w = 0; w < dev->n_workers; w++) {
        dev->wx[w] = col_of[w % ncol];
        dev->wy[w] = row_of[w / ncol];
        const char *kind = bh_chip_tile_kind(dev->chip, dev->wx[w], dev->wy[w]);
        if (!kind || strcmp(kind, "tensix") ||
            bh_chip_tile_index(dev->chip, dev->wx[w], dev->wy[w], NULL) < 0)
            return bh_host_fail(dev, "the enabled Tensix tiles are not a grid: (%u,%u) is not one",
                                dev->wx[w], dev->wy[w]);
    }
    dev->n_dram = 0;
    for (uint32_t c = 0; c < BH_DRAM_BANKS_MAX; c++)
        if (ctrl_seen[c]) {
            /* bank i is the i-th enabled controller: keep its endpoints at index i */
            for (int p = 0; p < 3; p++) {
                ep_x[dev->n_dram][p] = ep_x[c][p];
                ep_y[dev->n_dram][p] = ep_y[c][p];
            }
            dev->dram_x[dev->n_dram] = ep_x[c][0];
            dev->dram_y[dev->n_dram] = ep_y[c][0];
            dev->n_dram++;
        }
    return 0;
}

/* A worker's bank table: per DRAM bank the endpoint it reaches in the fewest NoC0 hops (NoC0
 * flows +x then +y on a torus), per NoC; NoC1's coordinates are NoC0's mirrored (its frame is
 * rotated by 180 degrees, model/chip/noc_frame.h). */
static void bank_table(const BhDevice *dev, uint32_t w, uint32_t ep_x[][3], uint32_t ep_y[][3],
                       BhBankTable *t)
{
    const uint32_t W = dev->grid_w, H = dev->grid_h;
    memset(t, 0, sizeof *t);
    t->num_dram_banks = dev->n_dram;
    t->num_l1_banks = dev->n_workers;
    for (uint32_t b = 0; b < dev->n_dram; b++) {
        uint32_t best = 0, best_hops = UINT32_MAX;
        for (uint32_t p = 0; p < 3; p++) {
            const uint32_t hops =
                (ep_x[b][p] + W - dev->wx[w]) % W + (ep_y[b][p] + H - dev->wy[w]) % H;
            if (hops < best_hops)
                best = p, best_hops = hops;
        }
        t->dram_x[0][b] = (uint8_t)ep_x[b][best];
        t->dram_y[0][b] = (uint8_t)ep_y[b][best];
        t->dram_x[1][b] = (uint8_t)(W - 1 - ep_x[b][best]);
        t->dram_y[1][b] = (uint8_t)(H - 1 - ep_y[b][best]);
    }
    for (uint32_t b = 0; b < dev->n_workers; b++) {
        t->l1_x[0][b] = (uint8_t)dev->wx[b];
        t->l1_y[0][b] = (uint8_t)dev->wy[b];
        t->l1_x[1][b] = (uint8_t)(W - 1 - dev->wx[b]);
        t->l1_y[1][b] = (uint8_t)(H - 1 - dev->wy[b]);
    }
}

/* every core of every worker has written its done line: READY with seq 0 (workers before
 * *next have; a worker once READY stays so); -1 if a read failed */
static int all_ready(BhDevice *dev, uint32_t *next)
{
    for (; *next < dev->n_workers; (*next)++) {
        const uint32_t w = *next;
        /* each role's seq and status, no more: a BAR read is a load per word (pcie.host) */
        for (uint32_t r = 0; r < BH_ROLES; r++) {
            uint32_t v[2];
            if (hx_read(dev, dev->wx[w], dev->wy[w], BH_L1_DONE + r * sizeof(BhDoneMsg), v,
                        sizeof v) != 0)
                return -1;
            if (v[0] != 0 || v[1] != BH_DONE_READY)
                return 0;
        }
    }
    return 1;
}

static int boot(BhDevice *dev, uint32_t ep_x[][3], uint32_t ep_y[][3])
{
    BhKernelImage fw[BH_ROLES];
    memset(fw, 0, sizeof fw);
    int rc = 0;
    for (uint32_t r = 0; r < BH_ROLES && !rc; r++) {
        snprintf(dev->fw_elf[r], sizeof dev->fw_elf[r], "%s/fw_%s.elf", BH_FIRMWARE_DIR,
                 role_names[r]);
        rc = bh_host_load_elf(dev, dev->fw_elf[r], &fw[r]);
    }
    /* done lines hold a value the firmware never writes, so READY is news */
    uint32_t not_ready[BH_ROLES * 4];
    memset(not_ready, 0xFF, sizeof not_ready);
    static const uint8_t zero_launch[sizeof(BhLaunchMsg)];
    const uint32_t held = ALL_CORES_HELD, released = 0;
    const BhCoreRange all = {0, 0, dev->cols - 1, dev->rows - 1};
    const uint64_t t0 = hx_now_ps(dev);
    /* the same bytes to every worker (multicast through PCIe), then each one's bank table */
    if (!rc)
        rc = hx_write_range(dev, &all, SOFT_RESET_0, &held, 4);
    for (uint32_t r = 0; r < BH_ROLES && !rc; r++)
        rc = bh_host_image_write(dev, &fw[r], &all);
    if (!rc)
        rc = hx_write_range(dev, &all, BH_L1_LAUNCH, zero_launch, sizeof zero_launch);
    if (!rc)
        rc = hx_write_range(dev, &all, BH_L1_DONE, not_ready, sizeof not_ready);
    for (uint32_t w = 0; w < dev->n_workers && !rc; w++) {
        BhBankTable t;
        bank_table(dev, w, ep_x, ep_y, &t);
        rc = hx_write(dev, dev->wx[w], dev->wy[w], BH_L1_BANKS, &t, sizeof t);
        for (uint32_t r = 0; r < BH_ROLES && !rc; r++)
            bh_chip_add_symbols(dev->chip, dev->wx[w], dev->wy[w], role_names[r], dev->fw_elf[r]);
    }
    for (uint32_t r = 0; r < BH_ROLES; r++)
        bh_host_image_free(&fw[r]);
    /* the firmware's wait for a launch is idleness, not a stall */
    bh_chip_set_idle_poll(dev->chip, BH_L1_LAUNCH);
    bh_chip_set_poll_namer(dev->chip, bh_fw_poll_name, NULL);
    /* release every core once its firmware has landed: their reset PCs are the firmware
     * bases (bh_l1_layout.h) */
    if (!rc)
        rc = hx_fence(dev);
    const uint64_t start = bh_chip_now(dev->chip);
    if (!rc)
        rc = hx_write_range(dev, &all, SOFT_RESET_0, &released, 4);
    hx_account(dev, HX_FIRMWARE, t0);
    const uint64_t p0 = hx_now_ps(dev);
    uint32_t next = 0;
    int ready = 0;
    /* small steps: a boot takes a few hundred cycles, and the figure is reported */
    for (uint64_t step = 16; !rc && !(ready = all_ready(dev, &next));
         step = step < 4096 ? step + 16 : step) {
        if (bh_chip_now(dev->chip) - start > BOOT_MAX_CYCLES)
            return bh_host_fail(dev, "the firmware did not boot within %u cycles", BOOT_MAX_CYCLES);
        if (bh_chip_advance(dev->chip, step) != BH_CHIP_OK)
            return bh_host_fail(dev, "booting the firmware: %s", bh_chip_error(dev->chip));
    }
    hx_account(dev, HX_BOOT_POLL, p0);
    dev->boot_cycles = bh_chip_now(dev->chip) - start;
    return rc || ready < 0 ? -1 : 0;
}

BhDevice *bh_device_open(BhChip *chip, char *err, size_t err_len)
{
    BhDevice *dev = calloc(1, sizeof *dev);
    if (!dev) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    dev->chip = chip;
    dev->l1_bottom = BH_L1_SIZE;
    char name[64] = "";
    uint32_t ep_x[BH_DRAM_BANKS_MAX][3] = {{0}}, ep_y[BH_DRAM_BANKS_MAX][3] = {{0}};
    bh_chip_param_text(chip, "workload.name", name, sizeof name);
    if (!bh_workload_is_host(name))
        bh_host_fail(dev,
                     "workload.name is %s: a device needs a host workload (host, ...) so "
                     "that every Tensix tile has its cores",
                     name);
    else if (find_tiles(dev, ep_x, ep_y) == 0 && hx_open(dev) == 0 &&
             (bh_watch_open(dev), boot(dev, ep_x, ep_y)) == 0)
        return dev;
    snprintf(err, err_len, "%s", dev->err);
    hx_close(dev);
    free(dev);
    return NULL;
}

void bh_device_close(BhDevice *dev)
{
    if (!dev)
        return;
    while (dev->programs)
        bh_program_free(dev, dev->programs);
    while (dev->buffers)
        bh_buffer_free(dev, dev->buffers);
    hx_close(dev);
    free(dev);
}

BhChip *bh_device_chip(BhDevice *dev)
{
    return dev->chip;
}

const char *bh_device_error(const BhDevice *dev)
{
    return dev->err;
}

void bh_device_grid(const BhDevice *dev, uint32_t *cols, uint32_t *rows)
{
    *cols = dev->cols;
    *rows = dev->rows;
}

int bh_device_worker_noc(const BhDevice *dev, uint32_t x, uint32_t y, uint32_t *noc_x,
                         uint32_t *noc_y)
{
    const int w = bh_host_worker(dev, x, y);
    if (w < 0)
        return -1;
    *noc_x = dev->wx[w];
    *noc_y = dev->wy[w];
    return 0;
}

uint32_t bh_device_dram_banks(const BhDevice *dev)
{
    return dev->n_dram;
}

int bh_device_dram_bank_noc(const BhDevice *dev, uint32_t bank, uint32_t *noc_x, uint32_t *noc_y)
{
    if (bank >= dev->n_dram)
        return -1;
    *noc_x = dev->dram_x[bank];
    *noc_y = dev->dram_y[bank];
    return 0;
}
