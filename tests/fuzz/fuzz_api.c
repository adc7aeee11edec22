// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_api.c - libFuzzer harness for the C API of platform/bhsim.h as a careless
 * host program calls it: a sequence of calls with arbitrary arguments (tiles inside and outside
 * the grid, addresses and lengths near the ends of memories and of 64 bits, NULL buffers with
 * lengths, NoC numbers past the two, advance counts up to ones no simulation can represent,
 * PCIe configuration words, BAR accesses through whatever the TLBs were programmed to, report
 * sections, configuration keys) on one p150b chip that runs no workload.
 *
 * The input is read as records: one byte picks the call, the bytes after it are its operands
 * (missing bytes read as 0). What the API documents is checked: every status is one of the
 * enum's, a NULL buffer with a length is BH_CHIP_ERR_CONFIG, a refusal leaves the chip running.
 * A finding: a crash, a sanitizer report, an internal error (an exception bhsim caught at the
 * API: bh_chip_error says "internal error"), an abort. A watchdog stopping the chip (a NoC read
 * of a tile that never answers, ...) is not one: the chip is made again.
 *
 * Making a chip takes far longer than a record, so one chip serves many inputs: it is made
 * again after an input that stopped it and every REMAKE_EVERY inputs, so an input's effect
 * reaches at most that many later ones (a finding that does not reproduce alone reproduces with
 * the inputs before it; -runs=0 over the corpus replays them in order). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform/bhsim.h"

#define BUF_BYTES (2u << 20) /* more than L1 (1.5 MiB): ranges past its end have bytes */
#define REMAKE_EVERY 64
#define ADVANCE_MAX 20000u /* cycles one record may advance the chip */
/* cycles one input may advance it in all: 64 records of ADVANCE_MAX each took over
 * libFuzzer's 10 s under the sanitizers (a slow input, not a finding) */
#define ADVANCE_BUDGET 20000u
#define IDS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t cycles_left; /* of this input's ADVANCE_BUDGET */

/* a record's cycle count, u32 % ADVANCE_MAX, within what the input has left */
static uint32_t cycles(uint32_t v)
{
    uint64_t n = v % ADVANCE_MAX;
    if (n > cycles_left)
        n = cycles_left;
    cycles_left -= n;
    return (uint32_t)n;
}

typedef struct Reader {
    const uint8_t *p;
    size_t n;
} Reader;

static uint8_t u8(Reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static uint32_t u32(Reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)u8(r) << (8 * i);
    return v;
}

static uint64_t u64(Reader *r)
{
    const uint64_t lo = u32(r);
    return lo | (uint64_t)u32(r) << 32;
}

static BhChip *chip;
static unsigned inputs_on_chip;
static uint8_t *buf; /* BUF_BYTES of data for writes, and room for reads */
static uint64_t noc_ids[IDS], pci_ids[IDS];
static unsigned n_noc, n_pci;

/* FUZZ_API_TRACE=1: each call and its answer on stderr, to turn a finding into a test */
static void trace(const char *fmt, ...)
{
    static int on = -1;
    if (on < 0)
        on = getenv("FUZZ_API_TRACE") != NULL;
    if (!on)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static void discard(void *ctx, int level, const char *msg)
{
    (void)ctx, (void)level, (void)msg;
}

/* tests/lsan.supp's, for libFuzzer's leak check: SystemC's pool of timed notifications keeps
 * the blocks of a chip freed with notifications pending */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:sc_event_timed::allocate\n";
}

static void finding(const char *call, const char *what)
{
    fprintf(stderr, "fuzz_api: %s: %s (chip error: '%s')\n", call, what,
            chip ? bh_chip_error(chip) : "");
    abort();
}

static void remake(void)
{
    bh_chip_free(chip);
    static const char *const sets[] = {"workload.name=none"};
    BhChipOptions o;
    memset(&o, 0, sizeof o);
    o.config = "p150b"; /* one chip: bh_chip_select takes 0 and refuses the rest (api.test_system
                           drives two; remaking a two-chip system per input halves the rate) */
    o.sets = sets;
    o.nsets = 1;
    o.quiet = 1;
    o.log = discard;
    char err[512];
    chip = NULL;
    if (bh_chip_create(&o, &chip, err, sizeof err) != BH_CHIP_OK)
        finding("bh_chip_create", err);
    inputs_on_chip = 0;
    n_noc = n_pci = 0;
}

/* An x or y: mostly inside the 17 x 12 grid, sometimes just past it, or far */
static uint32_t coord(Reader *r)
{
    const uint8_t b = u8(r);
    return b == 255 ? UINT32_MAX : b % 20u;
}

