/* model/tile/tensix/thcon.h - Tensix Scalar Unit (ThCon): the GPR file (64 x 32 bit per thread) and
 * the instructions that compute on GPRs or move them to and from L1 and MMIO.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/ScalarUnit.md (no
 * Blackhole page exists; the shared text applies), SETDMAREG_Immediate.md, ADDDMAREG.md,
 * SUBDMAREG.md, MULDMAREG.md, BITWOPDMAREG.md, SHIFTDMAREG.md, CMPDMAREG.md, DMANOP.md,
 * LOADIND.md, STOREIND_L1.md, STOREIND_MMIO.md, LOADREG.md, STOREREG.md, ATINCGET.md,
 * ATINCGETPTR.md, ATCAS.md, ATSWAP.md; L1.md for the 1-request-per-3-cycles rate
 * (docs/hardware.md#l1, #thcon). L1 is Blackhole's 1536 KiB, not Wormhole's 1464.
 *
 * Interface:
 *   instructions  thcon_<mnemonic>(t, thread, fields..., now) with the decoded fields named as
 *                 in the ISA pages. BH_OK: accepted, the unit now executes it; BH_ERR_FULL:
 *                 ThCon is busy with an instruction (of any thread), present it again later;
 *                 BH_ERR_ACCESS: guest error (an address the ISA calls UndefinedBehaviour, an
 *                 undefined Mode), logged, consumed, no state changed.
 *   wait gate     thcon_thread_blocked(): the thread's ThCon instruction has not completed, so
 *                 the thread may pass nothing through its wait gate; thcon_can_accept(): the
 *                 unit takes a new instruction this cycle; thcon_busy(): STALLWAIT/FLUSHDMA C0,
 *                 the thread has L1/MMIO requests not yet sent or not yet answered.
 *   ports         ThconPorts::l1_access sends one L1 request (ThconAccessKind); BH_ERR_FULL
 *                 means "not taken, retry next cycle". Every taken request is answered by
 *                 exactly one thcon_l1_done() with the same token, never from inside
 *                 l1_access: rdata holds the bytes read (READ, MMIO_READ), the word's old
 *                 value (ATINCGET, ATCAS: 4 bytes), the 16-byte block as it was before
 *                 (ATINCGETPTR), or nothing (writes, ATSWAP). L1 performs each atomic as one
 *                 read-modify-write: ATINCGET and ATCAS are plain word atomics (increment
 *                 within a mask; compare-and-set), ATSWAP a write with 16-bit granule enables,
 *                 and thcon_atomic_apply() gives the exact semantics of all four on the
 *                 16-byte block holding addr. mmio_access does the same for LOADREG/STOREREG/
 *                 STOREIND-MMIO at RISC-V addresses 0xFFB1_1000..0xFFBF_FFFF (answered through
 *                 thcon_l1_done too). After thcon_l1_done the shell runs thcon_step.
 *   mmio          thcon_gpr_mmio_read/write: the RISC-V view at REGFILE_BASE 0xFFE0_0000.
 *                 View THCON_VIEW_B (RISC-V B) sees GPRs[0..2] one after the other (768 bytes);
 *                 view i (RISC-V T_i) sees GPRs[i] (256 bytes). 1, 2 or 4 naturally aligned
 *                 bytes; beyond: BH_ERR_ADDR. thcon_gprs() gives a thread's GPRs to WRCFG and
 *                 RDCFG (tensix_cfg.h).
 * Timing: one instruction at a time for all threads (no pipelining). SETDMAREG and DMANOP take
 *   1 cycle; ADD/SUB/MUL/BITWOP/SHIFT/CMPDMAREG alu_cycles (3: immediate, or both registers in
 *   one aligned group of four) or alu_split_cycles (4). LOADIND, STOREIND, LOADREG, STOREREG,
 *   ATINCGET and ATSWAP occupy the unit at least mem_cycles (3) and complete in the cycle after
 *   their request is sent; the loaded value (or ATINCGET's old value) reaches the GPR when the
 *   answer arrives. ATCAS and ATINCGETPTR hold the unit until an attempt succeeds, each attempt
 *   at least atomic_attempt_cycles; a failed attempt is sent again. Requests leave at most one per
 *   issue_interval_cycles, with at most max_outstanding unanswered (max_outstanding_atomics of
 *   them atomics). Register results are written when the instruction is accepted (the thread
 *   cannot observe the difference; a RISC-V GPR read in those 1-3 cycles could).
 * Not modeled: SETDMAREG's special form (packer state into GPRs), REG2FLOP, FLUSHDMA, RSTDMA,
 *   STOREIND's SrcA/SrcB form, GPR read/write port contention (the "possibly longer" of the
 *   docs), Auto TTSync tracking of GPR writes, the undocumented MemHierSel bit.
 */
