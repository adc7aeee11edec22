/* model/tile/tensix/adc.h - the address counters (ADCs) of the unpackers and the packer: per
 * thread, one set for each unpacker and one shared by the packer, each with two channels of X, Y,
 * Z, W counters and their checkpoints (_Cr), and the instructions that set, step and restore them.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/ADCs.md, SETADC.md,
 * SETADCXY.md, SETADCZW.md, SETADCXX.md, INCADCXY.md, INCADCZW.md, ADDRCRXY.md, ADDRCRZW.md;
 * anuraagw.me's "unpack data path" notes, section 4 (docs/hardware.md#registers). Blackhole
 * keeps the Wormhole layout.
 *
 * Interface: adc_execute() runs one of the eight instructions from its word. CNT_SET_MASK
 *   selects the sets: bit 0 unpacker 0, bit 1 unpacker 1, bit 2 the packer. SETADC's value
 *   bits [17:16] (ThreadOverride) pick another thread's counters; the other instructions carry
 *   no override field in Blackhole's encoding (the 3-bit fields take bits 6..17) and use the
 *   issuing thread's.
 * Widths: X 18 bits, Y 13, Z and W 8, wrapping as the hardware's registers do.
 * Timing: one cycle, in the issuing thread's order (the unit owning the counters applies the
 *   instruction when it reaches it, so UNPACR/PACR already queued see the old values).
 */
#ifndef BH_ADC_H
#define BH_ADC_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct AdcChannel {
    uint32_t x, x_cr, y, y_cr, z, z_cr, w, w_cr;
} AdcChannel;

typedef struct Adc {
    AdcChannel ch[2];
} Adc;

enum { ADC_UNPACK0, ADC_UNPACK1, ADC_PACK, ADC_SETS };

typedef struct AdcFile {
    Adc set[3][ADC_SETS]; /* [thread][ADC_UNPACK0 / ADC_UNPACK1 / ADC_PACK] */
} AdcFile;

/* 1 if `opcode` is one of SETADC, SETADCXY, SETADCZW, SETADCXX, INCADCXY, INCADCZW,
 * ADDRCRXY, ADDRCRZW */
int adc_handles(uint32_t opcode);
void adc_execute(AdcFile *a, uint32_t thread, uint32_t word);
/* the counters' own wrap, after a unit adds to them */
void adc_wrap(AdcChannel *c);

#ifdef __cplusplus
}
#endif
#endif
