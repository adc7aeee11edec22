/* model/tile/tensix/tensix_cfg.h - Tensix coprocessor Configuration Unit and the backend
 * configuration it owns: Config[2] (two thread-agnostic banks, "states") and ThreadConfig[3]
 * (16-bit values, one bank per thread).
 *
 * Sources: tt-isa-documentation BlackholeA0/TensixTile/TensixCoprocessor/
 * BackendConfiguration.md, ConfigurationUnit.md, WRCFG.md, RDCFG.md, SETC16.md, RMWCIB.md,
 * CFGSHIFTMASK.md. Sizes from tt-metal hw/inc/blackhole/cfg_defines.h: CFG_STATE_SIZE 56 (so
 * 224 words per bank), THD_STATE_SIZE 68, GLOBAL_CFGREG_BASE_ADDR32 180. Field layout: the
 * generated table tensix_cfg_regs.def (tools/gen_tensix_cfg.py, from ttsim's
 * tensix_regs.json), one row per cfg_defines.h field.
 *
 * Interface:
 *   instructions  tensix_cfg_wrcfg/rdcfg/setc16/rmwcib/cfgshiftmask take the decoded fields,
 *                 named as in the ISA pages. WRCFG and RDCFG get the issuing thread's 64 GPRs
 *                 (ThCon owns them: thcon_gprs()). Result: BH_OK executed; BH_ERR_FULL the
 *                 Config pipeline cannot take it this cycle, present it again; BH_ERR_ACCESS
 *                 guest error (index out of range, which the ISA calls UndefinedBehaviour),
 *                 logged, instruction consumed, state unchanged.
 *   mmio          tensix_cfg_mmio_read/write: the RISC-V view at TENSIX_CFG_BASE 0xFFEF_0000,
 *                 offsets TCFG_OFF_*: Config[0], Config[1], ConfigDualWrite (write both banks,
 *                 reads Config[0]), ThreadConfig[3][68] as {uint16 Value, uint16 Padding}.
 *                 Reads of 1, 2 or 4 naturally aligned bytes (lw/lh/lb); writes only aligned
 *                 32-bit (sw) and never to ThreadConfig (BH_ERR_ACCESS); past the arrays
 *                 BH_ERR_ADDR. debug = 1 writes store the word without side effects (also into
 *                 ThreadConfig). A RISC-V request also occupies stage 0 of the Config pipeline:
 *                 the shell asks tensix_cfg_external_accept() first (BH_ERR_FULL: the request
 *                 waits in the memory subsystem).
 *   side effects  Writing Config[i][STATE_RESET_EN] by any path but RMWCIB zeroes Config[i][j]
 *                 for j < 180; writes of PRNG_SEED_Seed_Val and RISCV_IC_INVALIDATE_InvalidateAll,
 *                 and SETC16 of the UNPACK_MISC_CFG word, are reported to TensixCfgHooks::effect
 *                 (the PRNGs, caches and unpackers live elsewhere). Words >= 180 exist once:
 *                 every write lands in both banks.
 *   fields        tensix_cfg_get/set and tensix_cfg_thread_get/set by generated field id
 *                 (TCFG_F_<name>, TCFG_T_<name>), TCFG_ADDR32_/TCFG_SHAMT_/TCFG_WIDTH_<name>
 *                 constants like cfg_defines.h, tensix_cfg_find() by name string. These are the
 *                 model's backdoor: no pipeline, no side effects.
 * Timing (ConfigurationUnit.md, Blackhole): SETC16 is its own group, one per thread per cycle,
 *   never refused. Everything else shares a pipeline of stages -4..+1 (0 = config access):
 *   WRCFG occupies -1 then 0, RDCFG 0 then +1, RMWCIB 0, CFGSHIFTMASK -1 then 0 twice, a
 *   RISC-V request 0. An instruction enters only if every stage it will occupy is free in that
 *   cycle and, at entry, no stage from -3 up to below its entry stage holds an instruction that
 *   entered earlier; instructions entering in the same cycle at different stages all enter.
 *   So the group sustains one per cycle, CFGSHIFTMASK one per two. Functional effects happen
 *   when the instruction is accepted (the docs make consuming a result in the next 1-2 cycles
 *   a software error, so the window in which hardware still shows the old value is not kept).
 * Not modeled: STREAMWRCFG (needs the NoC overlay) and its stage -4 bugs; extra RDCFG cycles
 *   from GPR write contention; mover writes (they would call tensix_cfg_external_accept too);
 *   Auto TTSync; REG2FLOP (a ThCon instruction writing THCON_* words).
 */
