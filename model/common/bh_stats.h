/* model/common/bh_stats.h - statistics declared once: a model lists its counters in one
 * X-macro table next to the state they count (name, report key, kind, text), and the table
 * generates the struct fields, a descriptor array the platform turns into report entries, and
 * the docs page (bhsim --list-stats, docs/statistics.md).
 *
 * A model's table looks like
 *   #define XXX_STATS(X) \
 *       X(tlps, "tlps", COUNT, "TLPs sent")  \
 *       X(wire_bytes, "wire_bytes", BYTES, "bytes on the wire, framing included")
 * and its struct holds them with BH_STAT_FIELDS(XXX_STATS) (every statistic is a uint64_t).
 * BH_STAT_TABLE(name, section, Type, XXX_STATS) defines the descriptor table; the platform's
 * list of tables (platform/output/stats.cpp) names every one, once.
 */
#ifndef BH_STATS_H
#define BH_STATS_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef enum BhStatKind {
    BH_STAT_COUNT,  /* events */
    BH_STAT_CYCLES, /* AICLK cycles (a model's own clock where its text says so) */
    BH_STAT_BYTES,
    BH_STAT_PICOSECONDS, /* simulated time; the report shows it in microseconds (%.3f) */
} BhStatKind;

typedef struct BhStat {
    const char *field; /* in the model's struct */
    const char *key;   /* in the report */
    uint8_t kind;      /* BhStatKind */
    uint32_t offset;   /* of the uint64_t in the struct */
    const char *text;
} BhStat;

typedef struct BhStatTable {
    const char *name;    /* the model's struct, e.g. "PcieLinkSide" */
    const char *section; /* where the report shows it, e.g. "pcie.host_to_device" */
    const BhStat *stats;
    uint32_t n;
} BhStatTable;

#define BH_STAT_FIELD_(field, key, kind, text) uint64_t field;
#define BH_STAT_FIELDS(TABLE) TABLE(BH_STAT_FIELD_)

#define BH_STAT_ROW_(type, field, key, kind, text)                                                 \
    {#field, key, BH_STAT_##kind, (uint32_t)offsetof(type, field), text},

static inline uint64_t bh_stat_value(const BhStat *s, const void *base)
{
    uint64_t v;
    memcpy(&v, (const char *)base + s->offset, sizeof v);
    return v;
}

const char *bh_stat_kind_name(uint8_t kind); /* "count", "cycles", "bytes", "ps" */

#ifdef __cplusplus
}
#endif
#endif