#ifndef BH_THCON_H
#define BH_THCON_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define THCON_THREADS 3
#define THCON_GPRS 64
#define THCON_VIEW_B 3 /* thcon_gpr_mmio_* view of RISC-V B: all threads */
#define THCON_MAX_OUTSTANDING 16
#define THCON_MMIO_BASE 0xFFB00000u
#define THCON_MMIO_LOW 0xFFB11000u /* LOADREG/STOREREG/STOREIND-MMIO below this: UB */

typedef enum ThconAccessKind {
    THCON_ACC_READ,        /* bytes 1, 2, 4 or 16, addr aligned to bytes */
    THCON_ACC_WRITE,       /* same, with wdata */
    THCON_ACC_ATINCGET,    /* word at addr: old + arg0 within mask arg1 (ATINCGET.md) */
    THCON_ACC_ATINCGETPTR, /* word (addr & 15) / 4 of the FIFO block {Rd, Wr, pad, pad}: arg0
                              IncrementBy, arg1 IntWidth; unchanged while the FIFO is full
                              (odd word) / empty (even word) (ATINCGETPTR.md) */
    THCON_ACC_ATCAS,       /* word at addr: if == arg1 (CmpVal) set arg0 (SetVal) (ATCAS.md) */
    THCON_ACC_ATSWAP,      /* block: 16-bit granule g = wdata granule g if arg0 bit g */
    THCON_ACC_MMIO_READ,   /* 4 bytes at a RISC-V MMIO address (mmio_access) */
    THCON_ACC_MMIO_WRITE,
} ThconAccessKind;

typedef BhStatus (*ThconAccessFn)(void *ctx, uint64_t addr, uint32_t bytes, int kind,
                                  const void *wdata, uint32_t atomic_arg0, uint32_t atomic_arg1,
                                  uint64_t token);

typedef struct ThconPorts {
    ThconAccessFn l1_access;   /* one L1 access of up to 16 bytes; BH_ERR_FULL: retry */
    ThconAccessFn mmio_access; /* LOADREG/STOREREG/STOREIND-MMIO; NULL: not modeled */
    void *ctx;
} ThconPorts;

/* Scalar parameters: name, default, min, max, meaning. This is their only declaration: the
 * platform makes each the configuration key "thcon.<name>" with this default, range and text
 * (platform/params.def, BH_PARAM_BLOCK). Sources: ScalarUnit.md's cycle table and the pages
 * named in the text. */
#define THCON_PARAMS(X)                                                                            \
    X(issue_interval_cycles, 3, 1, 64,                                                             \
      "ThCon cycles between two L1/MMIO requests (L1.md: 1 request per 3 cycles; "                 \
      "docs/hardware.md#thcon)")                                                                   \
    X(max_outstanding, 4, 1, THCON_MAX_OUTSTANDING,                                                \
      "ThCon L1/MMIO requests sent and not yet answered (not documented)")                         \
    X(max_outstanding_atomics, 1, 1, THCON_MAX_OUTSTANDING,                                        \
      "of those, atomics, at most thcon.max_outstanding (ATINCGET.md, ATSWAP.md: \"limits on "     \
      "the number of in-flight L1 requests\")")                                                    \
    X(atomic_attempt_cycles, 15, 1, 1000,                                                          \
      "least cycles of one ATCAS / ATINCGETPTR attempt (ScalarUnit.md, ATCAS.md: >= 15)")          \
    X(mem_cycles, 3, 1, 64,                                                                        \
      "least cycles LOADIND, STOREIND, LOADREG, STOREREG, ATINCGET and ATSWAP hold ThCon "         \
      "(ScalarUnit.md: >= 3)")                                                                     \
    X(alu_cycles, 3, 1, 64,                                                                        \
      "cycles of ADD/SUB/MUL/BITWOP/SHIFT/CMPDMAREG with an immediate or both registers in one "   \
      "aligned group of four (ScalarUnit.md: 3)")                                                  \
    X(alu_split_cycles, 4, 1, 64,                                                                  \
      "cycles of those instructions with their registers in two groups of four "                   \
      "(ScalarUnit.md: 4)")

