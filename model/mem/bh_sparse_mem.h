/* model/mem/bh_sparse_mem.h - a sparse byte store for large memories (a 4 GiB GDDR6
 * controller): 4 KiB pages allocated on first write through a two-level directory, so the
 * host pays only for what a run touches. A read of memory never written returns zeros.
 * Allocation after init is the point of this block (pages appear as guests write); it is
 * the one documented exception to the no-allocation rule.
 */
#ifndef BH_SPARSE_MEM_H
#define BH_SPARSE_MEM_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define BH_SPARSE_PAGE_BYTES 4096u        /* allocation unit */
#define BH_SPARSE_TABLE_ENTRIES 512u      /* pages per second-level table (2 MiB of memory) */
#define BH_SPARSE_MAX_BYTES (64ull << 30) /* largest size_bytes */

typedef struct BhSparseMem {
    uint64_t size_bytes;  /* addressable size, a multiple of 4 KiB, at most 64 GiB */
    uint8_t ***dir;       /* dir[hi][lo] -> 4 KiB page, NULL until first write */
    uint32_t dir_entries; /* first-level entries */
    uint64_t pages;       /* pages allocated so far */
} BhSparseMem;

/* BH_ERR_CONFIG unless size_bytes is a non-zero multiple of 4 KiB up to 64 GiB; BH_ERR_FULL
 * when the host is out of memory. */
BhStatus bh_sparse_init(BhSparseMem *m, uint64_t size_bytes);
void bh_sparse_destroy(BhSparseMem *m);
/* BH_ERR_ADDR when [addr, addr+len) leaves the memory; nothing is read or written then.
 * A write returns BH_ERR_FULL, memory contents unchanged, when the host is out of memory.
 * Writing zeros to a page never written allocates nothing (it already reads as zeros). */
BhStatus bh_sparse_read(const BhSparseMem *m, uint64_t addr, void *buf, uint64_t len);
BhStatus bh_sparse_write(BhSparseMem *m, uint64_t addr, const void *buf, uint64_t len);
uint64_t bh_sparse_resident_bytes(const BhSparseMem *m); /* pages plus directory */

#ifdef __cplusplus
}
#endif
#endif
