// SPDX-License-Identifier: Apache-2.0
/* The NIU's data path (first-hop VC assignment, which turns a request into packets, is in
 * noc_niu_port.c): injection one flit per cycle with data read from memory as each flit
 * leaves, and the target side, which consumes one flit per cycle, writes data as each flit
 * lands, performs atomics and queues responses. Counter updates follow NoC/Counters.md. */
#include <string.h>
#include "model/noc/noc_link.h"
#include "model/noc/noc_net.h"

#define count noc_niu_count
#define uncount_id noc_niu_uncount_id

static uint32_t data_flits(const NocNet *n, uint32_t len)
{
    return (len + n->cfg.flit_bytes - 1) / n->cfg.flit_bytes;
}

static void mem_error(NocNet *n, uint32_t node, const char *what, uint64_t addr, uint32_t len,
                      BhStatus st)
{
    noc_guest_error(n, "NIU (%u,%u): %s of %u bytes at 0x%llx failed: %s", node % n->cfg.w,
                    node / n->cfg.w, what, len, (unsigned long long)addr, bh_status_name(st));
}

static void mem_read(NocNet *n, uint32_t node, uint64_t addr, void *buf, uint32_t len)
{
    BhStatus st = n->mem.read(n->nius[node].mem_ctx, addr, buf, len);
    if (st != BH_OK) {
        memset(buf, 0, len);
        mem_error(n, node, "read", addr, len, st);
    }
}

static void mem_write(NocNet *n, uint32_t node, uint64_t addr, const void *buf, uint32_t len)
{
    BhStatus st = n->mem.write(n->nius[node].mem_ctx, addr, buf, len);
    if (st != BH_OK)
        mem_error(n, node, "write", addr, len, st);
}

/* every delivery and response passes here: without an observer, no call */
static void observe(NocNet *n, const NocPacket *p, NocObserved what, uint32_t node)
{
    if (n->observe)
        noc_observe(n, p, what, node, 0);
}

static void delivered(NocNet *n, uint32_t node, const NocPacket *p, uint64_t now)
{
    observe(n, p, p->type == NOC_PKT_RD_RESP ? NOC_OBS_DONE : NOC_OBS_DELIVER, node);
    if (n->on_delivery)
        n->on_delivery(n->delivery_ctx, node, p->tag, p->nflits, now);
}

/* ------------------------------------------------------------------ initiator side */

static void start_response(NocNet *n, uint32_t node)
{
    NocNiu *u = &n->nius[node];
    const NocPacket *head = &n->pkts[u->resp_q[u->resp_rd]];
    if (head->type != NOC_PKT_RD_RESP && head->mem_done < head->mem_needed)
        return; /* an acknowledgement leaves once its writes have completed */
    uint32_t v = noc_vc_alloc(n, &u->inj, NOC_CLASS_RESP, 0, 0);
    if (v == NOC_NONE)
        return;
    u->inj_pkt[v] = u->resp_q[u->resp_rd];
    u->inj_seq[v] = 0;
    u->inj_busy |= 1u << v;
    u->resp_rd = (uint16_t)((u->resp_rd + 1) % n->cfg.niu_response_slots);
    u->resp_n--;
}

static void sent_header(NocNet *n, NocNiu *u, const NocPacket *p)
{
    if (p->type == NOC_PKT_WR_REQ && !p->inline_wr) {
        count(u, p->posted ? NOC_CNT_MST_POSTED_WR_REQ_SENT : NOC_CNT_MST_NONPOSTED_WR_REQ_SENT, 1);
        count(u,
              p->posted ? NOC_CNT_MST_POSTED_WR_DATA_WORD_SENT
                        : NOC_CNT_MST_NONPOSTED_WR_DATA_WORD_SENT,
              (uint32_t)p->nflits - 1);
    }
    (void)n;
}

