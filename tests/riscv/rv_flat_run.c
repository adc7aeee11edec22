/* tests/riscv/rv_flat_run.c - runs an RV32 ELF on one baby RISC-V core (rv_core) over a flat
 * RAM with QEMU virt's devices, so the same ELF runs here and on qemu-system-riscv32 -M virt
 * and prints the same text: the differential and conformance tests compare the two.
 *
 *   RAM       RV_FLAT_RAM_BASE (0x80000000), 1 MiB, one fast region (read, write, fetch). It is
 *             also declared L1 (rv_core_set_l1), only because Blackhole's amo*.w work on L1
 *             alone and the core faults others; the fast region covers it, so loads, stores
 *             and AMOs are performed at once on the bytes (no store queue, no D-cache): the
 *             run is purely functional
 *             --l1-bus: only the first half (code, rodata) is a fast region; the second half
 *             (data, bss, stack: rt/flat.ld) is served by the bus callback as L1, so loads,
 *             stores and AMOs go through the L0 D-cache, the store queue and bus atomics (done
 *             at once with a fixed latency); the results must not change
 *   UART      0x10000000: a byte written at offset 0 goes to stdout; LSR (offset 5) reads 0x60
 *   finisher  0x00100000: 0x5555 ends the run with exit code 0, (code << 16) | 0x3333 with
 *             code (1 if code is 0)
 *
 * Usage: rv_flat_run [--max-cycles N] [--stats] [--l1-bus] prog.elf
 * Exit: the finisher's code; 0 after ebreak with a0 = 0; 2 on a stop (illegal, unimplemented,
 * fault, ecall, ebreak with a0 != 0), a timeout or a bad ELF, with the reason, pc and
 * disassembly on stderr.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/riscv/rv_core.h"
#include "model/riscv/rv_elf.h"

#define RV_FLAT_RAM_BASE 0x80000000u
#define RV_FLAT_RAM_SIZE (1u << 20)
#define UART_BASE 0x10000000u
#define UART_SIZE 8u
#define UART_LSR 5u
#define UART_LSR_IDLE 0x60u /* THR empty, transmitter empty */
#define FINISHER 0x00100000u
#define FINISH_PASS 0x5555u
#define FINISH_FAIL 0x3333u
#define CHUNK_CYCLES 100000u
#define BUS_HALF (RV_FLAT_RAM_SIZE / 2) /* --l1-bus: the bus serves [base + this, end) */
#define BUS_LOAD_CYCLES 8u              /* an L1 miss (docs/hardware.md#riscv: >= 8) */
#define BUS_AMO_CYCLES 12u              /* an L1 atomic (docs/hardware.md#riscv: >= 12) */

typedef struct Flat {
    uint8_t *ram;
    int finished;  /* the finisher was written */
    int exit_code; /* its code */
    int l1_bus;    /* the second half of RAM through the bus */
} Flat;

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t amo_apply(uint32_t op, uint32_t m, uint32_t v)
{
    switch (op) {
    case RV_AMO_SWAP:
        return v;
    case RV_AMO_ADD:
        return m + v;
    case RV_AMO_XOR:
        return m ^ v;
    case RV_AMO_AND:
        return m & v;
    case RV_AMO_OR:
        return m | v;
    case RV_AMO_MIN:
        return (int32_t)m < (int32_t)v ? m : v;
    case RV_AMO_MAX:
        return (int32_t)m > (int32_t)v ? m : v;
    case RV_AMO_MINU:
        return m < v ? m : v;
    default:
        return m > v ? m : v;
    }
}

