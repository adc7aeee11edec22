// SPDX-License-Identifier: Apache-2.0
/* host/bh_program.c - programs: kernels on core ranges with their runtime arguments, circular
 * buffers and semaphores; launch and wait by the launch protocol of bh_l1_layout.h, through
 * the transport (bh_transport.c). A launch writes what is the same on a range of cores once
 * for the range (kernel images, circular buffers, semaphores: multicast through PCIe), then
 * each core's runtime arguments and launch message, waits until all of it has landed, and
 * only then writes the launch words (multicast when the launch is a rectangle of cores at the
 * same seq), so no core starts on a half-written program. */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host_internal.h"

#define WAIT_STEP_MIN 256u
#define WAIT_STEP_MAX 5000u

static int in_range(const BhCoreRange *r, uint32_t x, uint32_t y)
{
    return x >= r->x0 && x <= r->x1 && y >= r->y0 && y <= r->y1;
}

static int overlap(const BhCoreRange *a, const BhCoreRange *b)
{
    return a->x0 <= b->x1 && b->x0 <= a->x1 && a->y0 <= b->y1 && b->y0 <= a->y1;
}

static int check_range(BhDevice *dev, const BhCoreRange *r, const char *what)
{
    if (r->x0 > r->x1 || r->y0 > r->y1 || r->x1 >= dev->cols || r->y1 >= dev->rows)
        return bh_host_fail(dev,
                            "%s: core range (%u,%u)-(%u,%u) is outside the %ux%u worker grid "
                            "(or empty)",
                            what, r->x0, r->y0, r->x1, r->y1, dev->cols, dev->rows);
    return 0;
}

BhProgram *bh_program_create(BhDevice *dev)
{
    BhProgram *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->dev = dev;
    p->next = dev->programs;
    dev->programs = p;
    return p;
}

static void kernel_free(BhKernel *k)
{
    for (uint32_t i = 0; i < 3; i++)
        bh_host_image_free(&k->images[i]);
    for (uint32_t i = 0; i < k->spec.n_defines; i++)
        free(k->defines[i]);
    free(k->defines);
    free(k->compile_args);
    for (uint32_t w = 0; w < BH_HOST_MAX_WORKERS; w++)
        free(k->rta[w]);
}

void bh_program_free(BhDevice *dev, BhProgram *prog)
{
    for (BhProgram **p = &dev->programs; *p; p = &(*p)->next)
        if (*p == prog) {
            *p = prog->next;
            break;
        }
    for (uint32_t i = 0; i < prog->n_kernels; i++)
        kernel_free(&prog->kernels[i]);
    free(prog);
}

int bh_program_add_kernel(BhProgram *prog, const BhCoreRange *cores, const BhKernelSpec *spec)
{
    BhDevice *dev = prog->dev;
    if (!spec || !spec->source || !cores)
        return bh_host_fail(dev, "kernel: no source or core range");
    if (check_range(dev, cores, spec->source) != 0)
        return -1;
    if (prog->n_kernels == BH_HOST_MAX_KERNELS)
        return bh_host_fail(dev, "kernel %s: more than %d kernels in a program", spec->source,
                            BH_HOST_MAX_KERNELS);
    if (spec->type > BH_KERNEL_COMPUTE || (spec->type != BH_KERNEL_COMPUTE && spec->noc > 1))
        return bh_host_fail(dev, "kernel %s: bad type %d or NoC %u", spec->source, (int)spec->type,
                            spec->noc);
    for (uint32_t i = 0; i < prog->n_kernels; i++)
        if (prog->kernels[i].spec.type == spec->type && overlap(&prog->kernels[i].range, cores))
            return bh_host_fail(dev,
                                "kernel %s: its cores already run %s, a kernel of the same "
                                "type",
                                spec->source, prog->kernels[i].source);
    BhKernel *k = &prog->kernels[prog->n_kernels];
    memset(k, 0, sizeof *k);
    k->range = *cores;
    k->spec = *spec;
    /* an absolute path: the compiler runs from anywhere and the cache key holds it */
    if (!realpath(spec->source, k->source))
        snprintf(k->source, sizeof k->source, "%s", spec->source);
    k->spec.source = k->source;
    k->compile_args = calloc(spec->n_compile_args + 1, sizeof *k->compile_args);
    k->defines = calloc(spec->n_defines + 1, sizeof *k->defines);
    if (!k->compile_args || !k->defines)
        return bh_host_fail(dev, "out of memory");
    if (spec->n_compile_args)
        memcpy(k->compile_args, spec->compile_args, spec->n_compile_args * sizeof(uint32_t));
    for (uint32_t i = 0; i < spec->n_defines; i++)
        k->defines[i] = strdup(spec->defines[i]);
    k->spec.compile_args = k->compile_args;
    k->spec.defines = (const char *const *)k->defines;
    k->first_role = spec->type == BH_KERNEL_DM0   ? BH_ROLE_BRISC
                    : spec->type == BH_KERNEL_DM1 ? BH_ROLE_NCRISC
                                                  : BH_ROLE_TRISC0;
    k->n_roles = spec->type == BH_KERNEL_COMPUTE ? 3 : 1;
    return (int)prog->n_kernels++;
}