static void sent_tail(NocNet *n, NocNiu *u, const NocPacket *p, uint64_t now)
{
    switch (p->type) {
    case NOC_PKT_RD_REQ:
        count(u, NOC_CNT_MST_RD_REQ_SENT, 1);
        break;
    case NOC_PKT_AT_REQ:
        count(u, p->posted ? NOC_CNT_MST_POSTED_ATOMIC_SENT : NOC_CNT_MST_NONPOSTED_ATOMIC_SENT, 1);
        break;
    case NOC_PKT_WR_REQ:
        if (!p->inline_wr)
            uncount_id(u, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0 + p->tid);
        break;
    case NOC_PKT_RD_RESP:
        count(u, NOC_CNT_SLV_RD_RESP_SENT, 1);
        count(u, NOC_CNT_SLV_RD_DATA_WORD_SENT, (uint32_t)p->nflits - 1);
        u->resp_held--;
        break;
    default: /* acknowledgements and atomic responses */
        u->resp_held--;
        break;
    }
    if (p->ej_vc != 0xFF) /* the request this answers is done: its VC takes the next */
        u->ej_acting &= ~(1u << p->ej_vc);
    if (p->done_ref != NOC_NONE && p->type <= NOC_PKT_AT_REQ) /* a request's part has left */
        noc_niu_port_event(n, p->done_ref, 1, now);
}

/* Sends one flit (round robin over the first-hop VCs with a packet and a credit). Data is
 * read from memory as its flit leaves, so a buffer may be reused once its packet is sent. */
static void inject(NocNet *n, uint32_t node, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    uint32_t v;
    for (uint32_t left = u->inj_busy; left; left &= ~(1u << v)) {
        v = noc_rr_pick(left, u->inj_rr);
        if (u->inj.credits[v] == 0)
            continue;
        uint32_t k = u->inj_pkt[v];
        NocPacket *p = &n->pkts[k];
        uint32_t s = u->inj_seq[v];
        if (s == 1 && p->mcast && p->reserve && (p->head_copies > 0 || now < p->grant_at))
            continue; /* path reservation: data waits for every leaf's grant */
        if (s > 0 && (p->type == NOC_PKT_RD_RESP || p->type == NOC_PKT_WR_REQ) &&
            p->mem_done < p->mem_needed && p->mem_done < s)
            continue; /* timed memory: data flit s leaves once s reads have completed */
        NocFlit f;
        f.pkt = k;
        f.data = NOC_NONE;
        f.seq = (uint16_t)s;
        f.vc = (uint8_t)v;
        f.tail = s + 1 == p->nflits;
        if (s > 0) {
            uint32_t fb = n->cfg.flit_bytes, off = (s - 1) * fb;
            uint32_t len = BH_MIN(fb, p->len - off);
            uint64_t addr = p->byte_enable ? p->rd_addr & ~(uint64_t)(fb - 1) : p->rd_addr + off;
            f.data = noc_data_alloc(n);
            mem_read(n, node, addr, noc_flit_data(n, f.data), len);
        }
        u->inj.credits[v]--;
        noc_link_send(n, u->link_out, &f, now);
        n->flits_injected++;
        u->inj_rr = (uint16_t)v;
        if (s == 0)
            sent_header(n, u, p);
        if (s == 1 && u->resv_pkt == k)
            u->resv_pkt = NOC_NONE; /* granted: the queue moves on */
        if (f.tail) {
            sent_tail(n, u, p, now);
            u->inj_busy &= ~(1u << v);
            u->inj_pkt[v] = NOC_NONE;
            if (!p->linked) /* a linked transaction keeps its first-hop VC */
                u->inj.vc_owned &= ~(1u << v);
        } else {
            u->inj_seq[v]++;
        }
        return;
    }
}

/* ------------------------------------------------------------------ target side */

static void queue_response(NocNet *n, uint32_t node, uint32_t k)
{
    NocNiu *u = &n->nius[node];
    BH_ASSERT(u->resp_n < n->cfg.niu_response_slots);
    u->resp_q[(u->resp_rd + u->resp_n) % n->cfg.niu_response_slots] = k;
    u->resp_n++;
}

