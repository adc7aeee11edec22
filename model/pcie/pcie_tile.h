/* model/pcie/pcie_tile.h - the PCIe tile facing the host: its configuration space, TLB windows
 * and host link (pcie_cfg, pcie_tlb, pcie_link), the host's accesses carried over the link as
 * TLPs, and its NIU as a hardware master on the NoC.
 *
 * Interface (PcieTlm, platform/pcie/, is a thin adapter around it):
 *   pcie_tile_host_write / _read  a host access at a host physical address (BAR base + offset)
 *   pcie_tile_done                whether a host access is done, its data, when
 *   pcie_tile_step                everything due now; returns the next picosecond with work
 *   pcie_tile_mem_access          the tile's memory as its NIUs see it, untimed: the inbound
 *                                 data of host accesses, and host windows
 *   pcie_tile_dev_access          a timed access of the tile's NIU (one flit) to a host window
 *   PcieTileHooks                 what the tile asks of the chip: NoC requests at its NIU, its
 *                                 NIU registers, the ARC window, time, wakes, answers
 * The host CPU (pcie_host_cpu.h) shapes every host access: a write goes as write-combined TLPs
 *   at the rate the CPU stores, a read as uncacheable loads, one outstanding at a time.
 * Host to device: a host write is posted: its bytes travel H2D as MWr TLPs; each TLP, once at
 *   the NoC side of the tile, is decoded with the TLB configuration of that moment (so a
 *   configuration write and the window writes after it act in the order the host made them).
 *   A TLB window's becomes a NoC write from the tile's NIU request port (acknowledged, or
 *   posted when the TLB's ordering is "posted writes"; unicast or multicast to the TLB's
 *   rectangle); a TLB configuration word is stored. A host read travels as MRd requests; each
 *   becomes a NoC read into the tile and is answered with completions once its data is back.
 *   The host's read is done when its last completion reaches the root complex. A TLB names
 *   its target in its NoC's own frame, which is the frame NocRequest nodes are in.
 * Device to host: a NoC write to a host window (the address's top six bits 0..7, as the ARC
 *   firmware sets the NoC-to-host windows up: 0..3 straight to the host, 4..7 through the
 *   outbound iATU, pcie_dbi.h, which maps bits 57..0 to a host address; the relaxed-ordering
 *   and no-snoop attributes the windows add are not modeled) travels D2H as MWr TLPs
 *   gathered up to max payload, and reaches host memory when its last byte arrives. Each
 *   flit is taken while the tile holds fewer than link.d2h_buffer_bytes not yet at the host;
 *   otherwise it is HELD (it waits in the NoC) and taken later. A NoC read of a host window
 *   is one non-posted read over the link, sent on its first flit's access for the whole
 *   packet (split at max read request size); each flit is answered once its bytes are back
 *   (its data is then read from host memory by pcie_tile_mem_access). Read responses landing
 *   in a host window, byte-enable and inline writes come in through pcie_tile_mem_access,
 *   untimed and never refused. A NoC access of window 62 reaches the controller's DBI
 *   (pcie_dbi.h, BAR2's map) in whole aligned words, answered at once.
 * Ordering: window transactions issue in arrival order as the TLB's ordering mode allows
 *   (pcie_order.h): a read after writes waits for their acknowledgements (posted writes: for
 *   their data to leave), Strict AXI goes one transaction at a time.
 * BAR0's NIU windows reach the tile's own NIU registers a word at a time; its ARC window
 *   (PCIe 1 only) reaches the ARC's addresses from 0x8000_0000 from its second MiB. BAR2 is
 *   the controller's DBI and iATU (pcie_dbi.h), aligned 32-bit words. All are answered at
 *   once, as the TLB configuration words are.
 * Timing: picoseconds, on the link's clock; AICLK cycles where the NoC is involved, converted
 *   by the hooks. A TLP reaching the device acts at its time (after the NIU crossing).
 * Storage: up to PCIE_TILE_OPS host and device accesses are tracked at once (a host access
 *   stays known to pcie_tile_done until PCIE_TILE_OPS later ones have been made); a new one
 *   while the oldest is still in flight is BH_ERR_FULL. The data of accesses in flight, the
 *   window transactions waiting for their turn and the device writes gathering are held in
 *   arrays that grow with what the host and the NoC hand over: the link has no credit flow
 *   control to bound them, so this block allocates after init (BH_ERR_FULL if that fails).
 * Not modeled: the ARC window's first MiB (tt-umd's CSM offset, unused on Blackhole), most
 *   of BAR2 (pcie_dbi.h), strided multicast, counted writes (act as default), linked and
 *   static VCs.
 */