typedef struct ThconConfig {
#define THCON_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    THCON_PARAMS(THCON_X_FIELD)
#undef THCON_X_FIELD
    uint32_t l1_size_bytes; /* L1 addresses from here are UB, a multiple of 16 in 4 KiB..16 MiB:
                               the tile's L1 size (tensix_core_init), not a key of its own */
} ThconConfig;

typedef struct ThconRequest {
    uint64_t token;
    uint8_t active;
    uint8_t thread;
    uint8_t kind;    /* ThconAccessKind */
    uint8_t dst;     /* GPR receiving a loaded value */
    uint8_t bytes;   /* READ: how many bytes land in GPRs[dst] (16: four GPRs) */
    uint8_t of_insn; /* ATCAS/ATINCGETPTR: the running instruction waits for this answer */
    uint8_t word;    /* atomics: byte offset of the addressed word in its 16-byte block */
} ThconRequest;

typedef struct ThconInsn {
    uint8_t active;
    uint8_t thread;
    uint8_t need_send;   /* its request has not been taken yet */
    uint8_t waiting;     /* ATCAS/ATINCGETPTR attempt in flight */
    uint64_t end;        /* earliest cycle it completes (the unit is free from then on) */
    uint64_t next_try;   /* earliest cycle to send the request */
    uint64_t attempt_at; /* cycle the current atomic attempt was sent */
    uint64_t addr;       /* the captured request */
    uint32_t bytes, arg0, arg1;
    uint8_t kind, dst;
    uint8_t wdata[16];
    uint32_t failed_attempts; /* ATCAS/ATINCGETPTR attempts that did not succeed */
    uint32_t last_seen[2];    /* what the last of them read: ATCAS's word, or ATINCGETPTR's
                                 {Rd, Wr} pointers */
} ThconInsn;

typedef struct ThconStats {
    uint64_t insns;          /* instructions accepted */
    uint64_t requests;       /* requests taken by a port */
    uint64_t port_full;      /* requests refused by a port (retried) */
    uint64_t atomic_retries; /* ATCAS/ATINCGETPTR attempts that failed */
    uint64_t refused_busy;   /* instructions refused because the unit was busy */
} ThconStats;

typedef struct Thcon {
    /* what the coprocessor's every step reads (thcon_busy), first */
    uint32_t outstanding, outstanding_atomics;
    ThconInsn insn;    /* the instruction executing, if any */
    BhLogContext *log; /* the chip's, from the core at init */
    ThconConfig cfg;
    ThconPorts ports;
    uint32_t gpr[THCON_THREADS][THCON_GPRS];
    ThconRequest req[THCON_MAX_OUTSTANDING]; /* sent, not yet answered */
    uint64_t last_send;                      /* 1 + cycle of the last request, 0: none */
    uint64_t next_token;
    uint8_t in_port;  /* inside a port call (re-entry guard) */
    uint64_t version; /* +1 on every GPR change, for pollers */
    ThconStats stats;
} Thcon;

ThconConfig thcon_config_default(void);
BhStatus thcon_config_check(const ThconConfig *cfg, char *why, size_t why_len);
BhStatus thcon_init(Thcon *t, const ThconConfig *cfg, const ThconPorts *ports, BhLogContext *log);
void thcon_reset(Thcon *t);
uint64_t thcon_step(Thcon *t, uint64_t now);
void thcon_l1_done(Thcon *t, uint64_t token, const void *rdata, uint64_t now);
void thcon_atomic_apply(int kind, uint64_t addr, uint8_t block[16], const void *wdata,
                        uint32_t atomic_arg0, uint32_t atomic_arg1);