static uint32_t make_response(NocNet *n, uint32_t node, const NocPacket *req, NocPktType type,
                              uint32_t value)
{
    uint32_t k = noc_pkt_alloc(n);
    NocPacket *r = &n->pkts[k];
    r->type = (uint8_t)type;
    r->cls = NOC_CLASS_RESP;
    r->tid = req->tid;
    r->src = node;
    r->origin = req->origin;
    r->dst = req->resp_node;
    r->tag = req->tag;
    r->done_ref = req->done_ref;
    r->trace_id = req->trace_id;
    r->nflits = 1;
    if (type == NOC_PKT_RD_RESP) {
        r->rd_addr = req->rd_addr;
        r->wr_addr = req->wr_addr;
        r->len = req->len;
        r->nflits = (uint16_t)(1 + data_flits(n, req->len));
    } else if (type == NOC_PKT_AT_RESP) {
        r->wr_addr = req->ret_addr;
        r->at_data = value;
        r->len = 4;
    }
    return k;
}

static uint32_t push_response(NocNet *n, uint32_t node, const NocPacket *req, NocPktType type,
                              uint32_t value)
{
    uint32_t k = make_response(n, node, req, type, value);
    queue_response(n, node, k);
    return k;
}

static uint32_t atomic(NocNet *n, uint32_t node, const NocPacket *p)
{
    uint32_t op = p->at.op, result, orig;
    uint64_t word = (p->wr_addr & ~(uint64_t)0xF) + p->at.word * 4u;
    mem_read(n, node, p->wr_addr & ~(uint64_t)3, &result, 4);
    mem_read(n, node, word, &orig, 4);
    if (op == NOC_AT_OP_INCR) {
        uint32_t mask = (2u << p->at.width) - 1u; /* width 31 wraps to all ones */
        uint32_t v = ((orig + p->at_data) & mask) | (orig & ~mask);
        mem_write(n, node, word, &v, 4);
    } else if (op == NOC_AT_OP_CAS) {
        uint32_t set = p->at.swap;
        if (orig == p->at.compare)
            mem_write(n, node, word, &set, 4);
    } else {
        BH_LOG_UNIMP_ONCE(n->log,
                          "NoC atomic opcodes other than increment (1) and compare-and-swap (4)");
    }
    return result;
}

static void write_inline(NocNet *n, uint32_t node, const NocPacket *p)
{
    uint32_t be = (uint32_t)p->be_mask; /* 16 bits, one per byte of the line */
    if (be == 0) {                      /* MMIO form: one 32-bit store */
        mem_write(n, node, p->wr_addr & ~(uint64_t)3, &p->at_data, 4);
        return;
    }
    uint64_t base = p->wr_addr & ~(uint64_t)0xF;
    for (uint32_t i = 0; i < 16; i++)
        if (be & (1u << i)) {
            uint8_t byte = (uint8_t)(p->at_data >> (8 * (i & 3)));
            mem_write(n, node, base + i, &byte, 1);
        }
}

static void write_data(NocNet *n, uint32_t node, const NocPacket *p, const NocFlit *f)
{
    uint32_t fb = n->cfg.flit_bytes, off = (f->seq - 1u) * fb;
    if (!p->byte_enable) {
        mem_write(n, node, p->wr_addr + off, noc_flit_data(n, f->data), BH_MIN(fb, p->len - off));
        return;
    }
    uint64_t base = p->wr_addr & ~(uint64_t)(fb - 1);
    for (uint32_t i = 0; i < fb;) { /* write each run of enabled bytes */
        if (!(p->be_mask >> i & 1)) {
            i++;
            continue;
        }
        uint32_t j = i;
        while (j < fb && (p->be_mask >> j & 1))
            j++;
        mem_write(n, node, base + i, noc_flit_data(n, f->data) + i, j - i);
        i = j;
    }
}

/* An acknowledgement or atomic response has landed: its requester is owed one fewer. */
static void owed_ack(NocNet *n, const NocPacket *p)
{
    NocNiu *o = &n->nius[p->origin];
    if (o->acks_out)
        o->acks_out--;
}

static int needs_response(const NocPacket *p)
{
    return p->type == NOC_PKT_RD_REQ ||
           ((p->type == NOC_PKT_WR_REQ || p->type == NOC_PKT_AT_REQ) && !p->posted);
}

/* A read response has wholly landed at its requester: the counters a kernel's barrier
 * polls move, and the request port hears of it */
