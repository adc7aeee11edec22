/* firmware/llk/llk_cb.h - CB flow control for the compute threads, made safe against the
 * coprocessor running behind its core; and the per-core state of the LLK layer.
 *
 * The unpack core pushes UNPACRs long before the unpacker reads L1, and the pack core pushes
 * PACRs long before the packer writes it. So a pop must not reach L1 (`acked`, which lets the
 * producer overwrite the page) until the unpacker has read the page, and a push must not reach
 * L1 (`received`, which lets the consumer read it) until the packer has written it. We use
 * what the model has and tt-llk uses: the core pushes
 *   STALLWAIT(block Sync, wait for this thread's unpackers (packer) to drain); SEMPOST(sem)
 * and remembers the counter values that post covers. Pops (pushes) made back to back share one
 * post, pushed at the next wait (reserve) or at the end. A post is paid (the counter written
 * to L1) once the semaphore shows it (the core reads the semaphore and takes it), so the core
 * does not wait for the unpacker at every pop: it pays in batches, at once whenever it has to
 * spin, and at the end (cb_drain).
 * Cost: the STALLWAIT holds the thread's next instructions until its unpackers (packer) are
 * idle, so the next tile's unpack starts after this one's has finished.
 *
 * Our running copies: BhCbInterface.acked / .received count pages the kernel has popped /
 * pushed; L1 lags them until paid. The other side's counter is read from L1 (a fence and a
 * load that wait behind the unpackers' traffic) only when the last value seen is not enough. */
#ifndef BH_LLK_CB_H
#define BH_LLK_CB_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"
#include "firmware/llk/llk_defs.h"

