// SPDX-License-Identifier: Apache-2.0
/* model/arc/arc_msgq.c - the firmware's side of the host message queues and the telemetry
 * table (arc.h, arc_msgs.def, arc_telem.def), working on the CSM's bytes. */
#include <stdio.h>
#include "model/arc/arc_internal.h"

#define PTR_WRAP (2u * ARC_MSGQ_ENTRIES)
#define ENTRY_BYTES (4u * ARC_MSGQ_ENTRY_WORDS)
/* header words, as byte offsets */
#define H_REQ_WPTR 0u
#define H_RESP_RPTR 4u
#define H_REQ_RPTR 16u
#define H_RESP_WPTR 20u
#define H_LAST_SERIAL 24u
#define AICLK_FORCE_MIN 200u  /* aiclk_ppm.c AICLK_FMIN_MIN */
#define AICLK_FORCE_MAX 1400u /* aiclk_ppm.c AICLK_FMAX_MAX */
#define CLOCK_MODE_PPM_FORCED 2u
#define CLOCK_MODE_PPM_UNFORCED 3u
#define REFCLK_PER_MS 50000u /* 50 MHz */

void arc_msgq_init(Arc *a)
{
    arc_put32(a, ARC_MSGQ_INFO_ADDR, ARC_MSGQ_BASE);
    arc_put32(a, ARC_MSGQ_INFO_ADDR + 4, ARC_MSGQ_ENTRIES | ARC_MSGQ_COUNT << 8);
    arc_put32(a, ARC_MSGQ_INFO_ADDR + 8, 0);
    arc_put32(a, ARC_MSGQ_INFO_ADDR + 12, 0);
    for (uint32_t b = 0; b < ARC_MSGQ_COUNT * ARC_MSGQ_BYTES; b += 4)
        arc_put32(a, ARC_MSGQ_BASE + b, 0);
}

/* the AICLK the firmware's arbitration settles on: forced, else busy -> fmax, idle -> fmin */
static void update_aiclk(Arc *a, uint64_t now)
{
    const uint32_t mhz = a->forced_mhz ? a->forced_mhz
                         : a->busy     ? a->cfg.aiclk_fmax_mhz
                                       : a->cfg.aiclk_fmin_mhz;
    arc_set_aiclk(a, mhz, now);
}

static int recognised(const Arc *a, uint32_t code)
{
    switch (code) {
#define ARC_MSG(name, cd, umd_only, doc)                                                           \
    case cd:                                                                                       \
        return !(umd_only) || a->cfg.umd_only_msgs;
#include "model/arc/arc_msgs.def"
#undef ARC_MSG
    default:
        return 0;
    }
}

/* one request: fills the response words; the status byte of word 0 is the exit code */
static void answer(Arc *a, uint32_t qbase, const uint32_t *rq, uint32_t *rs, uint64_t now)
{
    const uint32_t code = rq[0] & 0xFF;
    if (!recognised(a, code)) {
        rs[0] = ARC_MSG_STATUS_UNKNOWN;
        return;
    }
    switch (code) {
    case ARC_MSG_REPORT_SCRATCH_ONLY:
        rs[0] = ARC_MSG_STATUS_SCRATCH;
        break;
    case ARC_MSG_FORCE_AICLK:
        if (rq[1] != 0 && (rq[1] < AICLK_FORCE_MIN || rq[1] > AICLK_FORCE_MAX)) {
            rs[0] = 1;
            break;
        }
        a->forced_mhz = rq[1];
        update_aiclk(a, now);
        break;
    case ARC_MSG_GET_AICLK:
        rs[1] = a->aiclk_mhz;
        rs[2] = a->forced_mhz ? CLOCK_MODE_PPM_FORCED : CLOCK_MODE_PPM_UNFORCED;
        break;
    case ARC_MSG_AICLK_GO_BUSY:
    case ARC_MSG_AICLK_GO_LONG_IDLE:
        a->busy = code == ARC_MSG_AICLK_GO_BUSY;
        update_aiclk(a, now);
        break;
    case ARC_MSG_GET_HARVESTING:
        rs[1] = ~a->cfg.tensix_col_enabled & 0x3FFFu;
        break;
    case ARC_MSG_TEST:
        rs[1] = rq[1] + 1;
        rs[2] = arc_get32(a, qbase + H_LAST_SERIAL) + 1;
        break;
    case ARC_MSG_SET_LAST_SERIAL:
        arc_put32(a, qbase + H_LAST_SERIAL, rq[1]);
        break;
    default: /* NOP */
        break;
    }
}