/* An address of a tile's memory: inside L1, at its end, near 2^64, or anything */
static uint64_t mem_addr(Reader *r)
{
    const uint8_t k = u8(r) % 8;
    switch (k) {
    case 0:
        return u32(r) % 0x180000u;
    case 1:
        return 0x180000u - (u8(r) % 64u);
    case 2:
        return UINT64_MAX - u32(r) % 0x10000u;
    case 3:
        return 0xFFB00000u + u32(r) % 0x100000u; /* the cores' registers */
    case 4: {
        const uint64_t v = u32(r);
        return v << (u8(r) % 33);
    }
    default:
        return u64(r);
    }
}

/* A length: 0, small, up to the buffer, or huge (then passed with a NULL buffer) */
static uint64_t length(Reader *r)
{
    switch (u8(r) % 8) {
    case 0:
        return 0;
    case 1:
    case 2:
        return 1 + u8(r) % 64u;
    case 3:
        return u32(r) % 0x10000u;
    case 4:
        return u32(r) % BUF_BYTES + 1;
    case 5:
        return UINT64_MAX - u8(r);
    case 6:
        return (uint64_t)1 << (u8(r) % 64);
    default:
        return u64(r);
    }
}

/* The buffer for len bytes, or NULL (for a length past it, and sometimes anyway) */
static void *buffer(Reader *r, uint64_t len)
{
    return len > BUF_BYTES || (u8(r) & 0x80) ? NULL : buf;
}

/* A host physical address: inside a BAR (TLB windows, their configuration, the NIU and ARC
 * windows), at a BAR's end, or anything */
static uint64_t host_addr(Reader *r)
{
    switch (u8(r) % 6) {
    case 0:
        return 0x100000000ull + u32(r) % 0x20000000u; /* BAR0 */
    case 1:
        return 0x100000000ull + 0x1FC00000u + u32(r) % 0x400000u; /* TLB config, NIU, ARC */
    case 2:
        return 0x800000000ull + u64(r) % 0x800000000ull; /* BAR4 */
    case 3:
        return 0x120000000ull + u32(r) % 0x100000u; /* BAR2 */
    default:
        return u64(r);
    }
}

static void check_status(const char *call, BhChipStatus st)
{
    if ((unsigned)st > BH_CHIP_ERR_OUTPUT)
        finding(call, "status outside the enum");
    if (strstr(bh_chip_error(chip), "internal error"))
        finding(call, "an exception reached the API");
}

/* a call with a NULL buffer and a length must be refused as a bad argument */
static void check_null(const char *call, const void *b, uint64_t len, BhChipStatus st)
{
    check_status(call, st);
    if (!b && len && st != BH_CHIP_ERR_CONFIG)
        finding(call, "a NULL buffer with a length was not BH_CHIP_ERR_CONFIG");
}

static const char *const kKeys[] = {"workload.name",
                                    "noc.vc_buffer_flits",
                                    "sim.aiclk_mhz",
                                    "l1.size_kib",
                                    "pcie.link.mps_bytes",
                                    "no.such.key",
                                    "",
                                    "noc"};
static const char *const kCores[] = {"brisc", "ncrisc", "trisc0", "trisc2", "ncrisc2", ""};