int thcon_can_accept(const Thcon *t, uint64_t now);
int thcon_thread_blocked(const Thcon *t, uint32_t thread, uint64_t now);
int thcon_busy(const Thcon *t, uint32_t thread);
/* an ATCAS or ATINCGETPTR that has failed at least once and is retrying: it waits on an L1
 * word only another agent can change */
int thcon_spinning(const Thcon *t);
uint32_t *thcon_gprs(Thcon *t, uint32_t thread);

BhStatus thcon_gpr_mmio_read(Thcon *t, uint32_t view, uint32_t off, void *buf, uint32_t len,
                             int debug);
BhStatus thcon_gpr_mmio_write(Thcon *t, uint32_t view, uint32_t off, const void *buf, uint32_t len,
                              int debug);

/* Register instructions. RightIsImm is bit 23 (the "i" variants): RightReg then holds
 * RightImm6 (RightImm5 for SHIFTDMAREG, whose shift amount is always taken mod 32). */
BhStatus thcon_setdmareg(Thcon *t, uint32_t thread, uint32_t NewValue, uint32_t ResultHalfReg,
                         uint64_t now);
BhStatus thcon_adddmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now);
BhStatus thcon_subdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now);
BhStatus thcon_muldmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now);
BhStatus thcon_bitwopdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                            uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now);
BhStatus thcon_shiftdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                           uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now);
BhStatus thcon_cmpdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                         uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now);
BhStatus thcon_dmanop(Thcon *t, uint32_t thread, uint64_t now);
/* The six above by index, in opcode order (0 ADD, 1 SUB, 2 MUL, 3 BITWOP, 4 SHIFT, 5 CMP, =
 * opcode - 0x58); Mode is ignored by ADD, SUB and MUL. */
BhStatus thcon_dmareg_op(Thcon *t, uint32_t thread, uint32_t op, uint32_t RightIsImm, uint32_t Mode,
                         uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now);

/* Memory instructions. */
BhStatus thcon_loadind(Thcon *t, uint32_t thread, uint32_t Size, uint32_t OffsetHalfReg,
                       uint32_t OffsetIncrement, uint32_t ResultReg, uint32_t AddrReg,
                       uint64_t now);
BhStatus thcon_storeind_l1(Thcon *t, uint32_t thread, uint32_t Size, uint32_t OffsetHalfReg,
                           uint32_t OffsetIncrement, uint32_t DataReg, uint32_t AddrReg,
                           uint64_t now);
BhStatus thcon_storeind_mmio(Thcon *t, uint32_t thread, uint32_t OffsetHalfReg,
                             uint32_t OffsetIncrement, uint32_t DataReg, uint32_t AddrReg,
                             uint64_t now);
BhStatus thcon_loadreg(Thcon *t, uint32_t thread, uint32_t ResultReg, uint32_t AddrLo,
                       uint64_t now);
BhStatus thcon_storereg(Thcon *t, uint32_t thread, uint32_t DataReg, uint32_t AddrLo, uint64_t now);
BhStatus thcon_atincget(Thcon *t, uint32_t thread, uint32_t IntWidth, uint32_t Ofs,
                        uint32_t InOutReg, uint32_t AddrReg, uint64_t now);
BhStatus thcon_atincgetptr(Thcon *t, uint32_t thread, uint32_t NoIncr, uint32_t IncrLog2,
                           uint32_t IntWidth, uint32_t Ofs, uint32_t ResultReg, uint32_t AddrReg,
                           uint64_t now);
BhStatus thcon_atcas(Thcon *t, uint32_t thread, uint32_t SetVal, uint32_t CmpVal, uint32_t Ofs,
                     uint32_t AddrReg, uint64_t now);
BhStatus thcon_atswap(Thcon *t, uint32_t thread, uint32_t SingleDataReg, uint32_t Mask,
                      uint32_t DataReg, uint32_t AddrReg, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