#ifndef BH_TENSIX_CFG_H
#define BH_TENSIX_CFG_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define TCFG_STATES 2
#define TCFG_THREADS 3
#define TCFG_GPRS 64
#define TCFG_STATE_WORDS 224 /* CFG_STATE_SIZE (56) * 4 */
#define TCFG_THREAD_WORDS 68 /* THD_STATE_SIZE */
#define TCFG_GLOBAL_BASE 180 /* GLOBAL_CFGREG_BASE_ADDR32: one copy from here on */
#define TCFG_OFF_CONFIG0 0x000u
#define TCFG_OFF_CONFIG1 (TCFG_STATE_WORDS * 4u)
#define TCFG_OFF_DUAL (2u * TCFG_STATE_WORDS * 4u)
#define TCFG_OFF_THREAD (3u * TCFG_STATE_WORDS * 4u)
#define TCFG_MMIO_BYTES (TCFG_OFF_THREAD + TCFG_THREADS * TCFG_THREAD_WORDS * 4u)
#define TCFG_PIPE_MAX 16 /* instructions in flight in the Config pipeline, at most */

typedef enum TensixCfgField {
#define TCFG_CFG_FIELD(name, addr32, shift, width) TCFG_F_##name,
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_CFG_FIELD
    TCFG_NUM_FIELDS
} TensixCfgField;

typedef enum TensixThreadField {
#define TCFG_THD_FIELD(name, addr32, shift, width) TCFG_T_##name,
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_THD_FIELD
    TCFG_NUM_THREAD_FIELDS
} TensixThreadField;

/* Name_ADDR32 / _SHAMT / _WIDTH, as cfg_defines.h spells them (Config and ThreadConfig). */
enum {
#define TCFG_CFG_FIELD(name, addr32, shift, width)                                                 \
    TCFG_ADDR32_##name = addr32, TCFG_SHAMT_##name = shift, TCFG_WIDTH_##name = width,
#define TCFG_THD_FIELD TCFG_CFG_FIELD
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_CFG_FIELD
#undef TCFG_THD_FIELD
};

typedef struct TensixCfgFieldInfo {
    const char *name;
    uint16_t addr32; /* word index into Config[state] or ThreadConfig[thread] */
    uint8_t shift;
    uint8_t width;
} TensixCfgFieldInfo;

typedef enum TensixCfgEffect {
    TCFG_EFFECT_PRNG_SEED,        /* value: new seed for every PRNG */
    TCFG_EFFECT_IC_INVALIDATE,    /* value: mask, bit 0 B, 1 T0, 2 T1, 3 T2, 4 NC */
    TCFG_EFFECT_UNPACK_CTX_RESET, /* SETC16 of the UNPACK_MISC_CFG word; value: that word */
} TensixCfgEffect;

/* thread: the Tensix thread whose instruction wrote, or TCFG_THREADS for a RISC-V write. */
typedef struct TensixCfgHooks {
    void (*effect)(void *ctx, TensixCfgEffect e, uint32_t thread, uint32_t value);
    void *ctx;
} TensixCfgHooks;

typedef struct TensixCfgPipeItem {
    uint64_t enter; /* cycle it entered the pipeline */
    uint8_t kind;   /* index into the stage schedules in tensix_cfg.c */
} TensixCfgPipeItem;

typedef struct TensixCfgStats {
    uint64_t writes;      /* Config words written by instructions and RISC-V */
    uint64_t setc16;      /* ThreadConfig writes */
    uint64_t reads;       /* RDCFG and RISC-V reads */
    uint64_t pipe_stalls; /* entries refused by the pipeline rules */
    uint64_t state_resets;
} TensixCfgStats;