static void one_call(Reader *r)
{
    const uint8_t op = u8(r) % 21;
    BhChipStatus st;
    trace("op %u\n", op);
    switch (op) {
    case 0: { /* backdoor write */
        const uint32_t x = coord(r), y = coord(r);
        const uint64_t a = mem_addr(r), n = length(r);
        void *b = buffer(r, n);
        st = bh_chip_mem_write(chip, x, y, a, b, n);
        trace("mem_write(%u, %u, 0x%llx, %s, %llu) = %d\n", x, y, (unsigned long long)a,
              b ? "buf" : "NULL", (unsigned long long)n, (int)st);
        check_null("bh_chip_mem_write", b, n, st);
        break;
    }
    case 1: { /* backdoor read */
        const uint32_t x = coord(r), y = coord(r);
        const uint64_t a = mem_addr(r), n = length(r);
        void *b = buffer(r, n);
        st = bh_chip_mem_read(chip, x, y, a, b, n);
        trace("mem_read(%u, %u, 0x%llx, %s, %llu) = %d\n", x, y, (unsigned long long)a,
              b ? "buf" : "NULL", (unsigned long long)n, (int)st);
        check_null("bh_chip_mem_read", b, n, st);
        break;
    }
    case 2: { /* a timed NoC read */
        const uint32_t noc = u8(r) % 3, x = coord(r), y = coord(r), sx = coord(r), sy = coord(r);
        const uint64_t src = mem_addr(r), dst = mem_addr(r);
        const uint32_t len = (u8(r) & 1) ? u32(r) : u32(r) % 0x4000u;
        uint64_t id = 0;
        st = bh_chip_noc_read(chip, noc, x, y, sx, sy, src, dst, len, (u8(r) & 1) ? &id : NULL);
        trace("noc_read(noc %u, (%u, %u) <- (%u, %u), 0x%llx -> 0x%llx, %u) = %d id %llu\n", noc, x,
              y, sx, sy, (unsigned long long)src, (unsigned long long)dst, len, (int)st,
              (unsigned long long)id);
        check_status("bh_chip_noc_read", st);
        if (st == BH_CHIP_OK && id)
            noc_ids[n_noc++ % IDS] = id;
        break;
    }
    case 3: { /* advance: a few cycles, or a count the simulation cannot represent */
        const uint8_t k = u8(r);
        const uint64_t n = k < 240 ? cycles(u32(r)) : UINT64_MAX - u32(r);
        st = bh_chip_advance(chip, n);
        trace("advance(%llu) = %d at %llu\n", (unsigned long long)n, (int)st,
              (unsigned long long)bh_chip_now(chip));
        check_status("bh_chip_advance", st);
        if (k >= 240 && st != BH_CHIP_ERR_CONFIG && st != BH_CHIP_ERR_SIM)
            finding("bh_chip_advance", "an unrepresentable count was not refused");
        break;
    }
    case 4: { /* wait for a NoC read (one of ours, or any id) */
        const uint64_t id = (u8(r) & 1) && n_noc ? noc_ids[u8(r) % IDS] : u64(r);
        uint64_t issued, done;
        const int d = bh_chip_access_done(chip, id, &issued, &done);
        if (d < -1 || d > 1)
            finding("bh_chip_access_done", "not -1, 0 or 1");
        if (d == 1 && done < issued)
            finding("bh_chip_access_done", "completed before it was issued");
        check_status("bh_chip_advance_until_done",
                     bh_chip_advance_until_done(chip, id, cycles(u32(r))));
        break;
    }
    case 5: {
        uint64_t n = 0;
        check_status("bh_chip_advance_until_idle",
                     bh_chip_advance_until_idle(chip, cycles(u32(r)), &n));
        break;
    }
    case 6: {
        const uint32_t off = (u8(r) & 1) ? u32(r) : u8(r) * 4u;
        (void)bh_chip_pci_config_read32(chip, off);
        break;
    }
    case 7: {
        const uint32_t off = (u8(r) & 1) ? u32(r) : u8(r) * 4u;
        check_status("bh_chip_pci_config_write32", bh_chip_pci_config_write32(chip, off, u32(r)));
        break;
    }
    case 8: { /* a host write: posted */
        const uint64_t a = host_addr(r);
        const uint32_t n = (u8(r) & 1) ? u32(r) : u32(r) % 4096u;
        void *b = buffer(r, n);
        uint64_t id = 0;
        st = bh_chip_pci_write(chip, a, b, n, (u8(r) & 1) ? &id : NULL);
        trace("pci_write(0x%llx, %s, %u) = %d\n", (unsigned long long)a, b ? "buf" : "NULL", n,
              (int)st);
        check_null("bh_chip_pci_write", b, n, st);
        if (st == BH_CHIP_OK && id)
            pci_ids[n_pci++ % IDS] = id;
        break;
    }
    case 9: { /* a host read: waits for its data */
        const uint64_t a = host_addr(r);
        const uint32_t n = (u8(r) & 1) ? u32(r) : u32(r) % 4096u;
        void *b = buffer(r, n);
        st = bh_chip_pci_read(chip, a, b, n);
        trace("pci_read(0x%llx, %s, %u) = %d\n", (unsigned long long)a, b ? "buf" : "NULL", n,
              (int)st);
        check_null("bh_chip_pci_read", b, n, st);
        break;
    }
    case 10: {
        const uint64_t id = (u8(r) & 1) && n_pci ? pci_ids[u8(r) % IDS] : u64(r);
        uint64_t at;
        const int d = bh_chip_pci_done(chip, id, (u8(r) & 1) ? &at : NULL);
        if (d < -1 || d > 1)
            finding("bh_chip_pci_done", "not -1, 0 or 1");
        check_status("bh_chip_pci_wait", bh_chip_pci_wait(chip, id, cycles(u32(r))));
        break;
    }
    case 11: { /* a configuration key: known, unknown, or the input's bytes */
        char key[32], text[64];
        const uint8_t k = u8(r);
        if (k < 128) {
            snprintf(key, sizeof key, "%s", kKeys[k % (sizeof kKeys / sizeof kKeys[0])]);
        } else {
            const size_t n = u8(r) % sizeof key;
            for (size_t i = 0; i < n; i++)
                key[i] = (char)(u8(r) | 1); /* no NUL inside */
            key[n] = 0;
        }
        const size_t len = u8(r) % (sizeof text + 1);
        const char *k_or_null = (u8(r) & 7) ? key : NULL;
        char *b = (u8(r) & 7) ? text : NULL;
        check_status("bh_chip_param_text", bh_chip_param_text(chip, k_or_null, b, len));
        break;
    }
    case 12: { /* a report section: a key and JSON text from the input */
        char key[16], json[128];
        const size_t nk = u8(r) % sizeof key, nj = u8(r) % sizeof json;
        for (size_t i = 0; i < nk; i++)
            key[i] = (char)(u8(r) | 1);
        key[nk] = 0;
        for (size_t i = 0; i < nj; i++)
            json[i] = (char)(u8(r) | 1);
        json[nj] = 0;
        const char *k = (u8(r) & 7) ? key : NULL;
        const char *j = (u8(r) & 7) ? json : NULL;
        check_status("bh_chip_set_report_section", bh_chip_set_report_section(chip, k, j));
        break;
    }
    case 13:
        if (u8(r) >= 240) { /* the report is slow: a few per input (a missing byte is 0) */
            const char *rep = bh_chip_report(chip);
            if (!rep || rep[0] != '{')
                finding("bh_chip_report", "not a JSON object");
        }
        break;
    case 14: { /* host memory */
        const uint64_t a = (u8(r) & 1) ? u64(r) : u32(r), n = length(r);
        void *b = buffer(r, n);
        const int write = u8(r) & 1;
        st = write ? bh_chip_host_mem_write(chip, a, b, n) : bh_chip_host_mem_read(chip, a, b, n);
        check_null(write ? "bh_chip_host_mem_write" : "bh_chip_host_mem_read", b, n, st);
        break;
    }
    case 15: { /* the questions that cannot fail */
        const uint32_t x = coord(r), y = coord(r);
        int port = 0;
        uint32_t px, py;
        (void)bh_chip_tile_kind(chip, x, y);
        (void)bh_chip_tile_index(chip, x, y, (u8(r) & 1) ? &port : NULL);
        check_status("bh_chip_pcie_tile", bh_chip_pcie_tile(chip, &px, (u8(r) & 1) ? &py : NULL));
        const uint64_t c = u64(r);
        if (bh_chip_cycle_ps(chip, c) < bh_chip_cycle_ps(chip, c / 2))
            finding("bh_chip_cycle_ps", "not monotonic");
        (void)bh_chip_time_ps(chip);
        (void)bh_chip_log_count(chip, (int)(int8_t)u8(r));
        /* the timeline's calls: any name (or none) and any span, forwards or backwards */
        bh_chip_host_span(chip, (u8(r) & 7) ? "fuzz span" : NULL, u64(r), u64(r));
        bh_chip_set_poll_namer(chip, NULL, NULL);
        break;
    }
    case 16:
        if (u8(r) & 1)
            bh_chip_window_begin(chip);
        else
            bh_chip_window_end(chip, (u8(r) & 1) ? u64(r) : 0);
        break;
    case 17: {
        char text[96];
        const uint32_t x = coord(r), y = coord(r);
        const char *core = kCores[u8(r) % (sizeof kCores / sizeof kCores[0])];
        const char *c = (u8(r) & 7) ? core : NULL;
        char *b = (u8(r) & 7) ? text : NULL;
        const size_t len = u8(r) % sizeof text;
        check_status("bh_chip_core_text", bh_chip_core_text(chip, x, y, c, b, len));
        break;
    }
    case 18:
        bh_chip_set_idle_poll(chip, u32(r));
        break;
    case 19: { /* which chip the backdoor and PCIe act on: one of the two, or none */
        const uint32_t id = u8(r) % 4;
        st = bh_chip_select(chip, id);
        if ((st == BH_CHIP_OK) != (id < bh_chip_count(chip)))
            finding("bh_chip_select", "a chip refused, or a missing one taken");
        break;
    }
    default: { /* a NULL chip, any call */
        uint8_t b[8];
        const uint32_t x = coord(r), y = coord(r);
        const uint64_t a = mem_addr(r);
        if (bh_chip_mem_read(NULL, x, y, a, b, 8) != BH_CHIP_ERR_CONFIG ||
            bh_chip_advance(NULL, u32(r)) != BH_CHIP_ERR_CONFIG || bh_chip_report(NULL) != NULL ||
            bh_chip_select(NULL, 0) != BH_CHIP_ERR_CONFIG || bh_chip_count(NULL) != 0)
            finding("NULL chip", "not refused");
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!buf) {
        buf = calloc(1, BUF_BYTES);
        if (!buf)
            abort();
    }
    if (!chip || inputs_on_chip >= REMAKE_EVERY)
        remake();
    inputs_on_chip++;
    cycles_left = ADVANCE_BUDGET;
    Reader r = {data, size};
    for (unsigned calls = 0; r.n && calls < 64; calls++) {
        one_call(&r);
        if (*bh_chip_error(chip)) { /* a watchdog stopped it: a new chip for the next input */
            inputs_on_chip = REMAKE_EVERY;
            break;
        }
    }
    return 0;
}