namespace llk
{

/* what this core owes: the pack core the `received` lines of the CBs it pushes (after its
 * packer), the unpack core the `acked` lines of the CBs it pops (after its unpackers) */
#if defined(TRISC_PACK)
constexpr uint32_t OWE_SEM = SEM_PACK_DONE, OWE_WAIT = WAIT_PACK, OWE_LINE_OFF = 0;
#else
constexpr uint32_t OWE_SEM = SEM_UNPACK_DONE, OWE_WAIT = WAIT_UNPACK0 | WAIT_UNPACK1;
constexpr uint32_t OWE_LINE_OFF = 16;
#endif
static_assert(BH_L1_CB_ACKED(0) == BH_L1_CB_COUNTERS + 16 &&
                  BH_L1_CB_RECEIVED(1) == BH_L1_CB_COUNTERS + 32,
              "counter lines: received at cb * 32, acked 16 past");

/* posts in flight before the core stops to pay: below the semaphore's 15 (no saturation) */
constexpr uint32_t CB_POSTS_MAX = 8;

/* what the core owes L1, per CB: the counter value of the last post that covers its pops
 * (pushes) and that post's number. A later post of the same CB overwrites both, so an earlier
 * post landing pays nothing (payment is late, never early). O(1) per pop and per post: the
 * core's instructions are the cost here, and the unpack core must keep up with its unpackers. */
struct CbOwed {
    uint32_t dirty;                 /* CBs popped (pushed) since the last post */
    uint32_t pending;               /* CBs with a posted value not yet written to L1 */
    uint32_t posted;                /* posts pushed so far */
    uint32_t landed;                /* posts seen on the semaphore and taken */
    uint32_t sem, wait;             /* this thread's semaphore and the units its posts wait for */
    uint32_t value[BH_CB_COUNT];    /* the value the next post will cover */
    uint32_t post_val[BH_CB_COUNT]; /* the value covered by post number post_seq */
    uint32_t post_seq[BH_CB_COUNT];
    uint32_t unposted; /* pages popped (pushed) since the last post, all CBs */
    uint32_t batch;    /* post when unposted reaches it: the batches of those CBs, summed */
    uint32_t cb_batch[BH_CB_COUNT]; /* a CB's batch: a quarter of its ring, 1 to 4 pages */
};

/* this core's LLK state, in its local data RAM after the CB interfaces (fast loads that the
 * fence before an L1 poll does not evict); the start-up clears it (state_init) */
struct HwState {
    uint32_t configured;
    uint32_t dst_half; /* rows of a Dst half: 512 (16-bit Dst) or 256 (32-bit Dst) */
    uint32_t math_half, math_phases, math_op_len;
    uint32_t pack_half;
    uint32_t gpr_hi[2];         /* the upper half last written to the address GPRs, + 1 (0: none) */
    uint32_t sfpu_op, sfpu_len; /* the SFPU program in the replay buffer */
    uint32_t unp_next[2];       /* the L1 address unpacker i reads next by itself (0: none) */
    uint32_t unp_run[2];        /* tiles it has read since its base address was written */
};
struct LlkState {
    CbOwed owed;
    HwState hw;
    uint32_t seen[BH_CB_COUNT];    /* the other side's counter as last read from L1 */
    uint32_t wr_tile[BH_CB_COUNT]; /* pack_tile's position inside the current reserve */
};
constexpr uint32_t LLK_STATE_ADDR = BH_CB_INTERFACE_ADDR + BH_CB_COUNT * sizeof(BhCbInterface);
static_assert(sizeof(LlkState) <= 1024, "the LLK state must leave the stack room in 4 KiB");

static inline LlkState &state()
{
    return *(LlkState *)LLK_STATE_ADDR;
}

/* clears the state and sizes each CB's post batch; after the CB interfaces are filled */
static inline void state_init()
{
    uint32_t *p = (uint32_t *)LLK_STATE_ADDR;
    for (uint32_t i = 0; i < sizeof(LlkState) / 4; i++)
        p[i] = 0;
    for (uint32_t i = 0; i < BH_CB_COUNT; i++) {
        const uint32_t b = BH_CB_INTERFACE[i].num_pages / 4;
        state().owed.cb_batch[i] = b < 1 ? 1 : b > 4 ? 4 : b;
    }
}

/* takes the posts that have landed and writes what they cover; never waits */
static inline void cb_reap()
{
    CbOwed &o = state().owed;
    uint32_t v = sem_read(OWE_SEM);
    if (LLK_LIKELY(!v))
        return;
    for (uint32_t i = 0; i < v; i++)
        sem_take(OWE_SEM);
    o.landed += v;
    for (uint32_t m = o.pending; m; m &= m - 1) {
        const uint32_t cb = (uint32_t)__builtin_ctz(m);
        if ((int32_t)(o.landed - o.post_seq[cb]) >= 0) {
            bh_l1_write(BH_L1_CB_COUNTERS + cb * 32u + OWE_LINE_OFF, o.post_val[cb]);
            o.pending &= ~(1u << cb);
        }
    }
}

/* posts what the pops (pushes) since the last post owe: the coprocessor bumps the semaphore
 * once the units of OWE_WAIT have drained, i.e. after every UNPACR (PACR) pushed so far.
 * Unless `force`, a post waits until the CBs popped since the last one have a batch of pages
 * unposted: a quarter of each ring, 1 to 4 pages. Each post costs the core two pushes and the
 * thread a drain of its unpackers (packer); a CB of 2 pages still posts every page, and the waits
 * force a post before they spin, so the other side never waits on pages we hold back. */
static inline void cb_flush(bool force = false)
{
    CbOwed &o = state().owed;
    if (!o.dirty || (!force && o.unposted < o.batch))
        return;
    /* pay in batches: each L1 store of the core is a read-modify-write behind the unpackers'
     * traffic; the waits below pay at once whenever they spin, so a starving consumer
     * (producer) still releases pages (data) promptly */
    if (LLK_UNLIKELY(o.posted - o.landed >= CB_POSTS_MAX))
        while (o.posted - o.landed > CB_POSTS_MAX / 2)
            cb_reap();
    push(stallwait(STALL_SYNC, OWE_WAIT));
    push(sempost(OWE_SEM));
    o.posted++;
    for (uint32_t m = o.dirty; m; m &= m - 1) {
        const uint32_t cb = (uint32_t)__builtin_ctz(m);
        o.post_val[cb] = o.value[cb];
        o.post_seq[cb] = o.posted;
    }
    o.unposted = 0;
    o.batch = 0;
    o.pending |= o.dirty;
    o.dirty = 0;
}

/* owes L1 `value` in CB `id`'s counter line once the coprocessor has caught up with this point */
static inline void cb_owe(uint32_t id, uint32_t value, uint32_t pages)
{
    CbOwed &o = state().owed;
    if (!(o.dirty >> id & 1)) /* summed over the CBs popped together */
        o.batch += o.cb_batch[id];
    o.unposted += pages;
    o.value[id] = value;
    o.dirty |= 1u << id;
}

/* waits until everything owed is written (end of the kernel) */
static inline void cb_drain()
{
    cb_flush(true);
    while (state().owed.pending)
        cb_reap();
}

static inline BhCbInterface &cb(uint32_t id)
{
    return BH_CB_INTERFACE[id];
}

/* L1 address of page `index` past the front (consumer) or back (producer), wrapped */
static inline uint32_t cb_page_addr(const BhCbInterface &c, uint32_t base, uint32_t index)
{
    uint32_t a = base + index * c.page_size;
    return LLK_UNLIKELY(a >= c.fifo_limit) ? a - c.fifo_size : a;
}

/* ---- consumer (unpack thread) */

/* reads L1 (a fence and a load that wait behind the unpackers' traffic) only when the last
 * value seen does not already show enough pages */
static inline void cb_wait_front(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    uint32_t &seen = state().seen[id];
    cb_flush();
    if (LLK_LIKELY(seen - c.acked >= n))
        return;
    seen = bh_l1_read_fresh(BH_L1_CB_RECEIVED(id));
    if (seen - c.acked >= n)
        return;
    /* about to spin: pay everything owed first (the producer may wait on it), then spin on the
     * one L1 word with nothing else in the loop, so the core can sleep on it and the stall
     * watchdog can see it wait */
    cb_drain();
    const uint32_t line = BH_L1_CB_RECEIVED(id), need = c.acked + n;
    uint32_t v;
    do
        v = bh_l1_read_fresh(line);
    while ((int32_t)(v - need) < 0);
    seen = v;
}

static inline void cb_pop_front(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    c.acked += n;
    c.rd_ptr = cb_page_addr(c, c.rd_ptr, n);
    cb_owe(id, c.acked, n);
}

/* ---- producer (pack thread) */

static inline uint32_t &cb_wr_tile(uint32_t id) /* pack_tile's position inside the reserve */
{
    return state().wr_tile[id];
}

static inline void cb_reserve_back(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    uint32_t &seen = state().seen[id];
    cb_flush();
    if (LLK_LIKELY(c.num_pages - (c.received - seen) >= n))
        return;
    seen = bh_l1_read_fresh(BH_L1_CB_ACKED(id));
    if (c.num_pages - (c.received - seen) >= n)
        return;
    cb_drain(); /* as cb_wait_front: pay what is owed, then a pure poll of one word */
    const uint32_t line = BH_L1_CB_ACKED(id), need = c.received + n - c.num_pages;
    uint32_t v;
    do
        v = bh_l1_read_fresh(line);
    while ((int32_t)(v - need) < 0);
    seen = v;
}

static inline void cb_push_back(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    c.received += n;
    c.wr_ptr = cb_page_addr(c, c.wr_ptr, n);
    cb_wr_tile(id) = 0;
    cb_owe(id, c.received, n);
}

} // namespace llk
#endif