int bh_program_set_runtime_args(BhProgram *prog, int kernel, uint32_t x, uint32_t y,
                                const uint32_t *args, uint32_t n)
{
    BhDevice *dev = prog->dev;
    if (kernel < 0 || (uint32_t)kernel >= prog->n_kernels)
        return bh_host_fail(dev, "runtime args: no kernel %d in the program", kernel);
    BhKernel *k = &prog->kernels[kernel];
    const int w = bh_host_worker(dev, x, y);
    if (w < 0 || !in_range(&k->range, x, y))
        return bh_host_fail(dev, "runtime args: kernel %s does not run on core (%u,%u)", k->source,
                            x, y);
    if (n > BH_RTA_WORDS)
        return bh_host_fail(dev,
                            "runtime args: %u words for kernel %s on core (%u,%u), more "
                            "than the %u a kernel has (BH_RTA_WORDS)",
                            n, k->source, x, y, BH_RTA_WORDS);
    free(k->rta[w]);
    k->rta[w] = malloc((n ? n : 1) * sizeof(uint32_t));
    if (!k->rta[w])
        return bh_host_fail(dev, "out of memory");
    if (n)
        memcpy(k->rta[w], args, n * sizeof(uint32_t));
    k->n_rta[w] = n;
    return 0;
}

int bh_program_add_cb(BhProgram *prog, const BhCoreRange *cores, uint32_t index, uint32_t page_size,
                      uint32_t num_pages, uint32_t format)
{
    BhDevice *dev = prog->dev;
    if (check_range(dev, cores, "circular buffer") != 0)
        return -1;
    if (index >= BH_CB_COUNT || !page_size || !num_pages || page_size % 16)
        return bh_host_fail(dev,
                            "circular buffer %u: index must be below %d, pages non-zero and "
                            "the page size a multiple of 16 (got %u pages of %u bytes)",
                            index, BH_CB_COUNT, num_pages, page_size);
    if (prog->n_cbs == BH_HOST_MAX_CBS)
        return bh_host_fail(dev, "circular buffer %u: too many in one program", index);
    for (uint32_t i = 0; i < prog->n_cbs; i++)
        if (prog->cbs[i].index == index && overlap(&prog->cbs[i].range, cores))
            return bh_host_fail(dev, "circular buffer %u: already configured on these cores",
                                index);
    prog->cbs[prog->n_cbs++] = (BhCb){*cores, index, page_size, num_pages, format};
    return 0;
}

int bh_program_add_semaphore(BhProgram *prog, const BhCoreRange *cores, uint32_t initial)
{
    BhDevice *dev = prog->dev;
    if (check_range(dev, cores, "semaphore") != 0)
        return -1;
    if (prog->n_sems == BH_HOST_MAX_SEMS)
        return bh_host_fail(dev, "semaphore: at most %d per program", BH_SEMAPHORE_COUNT);
    prog->sems[prog->n_sems] = (BhSem){*cores, initial};
    return (int)prog->n_sems++;
}

static int build(BhDevice *dev, BhProgram *prog)
{
    for (uint32_t i = 0; i < prog->n_kernels; i++) {
        BhKernel *k = &prog->kernels[i];
        for (uint32_t r = 0; r < k->n_roles && !k->built; r++)
            if (bh_kernel_build(dev, k, k->first_role + r, &k->images[r]) != 0)
                return -1;
        k->built = 1;
    }
    return 0;
}

static int write_bytes(BhDevice *dev, uint32_t w, uint32_t addr, const void *data, uint32_t len)
{
    return hx_write(dev, dev->wx[w], dev->wy[w], addr, data, len);
}