static void read_received(NocNet *n, uint32_t node, const NocPacket *p, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    if (n->nius[p->origin].reads_out)
        n->nius[p->origin].reads_out--;
    count(u, NOC_CNT_MST_RD_RESP_RECEIVED, 1);
    count(u, NOC_CNT_MST_RD_DATA_WORD_RECEIVED, (uint32_t)p->nflits - 1);
    uncount_id(u, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + p->tid);
    delivered(n, node, p, now);
    if (p->done_ref != NOC_NONE)
        noc_niu_port_event(n, p->done_ref, 0, now);
}

static void consume(NocNet *n, uint32_t node, uint32_t vc, NocPacket *p, const NocFlit *f,
                    uint64_t now)
{
    NocNiu *u = &n->nius[node];
    int marked = !p->posted;
    if (f->seq == 0) {
        if (needs_response(p)) {
            u->resp_held++;
            u->ej_acting |= 1u << vc;
        }
        p->head_copies--;
        if (p->mcast && p->reserve)
            noc_mcast_leaf_reached(n, p, node, now);
        switch (p->type) {
        case NOC_PKT_RD_REQ:
            count(u, NOC_CNT_SLV_REQ_ACCEPTED, 1);
            count(u, NOC_CNT_SLV_RD_REQ_RECEIVED, 1);
            observe(n, p, NOC_OBS_DELIVER, node);
            uint32_t k = push_response(n, node, p, NOC_PKT_RD_RESP, 0);
            n->pkts[k].ej_vc = (uint8_t)vc;
            if (u->timed_mem) { /* the data leaves as the memory delivers it */
                n->pkts[k].mem_needed = (uint16_t)(n->pkts[k].nflits - 1);
                u->job_pkt[(u->job_rd + u->job_n) % n->cfg.niu_response_slots] = k;
                u->job_n++;
            }
            break;
        case NOC_PKT_AT_REQ: {
            count(u, NOC_CNT_SLV_REQ_ACCEPTED, 1);
            count(u,
                  marked ? NOC_CNT_SLV_NONPOSTED_ATOMIC_RECEIVED
                         : NOC_CNT_SLV_POSTED_ATOMIC_RECEIVED,
                  1);
            uint32_t old = atomic(n, node, p);
            delivered(n, node, p, now);
            if (marked) {
                count(u, NOC_CNT_SLV_ATOMIC_RESP_SENT, 1);
                n->pkts[push_response(n, node, p, NOC_PKT_AT_RESP, old)].ej_vc = (uint8_t)vc;
            }
            break;
        }
        case NOC_PKT_WR_REQ:
            count(u,
                  marked ? NOC_CNT_SLV_NONPOSTED_WR_REQ_STARTED : NOC_CNT_SLV_POSTED_WR_REQ_STARTED,
                  1);
            if (!p->inline_wr && u->timed_mem && marked) {
                /* the acknowledgement counts the writes as the memory completes them */
                uint32_t k = make_response(n, node, p, NOC_PKT_WR_ACK, 0);
                n->pkts[k].mem_needed = (uint16_t)(p->nflits - 1);
                n->pkts[k].ej_vc = (uint8_t)vc;
                u->ej_ack[vc] = k;
            }
            if (p->inline_wr) {
                count(u,
                      marked ? NOC_CNT_SLV_NONPOSTED_WR_REQ_RECEIVED
                             : NOC_CNT_SLV_POSTED_WR_REQ_RECEIVED,
                      1);
                count(u,
                      marked ? NOC_CNT_SLV_NONPOSTED_WR_DATA_WORD_RECEIVED
                             : NOC_CNT_SLV_POSTED_WR_DATA_WORD_RECEIVED,
                      1);
                write_inline(n, node, p);
                delivered(n, node, p, now);
                if (marked) {
                    count(u, NOC_CNT_SLV_WR_ACK_SENT, 1);
                    n->pkts[push_response(n, node, p, NOC_PKT_WR_ACK, 0)].ej_vc = (uint8_t)vc;
                }
            }
            break;
        case NOC_PKT_WR_ACK:
            observe(n, p, NOC_OBS_DONE, node);
            owed_ack(n, p);
            count(u, NOC_CNT_MST_WR_ACK_RECEIVED, 1);
            uncount_id(u, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + p->tid);
            if (p->done_ref != NOC_NONE)
                noc_niu_port_event(n, p->done_ref, 0, now);
            break;
        case NOC_PKT_AT_RESP:
            mem_write(n, node, p->wr_addr, &p->at_data, 4);
            observe(n, p, NOC_OBS_DONE, node);
            owed_ack(n, p);
            count(u, NOC_CNT_MST_ATOMIC_RESP_RECEIVED, 1);
            uncount_id(u, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + p->tid);
            if (p->done_ref != NOC_NONE)
                noc_niu_port_event(n, p->done_ref, 0, now);
            break;
        default:
            break;
        }
        return;
    }
    if (p->type == NOC_PKT_WR_REQ) {
        if (!u->timed_mem || p->byte_enable)
            write_data(n, node, p, f); /* timed writes carried their data in the request */
        count(u,
              marked ? NOC_CNT_SLV_NONPOSTED_WR_DATA_WORD_RECEIVED
                     : NOC_CNT_SLV_POSTED_WR_DATA_WORD_RECEIVED,
              1);
        if (f->tail) {
            count(u,
                  marked ? NOC_CNT_SLV_NONPOSTED_WR_REQ_RECEIVED
                         : NOC_CNT_SLV_POSTED_WR_REQ_RECEIVED,
                  1);
            delivered(n, node, p, now);
            if (marked) {
                count(u, NOC_CNT_SLV_WR_ACK_SENT, 1);
                if (u->ej_ack[vc] != NOC_NONE) {
                    queue_response(n, node, u->ej_ack[vc]);
                    u->ej_ack[vc] = NOC_NONE;
                } else {
                    n->pkts[push_response(n, node, p, NOC_PKT_WR_ACK, 0)].ej_vc = (uint8_t)vc;
                }
            }
        }
    } else if (p->type == NOC_PKT_RD_RESP) {
        if (!u->local_timed)
            write_data(n, node, p, f); /* timed: eject issued the write (landing_write) */
        if (f->tail) {
            if (p->land_done < p->land_needed) { /* it ends with its last write */
                p->land_tail = 1;
                p->copies++;
            } else {
                read_received(n, node, p, now);
            }
        }
    }
}

