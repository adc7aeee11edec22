/* model/tile/pic.h - the Tensix tile's PIC (pic_regs.def): 32 software IRQs usable as atomic
 * single-slot queues, 4 hardware IRQs, per-core enables and handler pcs.
 *
 * Interface (the tile's, tensix_tile.c; reached by every core at the MMIO latency class and by
 *   the NoC, 32-bit words):
 *   pic_access  a read or write at offset off of the region; debug: a read without its side
 *               effect (clearing an IRQ). Statuses: BH_ERR_ADDR (no register), BH_ERR_ACCESS
 *               (a write to an INT_NO register), BH_ERR_UNSUPPORTED (the write would interrupt
 *               a core); the reason in pic->why.
 * Not modeled: interrupting the cores (handler entry, INT_NO, mret, the round robin between
 *   IRQs), the hardware IRQs' sources.
 */
#ifndef BH_PIC_H
#define BH_PIC_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum PicReg {
#define PIC_REG(name, off, count, kind, doc) PIC_R_##name,
#include "model/tile/pic_regs.def"
#undef PIC_REG
    PIC_NUM_REGS
} PicReg;

enum {
#define PIC_REG(name, off, count, kind, doc)                                                       \
    PIC_S_##name, PIC_S_##name##_END = PIC_S_##name + (count)-1,
#include "model/tile/pic_regs.def"
#undef PIC_REG
    PIC_SLOTS
};

typedef struct Pic {
    uint32_t val[PIC_SLOTS]; /* by PIC_S_* */
    char why[128];           /* the reason of the last refused access */
} Pic;

void pic_init(Pic *p); /* also resets: every register 0 */
BhStatus pic_access(Pic *p, uint32_t off, int write, uint32_t *val, int debug);

#ifdef __cplusplus
}
#endif
#endif