/* the last launch on worker w has finished on every core */
static int worker_idle(BhDevice *dev, uint32_t w)
{
    if (dev->seen_done[w] == dev->seq[w])
        return 1; /* the host saw it finish */
    BhDoneMsg d[BH_ROLES];
    if (hx_read(dev, dev->wx[w], dev->wy[w], BH_L1_DONE, d, sizeof d) != 0)
        return 0;
    for (uint32_t r = 0; r < BH_ROLES; r++)
        if (d[r].seq != dev->seq[w])
            return 0;
    dev->seen_done[w] = dev->seq[w];
    return 1;
}

/* every worker of r is part of this launch */
static int all_launched(const BhDevice *dev, const BhProgram *prog, const BhCoreRange *r)
{
    for (uint32_t y = r->y0; y <= r->y1; y++)
        for (uint32_t x = r->x0; x <= r->x1; x++)
            if (!prog->launched_on[y * dev->cols + x])
                return 0;
    return 1;
}

/* the same bytes to the launched workers of r: the whole range at once if it can */
static int write_launched(BhDevice *dev, const BhProgram *prog, const BhCoreRange *r, uint32_t addr,
                          const void *data, uint32_t len)
{
    if (all_launched(dev, prog, r))
        return hx_write_range(dev, r, addr, data, len);
    for (uint32_t y = r->y0; y <= r->y1; y++)
        for (uint32_t x = r->x0; x <= r->x1; x++)
            if (prog->launched_on[y * dev->cols + x] &&
                write_bytes(dev, y * dev->cols + x, addr, data, len) != 0)
                return -1;
    return 0;
}

/* Kernel images on their ranges */
static int upload_kernels(BhDevice *dev, BhProgram *prog)
{
    for (uint32_t i = 0; i < prog->n_kernels; i++) {
        BhKernel *k = &prog->kernels[i];
        for (uint32_t r = 0; r < k->n_roles; r++)
            if (bh_host_image_write(dev, &k->images[r], &k->range) != 0)
                return -1;
        for (uint32_t y = k->range.y0; y <= k->range.y1; y++)
            for (uint32_t x = k->range.x0; x <= k->range.x1; x++)
                for (uint32_t r = 0; r < k->n_roles; r++) {
                    const uint32_t w = y * dev->cols + x;
                    bh_chip_add_symbols(dev->chip, dev->wx[w], dev->wy[w],
                                        bh_host_role_name(k->first_role + r),
                                        k->images[r].elf_path);
                }
    }
    return 0;
}

/* Every core's runtime arguments */
static int write_rtas(BhDevice *dev, BhProgram *prog)
{
    for (uint32_t w = 0; w < dev->n_workers; w++)
        for (uint32_t i = 0; i < prog->n_kernels && prog->launched_on[w]; i++) {
            const BhKernel *k = &prog->kernels[i];
            for (uint32_t r = 0; r < k->n_roles && k->n_rta[w]; r++)
                if (write_bytes(dev, w, BH_L1_RTA_OF(k->first_role + r), k->rta[w],
                                k->n_rta[w] * 4) != 0)
                    return -1;
        }
    return 0;
}

/* Circular buffers and semaphores on their ranges, then each core's launch message but its
 * seq word */
static int write_launch(BhDevice *dev, BhProgram *prog, const uint32_t *cb_addr)
{
    static const uint8_t zero_counters[32];
    for (uint32_t i = 0; i < prog->n_cbs; i++) {
        const BhCb *cb = &prog->cbs[i];
        const BhCbConfig cfg = {cb_addr[i],    cb->page_size * cb->num_pages,
                                cb->num_pages, cb->page_size,
                                cb->format,    {0, 0, 0}};
        if (write_launched(dev, prog, &cb->range,
                           BH_L1_CB_CONFIG + cb->index * (uint32_t)sizeof cfg, &cfg,
                           sizeof cfg) != 0 ||
            write_launched(dev, prog, &cb->range, BH_L1_CB_RECEIVED(cb->index), zero_counters,
                           32) != 0)
            return -1;
    }
    for (uint32_t i = 0; i < prog->n_sems; i++)
        if (write_launched(dev, prog, &prog->sems[i].range, BH_L1_SEMAPHORE(i),
                           &prog->sems[i].initial, 4) != 0)
            return -1;
    const uint32_t W = dev->grid_w, H = dev->grid_h;
    for (uint32_t w = 0; w < dev->n_workers; w++) {
        if (!prog->launched_on[w])
            continue;
        const uint32_t x = w % dev->cols, y = w / dev->cols;
        BhLaunchMsg msg;
        memset(&msg, 0, sizeof msg);
        for (uint32_t i = 0; i < prog->n_kernels; i++) {
            const BhKernel *k = &prog->kernels[i];
            for (uint32_t r = 0; r < k->n_roles && in_range(&k->range, x, y); r++) {
                msg.kernel_mask |= 1u << (k->first_role + r);
                msg.noc_of_role[k->first_role + r] =
                    k->spec.type == BH_KERNEL_COMPUTE ? 0 : k->spec.noc;
            }
        }
        for (uint32_t i = 0; i < prog->n_cbs; i++)
            if (in_range(&prog->cbs[i].range, x, y))
                msg.cb_mask |= 1u << prog->cbs[i].index;
        msg.tile_x[0] = dev->wx[w];
        msg.tile_y[0] = dev->wy[w];
        msg.tile_x[1] = W - 1 - dev->wx[w];
        msg.tile_y[1] = H - 1 - dev->wy[w];
        msg.seq = dev->seq[w] + 1;
        if (write_bytes(dev, w, BH_L1_LAUNCH + 4, (const uint8_t *)&msg + 4, sizeof msg - 4) != 0)
            return -1;
    }
    return 0;
}

