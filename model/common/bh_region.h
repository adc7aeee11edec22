/* model/common/bh_region.h - the one interface of every device a master reaches by address: a
 * region of a map, its read and write functions and the access sizes it takes.
 *
 * Interface:
 *   BhRegionOps      a device's behaviour at a map row: name, read, write, the sizes it takes
 *                    (min_bytes..max_bytes, max 0: any length), whether an access must start
 *                    at a multiple of min_bytes, and whether it is timed (its data come later
 *                    from an arbitrated resource, the master waits: PENDING) or answers at once.
 *   bh_region_check  the size and alignment rule of a region: BH_ERR_WIDTH if the access breaks
 *                    it. Every path into a region (the RISC-V cores, workloads over TLM, the
 *                    PCIe tile's BAR0 windows, the NoC) applies this one rule.
 *   bh_region_check_burst  the rule for a burst the master splits into the region's accesses.
 *   bh_region_access the rule, then the region's read or write.
 *   bh_access_result what a master makes of a status: DONE, LATER (BH_ERR_FULL: a FIFO that
 *                    cannot take or give a word now; retry when it changes) or FAULT. PENDING
 *                    is the timed regions' answer, given by their master's timed path (the RISC-V
 *                    bus, rv_core.h's RV_MEM_*), never by a synchronous read or write.
 * The map decides which region an address hits and who may see it (e.g. tile_map.def); the
 * region decides what the access does. A device's state is the `dev` its master hands in, so
 * one table of rows serves every tile.
 */
#ifndef BH_REGION_H
#define BH_REGION_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum BhAccessResult {
    BH_ACC_DONE,
    BH_ACC_PENDING,
    BH_ACC_LATER,
    BH_ACC_FAULT
} BhAccessResult;

/* One synchronous access to a region. */
typedef struct BhRegionAccess {
    uint32_t who;  /* the master, in the device's numbering (a tile's core, or its NoC) */
    uint32_t arg;  /* the map row's argument: which NIU, thread, core, mailbox */
    uint32_t row;  /* the map row's index, for devices that answer several rows */
    uint32_t off;  /* bytes from the region's base */
    uint32_t len;  /* bytes */
    uint8_t write; /* else a read, into data */
    uint8_t debug; /* backdoor: no side effect, nothing popped, no time passes */
    uint8_t wake;  /* out: the access reached state a sleeping agent may wait on */
    void *data;    /* len bytes, little endian */
    uint64_t now;  /* the master's cycle */
} BhRegionAccess;

typedef BhStatus (*BhRegionFn)(void *dev, BhRegionAccess *a);

typedef struct BhRegionOps {
    const char *name;  /* what answers, for messages: "control/debug registers" */
    BhRegionFn read;   /* NULL: the region cannot be read (BH_ERR_ACCESS) */
    BhRegionFn write;  /* NULL: the region cannot be written (BH_ERR_ACCESS) */
    uint8_t min_bytes; /* the smallest access it takes, >= 1 */
    uint8_t max_bytes; /* the largest, 0: any length (memories) */
    uint8_t aligned;   /* an access starts at a multiple of min_bytes */
    uint8_t timed;     /* a master's access waits for an arbitrated resource (PENDING) */
} BhRegionOps;

static inline BhStatus bh_region_check(const BhRegionOps *o, uint32_t off, uint32_t len)
{
    if (len < o->min_bytes || (o->max_bytes && len > o->max_bytes))
        return BH_ERR_WIDTH;
    if (o->aligned && off % o->min_bytes)
        return BH_ERR_WIDTH;
    return BH_OK;
}

/* A burst of len bytes from off, as the NoC and a PCIe TLP bring it: a region that takes any
 * length takes it in one access, any other in accesses of its largest size, so the burst must
 * be a whole number of them, the first (and so every one) aligned. */
static inline BhStatus bh_region_check_burst(const BhRegionOps *o, uint64_t off, uint64_t len)
{
    if (!o->max_bytes)
        return len >= o->min_bytes ? BH_OK : BH_ERR_WIDTH;
    if (!len || len % o->max_bytes)
        return BH_ERR_WIDTH;
    return bh_region_check(o, (uint32_t)(off % o->max_bytes), o->max_bytes);
}

static inline BhStatus bh_region_access(const BhRegionOps *o, void *dev, BhRegionAccess *a)
{
    const BhStatus st = bh_region_check(o, a->off, a->len);
    if (st != BH_OK)
        return st;
    const BhRegionFn fn = a->write ? o->write : o->read;
    return fn ? fn(dev, a) : BH_ERR_ACCESS;
}

static inline BhAccessResult bh_access_result(BhStatus st)
{
    return st == BH_OK ? BH_ACC_DONE : st == BH_ERR_FULL ? BH_ACC_LATER : BH_ACC_FAULT;
}

#ifdef __cplusplus
}
#endif
#endif