#ifndef BH_PCIE_TILE_H
#define BH_PCIE_TILE_H
#include <stddef.h>
#include <stdint.h>
#include "model/chip/noc_frame.h"
#include "model/common/bh_common.h"
#include "model/mem/bh_sparse_mem.h"
#include "model/noc/noc_net.h"
#include "model/pcie/pcie_cfg.h"
#include "model/pcie/pcie_dbi.h"
#include "model/pcie/pcie_host_cpu.h"
#include "model/pcie/pcie_link.h"
#include "model/pcie/pcie_order.h"
#include "model/pcie/pcie_tlb.h"
#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_TILE_OPS 1024       /* host and device accesses tracked at once */
#define PCIE_TILE_READ_FLITS 256 /* flits of one NoC read of host memory, at most */
/* The tile's inbound data, as its NIU reads (host writes) and writes (host reads) it: an
 * address of the model's own, in a window the tile's NoC address space leaves unused (top
 * byte 0xF0): bits 55..32 the access's record, 31..0 the offset in it. */
#define PCIE_TILE_INBOUND 0xF000000000000000ull
#define PCIE_TILE_INBOUND_MASK 0xFF00000000000000ull
#define PCIE_TILE_HOST_WINDOW_BITS 58 /* the NoC address space: 64 windows of 2^58 */
/* BAR0's ARC window: from its second MiB (BAR0 0x1FF0_0000), the ARC's NoC addresses from
 * 0x8000_0000 (tenstorrent/tt-umd blackhole_implementation.hpp
 * ARC_APB_BAR0_XBAR_OFFSET_START, ARC_NOC_XBAR_ADDRESS_START) */
#define PCIE_TILE_ARC_XBAR_OFF 0x100000u
#define PCIE_TILE_ARC_NOC 0x80000000ull

typedef struct PcieTileConfig {
    PcieCfgConfig cfg;
    PcieTlbsConfig tlb;
    PcieLinkConfig link;
    PcieHostConfig host;  /* the host CPU's stores and loads to the BARs */
    NocFrame frame;       /* the grid and how each NoC numbers it */
    uint32_t n_nocs;      /* NoCs built: 1 or 2 */
    uint32_t node0;       /* NoC0 node of the tile */
    uint64_t bar_base[3]; /* BAR0, BAR2, BAR4 as assigned at power-on */
    uint64_t host_bytes;  /* the tile's own host memory (a sparse store) */
} PcieTileConfig;

typedef enum PcieDevResult {
    PCIE_DEV_DONE,    /* answered now (status says how) */
    PCIE_DEV_PENDING, /* taken; answered later by hooks.dev_answered */
    PCIE_DEV_HELD,    /* not taken now; hooks.dev_taken (or dev_answered) tells when it is */
} PcieDevResult;