/* The launch words: once for the rectangle if the launch is one at one seq, else core by
 * core */
#define SEQ_RECTS 64

/* The launch words: one write per rectangle of launched workers whose next seq is the same (a
 * multicast where the transport can), so cores that ran a different number of launches (the
 * bulk path's, bh_bulk.c, runs on a few) still start together; rows of equal runs merge. */
static int write_seqs(BhDevice *dev, BhProgram *prog)
{
    BhCoreRange rect[SEQ_RECTS];
    uint32_t seq[SEQ_RECTS], n = 0;
    for (uint32_t w = 0; w < dev->n_workers; w++)
        if (prog->launched_on[w])
            prog->seq[w] = dev->seq[w] = dev->seq[w] + 1;
    for (uint32_t y = 0; y < dev->rows; y++)
        for (uint32_t x = 0; x < dev->cols;) {
            const uint32_t w = y * dev->cols + x;
            if (!prog->launched_on[w]) {
                x++;
                continue;
            }
            uint32_t x1 = x;
            while (x1 + 1 < dev->cols && prog->launched_on[w + x1 + 1 - x] &&
                   dev->seq[w + x1 + 1 - x] == dev->seq[w])
                x1++;
            uint32_t r = 0; /* a rectangle the row above ends with the same run */
            while (r < n && !(rect[r].y1 + 1 == y && rect[r].x0 == x && rect[r].x1 == x1 &&
                              seq[r] == dev->seq[w]))
                r++;
            if (r == n && n == SEQ_RECTS) { /* too fragmented: core by core */
                for (uint32_t v = 0; v < dev->n_workers; v++)
                    if (prog->launched_on[v] &&
                        write_bytes(dev, v, BH_L1_LAUNCH, &dev->seq[v], 4) != 0)
                        return -1;
                return 0;
            }
            if (r == n)
                rect[n] = (BhCoreRange){x, y, x1, y}, seq[n++] = dev->seq[w];
            else
                rect[r].y1 = y;
            x = x1 + 1;
        }
    for (uint32_t r = 0; r < n; r++)
        if (hx_write_range(dev, &rect[r], BH_L1_LAUNCH, &seq[r], 4) != 0)
            return -1;
    return 0;
}