void noc_niu_read_landed(NocNet *n, uint32_t node, uint32_t k, uint64_t now)
{
    NocPacket *p = &n->pkts[k];
    read_received(n, node, p, now);
    BH_ASSERT(p->copies > 0);
    if (--p->copies == 0)
        noc_pkt_release(n, k);
}

/* The memory may serve both NoCs of a tile: the token says which network's packet waits
 * (noc_mem_token_noc reads it back). */
static uint64_t mem_token(const NocNet *n, uint32_t pkt)
{
    return ((uint64_t)n->cfg.noc_id << 32) | pkt;
}

static int timed_write(NocNet *n, uint32_t node, uint32_t vc, const NocPacket *p, const NocFlit *f)
{
    uint32_t fb = n->cfg.flit_bytes, off = (f->seq - 1u) * fb;
    uint32_t ack = n->nius[node].ej_ack[vc];
    const NocMemAccess acc = {mem_token(n, ack),        p->wr_addr, p->len, fb, ack != NOC_NONE,
                              f->seq + 1u == p->nflits, 0};
    BhStatus st = n->mem.request(n->nius[node].mem_ctx, 1, p->wr_addr + off,
                                 BH_MIN(fb, p->len - off), noc_flit_data(n, f->data), &acc);
    if (st == BH_ERR_FULL)
        return 0;
    if (st != BH_OK) { /* not accepted at all: count it done so the acknowledgement leaves */
        mem_error(n, node, "write", p->wr_addr + off, BH_MIN(fb, p->len - off), st);
        if (ack != NOC_NONE)
            n->pkts[ack].mem_done++;
    }
    return 1;
}

/* A data flit of read response k lands in its requester's timed L1: 0 if the memory does not
 * take the write now (the flit waits in the ejection buffer, backing up into the network) */
