/* firmware/llk/llk_defs.h - the ground floor of our Blackhole low-level kernel layer (freestanding
 * C++17 on a TRISC): Tensix instruction words, pushing them, config register access, the
 * semaphores the three threads and their cores share.
 *
 * Encodings come from the model's tables, never from copied numbers: opcodes and operand fields
 * from model/tile/tensix/tensix_isa.def (through tensix_isa.h: TENSIX_WORD / TENSIX_PUT, all
 * constant expressions), config fields from model/tile/tensix/tensix_cfg_regs.def (CFG_<name>
 * and THD_<name> below: word index, shift, width, as tt-metal's cfg_defines.h gives them).
 *
 * How a TRISC drives its thread (what our model supports, as tt-llk does it):
 *   - instructions: a store to INSTRN_BUF_BASE (a word computed at run time) enters the thread's
 *     FIFO; the core stalls while the FIFO is full;
 *   - Config: the core may store to TENSIX_CFG_BASE + 4 * word (Config[0]), but such a store is
 *     not ordered with instructions already pushed, so we do it only in inits, after
 *     llk_sync() (CoprocessorDoneCheck: the read returns once the thread is idle). Per-tile
 *     changes go through the stream: SETDMAREG into a GPR, then WRCFG;
 *   - ThreadConfig (ADDR_MODs, the math Dst offset): only SETC16, in the stream;
 *   - semaphores: SEMINIT/SEMPOST/SEMGET/SEMWAIT in the stream; the core reads a semaphore at
 *     SEMAPHORE_BASE + 4 * s and decrements it by storing 1 there. */
#ifndef BH_LLK_DEFS_H
#define BH_LLK_DEFS_H
#include <stdint.h>
#include "model/tile/tensix/tensix_isa.h"

/* the hot paths' rare cases, kept out of line: the baby core predicts forward branches not
 * taken, so each rare case left inline costs a mispredict on every tile */