/* The firmware's start_next_message: a request is pending and its response has a slot. */
static int next_message(Arc *a, uint32_t q, uint32_t qbase)
{
    const uint32_t req_w = arc_get32(a, qbase + H_REQ_WPTR),
                   req_r = arc_get32(a, qbase + H_REQ_RPTR),
                   resp_w = arc_get32(a, qbase + H_RESP_WPTR),
                   resp_r = arc_get32(a, qbase + H_RESP_RPTR);
    if (req_w == req_r || (resp_w - resp_r) % PTR_WRAP == ARC_MSGQ_ENTRIES)
        return 0;
    if (req_w >= PTR_WRAP || req_r >= PTR_WRAP || resp_w >= PTR_WRAP || resp_r >= PTR_WRAP) {
        BH_LOG_GUEST(a->log,
                     "ARC message queue %u: a pointer is not below %u (request wptr %u rptr %u, "
                     "response wptr %u rptr %u): queue skipped",
                     q, PTR_WRAP, req_w, req_r, resp_w, resp_r);
        return 0;
    }
    return 1;
}

void arc_msgq_process(Arc *a, uint64_t now)
{
    for (uint32_t q = 0; q < ARC_MSGQ_COUNT; q++) {
        const uint32_t qbase = ARC_MSGQ_BASE + q * ARC_MSGQ_BYTES;
        const uint32_t req0 = qbase + ARC_MSGQ_HEADER_BYTES;
        const uint32_t resp0 = req0 + ARC_MSGQ_ENTRIES * ENTRY_BYTES;
        while (next_message(a, q, qbase)) {
            uint32_t rq[ARC_MSGQ_ENTRY_WORDS], rs[ARC_MSGQ_ENTRY_WORDS] = {0};
            const uint32_t req_r = arc_get32(a, qbase + H_REQ_RPTR);
            const uint32_t resp_w = arc_get32(a, qbase + H_RESP_WPTR);
            for (uint32_t w = 0; w < ARC_MSGQ_ENTRY_WORDS; w++)
                rq[w] = arc_get32(a, req0 + (req_r % ARC_MSGQ_ENTRIES) * ENTRY_BYTES + 4 * w);
            arc_put32(a, qbase + H_REQ_RPTR, (req_r + 1) % PTR_WRAP);
            answer(a, qbase, rq, rs, now);
            for (uint32_t w = 0; w < ARC_MSGQ_ENTRY_WORDS; w++)
                arc_put32(a, resp0 + (resp_w % ARC_MSGQ_ENTRIES) * ENTRY_BYTES + 4 * w, rs[w]);
            arc_put32(a, qbase + H_RESP_WPTR, (resp_w + 1) % PTR_WRAP);
            if ((rq[0] & 0xFF) != ARC_MSG_SET_LAST_SERIAL)
                arc_put32(a, qbase + H_LAST_SERIAL, arc_get32(a, qbase + H_LAST_SERIAL) + 1);
            a->msgs++;
        }
    }
}

/* degrees C in signed 16.16 from milli-degrees (the firmware's ConvertFloatToTelemetry) */
static uint32_t arc_temp_s16_16(uint32_t mc)
{
    return (uint32_t)((uint64_t)mc * 65536u / 1000u);
}

void arc_telem_fill(Arc *a, uint64_t now)
{
    const ArcConfig *c = &a->cfg;
    const uint32_t hb =
        (uint32_t)(1 + arc_refclk(a, now) / ((uint64_t)REFCLK_PER_MS * c->telem_interval_ms));
#define ARC_TAG(name, tag, value, doc) arc_put32(a, ARC_TELEM_DATA_ADDR + 4u * (tag), (value));
#include "model/arc/arc_telem.def"
#undef ARC_TAG
}

void arc_telem_init(Arc *a)
{
    arc_put32(a, ARC_TELEM_TABLE_ADDR, ARC_TELEM_VERSION);
    arc_put32(a, ARC_TELEM_TABLE_ADDR + 4, ARC_TELEM_ENTRIES);
    static const uint16_t tags[ARC_TELEM_ENTRIES] = {
#define ARC_TAG(name, tag, value, doc) tag,
#include "model/arc/arc_telem.def"
#undef ARC_TAG
    };
    for (uint32_t i = 0; i < ARC_TELEM_ENTRIES; i++) /* {u16 tag, u16 offset = tag} */
        arc_put32(a, ARC_TELEM_TABLE_ADDR + 8 + 4 * i, tags[i] | (uint32_t)tags[i] << 16);
    arc_telem_fill(a, 0);
}