/* The bus half of RAM (--l1-bus): plain memory, every access done at once. */
static RvMemResult l1_access(Flat *f, const RvMemReq *req, uint8_t *rdata, uint32_t *latency,
                             char *why, size_t why_len)
{
    uint32_t off = req->addr - RV_FLAT_RAM_BASE;
    if (req->size > 16 || off + req->size > RV_FLAT_RAM_SIZE) {
        snprintf(why, why_len, "L1 access past the RAM at 0x%08" PRIx32, req->addr);
        return RV_MEM_FAULT;
    }
    uint8_t *p = f->ram + off;
    if (req->kind == RV_ACC_LOAD) {
        memcpy(rdata, p, req->size);
        *latency = BUS_LOAD_CYCLES;
    } else if (req->kind == RV_ACC_STORE) {
        for (uint32_t i = 0; i < req->size; i++)
            if (req->mask & (1u << i))
                p[i] = req->wdata[i];
    } else if (req->kind == RV_ACC_AMO) {
        uint32_t old = le32(p), v = amo_apply(req->amo, old, le32(req->wdata));
        memcpy(rdata, p, 4);
        for (int i = 0; i < 4; i++)
            p[i] = (uint8_t)(v >> (8 * i));
        *latency = BUS_AMO_CYCLES;
    } else {
        snprintf(why, why_len, "access kind %u to L1", req->kind);
        return RV_MEM_FAULT;
    }
    return RV_MEM_DONE;
}

static RvMemResult flat_access(void *ctx, RvCore *core, const RvMemReq *req, uint64_t at,
                               uint8_t *rdata, uint32_t *latency, uint64_t *when, char *why,
                               size_t why_len)
{
    Flat *f = ctx;
    (void)core;
    (void)at;
    *latency = 1;
    if (req->kind == RV_ACC_FETCH)
        return RV_MEM_DONE; /* timing only; the fetch region is RAM */
    if (f->l1_bus && req->addr >= RV_FLAT_RAM_BASE + BUS_HALF &&
        req->addr - RV_FLAT_RAM_BASE < RV_FLAT_RAM_SIZE)
        return l1_access(f, req, rdata, latency, why, why_len);
    if (req->addr >= UART_BASE && req->addr - UART_BASE < UART_SIZE) {
        if (req->kind == RV_ACC_LOAD) {
            memset(rdata, 0, req->size);
            if (req->addr - UART_BASE == UART_LSR)
                rdata[0] = UART_LSR_IDLE;
            return RV_MEM_DONE;
        }
        if (req->kind == RV_ACC_STORE) {
            if (req->addr == UART_BASE)
                putchar(req->wdata[0]);
            return RV_MEM_DONE;
        }
    }
    if (req->addr == FINISHER && req->kind == RV_ACC_STORE && req->size == 4) {
        uint32_t v = le32(req->wdata);
        if ((v & 0xffff) == FINISH_PASS) {
            f->exit_code = 0;
        } else if ((v & 0xffff) == FINISH_FAIL) {
            f->exit_code = (v >> 16) ? (int)(v >> 16) : 1;
        } else {
            snprintf(why, why_len, "finisher: unknown command 0x%08" PRIx32, v);
            return RV_MEM_FAULT;
        }
        /* Nothing after the finisher runs: the core waits for a wake that never comes. */
        f->finished = 1;
        *when = BH_IDLE;
        return RV_MEM_LATER;
    }
    snprintf(why, why_len, "no device at 0x%08" PRIx32 " (kind %u, %" PRIu32 " bytes)", req->addr,
             req->kind, req->size);
    return RV_MEM_FAULT;
}

static BhStatus ram_sink(void *ctx, uint32_t addr, const uint8_t *data, uint32_t len, char *why,
                         size_t why_len)
{
    Flat *f = ctx;
    if (addr < RV_FLAT_RAM_BASE || addr - RV_FLAT_RAM_BASE > RV_FLAT_RAM_SIZE ||
        len > RV_FLAT_RAM_SIZE - (addr - RV_FLAT_RAM_BASE)) {
        snprintf(why, why_len, "segment [0x%08" PRIx32 ", +0x%" PRIx32 ") outside the RAM", addr,
                 len);
        return BH_ERR_CONFIG;
    }
    if (data)
        memcpy(f->ram + (addr - RV_FLAT_RAM_BASE), data, len);
    else
        memset(f->ram + (addr - RV_FLAT_RAM_BASE), 0, len);
    return BH_OK;
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    uint8_t *buf = NULL;
    if (fseek(fp, 0, SEEK_END) == 0) {
        long n = ftell(fp);
        if (n >= 0 && fseek(fp, 0, SEEK_SET) == 0) {
            buf = malloc((size_t)n + 1);
            if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
                free(buf);
                buf = NULL;
            }
            *len = (size_t)n;
        }
    }
    fclose(fp);
    return buf;
}