typedef struct PcieTileHooks {
    void *ctx;
    /* a window's NoC request at the tile's NIU of `noc`; BH_ERR_FULL: no record free now */
    BhStatus (*noc_request)(void *ctx, uint32_t noc, const NocRequest *rq, uint64_t now_cycle);
    /* one 32-bit register of the tile's NIU of `noc` (BAR0's NIU windows) */
    BhStatus (*niu_reg)(void *ctx, uint32_t noc, uint32_t off, int write, uint32_t *val,
                        uint64_t now_cycle);
    /* the tile's NIU of `noc` turns a TLB's coordinates into raw ones (NoC coordinate
     * translation, noc.translation); NULL: raw as written */
    void (*translate)(void *ctx, uint32_t noc, uint32_t *x, uint32_t *y);
    /* PCIe 1's own path to the ARC's address space (BAR0's ARC window) */
    BhStatus (*arc)(void *ctx, uint64_t addr, int write, uint8_t *data, uint32_t len);
    uint64_t (*now_ps)(void *ctx);
    uint64_t (*now_cycle)(void *ctx);          /* the AICLK cycle in progress */
    uint64_t (*cycle_ps)(void *ctx, uint64_t); /* the start of an AICLK cycle */
    void (*wake)(void *ctx, uint64_t ps);      /* step the tile at ps (or now, if past) */
    void (*host_done)(void *ctx, uint64_t id); /* host access id is done; may be NULL */
    /* a HELD device access was taken and will be answered later */
    void (*dev_taken)(void *ctx, void *handle);
    /* a PENDING or HELD device access is answered */
    void (*dev_answered)(void *ctx, void *handle, BhStatus status);
} PcieTileHooks;

/* The embedder's host memory (libttsim's DMA callbacks) */
typedef void (*PcieHostMemRead)(void *ctx, uint64_t addr, void *dst, uint32_t len);
typedef void (*PcieHostMemWrite)(void *ctx, uint64_t addr, const void *src, uint32_t len);

typedef struct PcieTileOp { /* a host access, or a device access going over the link */
    uint64_t id;            /* sequence number; the record is ops[id % PCIE_TILE_OPS] */
    uint64_t paddr;         /* host: host physical address; device: host memory address */
    uint8_t *data;          /* host write: its bytes; host read: the data as it lands */
    uint32_t len;           /* bytes of data */
    uint32_t link_op;       /* the link's operation handle */
    uint32_t noc_due;       /* window NoC transactions still to complete */
    uint32_t dev_read;      /* device read: index of its PcieDevRead */
    uint64_t done_ps;       /* when it was done */
    uint8_t used, is_read, link_done, done, device;
} PcieTileOp;

typedef struct PcieWindowXfer { /* a window's NoC transaction, from queued to completion */
    uint64_t op;                /* the host access's id */
    uint64_t off;               /* of its TLP in the access */
    uint32_t link_op;
    uint32_t noc;
    NocRequest rq; /* rq.token: this record's index */
    uint8_t ordering, used, queued;
} PcieWindowXfer;

typedef struct PcieDevRead { /* a NoC read of host memory: one link read, answered by flit */
    uint64_t key;            /* the NIU's token of the read's response packet */
    uint64_t base;           /* NoC address of its first byte */
    uint32_t flit_bytes;     /* of the NoC that asked */
    uint32_t left;           /* flits not yet answered */
    uint32_t flits;
    uint16_t missing[PCIE_TILE_READ_FLITS]; /* per flit: bytes not yet back from the host */
    void *asked[PCIE_TILE_READ_FLITS];      /* per flit: its access's handle, once made */
    uint8_t used;
} PcieDevRead;

typedef struct PcieD2hChunk { /* a device write gathering up to a max-payload boundary */
    uint64_t addr;
    uint64_t last_ps; /* when its last flit joined */
    uint32_t len;
    uint8_t sealed;     /* full, or its packet's end: leaves as it is */
    uint8_t end_known;  /* its packet's last flit will seal it (else: a quiet cycle) */
    uint8_t data[4096]; /* at most link.mps_bytes */
} PcieD2hChunk;

typedef struct PcieLater { /* a TLP that acts at a later time */
    uint64_t time_ps, seq;
    PcieLinkEvent ev;
} PcieLater;

typedef struct PcieHeld { /* the device access refused for now */
    void *handle;
    uint64_t addr;
    uint8_t *data;
    NocMemAccess acc;
    uint32_t len;
    uint8_t is_write, used;
} PcieHeld;

