// SPDX-License-Identifier: Apache-2.0
/* ThCon memory instructions: LOADIND, STOREIND (L1 and MMIO), LOADREG, STOREREG and the L1
 * atomics ATINCGET, ATINCGETPTR, ATCAS, ATSWAP, with what happens when their requests are
 * answered (thcon_l1_done) and the atomics' semantics as L1 applies them (thcon_atomic_apply).
 * Request pacing is thcon.c's; each instruction cites the ISA page it follows. */
#include "model/tile/tensix/thcon_internal.h"
#include <string.h>

static const uint32_t offset_step[4] = {0, 2, 4, 16}; /* OffsetIncrement */
static const uint32_t size_bytes[4] = {16, 4, 2, 1};  /* LOADIND/STOREIND Size */

static uint32_t word_of(const uint8_t block[16], uint64_t addr)
{
    uint32_t w;
    memcpy(&w, block + (addr & 12), 4);
    return w;
}

/* ATINCGETPTR.md: may word Ofs of the {Rd, Wr} block be incremented now? */
static int fifo_ptr_ok(const uint8_t block[16], uint32_t ofs, uint32_t int_width)
{
    uint32_t rd, wr;
    memcpy(&rd, block, 4);
    memcpy(&wr, block + 4, 4);
    uint32_t size = wr - rd;
    if (!(ofs & 1))
        return size != 0; /* pop: not empty */
    uint32_t capacity = int_width ? 1u << (int_width - 1) : 0x8000;
    return size == 0 || size % capacity != 0; /* push: not full */
}

void thcon_atomic_apply(int kind, uint64_t addr, uint8_t block[16], const void *wdata,
                        uint32_t arg0, uint32_t arg1)
{
    uint32_t old = word_of(block, addr), v = old;
    switch (kind) {
    case THCON_ACC_ATINCGET: /* arg0 IncrementBy, arg1 IntMask */
        v = ((old + arg0) & arg1) | (old & ~arg1);
        break;
    case THCON_ACC_ATINCGETPTR: { /* arg0 IncrementBy, arg1 IntWidth */
        uint32_t mask = (1u << arg1) - 1;
        if (fifo_ptr_ok(block, (uint32_t)(addr & 15) / 4, arg1))
            v = ((old + arg0) & mask) | (old & ~mask);
        break;
    }
    case THCON_ACC_ATCAS: /* arg0 SetVal, arg1 CmpVal */
        if (old == arg1)
            v = arg0;
        break;
    case THCON_ACC_ATSWAP: /* arg0 Mask of 16-bit granules */
        for (uint32_t g = 0; g < 8; g++)
            if (arg0 & (1u << g))
                memcpy(block + 2 * g, (const uint8_t *)wdata + 2 * g, 2);
        return;
    default:
        BH_ASSERT(0);
    }
    memcpy(block + (addr & 12), &v, 4);
}

void thcon_l1_done(Thcon *t, uint64_t token, const void *rdata, uint64_t now)
{
    BH_ASSERT(!t->in_port);
    ThconRequest *r = NULL;
    for (uint32_t i = 0; i < THCON_MAX_OUTSTANDING && !r; i++)
        if (t->req[i].active && t->req[i].token == token)
            r = &t->req[i];
    BH_ASSERT(r != NULL);
    r->active = 0;
    t->outstanding--;
    if (is_atomic(r->kind))
        t->outstanding_atomics--;
    uint32_t *g = t->gpr[r->thread];
    const uint8_t *d = rdata;
    ThconInsn *in = &t->insn;
    switch (r->kind) {
    case THCON_ACC_READ: /* LOADIND.md: narrow loads keep the GPR's upper bits */
        if (r->bytes == 16)
            memcpy(&g[r->dst], d, 16);
        else if (r->bytes == 4)
            memcpy(&g[r->dst], d, 4);
        else if (r->bytes == 2)
            g[r->dst] = (g[r->dst] & 0xFFFF0000u) | (uint32_t)(d[0] | d[1] << 8);
        else
            g[r->dst] = (g[r->dst] & 0xFFFFFF00u) | d[0];
        t->version++;
        break;
    case THCON_ACC_MMIO_READ:
        memcpy(&g[r->dst], d, 4);
        t->version++;
        break;
    case THCON_ACC_ATINCGET:
        memcpy(&g[r->dst], d, 4);
        t->version++;
        break;
    case THCON_ACC_ATCAS:
    case THCON_ACC_ATINCGETPTR: {
        BH_ASSERT(in->active && in->waiting && r->of_insn);
        int ok = r->kind == THCON_ACC_ATCAS ? word_of(d, 0) == in->arg1
                                            : fifo_ptr_ok(d, r->word / 4u, in->arg1);
        uint64_t attempt_end = in->attempt_at + t->cfg.atomic_attempt_cycles;
        in->waiting = 0;
        if (ok) {
            if (r->kind == THCON_ACC_ATINCGETPTR) {
                g[r->dst] = word_of(d, r->word);
                t->version++;
            }
            in->end = BH_MAX(attempt_end, now + 1);
        } else {
            t->stats.atomic_retries++;
            in->failed_attempts++;
            if (r->kind == THCON_ACC_ATCAS) {
                in->last_seen[0] = word_of(d, 0);
            } else {
                in->last_seen[0] = word_of(d, 0);
                in->last_seen[1] = word_of(d, 4);
            }
            in->need_send = 1;
            in->next_try = BH_MAX(attempt_end, now + 1);
        }
        break;
    }
    default: /* writes: acknowledged */
        break;
    }
}

