/* model/riscv/rv_core_state.h - the baby RISC-V core's private state, shared by the files of
 * model/riscv (rv_core.c: run loop and integer execution; rv_mem.c: loads, stores, store queue,
 * L0 caches, atomics and completions; rv_csr.c: CSRs; rv_decode.c: the instruction table) and
 * visible to the unit tests. Nothing here is part of the platform's interface.
 */
#ifndef BH_RV_CORE_STATE_H
#define BH_RV_CORE_STATE_H
#include "model/riscv/rv_core.h"
#include "model/riscv/rv_profile.h"

typedef enum RvOp {
#define RV_INSN(id, str, mask, match, fmt, cls, ext) RV_OP_##id,
#include "model/riscv/rv_insn.def"
#undef RV_INSN
    RV_OP_ILLEGAL,
    RV_OPS
} RvOp;

typedef enum RvFormat {
    RV_F_R,
    RV_F_R1,
    RV_F_I,
    RV_F_SH,
    RV_F_U,
    RV_F_J,
    RV_F_B,
    RV_F_L,
    RV_F_S,
    RV_F_CSR,
    RV_F_CSRI,
    RV_F_AMO,
    RV_F_N,
    RV_F_FENCE,
    RV_F_X,
    RV_F_TT
} RvFormat;

typedef enum RvClass {
    RV_C_ALU,
    RV_C_MUL,
    RV_C_DIV,
    RV_C_LOAD,
    RV_C_STORE,
    RV_C_BRANCH,
    RV_C_JUMP,
    RV_C_CSR,
    RV_C_AMO,
    RV_C_SYS,
    RV_C_FENCE,
    RV_C_UNIMP,
    RV_C_TT,
    RV_C_ILLEGAL
} RvClass;

typedef struct RvInsnInfo {
    const char *name, *ext;
    uint32_t mask, match;
    uint8_t fmt, cls; /* RvFormat, RvClass */
} RvInsnInfo;

/* One decoded instruction. Registers a format does not read are 0 (x0 is always ready), so the
 * issue rule needs no per-format test; rd is 0 when nothing is written. */
typedef struct RvDecoded {
    uint32_t pc, word; /* key of the predecode cache */
    int32_t imm;       /* immediate, shift amount, CSR number (| uimm << 12 for CSRI), Tensix
                          instruction for .ttinsn */
    uint16_t op;       /* RvOp */
    uint8_t rd, rs1, rs2;
} RvDecoded;

extern const RvInsnInfo rv_insn_table[RV_OPS]; /* const data, not state */
void rv_decode(uint32_t word, uint32_t pc, RvDecoded *d);

#define RV_PRE_ENTRIES 2048u /* predecode cache, direct mapped by pc */
#define RV_RAS_DEPTH 4u
#define RV_BHT_ENTRIES 64u
#define RV_PENDING UINT64_MAX      /* ready[] of a register waiting for a PENDING load */
#define RV_FETCH_SLOT RV_LOADS_MAX /* the outstanding slot of the I-cache line fetch */

typedef enum RvSlotKind { RV_SLOT_FREE, RV_SLOT_LOAD, RV_SLOT_STORE, RV_SLOT_FETCH } RvSlotKind;

/* An access the bus answered PENDING, waiting for rv_core_mem_done. */
typedef struct RvSlot {
    uint8_t kind; /* RvSlotKind */
    uint8_t rd;   /* loads, AMOs and bus CSR reads: the register written (0: none) */
    uint8_t size; /* bytes of the value at offset `off` of rdata */
    uint8_t sign; /* sign-extend the value */
    uint8_t off;  /* the value's byte offset in rdata (a D-cache line fill: addr & 15) */
    uint8_t fill; /* a D-cache line fill: rdata is the line at `line` */
    uint8_t sq;   /* a store-queue block: its entry index + 1 */
    uint8_t gen;  /* bumped per use; part of the tag so stale tags are ignored */
    uint32_t line;
    uint32_t addr;   /* a load's address (poll detection of L1 polls) */
    uint64_t issued; /* ... and its issue cycle */
} RvSlot;

typedef enum RvSqState { RV_SQ_FREE, RV_SQ_OPEN, RV_SQ_SENT } RvSqState;

typedef struct RvSqEntry {
    uint8_t state; /* RvSqState */
    uint16_t mask; /* byte enables of the 16-B block */
    uint32_t addr; /* 16-B aligned */
    uint32_t last; /* start address of the last store merged in */
    uint8_t data[16];
} RvSqEntry;

typedef struct RvDLine {
    uint8_t valid;
    uint32_t addr; /* 16-B aligned */
    uint8_t data[RV_DCACHE_LINE_BYTES];
} RvDLine;

struct RvCoreState {
    uint32_t x[32];
    uint32_t pc;
    /* CSRs that hold a value (the others are computed or constant: rv_csr.c) */
    uint32_t cfg0, pmacfg0, pmacfg1, cfg1, hwa_mask, hwa_cfg, vgsrc, mcountinhibit;
    uint32_t mhpmevent3, mhpmevent4, sstatus[8], intp_restore_pc;
    uint32_t fcsr, vxsat, vxrm, vl, vtype, vlenb;
    uint64_t cycle_off;   /* mcycle = core cycle - cycle_off */
    uint64_t instret_off; /* minstret = stats.instret - instret_off */
};

