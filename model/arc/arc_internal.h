/* model/arc/arc_internal.h - what arc.c and arc_msgq.c share (not part of the API). */
#ifndef BH_ARC_INTERNAL_H
#define BH_ARC_INTERNAL_H
#include "model/arc/arc.h"

/* little-endian words of the CSM at ARC address addr (inside the CSM) */
uint32_t arc_get32(const Arc *a, uint32_t addr);
void arc_put32(Arc *a, uint32_t addr, uint32_t v);
/* AICLK becomes mhz at cycle now: REFCLK carried over, telemetry, the callback */
void arc_set_aiclk(Arc *a, uint32_t mhz, uint64_t now);
void arc_msgq_init(Arc *a);                  /* the control block, empty queues */
void arc_msgq_process(Arc *a, uint64_t now); /* the firmware's pass over every queue */
void arc_telem_init(Arc *a);                 /* the table, then arc_telem_fill */
void arc_telem_fill(Arc *a, uint64_t now);   /* every published value at cycle now */

#endif