int bh_program_launch(BhDevice *dev, BhProgram *prog)
{
    if (!prog->n_kernels)
        return bh_host_fail(dev, "launch: the program has no kernel");
    if (build(dev, prog) != 0)
        return -1;
    /* CBs: one placement for all cores, upwards from the unreserved L1 */
    uint32_t cb_addr[BH_HOST_MAX_CBS], top = BH_L1_UNRESERVED;
    for (uint32_t i = 0; i < prog->n_cbs; i++) {
        cb_addr[i] = top;
        top += (prog->cbs[i].page_size * prog->cbs[i].num_pages + 15u) & ~15u;
    }
    if (top > dev->l1_bottom)
        return bh_host_fail(dev,
                            "launch: the circular buffers need 0x%05x..0x%05x of L1, but L1 "
                            "buffers begin at 0x%05llx",
                            BH_L1_UNRESERVED, top, (unsigned long long)dev->l1_bottom);
    if (top > dev->cb_top)
        dev->cb_top = top;
    memset(prog->launched_on, 0, sizeof prog->launched_on);
    for (uint32_t w = 0; w < dev->n_workers; w++) {
        const uint32_t x = w % dev->cols, y = w / dev->cols;
        int used = 0;
        for (uint32_t i = 0; i < prog->n_kernels; i++)
            used |= in_range(&prog->kernels[i].range, x, y);
        if (!used)
            continue;
        if (!worker_idle(dev, w))
            return bh_host_fail(dev, "launch: core (%u,%u) still runs its previous launch (%u)", x,
                                y, dev->seq[w]);
        prog->launched_on[w] = 1;
    }
    uint64_t t = hx_now_ps(dev);
    /* each phase fences, so its time includes its writes landing */
    if (upload_kernels(dev, prog) != 0 || hx_fence(dev) != 0)
        return -1;
    hx_account(dev, HX_UPLOAD, t);
    t = hx_now_ps(dev);
    if (write_rtas(dev, prog) != 0 || hx_fence(dev) != 0)
        return -1;
    hx_account(dev, HX_RTA, t);
    t = hx_now_ps(dev);
    if (write_launch(dev, prog, cb_addr) != 0 || hx_fence(dev) != 0)
        return -1;
    if (!prog->internal)
        bh_chip_window_begin(dev->chip); /* the report measures the device's part */
    prog->launch_cycle = bh_chip_now(dev->chip);
    prog->finished = prog->launch_cycle;
    prog->window_closed = prog->internal;
    prog->poll_next = 0;
    const int rc = write_seqs(dev, prog) != 0 || hx_fence(dev) != 0 ? -1 : 0;
    hx_account(dev, HX_LAUNCH, t);
    prog->launched = rc == 0;
    return rc;
}

/* the wall clock's low 32 bits, as a chip cycle at or after the launch */
static uint64_t extend(uint64_t launch, uint32_t low)
{
    return launch + (uint32_t)(low - (uint32_t)launch);
}

/* 1: every core of the launch answered (the workers before prog->poll_next have); fills the
 * timing; -1 if a read failed */
static int all_done(BhDevice *dev, BhProgram *prog, BhProgramTiming *t)
{
    for (; prog->poll_next < dev->n_workers; prog->poll_next++) {
        const uint32_t w = prog->poll_next;
        if (!prog->launched_on[w])
            continue;
        /* each role's seq, then, once all are this launch's, their end times: a BAR read is
         * a load per word (pcie.host), so the host reads no more than it needs */
        const uint32_t x = dev->wx[w], y = dev->wy[w];
        uint64_t finished = prog->finished;
        for (uint32_t r = 0; r < BH_ROLES; r++) {
            uint32_t seq = 0;
            if (hx_read(dev, x, y, BH_L1_DONE + r * sizeof(BhDoneMsg), &seq, 4) != 0)
                return -1;
            if (seq != prog->seq[w])
                return 0;
        }
        for (uint32_t r = 0; r < BH_ROLES; r++) {
            uint32_t end = 0;
            if (hx_read(dev, x, y, BH_L1_DONE + r * sizeof(BhDoneMsg) + offsetof(BhDoneMsg, end),
                        &end, 4) != 0)
                return -1;
            if (end && extend(prog->launch_cycle, end) > finished)
                finished = extend(prog->launch_cycle, end);
        }
        prog->finished = finished;
        if (dev->seq[w] == prog->seq[w])
            dev->seen_done[w] = prog->seq[w];
    }
    if (t) {
        t->launched = prog->launch_cycle;
        t->finished = prog->finished;
        t->cycles = prog->finished - prog->launch_cycle;
    }
    if (!prog->window_closed) { /* counters until the host saw it done; rates over its cycles */
        bh_chip_window_end(dev->chip, prog->finished > prog->launch_cycle
                                          ? prog->finished - prog->launch_cycle
                                          : 0);
        prog->window_closed = 1;
    }
    return 1;
}

/* The chip stopped (a watchdog): what it said and where the program's cores are */
static int sim_error(BhDevice *dev, BhProgram *prog)
{
    char where[4096];
    bh_watch_explain(dev, prog, where, sizeof where);
    const char *e = bh_chip_error(dev->chip);
    return bh_host_fail(dev, "simulation error: %s\nthe program's cores still running:%s%s", e,
                        where,
                        strstr(e, "fw_main") ? "\n(cores in fw_main are idle firmware "
                                               "waiting for a launch message)"
                                             : "");
}