typedef struct PcieTile {
    PcieTileConfig cfg;
    PcieTileHooks hooks;
    BhLogContext *log;
    PcieCfg pcfg;
    PcieDbi dbi; /* BAR2: the controller's DBI, its outbound iATU */
    PcieTlbs tlbs;
    PcieLink link;
    PcieHostCpu cpu; /* shapes the host's accesses into TLPs */
    PcieOrder order;
    BhSparseMem host;
    PcieHostMemRead host_rd; /* NULL: the tile's own store */
    PcieHostMemWrite host_wr;
    void *host_ctx;
    PcieTileOp ops[PCIE_TILE_OPS];
    uint64_t next_id;
    uint64_t open_ops;     /* ops not done yet */
    PcieWindowXfer *xfers; /* growable; free records have used == 0 */
    uint32_t n_xfers, cap_xfers;
    uint32_t *queue; /* xfers not issued yet, in arrival order: a ring */
    uint32_t q_head, q_len, q_cap;
    PcieDevRead *reads; /* growable */
    uint32_t n_reads, cap_reads, reads_open;
    PcieD2hChunk *d2h; /* device writes waiting for the link, oldest first */
    uint32_t n_d2h, cap_d2h;
    uint64_t d2h_bytes; /* device write bytes taken and not yet at the host */
    PcieLater *later;   /* a min-heap by (time_ps, seq) */
    uint32_t n_later, cap_later;
    uint64_t later_seq;
    PcieHeld held;
} PcieTile;

BhStatus pcie_tile_config_check(const PcieTileConfig *c, char *why, size_t why_len);
/* The BARs assigned as the host's firmware leaves them; the command register 0 (pcie_cfg.h). */
BhStatus pcie_tile_init(PcieTile *t, const PcieTileConfig *c, const PcieTileHooks *hooks,
                        BhLogContext *log);
void pcie_tile_destroy(PcieTile *t);
void pcie_tile_set_host_memory(PcieTile *t, PcieHostMemRead rd, PcieHostMemWrite wr, void *ctx);
/* A host access at host physical address paddr. *id names it for pcie_tile_done. BH_ERR_ADDR:
 * not inside one BAR (why says so); BH_ERR_FULL: the link or the tile has no free operation
 * record now (advance and retry); BH_ERR_ACCESS: length 0. */
BhStatus pcie_tile_host_write(PcieTile *t, uint64_t paddr, const void *data, uint32_t len,
                              uint64_t *id, char *why, size_t why_len);
BhStatus pcie_tile_host_read(PcieTile *t, uint64_t paddr, uint32_t len, uint64_t *id, char *why,
                             size_t why_len);
/* 1 when host access id is done (a read's data in out, its length; a write's data landed at
 * every NoC target), 0 in flight, -1 unknown; *at_ps: when it was done. */
int pcie_tile_done(const PcieTile *t, uint64_t id, void *out, uint64_t *at_ps);
int pcie_tile_idle(const PcieTile *t);
uint64_t pcie_tile_step(PcieTile *t); /* at hooks.now_ps; the next ps with work, or BH_IDLE */
/* Untimed access by the tile's NIUs (and the debug port): BH_ERR_ADDR outside the inbound data,
 * the host windows and the DBI. debug: no side effects (a write goes straight to host memory). */
BhStatus pcie_tile_mem_access(PcieTile *t, int write, uint64_t addr, uint8_t *buf, uint32_t len,
                              int debug);
/* A timed access of one flit by the tile's NIU (acc as the NIU gave it; data stays valid
 * until the access is answered). DONE: *status says how (BH_ERR_ADDR: not a host window, or not
 * whole words of the DBI). */
PcieDevResult pcie_tile_dev_access(PcieTile *t, void *handle, int is_write, uint64_t addr,
                                   uint32_t len, uint8_t *data, const NocMemAccess *acc,
                                   BhStatus *status);
/* host memory by backdoor (the tile's own store only) */
BhStatus pcie_tile_host_mem_read(const PcieTile *t, uint64_t addr, void *buf, uint64_t len);
BhStatus pcie_tile_host_mem_write(PcieTile *t, uint64_t addr, const void *buf, uint64_t len);

#ifdef __cplusplus
}
#endif
#endif
