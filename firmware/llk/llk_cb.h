/* firmware/llk/llk_cb.h - CB flow control for the compute threads, made safe against the
 * coprocessor running behind its core.
 *
 * The unpack core pushes UNPACRs long before the unpacker reads L1, and the pack core pushes
 * PACRs long before the packer writes it. So a pop must not reach L1 (`acked`, which lets the
 * producer overwrite the page) until the unpacker has read the page, and a push must not reach
 * L1 (`received`, which lets the consumer read it) until the packer has written it. We use
 * what the model has and tt-llk uses: at each pop (push) the core pushes
 *   STALLWAIT(block Sync, wait for this thread's unpackers (packer) to drain); SEMPOST(sem)
 * and records the counter value it owes L1. The record is paid when the semaphore shows the
 * post (the core reads the semaphore and decrements it), so the core does not wait for the
 * unpacker at every pop: it pays what is due whenever it comes by (pop, push, wait, reserve)
 * and blocks only when the record queue is full or at the end (llk_cb_drain).
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

constexpr uint32_t CB_RECORDS = 8; /* below the semaphore's 15, so a post never saturates */

struct CbRecord {
    uint32_t line; /* the L1 counter line to write */
    uint32_t value;
};

struct CbRecords {
    CbRecord q[CB_RECORDS];
    uint32_t head, count, sem;
};

/* one queue per core (each core runs one thread), in the core's .bss (local data: the loader
 * zero-fills it) */
static inline CbRecords &cb_records()
{
    static CbRecords r;
    return r;
}

/* pays every record whose semaphore post has landed; never waits */
static inline void cb_reap()
{
    CbRecords &r = cb_records();
    while (r.count && sem_read(r.sem) != 0) {
        sem_take(r.sem);
        bh_l1_write(r.q[r.head].line, r.q[r.head].value);
        r.head = (r.head + 1) % CB_RECORDS;
        r.count--;
    }
}

/* queues a record that the coprocessor pays after the units of `wait` drain */
static inline void cb_record(uint32_t sem, uint32_t wait, uint32_t line, uint32_t value)
{
    CbRecords &r = cb_records();
    r.sem = sem;
    while (r.count == CB_RECORDS)
        cb_reap();
    push(stallwait(STALL_SYNC, wait));
    push(sempost(sem));
    r.q[(r.head + r.count) % CB_RECORDS] = CbRecord{line, value};
    r.count++;
    cb_reap();
}

/* waits until every record is paid (end of the kernel) */
static inline void cb_drain()
{
    while (cb_records().count)
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
    while (bh_l1_read_fresh(BH_L1_CB_RECEIVED(id)) - c.acked < n)
        cb_reap();
}

static inline void cb_pop_front(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    c.acked += n;
    c.rd_ptr = cb_page_addr(c, c.rd_ptr, n);
    cb_record(SEM_UNPACK_DONE, WAIT_UNPACK0 | WAIT_UNPACK1, BH_L1_CB_ACKED(id), c.acked);
}

/* ---- producer (pack thread) */

static inline uint32_t &cb_wr_tile(uint32_t id) /* pack_tile's position inside the reserve */
{
    static uint32_t t[BH_CB_COUNT];
    return t[id];
}

static inline void cb_reserve_back(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    while (c.num_pages - (c.received - bh_l1_read_fresh(BH_L1_CB_ACKED(id))) < n)
        cb_reap();
}

static inline void cb_push_back(uint32_t id, uint32_t n)
{
    BhCbInterface &c = cb(id);
    c.received += n;
    c.wr_ptr = cb_page_addr(c, c.wr_ptr, n);
    cb_wr_tile(id) = 0;
    cb_record(SEM_PACK_DONE, WAIT_PACK, BH_L1_CB_RECEIVED(id), c.received);
}

} // namespace llk
#endif