struct RvCore {
    /* the scalars every run of the core reads, first and together (a chip steps hundreds of
     * cores: the run is bound by cache misses more than by instructions) */
    uint64_t cycle;
    RvProfile *prof; /* output.profile: cycles per PC; NULL (nothing counted) otherwise */
    /* waiting: the instruction at pc did not execute; it runs again at resume_at (BH_IDLE:
     * after a completion or a wake), the cycles until then charged to wait_cause */
    uint8_t waiting, wait_fresh, wait_cause;
    uint8_t bus_cause; /* rv_core_set_stall_cause during the current bus call (0xFF: none) */
    RvStop stop;
    uint64_t resume_at;
    uint64_t last_at; /* cycle of the last bus access (drains never go back in time) */
    uint32_t fetch_base, fetch_last; /* fetch region [base, base + last] (last = size - 4) */
    uint8_t *fetch_mem;              /* NULL: no fetch region */
    uint32_t l1_base, l1_size;
    uint32_t ic_lines, ic_shift; /* I-cache tags below */
    uint32_t ic_last;            /* icache_last: a line known present */
    uint8_t ic_last_valid;
    uint8_t fetch_grant;     /* a completed line fetch lets pc `fetch_grant_pc` issue once */
    uint32_t fetch_grant_pc; /* (needed when icache_bytes = 0: every fetch misses) */
    int32_t sq_open;         /* index of the store-queue entry that can still merge, or -1 */
    uint64_t sq_deadline;    /* cycle the open entry stops merging (UINT64_MAX: none) */
    uint32_t outstanding;    /* LSU slots in use */
    uint32_t nregions;
    RvRegion region[RV_REGIONS_MAX];
    struct RvCoreState st;
    uint64_t ready[32];      /* cycle each register's value can be used by EX1 (RV_PENDING) */
    uint8_t ready_cause[32]; /* RvStall charged while waiting for that register */
    RvStats stats;
    RvConfig cfg;
    uint32_t id;
    RvAccessFn access;
    void *access_ctx;

    uint32_t stop_pc, stop_insn;
    char why[128];

    /* I-cache tags (line addresses), direct mapped */
    uint32_t ic_tag[RV_ICACHE_LINES_MAX];
    uint8_t ic_valid[RV_ICACHE_LINES_MAX];

    RvDLine dline[RV_DCACHE_LINES];
    uint32_t dnext; /* round-robin victim */

    RvSqEntry sq[RV_SQ_MAX];

    RvSlot slot[RV_LOADS_MAX + 1]; /* + the I-cache fetch */
    /* load credits (riscv.loads_in_flight): the cycle each frees, RV_CREDIT_HELD while its
     * PENDING load (slot ld_slot) has not completed */
    uint64_t ld_free[RV_LOADS_MAX];
    uint8_t ld_slot[RV_LOADS_MAX];
    uint8_t ld_wait; /* waits for a held credit: resumes the cycle before the data is usable */

    uint32_t ras[RV_RAS_DEPTH];
    uint32_t ras_pos, ras_n; /* next slot, valid entries (a full stack drops its oldest) */
    uint8_t bht[RV_BHT_ENTRIES];

    /* poll detection (rv_poll.c): the last loop head and the core's state there */
    uint32_t poll_head;   /* UINT32_MAX: none */
    uint32_t poll_reject; /* head the caller will not sleep on (UINT32_MAX: none) */
    uint64_t poll_cycle;  /* cycle at the head's last visit */
    uint32_t poll_x[32];  /* registers there */
    RvStats poll_stats;   /* counters there */
    RvStats poll_delta;   /* one iteration's counters (while sleeping) */
    uint64_t poll_prev_period;
    /* the last bus load: DONE, or with poll_sleep_l1 a PENDING (L1) one at its completion */
    uint32_t last_load_addr, last_load_size, last_load_value;
    uint64_t last_load_at;
    RvPoll poll;
    RvDecoded pre[RV_PRE_ENTRIES];
};

#define RV_CREDIT_HELD UINT64_MAX

/* rv_mem.c: each returns 0 when the instruction executed (or the core stopped), 1 when it
 * must run again later (core->waiting set). t: the instruction's issue cycle. */
int rv_mem_load(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t addr, uint32_t size, int sign);
int rv_mem_store(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t addr, uint32_t size,
                 uint32_t val);
int rv_mem_amo(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t addr, uint32_t operand);
int rv_mem_fence(RvCore *c, uint64_t t);
int rv_mem_fetch_miss(RvCore *c, uint32_t pc);
int rv_mem_sq_expire(RvCore *c);
int rv_mem_bus_csr(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t csr);
void rv_mem_reset(RvCore *c);
void rv_core_fault(RvCore *c, RvStop s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void rv_core_wait(RvCore *c, uint8_t cause, uint64_t resume_at);
/* rv_poll.c: at a taken backward jump to head: 1 if a poll loop is found (core->poll) */
int rv_poll_at_head(RvCore *c, uint32_t head);
void rv_poll_reset(RvCore *c);
/* rv_csr.c: 0 executed, 1 wait, or the core stopped */
int rv_csr_exec(RvCore *c, const RvDecoded *d, uint64_t t);
void rv_csr_reset(RvCore *c, uint64_t now);

/* n stall cycles of `cause` charged at the current pc, into the profile if one is attached */
static inline void rv_prof_stall(RvCore *c, uint32_t cause, uint64_t n)
{
    RvProfEntry *e;
    if (c->prof && (e = rv_profile_at(c->prof, c->st.pc)))
        e->stall[cause] += n;
}

static inline int rv_dcache_on(const RvCore *c)
{
    return c->cfg.dcache_enable && !(c->st.cfg0 & (1u << 3));
}
#endif
