/* model/tile/tensix/thcon_internal.h - what the ThCon files share (thcon.c: state, request
 * pacing, the GPR view; thcon_alu.c: register instructions; thcon_mem.c: memory instructions and
 * their answers); not part of ThCon's interface (thcon.h).
 */
#ifndef BH_THCON_INTERNAL_H
#define BH_THCON_INTERNAL_H
#include "model/tile/tensix/thcon.h"

/* (char *)&GPRs[thread][0] + HalfReg * 2 on a little-endian core: even halves are low. */
static inline uint32_t half_get(const Thcon *t, uint32_t thread, uint32_t half)
{
    uint32_t w = t->gpr[thread][half / 2];
    return (half & 1) ? w >> 16 : w & 0xFFFF;
}

static inline void half_set(Thcon *t, uint32_t thread, uint32_t half, uint32_t v)
{
    uint32_t *w = &t->gpr[thread][half / 2];
    uint32_t shift = (half & 1) ? 16 : 0;
    *w = (*w & ~(0xFFFFu << shift)) | ((v & 0xFFFF) << shift);
    t->version++;
}

static inline int is_atomic(uint32_t kind)
{
    return kind >= THCON_ACC_ATINCGET && kind <= THCON_ACC_ATSWAP;
}

/* Instruction entry (thcon.c). thcon_begin: BH_OK if the unit is free for thread's instruction,
 * else BH_ERR_FULL (counted). thcon_start: the unit runs an instruction for at least cycles.
 * thcon_start_mem: the same for an instruction that sends one request, tried at once. */
BhStatus thcon_begin(Thcon *t, uint32_t thread, uint64_t now);
ThconInsn *thcon_start(Thcon *t, uint32_t thread, uint64_t now, uint32_t cycles);
BhStatus thcon_start_mem(Thcon *t, uint32_t thread, uint64_t now, ThconAccessKind kind,
                         uint64_t addr, uint32_t bytes, uint32_t dst, uint32_t arg0, uint32_t arg1,
                         const void *wdata);

#endif