static int l1_ok(const Thcon *t, uint32_t thread, const char *insn, uint32_t addr)
{
    if (addr < t->cfg.l1_size_bytes)
        return 1;
    BH_LOG_GUEST(t->log,
                 "thcon: thread %u %s L1 address 0x%x beyond L1 (%u bytes): undefined "
                 "behaviour, ignored",
                 thread, insn, addr, t->cfg.l1_size_bytes);
    return 0;
}

static int mmio_ok(const Thcon *t, uint32_t thread, const char *insn, uint32_t addr)
{
    if (addr >= THCON_MMIO_LOW)
        return 1;
    BH_LOG_GUEST(t->log,
                 "thcon: thread %u %s MMIO address 0x%x below 0x%x: undefined behaviour, "
                 "ignored",
                 thread, insn, addr, THCON_MMIO_LOW);
    return 0;
}

/* LOADIND.md: address GPR * 16 + HalfGPR, the half then post-incremented; the loaded bytes
 * land in the GPR(s) when L1 answers. */
BhStatus thcon_loadind(Thcon *t, uint32_t thread, uint32_t Size, uint32_t OffsetHalfReg,
                       uint32_t OffsetIncrement, uint32_t ResultReg, uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(Size < 4 && OffsetHalfReg < 2 * THCON_GPRS && OffsetIncrement < 4 &&
              ResultReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t offset = half_get(t, thread, OffsetHalfReg);
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + offset;
    if (!l1_ok(t, thread, "LOADIND", addr))
        return BH_ERR_ACCESS;
    half_set(t, thread, OffsetHalfReg, offset + offset_step[OffsetIncrement]);
    uint32_t bytes = size_bytes[Size];
    return thcon_start_mem(t, thread, now, THCON_ACC_READ, addr & ~(bytes - 1), bytes,
                           Size ? ResultReg : ResultReg & 0x3C, 0, 0, NULL);
}

/* STOREIND_L1.md: the offset is incremented before the data GPR is read. */
BhStatus thcon_storeind_l1(Thcon *t, uint32_t thread, uint32_t Size, uint32_t OffsetHalfReg,
                           uint32_t OffsetIncrement, uint32_t DataReg, uint32_t AddrReg,
                           uint64_t now)
{
    BH_ASSERT(Size < 4 && OffsetHalfReg < 2 * THCON_GPRS && OffsetIncrement < 4 &&
              DataReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t offset = half_get(t, thread, OffsetHalfReg);
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + offset;
    if (!l1_ok(t, thread, "STOREIND", addr))
        return BH_ERR_ACCESS;
    half_set(t, thread, OffsetHalfReg, offset + offset_step[OffsetIncrement]);
    uint32_t bytes = size_bytes[Size];
    const uint32_t *src = &t->gpr[thread][Size ? DataReg : DataReg & 0x3C];
    uint8_t data[16];
    memcpy(data, src, Size ? 4 : 16); /* narrow sizes store the low bytes */
    return thcon_start_mem(t, thread, now, THCON_ACC_WRITE, addr & ~(bytes - 1), bytes, 0, 0, 0,
                           data);
}

/* STOREIND_MMIO.md: 0xFFB00000 + ((GPR + (HalfGPR >> 4)) & 0xFFFFC); increment afterwards. */
BhStatus thcon_storeind_mmio(Thcon *t, uint32_t thread, uint32_t OffsetHalfReg,
                             uint32_t OffsetIncrement, uint32_t DataReg, uint32_t AddrReg,
                             uint64_t now)
{
    BH_ASSERT(OffsetHalfReg < 2 * THCON_GPRS && OffsetIncrement < 4 && DataReg < THCON_GPRS &&
              AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t offset = half_get(t, thread, OffsetHalfReg);
    uint32_t addr = THCON_MMIO_BASE + ((t->gpr[thread][AddrReg] + (offset >> 4)) & 0x000FFFFCu);
    if (!mmio_ok(t, thread, "STOREIND", addr))
        return BH_ERR_ACCESS;
    uint32_t data = t->gpr[thread][DataReg];
    half_set(t, thread, OffsetHalfReg, offset + offset_step[OffsetIncrement]);
    return thcon_start_mem(t, thread, now, THCON_ACC_MMIO_WRITE, addr, 4, 0, 0, 0, &data);
}

/* LOADREG.md */
BhStatus thcon_loadreg(Thcon *t, uint32_t thread, uint32_t ResultReg, uint32_t AddrLo, uint64_t now)
{
    BH_ASSERT(ResultReg < THCON_GPRS && AddrLo < (1u << 18));
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = THCON_MMIO_BASE + (AddrLo << 2);
    if (!mmio_ok(t, thread, "LOADREG", addr))
        return BH_ERR_ACCESS;
    return thcon_start_mem(t, thread, now, THCON_ACC_MMIO_READ, addr, 4, ResultReg, 0, 0, NULL);
}

/* STOREREG.md */
BhStatus thcon_storereg(Thcon *t, uint32_t thread, uint32_t DataReg, uint32_t AddrLo, uint64_t now)
{
    BH_ASSERT(DataReg < THCON_GPRS && AddrLo < (1u << 18));
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = THCON_MMIO_BASE + (AddrLo << 2);
    if (!mmio_ok(t, thread, "STOREREG", addr))
        return BH_ERR_ACCESS;
    return thcon_start_mem(t, thread, now, THCON_ACC_MMIO_WRITE, addr, 4, 0, 0, 0,
                           &t->gpr[thread][DataReg]);
}

/* ATINCGET.md: the old value returns to InOutReg when L1 answers. */
BhStatus thcon_atincget(Thcon *t, uint32_t thread, uint32_t IntWidth, uint32_t Ofs,
                        uint32_t InOutReg, uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(IntWidth < 32 && Ofs < 4 && InOutReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + Ofs * 4;
    if (!l1_ok(t, thread, "ATINCGET", addr))
        return BH_ERR_ACCESS;
    uint32_t int_mask = (2u << IntWidth) - 1u; /* 2u << 31 wraps to 0: all ones */
    return thcon_start_mem(t, thread, now, THCON_ACC_ATINCGET, addr, 4, InOutReg,
                           t->gpr[thread][InOutReg], int_mask, NULL);
}

/* ATINCGETPTR.md: retried until the FIFO is not full (odd Ofs) / not empty (even Ofs). */
BhStatus thcon_atincgetptr(Thcon *t, uint32_t thread, uint32_t NoIncr, uint32_t IncrLog2,
                           uint32_t IntWidth, uint32_t Ofs, uint32_t ResultReg, uint32_t AddrReg,
                           uint64_t now)
{
    BH_ASSERT(NoIncr <= 1 && IncrLog2 < 16 && IntWidth < 16 && Ofs < 4 && ResultReg < THCON_GPRS &&
              AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t block = t->gpr[thread][AddrReg] * 16;
    if (!l1_ok(t, thread, "ATINCGETPTR", block))
        return BH_ERR_ACCESS;
    uint32_t increment = (uint32_t)!NoIncr << IncrLog2;
    return thcon_start_mem(t, thread, now, THCON_ACC_ATINCGETPTR, block + Ofs * 4, 4, ResultReg,
                           increment, IntWidth, NULL);
}

/* ATCAS.md: retried until the 32-bit word equals CmpVal, then set to SetVal. */
BhStatus thcon_atcas(Thcon *t, uint32_t thread, uint32_t SetVal, uint32_t CmpVal, uint32_t Ofs,
                     uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(SetVal < 16 && CmpVal < 16 && Ofs < 4 && AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + Ofs * 4;
    if (!l1_ok(t, thread, "ATCAS", addr))
        return BH_ERR_ACCESS;
    return thcon_start_mem(t, thread, now, THCON_ACC_ATCAS, addr, 4, 0, SetVal, CmpVal, NULL);
}

/* ATSWAP.md: masked 16-bit granules of one 16-byte block; nothing is written back. */
BhStatus thcon_atswap(Thcon *t, uint32_t thread, uint32_t SingleDataReg, uint32_t Mask,
                      uint32_t DataReg, uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(SingleDataReg <= 1 && Mask <= 0xFF && DataReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = t->gpr[thread][AddrReg] * 16;
    if (!l1_ok(t, thread, "ATSWAP", addr))
        return BH_ERR_ACCESS;
    uint8_t data[16] = {0};
    if (SingleDataReg)
        memcpy(data + (DataReg & 3) * 4, &t->gpr[thread][DataReg], 4);
    else
        memcpy(data, &t->gpr[thread][DataReg & 0x3C], 16);
    return thcon_start_mem(t, thread, now, THCON_ACC_ATSWAP, addr, 16, 0, Mask, 0, data);
}