static void report_stop(RvCore *c, const Flat *f, const char *what)
{
    uint32_t pc = rv_core_pc(c);
    char dis[96] = "?";
    if (pc >= RV_FLAT_RAM_BASE && pc - RV_FLAT_RAM_BASE <= RV_FLAT_RAM_SIZE - 4) {
        uint32_t w = le32(f->ram + (pc - RV_FLAT_RAM_BASE));
        char d[80];
        snprintf(dis, sizeof dis, "%08" PRIx32 "  %s", w, rv_disasm(w, pc, d, sizeof d));
    }
    fprintf(stderr, "rv_flat_run: %s at pc 0x%08" PRIx32 " (%s) after %" PRIu64 " cycles: %s\n",
            what, pc, dis, rv_core_cycle(c), rv_core_why(c));
}

int main(int argc, char **argv)
{
    uint64_t max_cycles = 2000000000ull;
    int stats = 0, l1_bus = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc)
            max_cycles = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--stats"))
            stats = 1;
        else if (!strcmp(argv[i], "--l1-bus"))
            l1_bus = 1;
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "usage: rv_flat_run [--max-cycles N] [--stats] [--l1-bus] prog.elf\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: rv_flat_run [--max-cycles N] [--stats] [--l1-bus] prog.elf\n");
        return 2;
    }

    Flat f = {.ram = calloc(1, RV_FLAT_RAM_SIZE), .l1_bus = l1_bus};
    size_t len = 0;
    uint8_t *elf = read_file(path, &len);
    if (!f.ram || !elf) {
        fprintf(stderr, "rv_flat_run: cannot read %s\n", path);
        return 2;
    }
    char why[256];
    RvElfInfo info = {0};
    if (rv_elf_load(elf, len, ram_sink, &f, &info, why, sizeof why) != BH_OK) {
        fprintf(stderr, "rv_flat_run: %s: %s\n", path, why);
        return 2;
    }
    free(elf);

    RvConfig cfg = rv_config_default();
    RvCore *c = rv_core_create(&cfg, 0, flat_access, &f);
    RvRegion ram = {.base = RV_FLAT_RAM_BASE,
                    .size = l1_bus ? BUS_HALF : RV_FLAT_RAM_SIZE,
                    .mem = f.ram,
                    .flags = RV_REGION_READ | RV_REGION_WRITE | RV_REGION_FETCH};
    if (!c || rv_core_map(c, &ram) != BH_OK) {
        fprintf(stderr, "rv_flat_run: cannot create the core\n");
        return 2;
    }
    rv_core_set_l1(c, RV_FLAT_RAM_BASE, RV_FLAT_RAM_SIZE);
    rv_core_reset(c, info.entry, 0);

    int rc = 2;
    for (;;) {
        uint64_t now = rv_core_cycle(c);
        if (f.finished) {
            rc = f.exit_code;
            break;
        }
        if (now >= max_cycles) {
            report_stop(c, &f, "timeout");
            break;
        }
        uint64_t until = now + CHUNK_CYCLES < max_cycles ? now + CHUNK_CYCLES : max_cycles;
        uint64_t wake = BH_IDLE;
        RvRun r = rv_core_run(c, until, &wake);
        if (r == RV_RUN_STOPPED) {
            RvStop s = rv_core_stop(c);
            if (s == RV_STOP_EBREAK && rv_core_reg(c, 10) == 0) {
                rc = 0;
            } else {
                report_stop(c, &f, rv_stop_name(s));
            }
            break;
        }
        /* The devices here answer at once: a wait with no wake cycle can only end by the
         * finisher. */
        if (r == RV_RUN_WAIT && !f.finished && wake == BH_IDLE) {
            report_stop(c, &f, "waits for nothing");
            break;
        }
    }
    fflush(stdout);
    if (stats) {
        const RvStats *st = rv_core_stats(c);
        fprintf(stderr,
                "rv_flat_run: %" PRIu64 " instructions, %" PRIu64 " cycles, L1 bytes read %" PRIu64
                " written %" PRIu64 ", D-cache hits %" PRIu64 " misses %" PRIu64 "\n",
                st->instret, rv_core_cycle(c), st->l1_bytes_read, st->l1_bytes_written,
                st->dcache_hits, st->dcache_misses);
    }
    rv_core_destroy(c);
    free(f.ram);
    return rc;
}