static int landing_write(NocNet *n, uint32_t node, uint32_t k, const NocFlit *f)
{
    NocPacket *p = &n->pkts[k];
    const uint32_t fb = n->cfg.flit_bytes, off = (f->seq - 1u) * fb;
    const uint32_t len = BH_MIN(fb, p->len - off);
    const NocMemAccess acc = {
        mem_token(n, k) | NOC_MEM_TOKEN_LAND, p->wr_addr, p->len, fb, 1, f->tail, 0};
    p->land_needed++; /* first: a memory may complete the write inside the call */
    BhStatus st = n->mem.request(n->nius[node].mem_ctx, 1, p->wr_addr + off, len,
                                 noc_flit_data(n, f->data), &acc);
    if (st == BH_OK)
        return 1;
    p->land_needed--;
    if (st == BH_ERR_FULL)
        return 0;
    mem_error(n, node, "write", p->wr_addr + off, len, st);
    return 1;
}

/* Issues the timed read of data flit i of packet k from this NIU's memory (a read response's
 * data, or a write's from timed local L1): 0 if the memory does not take it now; a read it
 * refuses outright is reported and counts as done, so the flit still leaves */
static int read_flit(NocNet *n, uint32_t node, uint32_t k, uint32_t i)
{
    NocPacket *p = &n->pkts[k];
    const uint32_t fb = n->cfg.flit_bytes, off = i * fb, len = BH_MIN(fb, p->len - off);
    const NocMemAccess acc = {mem_token(n, k),         p->rd_addr, p->len, fb, 1,
                              i + 1u == p->mem_needed, 0};
    BhStatus st = n->mem.request(n->nius[node].mem_ctx, 0, p->rd_addr + off, len, NULL, &acc);
    if (st == BH_ERR_FULL)
        return 0;
    if (st != BH_OK) {
        mem_error(n, node, "read", p->rd_addr + off, len, st);
        p->mem_done++;
    }
    return 1;
}

/* The flits whose memory access the NIU applies itself as it takes them (an atomic, an inline
 * write and its byte-enable form, a write's byte-enable data, an atomic's response): in a timed
 * local L1 each first takes its L1 time, as a read-modify-write of the words it touches, while
 * it waits at the head of its ejection VC (backing up into the network like a refused write) */
static int gated(const NocNiu *u, const NocPacket *p, const NocFlit *f)
{
    if (!u->local_timed)
        return 0;
    if (f->seq > 0)
        return p->type == NOC_PKT_WR_REQ && p->byte_enable;
    return p->type == NOC_PKT_AT_REQ || p->type == NOC_PKT_AT_RESP ||
           (p->type == NOC_PKT_WR_REQ && p->inline_wr);
}

/* 1 once gated flit f at the head of ejection VC v has had its L1 time; the first call issues
 * the access (a write with no byte enabled). An access the memory refuses outright passes:
 * the functional access that follows reports the address. */
static int gate_passed(NocNet *n, uint32_t node, uint32_t v, const NocPacket *p, const NocFlit *f)
{
    NocNiu *u = &n->nius[node];
    const uint32_t bit = 1u << v;
    if (!(u->gate_pending & bit) && !(u->gate_done & bit)) {
        uint64_t addr = p->wr_addr & ~(uint64_t)3;
        uint32_t len = 4; /* an atomic, its response, an inline word */
        if (f->seq > 0 || (p->inline_wr && p->be_mask)) {
            len = f->seq > 0 ? n->cfg.flit_bytes : 16; /* byte enables over a flit, a line */
            addr = p->wr_addr & ~(uint64_t)(len - 1);
        }
        const NocMemAccess acc = {mem_token(n, NOC_MEM_TOKEN_GATE | v), addr, len, len, 0, 1, 1};
        u->gate_pending |= bit; /* first: a memory may complete the access inside the call */
        const BhStatus st = n->mem.request(u->mem_ctx, 1, addr, len, NULL, &acc);
        if (st != BH_OK) {
            u->gate_pending &= ~bit;
            return st != BH_ERR_FULL; /* full: asks again next cycle */
        }
    }
    if (!(u->gate_done & bit))
        return 0;
    u->gate_done &= ~bit;
    return 1;
}