#define LLK_LIKELY(x) __builtin_expect(!!(x), 1)
#define LLK_UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace llk
{

constexpr uint32_t INSTRN_BUF_BASE = 0xFFE40000u; /* TRISC i pushes to thread i */
constexpr uint32_t MOP_CFG_BASE = 0xFFB80000u;
constexpr uint32_t CFG_BASE = 0xFFEF0000u; /* Config[0], word i at + 4 * i */
constexpr uint32_t PC_BUF_BASE = 0xFFE80000u;
constexpr uint32_t COPROC_DONE = PC_BUF_BASE + 0x4u; /* read: waits until the thread is idle */
constexpr uint32_t SEMAPHORE_BASE = PC_BUF_BASE + 0x20u;

/* ------------------------------------------------------------------ config fields */

struct Field {
    uint32_t addr32, shift, width;
    constexpr uint32_t mask() const
    {
        return width == 32 ? 0xFFFFFFFFu : ((1u << width) - 1u) << shift;
    }
    constexpr uint32_t put(uint32_t v) const
    {
        return (v << shift) & mask();
    }
};

namespace cfg
{
#define TCFG_CFG_FIELD(name, addr32, shift, width) constexpr Field name{addr32, shift, width};
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_CFG_FIELD
} // namespace cfg
namespace thd
{
#define TCFG_THD_FIELD(name, addr32, shift, width) constexpr Field name{addr32, shift, width};
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_THD_FIELD
} // namespace thd

/* the second unpacker's THCON words sit this many words after the first's (SEC1 - SEC0) */
constexpr uint32_t THCON_SEC_STRIDE =
    cfg::THCON_SEC1_REG0_TileDescriptor.addr32 - cfg::THCON_SEC0_REG0_TileDescriptor.addr32;

/* ------------------------------------------------------------------ core-side access */

static inline void mmio_write(uint32_t addr, uint32_t v)
{
    *(volatile uint32_t *)addr = v;
}
static inline uint32_t mmio_read(uint32_t addr)
{
    return *(volatile uint32_t *)addr;
}

static inline void push(uint32_t w)
{
    mmio_write(INSTRN_BUF_BASE, w);
}

/* waits until this thread's coprocessor work is done (tt-llk's tensix_sync) */
static inline void sync()
{
    (void)mmio_read(COPROC_DONE);
}

/* whole Config[0] words; callers own the words they write (no read-modify-write races between
 * the three cores) and have called sync() */
static inline void cfg_write(uint32_t addr32, uint32_t v)
{
    mmio_write(CFG_BASE + 4u * addr32, v);
}
static inline uint32_t cfg_read(uint32_t addr32)
{
    return mmio_read(CFG_BASE + 4u * addr32);
}
static inline void cfg_set(const Field &f, uint32_t v)
{
    cfg_write(f.addr32, (cfg_read(f.addr32) & ~f.mask()) | f.put(v));
}

/* ------------------------------------------------------------------ instruction words */

constexpr uint32_t setc16(uint32_t reg, uint32_t value)
{
    return TENSIX_WORD(SETC16) | TENSIX_PUT(SETC16, SETC16_REG, reg) |
           TENSIX_PUT(SETC16, SETC16_VALUE, value);
}

/* one 16-bit half of a ThCon GPR (index 2 * gpr + hi); the value fills the two payload fields,
 * which sit side by side, so it goes in with one shift */
static_assert(
    TENSIX_SETDMAREG_PAYLOAD_SIG_SEL_SIZE_LO ==
            TENSIX_SETDMAREG_PAYLOAD_SIG_SEL_LO + TENSIX_SETDMAREG_PAYLOAD_SIG_SEL_WIDTH &&
        TENSIX_SETDMAREG_PAYLOAD_SIG_SEL_WIDTH + TENSIX_SETDMAREG_PAYLOAD_SIG_SEL_SIZE_WIDTH == 16,
    "SETDMAREG's payload is 16 contiguous bits");
constexpr uint32_t setdmareg(uint32_t gpr, uint32_t hi, uint32_t value16)
{
    return TENSIX_WORD(SETDMAREG) | TENSIX_PUT(SETDMAREG, REG_INDEX_16B, 2 * gpr + hi) |
           (value16 & 0xFFFFu) << TENSIX_SETDMAREG_PAYLOAD_SIG_SEL_LO;
}

constexpr uint32_t wrcfg(uint32_t gpr, uint32_t addr32)
{
    return TENSIX_WORD(WRCFG) | TENSIX_PUT(WRCFG, GPR_ADDRESS, gpr) |
           TENSIX_PUT(WRCFG, CFG_REG, addr32);
}

/* STALLWAIT block bits and Blackhole condition bits (tt-llk p_stall; docs/hardware.md#frontend) */
enum : uint32_t {
    STALL_TDMA = 1u << 0,
    STALL_SYNC = 1u << 1,
    STALL_PACK = 1u << 2,
    STALL_UNPACK = 1u << 3,
    STALL_THCON = 1u << 5,
    STALL_MATH = 1u << 6,
    STALL_CFG = 1u << 7,
    STALL_SFPU = 1u << 8,
    WAIT_THCON = 1u << 0,
    WAIT_UNPACK0 = 1u << 1,
    WAIT_UNPACK1 = 1u << 2,
    WAIT_PACK = 1u << 3,
    WAIT_MATH = 1u << 4,
    WAIT_SFPU = 1u << 11,
};

constexpr uint32_t stallwait(uint32_t block, uint32_t cond)
{
    return TENSIX_WORD(STALLWAIT) | TENSIX_PUT(STALLWAIT, STALL_RES, block) |
           TENSIX_PUT(STALLWAIT, WAIT_RES, cond);
}

/* our semaphore use (tt-llk's MATH_PACK number; the two completion counters are ours) */
enum : uint32_t {
    SEM_MATH_PACK = 1,   /* Dst halves full: math posts, pack gets */
    SEM_UNPACK_DONE = 2, /* unpacker finished the tiles of a pop: the unpack core polls */
    SEM_PACK_DONE = 3,   /* packer finished the tiles of a push: the pack core polls */
};
enum : uint32_t { SEMWAIT_ZERO = 1, SEMWAIT_MAX = 2 };

constexpr uint32_t seminit(uint32_t sem, uint32_t value, uint32_t max)
{
    return TENSIX_WORD(SEMINIT) | TENSIX_PUT(SEMINIT, SEM_SEL, 1u << sem) |
           TENSIX_PUT(SEMINIT, INIT_VALUE, value) | TENSIX_PUT(SEMINIT, MAX_VALUE, max);
}
constexpr uint32_t sempost(uint32_t sem)
{
    return TENSIX_WORD(SEMPOST) | TENSIX_PUT(SEMPOST, SEM_SEL, 1u << sem);
}
constexpr uint32_t semget(uint32_t sem)
{
    return TENSIX_WORD(SEMGET) | TENSIX_PUT(SEMGET, SEM_SEL, 1u << sem);
}
constexpr uint32_t semwait(uint32_t block, uint32_t sem, uint32_t cond)
{
    return TENSIX_WORD(SEMWAIT) | TENSIX_PUT(SEMWAIT, STALL_RES, block) |
           TENSIX_PUT(SEMWAIT, SEM_SEL, 1u << sem) | TENSIX_PUT(SEMWAIT, WAIT_SEM_COND, cond);
}

static inline uint32_t sem_read(uint32_t sem)
{
    return mmio_read(SEMAPHORE_BASE + 4u * sem);
}
static inline void sem_take(uint32_t sem) /* the core's SEMGET */
{
    mmio_write(SEMAPHORE_BASE + 4u * sem, 1u);
}

/* REPLAY: record the next `len` words at `start` (not executed), or play them back */
constexpr uint32_t replay_load(uint32_t start, uint32_t len)
{
    return TENSIX_WORD(REPLAY) | TENSIX_PUT(REPLAY, START_IDX, start) |
           TENSIX_PUT(REPLAY, LEN, len) | TENSIX_PUT(REPLAY, LOAD_MODE, 1);
}
constexpr uint32_t replay(uint32_t start, uint32_t len)
{
    return TENSIX_WORD(REPLAY) | TENSIX_PUT(REPLAY, START_IDX, start) |
           TENSIX_PUT(REPLAY, LEN, len);
}

/* an ADDR_MOD slot of the matrix unit (tt-llk addr_mod_t): two SETC16s */
struct AddrMod { /* fields in tt-llk's order; see set_addr_mod */
    uint32_t a_incr, a_cr, a_clr, b_incr, b_cr, b_clr, d_incr, d_cr, d_clr, f_incr;
};
static inline void set_addr_mod(uint32_t slot, const AddrMod &m)
{
    using namespace thd;
    uint32_t ab = ADDR_MOD_AB_SEC0_SrcAIncr.put(m.a_incr) | ADDR_MOD_AB_SEC0_SrcACR.put(m.a_cr) |
                  ADDR_MOD_AB_SEC0_SrcAClear.put(m.a_clr) |
                  ADDR_MOD_AB_SEC0_SrcBIncr.put(m.b_incr) | ADDR_MOD_AB_SEC0_SrcBCR.put(m.b_cr) |
                  ADDR_MOD_AB_SEC0_SrcBClear.put(m.b_clr);
    uint32_t d = ADDR_MOD_DST_SEC0_DestIncr.put(m.d_incr) | ADDR_MOD_DST_SEC0_DestCR.put(m.d_cr) |
                 ADDR_MOD_DST_SEC0_DestClear.put(m.d_clr) |
                 ADDR_MOD_DST_SEC0_FidelityIncr.put(m.f_incr);
    push(setc16(ADDR_MOD_AB_SEC0_SrcAIncr.addr32 + slot, ab));
    push(setc16(ADDR_MOD_DST_SEC0_DestIncr.addr32 + slot, d));
}

/* Dst geometry: 1024 rows of 16 datums with 16-bit Dst, 512 with 32-bit Dst (the same
 * storage, ZEROACC's halves), two halves for math and pack to alternate; a 32x32 tile is 64
 * rows (four 16x16 faces) either way */
constexpr uint32_t DST_HALF_ROWS_16 = 512, DST_HALF_ROWS_32 = 256;
constexpr uint32_t DST_TILE_ROWS = 64;

/* GPRs (per thread) that carry per-tile config values into WRCFG */
constexpr uint32_t GPR_ADDR_A = 8, GPR_ADDR_B = 9, GPR_PACK_ADDR = 8, GPR_PACK_DST = 9;
constexpr uint32_t GPR_PACK_HALF = 10; /* and 11: the packer's Dst offset of each half */

/* loads a 32-bit value into a GPR and writes it into a Config word, in stream order. The
 * upper half is pushed only when it differs from the last one this core put in that GPR
 * (*hi_cache holds it + 1; 0: unknown): L1 addresses in 16-byte units rarely change it. The
 * STALLWAIT keeps WRCFG behind ThCon's GPR write, as tt-llk orders them. */
static inline void stream_cfg_write(uint32_t gpr, uint32_t addr32, uint32_t v, uint32_t *hi_cache)
{
    push(setdmareg(gpr, 0, v & 0xFFFFu));
    if (LLK_UNLIKELY(*hi_cache != (v >> 16) + 1)) {
        push(setdmareg(gpr, 1, v >> 16));
        *hi_cache = (v >> 16) + 1;
    }
    push(stallwait(STALL_CFG, WAIT_THCON));
    push(wrcfg(gpr, addr32));
}

} // namespace llk
#endif