typedef struct TensixCfg {
    BhLogContext *log; /* the chip's, from the core at init */
    uint32_t cfg[TCFG_STATES][TCFG_STATE_WORDS];
    uint16_t thread_cfg[TCFG_THREADS][TCFG_THREAD_WORDS];
    TensixCfgPipeItem pipe[TCFG_PIPE_MAX];
    uint32_t npipe;
    TensixCfgHooks hooks;
    uint64_t version; /* +1 on every change, for pollers */
    TensixCfgStats stats;
} TensixCfg;

void tensix_cfg_init(TensixCfg *c, const TensixCfgHooks *hooks,
                     BhLogContext *log); /* hooks may be NULL */

BhStatus tensix_cfg_wrcfg(TensixCfg *c, uint32_t thread, const uint32_t gprs[TCFG_GPRS],
                          uint32_t InputReg, uint32_t Is128Bit, uint32_t CfgIndex, uint64_t now);
BhStatus tensix_cfg_rdcfg(TensixCfg *c, uint32_t thread, uint32_t gprs[TCFG_GPRS],
                          uint32_t ResultReg, uint32_t CfgIndex, uint64_t now);
BhStatus tensix_cfg_setc16(TensixCfg *c, uint32_t thread, uint32_t CfgIndex, uint32_t NewValue);
/* RMWCIB0..3: Index1 is the digit of the mnemonic (opcode - 0xB3). */
BhStatus tensix_cfg_rmwcib(TensixCfg *c, uint32_t thread, uint32_t Index1, uint32_t Mask,
                           uint32_t NewValue, uint32_t Index4, uint64_t now);
BhStatus tensix_cfg_cfgshiftmask(TensixCfg *c, uint32_t thread, uint32_t MaskMode, uint32_t AluMode,
                                 uint32_t MaskWidth, uint32_t RotateAmt, uint32_t ScratchIndex,
                                 uint32_t CfgIndex, uint64_t now);
BhStatus tensix_cfg_external_accept(TensixCfg *c, uint64_t now);
int tensix_cfg_busy(const TensixCfg *c, uint64_t now); /* STALLWAIT C12 (CFGEXU) */

BhStatus tensix_cfg_mmio_read(TensixCfg *c, uint32_t off, void *buf, uint32_t len, int debug);
BhStatus tensix_cfg_mmio_write(TensixCfg *c, uint32_t off, const void *buf, uint32_t len,
                               int debug);

uint32_t tensix_cfg_state_id(const TensixCfg *c, uint32_t thread); /* CFG_STATE_ID_StateID */
uint32_t tensix_cfg_get(const TensixCfg *c, uint32_t state, TensixCfgField f);
void tensix_cfg_set(TensixCfg *c, uint32_t state, TensixCfgField f, uint32_t value);
uint32_t tensix_cfg_thread_get(const TensixCfg *c, uint32_t thread, TensixThreadField f);
void tensix_cfg_thread_set(TensixCfg *c, uint32_t thread, TensixThreadField f, uint32_t value);
const TensixCfgFieldInfo *tensix_cfg_field_info(TensixCfgField f);
const TensixCfgFieldInfo *tensix_cfg_thread_field_info(TensixThreadField f);
/* By name: 1 and *field = id (*is_thread = 1 for a ThreadConfig field), or 0 if unknown. */
int tensix_cfg_find(const char *name, int *is_thread, uint32_t *field);

#define TCFG_GET(c, state, name) tensix_cfg_get((c), (state), TCFG_F_##name)
#define TCFG_SET(c, state, name, v) tensix_cfg_set((c), (state), TCFG_F_##name, (v))
#define TCFG_THD_GET(c, thread, name) tensix_cfg_thread_get((c), (thread), TCFG_T_##name)
#define TCFG_THD_SET(c, thread, name, v) tensix_cfg_thread_set((c), (thread), TCFG_T_##name, (v))

#ifdef __cplusplus
}
#endif
#endif
