/* firmware/llk/llk_cb.h - CB flow control for the compute threads, made safe against the
 * coprocessor running behind its core.
 *
 * The unpack core pushes UNPACRs long before the unpacker reads L1, and the pack core pushes
 * PACRs long before the packer writes it. So a pop must not reach L1 (`acked`, which lets the
 * producer overwrite the page) until the unpacker has read the page, and a push must not reach
 * L1 (`received`, which lets the consumer read it) until the packer has written it. We use
 * what the model has and tt-llk uses: at each pop (push) the core pushes
 *   STALLWAIT(block Sync, wait for this thread's unpackers (packer) to drain); SEMPOST(sem)
 * and records the counter values it owes L1. Pops (pushes) made back to back share one post:
 * they are collected in an open record that is posted at the next wait (reserve) or at the
 * end. A record is paid when the semaphore shows its post (the core reads the semaphore and
 * decrements it), so the core does not wait for the unpacker at every pop: it pays what is
 * due whenever it polls, and blocks only when the record queue is full or at the end
 * (cb_drain).
 * Cost: the STALLWAIT holds the thread's next instructions until its unpackers (packer) are
 * idle, so the next tile's unpack starts after this one's has finished.
 *
 * Our running copies: BhCbInterface.acked / .received count pages the kernel has popped /
 * pushed; L1 lags them until the records are paid. */
#ifndef BH_LLK_CB_H
#define BH_LLK_CB_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"
#include "firmware/llk/llk_defs.h"

namespace llk
{

constexpr uint32_t CB_RECORDS = 8;      /* below the semaphore's 15, so a post never saturates */
constexpr uint32_t CB_RECORD_LINES = 4; /* counter lines one post pays */

/* the counter lines one post pays: the pops (pushes) made since the previous post, batched so
 * that the two pops of a binary op or a matmul step cost one STALLWAIT + SEMPOST */
struct CbRecord {
    uint32_t n;
    uint32_t line[CB_RECORD_LINES];
    uint32_t value[CB_RECORD_LINES];
};

struct CbRecords {
    CbRecord q[CB_RECORDS]; /* posted, waiting for the semaphore */
    CbRecord open;          /* not posted yet */
    uint32_t head, count, sem, wait;
};

/* this core's LLK state, in its local data RAM after the CB interfaces (fast loads that the
 * fence before an L1 poll does not evict); the start-up clears it (state_init) */
struct HwState {
    uint32_t configured;
    uint32_t math_half, math_phases, math_op_len;
    uint32_t pack_half;
};
struct LlkState {
    CbRecords rec;
    HwState hw;
    uint32_t wr_tile[BH_CB_COUNT]; /* pack_tile's position inside the current reserve */
};
constexpr uint32_t LLK_STATE_ADDR = BH_CB_INTERFACE_ADDR + BH_CB_COUNT * sizeof(BhCbInterface);
static_assert(sizeof(LlkState) <= 768, "the LLK state must leave the stack room in 4 KiB");

static inline LlkState &state()
{
    return *(LlkState *)LLK_STATE_ADDR;
}

static inline void state_init()
{
    uint32_t *p = (uint32_t *)LLK_STATE_ADDR;
    for (uint32_t i = 0; i < sizeof(LlkState) / 4; i++)
        p[i] = 0;
}

/* pays every record whose semaphore post has landed; never waits */
static inline void cb_reap()
{
    CbRecords &r = state().rec;
    while (r.count && sem_read(r.sem) != 0) {
        sem_take(r.sem);
        const CbRecord &c = r.q[r.head];
        for (uint32_t i = 0; i < c.n; i++)
            bh_l1_write(c.line[i], c.value[i]);
        r.head = (r.head + 1) % CB_RECORDS;
        r.count--;
    }
}

/* posts the open record: the coprocessor bumps the semaphore once the units of r.wait have
 * drained, i.e. after every UNPACR (PACR) pushed so far */
static inline void cb_flush()
{
    CbRecords &r = state().rec;
    if (!r.open.n)
        return;
    while (r.count == CB_RECORDS)
        cb_reap();
    push(stallwait(STALL_SYNC, r.wait));
    push(sempost(r.sem));
    r.q[(r.head + r.count) % CB_RECORDS] = r.open;
    r.count++;
    r.open.n = 0;
}

/* owes L1 `value` at `line` once the coprocessor has caught up with this point */
static inline void cb_owe(uint32_t sem, uint32_t wait, uint32_t line, uint32_t value)
{
    CbRecords &r = state().rec;
    r.sem = sem;
    r.wait = wait;
    for (uint32_t i = 0; i < r.open.n; i++)
        if (r.open.line[i] == line) {
            r.open.value[i] = value;
            return;
        }
    if (r.open.n == CB_RECORD_LINES)
        cb_flush();
    r.open.line[r.open.n] = line;
    r.open.value[r.open.n] = value;
    r.open.n++;
}

/* waits until every record is paid (end of the kernel) */
static inline void cb_drain()
{
    cb_flush();
    while (state().rec.count)
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
    return a >= c.fifo_limit ? a - c.fifo_size : a;
}

/* ---- consumer (unpack thread) */

static inline void cb_wait_front(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    cb_flush();
    while (bh_l1_read_fresh(BH_L1_CB_RECEIVED(id)) - c.acked < n)
        cb_reap();
}

static inline void cb_pop_front(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    c.acked += n;
    c.rd_ptr = cb_page_addr(c, c.rd_ptr, n);
    cb_owe(SEM_UNPACK_DONE, WAIT_UNPACK0 | WAIT_UNPACK1, BH_L1_CB_ACKED(id), c.acked);
}

/* ---- producer (pack thread) */

static inline uint32_t &cb_wr_tile(uint32_t id) /* pack_tile's position inside the reserve */
{
    return state().wr_tile[id];
}

static inline void cb_reserve_back(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    cb_flush();
    while (c.num_pages - (c.received - bh_l1_read_fresh(BH_L1_CB_ACKED(id))) < n)
        cb_reap();
}

static inline void cb_push_back(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    c.received += n;
    c.wr_ptr = cb_page_addr(c, c.wr_ptr, n);
    cb_wr_tile(id) = 0;
    cb_owe(SEM_PACK_DONE, WAIT_PACK, BH_L1_CB_RECEIVED(id), c.received);
}

} // namespace llk
#endif
