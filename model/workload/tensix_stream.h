/* model/workload/tensix_stream.h - the tensix_stream workload: until the RISC-V cores exist,
 * each core of a tile (TRISC0..2, BRISC) is replaced by a script, the parsed form of one text
 * file (platform/load/tensix_stream_load.cpp): push a Tensix instruction, store to the tile's
 * address map, or idle.
 *
 * Interface: TensixStreamIo.access: a core's 32-bit store or load in its tile's address map,
 *   as the core would make it (BH_ERR_FULL: the core stalls and tries again next cycle; so a
 *   load of PC_BUF_BASE + 4 or + 8, the TTSync addresses, waits as the real core does).
 * Timing: each core performs at most one item per cycle; a push goes to INSTRN_BUF_BASE
 *   (0xFFE40000: TRISC i to thread i, BRISC to thread 0 after the MOP expander), `wait N`
 *   idles N cycles, `load ADDR` waits until the load returns. tensix_stream_step(now) returns the
 * next cycle with work.
 */
#ifndef BH_TENSIX_STREAM_H
#define BH_TENSIX_STREAM_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum TensixStreamKind {
    TS_PUSH, /* push `value` as a Tensix instruction, as the core's `sw` to INSTRN_BUF_BASE */
    TS_MMIO, /* 32-bit store of `value` at `addr` in the tile's address map */
    TS_WAIT, /* the core idles `value` cycles */
    TS_LOAD, /* 32-bit load from `addr`, the value discarded: the core waits for it (TTSync) */
} TensixStreamKind;

typedef struct TensixStreamItem {
    uint32_t kind; /* TensixStreamKind */
    uint32_t addr;
    uint32_t value;
    uint32_t line; /* source line, for messages */
} TensixStreamItem;

#define TENSIX_STREAM_CORES 4 /* TRISC0, TRISC1, TRISC2, BRISC */

typedef struct TensixStreamIo {
    BhStatus (*access)(void *ctx, uint32_t node0, uint32_t core, uint32_t addr, uint32_t *val,
                       int write);
    void *ctx;
} TensixStreamIo;

typedef struct TensixStreamCore {
    const TensixStreamItem *items; /* owned by the caller */
    uint32_t n, next;
    uint32_t node0, core;
    uint64_t ready_at, finished_at;
    uint64_t stall_cycles; /* items refused (FIFO full, unit busy) */
    uint8_t done;
} TensixStreamCore;

typedef struct TensixStream {
    TensixStreamIo io;
    TensixStreamCore *cores; /* allocated at init */
    uint32_t n_cores, finished;
    uint8_t failed;
    char error[200];
} TensixStream;

BhStatus tensix_stream_init(TensixStream *s, const TensixStreamCore *cores, uint32_t n,
                            const TensixStreamIo *io);
void tensix_stream_destroy(TensixStream *s);
uint64_t tensix_stream_step(TensixStream *s, uint64_t now);
int tensix_stream_idle(const TensixStream *s);

#ifdef __cplusplus
}
#endif
#endif