/* Issues the next read access of the oldest response waiting for data: one per cycle. */
static void issue_reads(NocNet *n, uint32_t node)
{
    NocNiu *u = &n->nius[node];
    const NocPacket *p = &n->pkts[u->job_pkt[u->job_rd]];
    if (!read_flit(n, node, u->job_pkt[u->job_rd], u->job_next))
        return;
    if (++u->job_next == p->mem_needed) {
        u->job_next = 0;
        u->job_rd = (uint16_t)((u->job_rd + 1) % n->cfg.niu_response_slots);
        u->job_n--;
    }
}

/* Takes at most one flit per cycle from the ejection VCs. A request that will need a
 * response waits while the response slots are all held: back-pressure on the request
 * class only, so responses always drain and the protocol cannot deadlock. */
static void eject(NocNet *n, uint32_t node, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    int refused = 0;
    uint32_t v;
    for (uint32_t left = u->ej_nonempty; left; left &= ~(1u << v)) {
        v = noc_rr_pick(left, u->ej_rr);
        NocInVc *iv = &u->ej[v];
        const NocFlit *f = noc_ej_flit(n, node, v, iv->rd);
        uint32_t k = f->pkt;
        NocPacket *p = &n->pkts[k];
        if (f->seq == 0 && needs_response(p) &&
            (u->resp_held >= n->cfg.niu_response_slots ||
             (n->cfg.target_one_per_vc && (u->ej_acting & (1u << v))))) {
            refused = 1;
            continue;
        }
        if (f->seq > 0 && u->timed_mem && p->type == NOC_PKT_WR_REQ && !p->byte_enable &&
            !timed_write(n, node, v, p, f)) {
            refused = 1;
            continue; /* the memory is not taking writes: the flit waits in the buffer */
        }
        if (f->seq > 0 && u->local_timed && p->type == NOC_PKT_RD_RESP &&
            !landing_write(n, node, k, f)) {
            refused = 1;
            continue; /* likewise for read data landing in its requester's L1 */
        }
        if (gated(u, p, f) && !gate_passed(n, node, v, p, f)) {
            refused = 1;
            continue;
        }
        NocFlit flit = *f;
        iv->rd = (uint16_t)noc_ring1(iv->rd + 1u, n->cfg.vc_buffer_flits);
        if (--iv->n == 0)
            u->ej_nonempty &= ~(1u << v);
        noc_link_credit(n, u->link_in, (uint8_t)v, now);
        n->flits_ejected++;
        n->last_progress = now;
        u->ej_rr = (uint16_t)v;
        consume(n, node, v, p, &flit, now);
        noc_data_release(n, flit.data);
        BH_ASSERT(p->copies > 0); /* a packet ends once, when its last copy does */
        if (flit.tail && --p->copies == 0)
            noc_pkt_release(n, k);
        return;
    }
    if (refused)
        n->stall_cycles_full++;
}

/* Issues the next read of a write this NIU sends from timed local memory, for the packet that
 * got its first-hop VC earliest among those still reading: one per cycle, in flit order. */
static void issue_local_reads(NocNet *n, uint32_t node)
{
    NocNiu *u = &n->nius[node];
    uint32_t best = NOC_NONE;
    for (uint32_t left = u->inj_busy; left; left &= left - 1) {
        const uint32_t k = u->inj_pkt[__builtin_ctz(left)];
        const NocPacket *p = &n->pkts[k];
        if (p->type == NOC_PKT_WR_REQ && p->origin == node && p->mem_issued < p->mem_needed &&
            (best == NOC_NONE || p->born < n->pkts[best].born))
            best = k;
    }
    if (best == NOC_NONE)
        return;
    if (read_flit(n, node, best, n->pkts[best].mem_issued))
        n->pkts[best].mem_issued++;
}

void noc_niu_step(NocNet *n, uint32_t node, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    if (u->ej_nonempty)
        eject(n, node, now);
    if (u->port_q_n)
        noc_niu_port_start(n, node, now);
    if (u->job_n)
        issue_reads(n, node);
    if (u->resp_n)
        start_response(n, node);
    if (u->inj_busy && u->local_timed)
        issue_local_reads(n, node);
    if (u->inj_busy)
        inject(n, node, now);
}