/* The wait before the next poll. Over PCIe a poll is a NoC read of the tile's L1, which the
 * stall watchdogs count as activity; once the program has run that long, the host looks less
 * often than their window, so a stall is still caught. */
static uint64_t next_step(const BhDevice *dev, uint64_t step, uint64_t spent)
{
    if (dev->hx.pcie && spent >= dev->hx.quiet_cycles)
        return dev->hx.quiet_cycles + WAIT_STEP_MAX;
    return step * 2 < WAIT_STEP_MAX ? step * 2 : WAIT_STEP_MAX;
}

/* The program has not finished by the run's deadline, or has made no progress for
 * host.livelock_cycles: says so, with what each of its cores is doing */
static int not_finished(BhDevice *dev, BhProgram *prog, int livelock, uint64_t max_cycles)
{
    char where[4096];
    bh_watch_explain(dev, prog, where, sizeof where);
    const uint64_t now = bh_chip_now(dev->chip);
    int rc;
    if (livelock)
        rc = bh_host_fail(dev,
                          "livelock: the program made no progress from cycle %llu to %llu "
                          "(host.livelock_cycles %llu): no kernel finished, no CB page was "
                          "pushed or popped, no semaphore changed and no NIU took a command "
                          "on any of its cores, while they ran; still running:%s",
                          (unsigned long long)dev->watch.sig_cycle, (unsigned long long)now,
                          (unsigned long long)dev->watch.livelock_cycles, where);
    else if (now >= dev->watch.deadline)
        rc = bh_host_fail(dev,
                          "the program did not finish by cycle %llu, the end of the run (%s; "
                          "launched at cycle %llu); still running:%s",
                          (unsigned long long)dev->watch.deadline, dev->watch.deadline_keys,
                          (unsigned long long)prog->launch_cycle, where);
    else
        rc = bh_host_fail(dev,
                          "the program did not finish within %llu cycles (launched at cycle %llu); "
                          "still running:%s",
                          (unsigned long long)max_cycles, (unsigned long long)prog->launch_cycle,
                          where);
    /* the run's own limits fail the run, and the report says why, as for a watchdog; a
     * caller's shorter wait does not */
    if (livelock)
        bh_chip_fail(dev->chip, "livelock", dev->err);
    else if (now >= dev->watch.deadline)
        bh_chip_fail(dev->chip, "deadline", dev->err);
    return rc;
}

static int wait_done(BhDevice *dev, BhProgram *prog, uint64_t max_cycles, BhProgramTiming *t)
{
    const uint64_t start = bh_chip_now(dev->chip);
    /* the run's deadline bounds every wait, whatever the caller allows */
    if (dev->watch.deadline <= start)
        max_cycles = 0;
    else if (max_cycles > dev->watch.deadline - start)
        max_cycles = dev->watch.deadline - start;
    bh_watch_start(dev, prog, start);
    for (uint64_t step = WAIT_STEP_MIN;;
         step = next_step(dev, step, bh_chip_now(dev->chip) - start)) {
        const int done = all_done(dev, prog, t);
        if (done < 0 && bh_chip_error(dev->chip)[0])
            return sim_error(dev, prog);
        if (done)
            return done < 0 ? -1 : 0;
        const uint64_t spent = bh_chip_now(dev->chip) - start;
        if (spent >= max_cycles)
            return not_finished(dev, prog, 0, max_cycles);
        if (bh_watch_livelock(dev, prog, bh_chip_now(dev->chip)))
            return not_finished(dev, prog, 1, max_cycles);
        if (bh_chip_advance(dev->chip, step < max_cycles - spent ? step : max_cycles - spent) !=
            BH_CHIP_OK)
            return sim_error(dev, prog);
    }
}

int bh_program_wait(BhDevice *dev, BhProgram *prog, uint64_t max_cycles, BhProgramTiming *t)
{
    if (!prog->launched)
        return bh_host_fail(dev, "wait: the program was not launched");
    const uint64_t t0 = hx_now_ps(dev);
    const int rc = wait_done(dev, prog, max_cycles, t);
    hx_account(dev, HX_DONE_POLL, t0);
    return rc;
}

int bh_program_run(BhDevice *dev, BhProgram *prog, uint64_t max_cycles, BhProgramTiming *t)
{
    if (bh_program_launch(dev, prog) != 0)
        return -1;
    return bh_program_wait(dev, prog, max_cycles, t);
}
