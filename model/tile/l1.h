/* model/tile/l1.h - the Tensix tile's L1: 1536 KiB of SRAM as real bytes, in banks behind
 * access ports, arbitrated every cycle between the tile's L1 clients.
 *
 * Interface (exposed by the tile shell):
 *   l1_request          read or write of 1..L1_REQ_BYTES_MAX bytes at any alignment, by one
 *                       client (L1_CLIENT_TABLE), with an opaque token; l1_request_masked
 *                       writes only the bytes whose enable bit is set; l1_atomic runs one
 *                       L1_ATOMIC_OPS operation on an aligned 32-bit word inside L1, and
 *                       l1_atomic_block a client's own rule on an aligned 16-byte block.
 *                       BH_ERR_ADDR: [addr, addr + bytes) leaves L1; BH_ERR_ACCESS: 0 or too
 *                       many bytes, a misaligned atomic, or the client has no port for that
 *                       direction (unpackers cannot write); BH_ERR_UNSUPPORTED: unknown atomic
 *                       op; BH_ERR_FULL: the client's queue for that direction (queue_depth
 *                       requests per port it has for it, counting finished ones not yet
 *                       taken; L1_QUEUE_MAX in all) is full, retry. State is unchanged unless
 *                       BH_OK.
 *   l1_take_done        finished requests, in completion order, with a copy of the read data
 *                       (an atomic returns the word's old value; the first max(bytes, 16)
 *                       bytes of data are set, zero past the request's); taking frees the
 *                       queue slot.
 *   l1_debug_read/write functional access without timing or statistics (loaders, tests).
 * Words and accesses: a request is cut at bank_width_bytes boundaries into accesses of one
 *   word each (a 64-B request at a 16-B boundary is 4 accesses, unaligned 5), which go to
 *   their own banks. A write access that covers less than its whole word, or any of whose
 *   bytes is masked off, and every atomic, is a read-modify-write: it holds its port and its
 *   bank for rmw_cycles (WH L1.md: narrow writes and atomics "block both the port and the
 *   underlying bank for five cycles"). A narrow read costs a whole-word read (same source).
 * Timing: l1_step(now) runs one cycle. 1. Finished requests become visible to take_done.
 *   2. Every free port without a held access picks one of its clients round robin; that client
 *   offers its oldest access (in issue order, per direction) this port can carry, and the port
 *   holds it until its bank grants it: a port is in order and blocks at its head (BH
 *   BabyRISCV/MemoryOrdering.md: "the request at the front of the queue will cause
 *   head-of-line blocking if the bank it wants to access is busy"). A client owning several
 *   ports (NoC, unpackers, packers) can fill several of them in one cycle. 3. Every free bank
 *   grants one of the ports holding an access for it, round robin over ports (WH L1.md: each
 *   mux "can be modelled as performing round-robin allocation"). The granted access moves its
 *   data at once (so later grants see it) and finishes access_latency_cycles after its last
 *   cycle of bank occupancy; a request finishes with its last access. Losers retry next
 *   cycle. l1_step returns now + 1 while any access waits, else the next completion, else
 *   BH_IDLE. Calling it twice for one cycle (a request arrived after the first call) is safe:
 *   ports and banks used in that cycle stay used.
 * Ordering: a client's accesses enter its ports in issue order per direction (reads; writes
 *   and atomics), and one that targets the same word as an access of the same client already
 *   held at another port, one of the two a write, waits until that one is granted. So writes
 *   and atomics of a client land in issue order, and a client with one port (RISCs, ThCon)
 *   sees its own reads and writes in order. A client with separate read and write ports (NoC,
 *   Mover) may have a read and a write of the same word, issued close together, performed in
 *   either order, as with separate connections in hardware: it orders them by completion.
 * Banks: bank = (address / interleave_bytes) mod banks. The Wormhole document does not say how
 *   addresses map to banks; the default interleaves by 16-B word because the documented
 *   streaming rates need consecutive words in different banks: one unpacker reads "four
 *   128-bit reads from L1 per cycle" and a NoC "256 bits per cycle" from sequential data, and
 *   the Mover's read and write heads "naturally fall out of phase" (WH L1.md). Contiguous
 *   banks (interleave_bytes = size_bytes / banks) remain a what-if.
 * Presets (key l1.preset): "wormhole" reproduces the documented Wormhole L1; "blackhole", the
 *   default, is derived from it, and each departure is justified below. What both share:
 *   - Ports 0..15 and their clients: the WH port diagram (tt-isa-documentation
 *     Diagrams/Src/L1.lua, drawn as WormholeB0/TensixTile/L1.md "Port assignments"). Port 2
 *     carries RISCV B, NC and T0 (each one connection for its loads, stores and instruction
 *     fetches) with ThCon, packer 2, packer 0's L1-to-L1 reads and the Mover's reads; port 3
 *     RISCV T1, T2, packer 3 and the Mover's writes; unpacker 0 owns port 0 and unpacker 1 port
 *     1 (with packer 1), and both share 9, 10 and 11 (so one unpacker reads 4 words per cycle
 *     and two read 5 together, as the WH text says); packer 0 owns port 8; NoC0 writes 4, 5,
 *     reads 6, 7; NoC1 writes 12, 13, reads 14, 15. So a port shared by two clients gives them
 *     one access per cycle together.
 *   - 16-B (128-bit) bank words and ports; rmw_cycles 5 (narrow writes and atomics "block both
 *     the port and the underlying bank for five cycles"): WH L1.md (BH not stated,
 *     docs/hardware.md#l1).
 *   - access_latency_cycles 6, grant to data at the client. NOT FOUND as such: the documents
 *     give only end-to-end figures through L1. A RISC load from L1 takes >= 8 cycles, a load
 *     from local data RAM 2, the minimum, "due to all load instructions spending at least one
 *     cycle in EX1 and one cycle in the Load/Store Unit" (WH and BH BabyRISCV/README.md); the
 *     assumption is that the other 6 are L1's path (request to the port, arbitration, bank,
 *     response back), so riscv.l1_path_cycles is those 2 core cycles. It also gives the
 *     documented atomic (BH README: >= 12 = 8 + rmw_cycles - 1) and, with the Mover's own
 *     5-cycle turnaround (mover.h), Mover.md's measured 8 reads + 8 writes per 11 cycles.
 *   - queue_depth 8 requests per port a client reads (or writes and atomics) through: NOT
 *     FOUND. Each connection of a client pipelines its own requests, and 8 covers one port's
 *     latency (grant + access_latency_cycles): the Mover's 8 reads in flight (Mover.md) on its
 *     read port, an unpacker's four 16-B reads per cycle on its 4 ports (WH L1.md). A NIU
 *     limits itself further (its timed port takes l1.queue_depth requests in flight).
 *   - 16 banks, interleaved by 16-B word (above), and the WH layout: 1464 KiB in 16 banks of
 *     91.5 KiB, 16 ports (WH L1.md).
 * Blackhole's departures (bank and port structure not published for BH, docs/hardware.md#l1;
 *   BH L1.md defers to WH's, "similar, but not identical"):
 *   - 1536 KiB (docs/hardware.md#l1) in 32 banks of 48 KiB: BH MemoryOrdering.md "L1 ... can
 *     handle 32 simultaneous requests per cycle: one per bank per cycle" (WH's says 16); this
 *     doubling is taken as BH's "more L1 bandwidth" (BH TensixTile/README.md).
 *   - Ports 16..23, two more write and two more read ports per NoC: BH flits are 512 bits,
 *     twice WH's (BH NoC/README.md), and tt-metal's BH dev_mem_map.h says "issuing inline
 *     writes and atomics requires all 4 memory ports to accept the transaction at the same
 *     time", i.e. a NoC writes L1 through 4 x 128-bit ports; 4 read ports are assumed by
 *     symmetry (so each NoC can read and write 512 bits per cycle, one flit).
 *   - Nothing else: latencies, widths, RMW and the other clients' ports as WH, for want of a
 *     BH figure.
 * Statistics (L1Stats): busy cycles per port and bank (an RMW counts rmw_cycles); waits: each
 *   cycle, every access held at a port and not granted is one wait cycle of its client charged
 *   to its bank's holder (bank_conflict[bank][holder], which includes a client's own accesses
 *   from another of its ports), and every client whose oldest ready access of a direction found
 *   all its ports for it taken, at least one by another client, is one wait cycle charged to
 *   that port's holder (port_conflict[port][holder]); so sum(client wait) = sum(port_conflict)
 *   + sum(bank_conflict), and waited_on[waiter][holder] splits each client's waits by holder.
 *   Bytes: requested (accepted), moved (granted accesses) and completed
 *   (finished requests) agree once the model is idle. Counters only grow; the platform
 *   subtracts a snapshot to measure a window.
 * Nested muxes: where the WH diagram puts clients behind an inner mux (port 2: packer 0's
 *   reads, packer 2, ThCon and the Mover's reads, then RISCV B, NC and T0; port 3: the Mover's
 *   writes and packer 3, then RISCV T1 and T2), the inner clients (L1_IN) share one turn of the
 *   port's round robin and take it round robin among themselves. l1.port_map makes its clients'
 *   ports single-level.
 * Not modeled: the client-side rate limits (RISC loads 4 per 7 cycles, ThCon 1 request per 3,
 *   Mover 8 per 11: the clients' models pace their own requests over this L1; RISC stores' 1
 *   per 5 cycles follows from the RMW here), packer accumulate (atomic or
 *   the 2-cycle non-atomic form), the four packers as separate clients (PACK spreads its words
 *   over the packers' ports), unpacker BFP exponent reads on port 2, the ECC scrubber, the
 *   debug timestamper and daisychain on port 15, TDMA-RISC writes, ATINCGETPTR/ATCAS waiting
 *   (the caller retries), ECC, and the BH inline-write hang (all four NoC ports must accept
 *   at once; the NIU model owns that). The RISC cores' L0 data cache is theirs
 *   (model/riscv/rv_mem.c): its hits never reach L1.
 */
#ifndef BH_L1_H
#define BH_L1_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#ifdef __cplusplus
extern "C" {
#endif

#define L1_BANKS_MAX 64
#define L1_PORTS_MAX 32
#define L1_CLIENT_PORTS_MAX 8 /* ports one client can own */
#define L1_QUEUE_MAX 48       /* requests per client */
#define L1_REQ_BYTES_MAX 64
#define L1_WORD_BYTES_MIN 8
#define L1_WATCH_MAX 16 /* words l1_watch can watch */
#define L1_REQ_ACCESSES_MAX (L1_REQ_BYTES_MAX / L1_WORD_BYTES_MIN + 1)
#define L1_SIZE_MAX (16u << 20) /* every Tensix tile holds its L1 in host memory: 140 x 16 MiB */

#define L1_DIR_READ 1u
#define L1_DIR_WRITE 2u
/* A client's port: port number plus the directions it carries (default table below). */
#define L1_R(port) (0x100 | (port))
#define L1_W(port) (0x200 | (port))
#define L1_RW(port) (0x300 | (port))
/* ...reached through the port's inner mux: its clients share one turn of the port's round robin
 * and take it in turns among themselves (WH L1.md: "independent conflict resolution and
 * round-robin allocation at each mux"; Diagrams/Src/L1.lua nests ports 2 and 3) */
#define L1_IN(slot) (0x400 | (slot))

/* Clients: enum name, report name, default ports (source and reasoning in the header text). */
#define L1_CLIENT_TABLE(X)                                                                         \
    X(BRISC, "brisc", L1_RW(2))                                                                    \
    X(NCRISC, "ncrisc", L1_RW(2))                                                                  \
    X(TRISC0, "trisc0", L1_RW(2))                                                                  \
    X(TRISC1, "trisc1", L1_RW(3))                                                                  \
    X(TRISC2, "trisc2", L1_RW(3))                                                                  \
    X(NOC0, "noc0", L1_W(4), L1_W(5), L1_W(16), L1_W(17), L1_R(6), L1_R(7), L1_R(18), L1_R(19))    \
    X(NOC1, "noc1", L1_W(12), L1_W(13), L1_W(20), L1_W(21), L1_R(14), L1_R(15), L1_R(22),          \
      L1_R(23))                                                                                    \
    X(UNPACK0, "unpack0", L1_R(0), L1_R(9), L1_R(10), L1_R(11))                                    \
    X(UNPACK1, "unpack1", L1_R(1), L1_R(9), L1_R(10), L1_R(11))                                    \
    X(PACK, "pack", L1_W(8), L1_W(1), L1_IN(L1_RW(2)), L1_IN(L1_W(3)))                             \
    X(MOVER, "mover", L1_IN(L1_R(2)), L1_IN(L1_W(3)))                                              \
    X(THCON, "thcon", L1_IN(L1_RW(2)))

typedef enum L1Client {
#define L1_X_ENUM(name, str, ...) L1_##name,
    L1_CLIENT_TABLE(L1_X_ENUM)
#undef L1_X_ENUM
        L1_CLIENTS
} L1Client;

/* Atomic operations on an aligned 32-bit word: name, report name, new value from old, a
 * (operand) and b (INCR: wrap mask, as the NoC's IntWidth: only bits set in b change, so
 * 0xffffffff is a plain 32-bit add; CAS: compare value). Each returns the old value. */
#define L1_ATOMIC_OPS(X)                                                                           \
    X(INCR, "incr", ((old + a) & b) | (old & ~b))                                                  \
    X(CAS, "cas", old == b ? a : old)                                                              \
    X(SWAP, "swap", a)                                                                             \
    X(AND, "and", old &a)                                                                          \
    X(OR, "or", old | a)                                                                           \
    X(XOR, "xor", old ^ a)                                                                         \
    X(MIN, "min", (int32_t)old < (int32_t)a ? old : a)                                             \
    X(MAX, "max", (int32_t)old > (int32_t)a ? old : a)                                             \
    X(MINU, "minu", old < a ? old : a)                                                             \
    X(MAXU, "maxu", old > a ? old : a)

typedef enum L1AtomicOp {
#define L1_X_ENUM(name, str, expr) L1_AT_##name,
    L1_ATOMIC_OPS(L1_X_ENUM)
#undef L1_X_ENUM
        L1_AT_OPS
} L1AtomicOp;

typedef enum L1Kind { L1_KIND_READ, L1_KIND_WRITE, L1_KIND_ATOMIC } L1Kind;

/* A client's own read-modify-write rule for a 16-byte block (ThCon's ATINCGETPTR), run at the
 * grant on the block's bytes with the request's three operands. */
typedef void (*L1BlockRmw)(uint8_t block[16], uint32_t a, uint32_t b, uint32_t c);
#define L1_AT_BLOCK L1_AT_OPS /* the op of an l1_atomic_block request */

/* Scalar parameters: name, default, min, max, meaning (sources in the header text). This is
 * their only declaration: the platform makes each the configuration key "l1.<name>", with this
 * default, range and text (platform/params.def, BH_PARAM_BLOCK). */
#define L1_PARAMS(X)                                                                               \
    X(size_bytes, 1536u * 1024, 4096, L1_SIZE_MAX,                                                 \
      "bytes of L1 (Blackhole 1536 KiB; preset wormhole 1464 KiB)")                                \
    X(banks, 32, 1, L1_BANKS_MAX,                                                                  \
      "SRAM banks, one word each per cycle (Blackhole: 32 requests per cycle, one per bank, "      \
      "BH MemoryOrdering.md; preset wormhole 16, WH L1.md)")                                       \
    X(bank_width_bytes, 16, L1_WORD_BYTES_MIN, 64,                                                 \
      "bytes of a bank's word and of a port's access per cycle, a power of two (128 bits)")        \
    X(interleave_bytes, 16, L1_WORD_BYTES_MIN, L1_SIZE_MAX,                                        \
      "bytes of consecutive addresses in one bank before the next, a multiple of "                 \
      "l1.bank_width_bytes (16: word interleave)")                                                 \
    X(ports, 24, 1, L1_PORTS_MAX,                                                                  \
      "access ports; l1.port_map says which clients use which (bhsim --list-l1-ports). "           \
      "Blackhole: WH's 16 plus 2 write and 2 read ports per NoC (512-bit flits, inline writes "    \
      "touch all 4 NoC memory ports); preset wormhole 16 (WH L1.md)")                              \
    X(rmw_cycles, 5, 1, 64, "cycles a narrow write or an atomic holds its port and bank")          \
    X(access_latency_cycles, 6, 1, 64,                                                             \
      "cycles from a bank grant to the access's completion at its client (assumed: a RISC L1 "     \
      "load's documented 8 minus its 2 core cycles, BabyRISCV/README.md; both presets)")           \
    X(queue_depth, 8, 1, 16,                                                                       \
      "requests an L1 client can have waiting per port it reads (or writes) through: its queue "   \
      "of a direction holds this many times its ports for it, at most 48 requests in all "         \
      "(finished ones count until taken)")

typedef struct L1Config {
#define L1_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    L1_PARAMS(L1_X_FIELD)
#undef L1_X_FIELD
    uint32_t client_ports[L1_CLIENTS];                       /* ports of each client, 1..8 */
    uint8_t port_of_client[L1_CLIENTS][L1_CLIENT_PORTS_MAX]; /* port number, < ports */
    uint8_t port_dir[L1_CLIENTS][L1_CLIENT_PORTS_MAX];       /* L1_DIR_* mask, 1..3 */
    uint8_t port_inner[L1_CLIENTS][L1_CLIENT_PORTS_MAX];     /* 1: through the inner mux */
} L1Config;

typedef struct L1Done {
    uint64_t token;
    uint64_t arrival_cycle; /* the request's `now` */
    uint64_t done_cycle;
    uint32_t client;
    uint32_t bytes;
    uint32_t kind;                  /* L1Kind */
    uint8_t data[L1_REQ_BYTES_MAX]; /* read data; atomic: old value, little endian; bytes
                                       past max(bytes, 16) are not set */
} L1Done;

/* What each client did at L1 (bh_stats.h): field, report key, kind, text. The report's
 * l1_clients (and a tensix_stream tile's l1.clients) show them for every client that asked. */
#define L1_CLIENT_STATS(X)                                                                         \
    X(requests, "requests", COUNT, "requests the client made")                                     \
    X(bytes, "bytes", BYTES, "bytes its granted accesses moved")                                   \
    X(rmw, "read_modify_writes", COUNT, "of its accesses, read-modify-writes")                     \
    X(wait_cycles, "wait_cycles", CYCLES,                                                          \
      "cycles its accesses waited for a port or bank (sum of the conflicts charged to holders)")

typedef struct L1ClientStats {
    BH_STAT_FIELDS(L1_CLIENT_STATS)
    uint64_t accesses; /* granted accesses: the arbiters' fairness, which tests check */
} L1ClientStats;

extern const BhStatTable l1_client_stat_table;

typedef struct L1Stats {
    uint64_t port_busy[L1_PORTS_MAX];
    uint64_t bank_busy[L1_BANKS_MAX];
    uint64_t port_conflict[L1_PORTS_MAX][L1_CLIENTS]; /* [port][holder]: cycles others waited */
    uint64_t bank_conflict[L1_BANKS_MAX][L1_CLIENTS]; /* [bank][holder] */
    /* [waiter][holder]: each wait cycle of a client, by the client that held the port or bank
     * it wanted (row k sums to client[k].wait_cycles) */
    uint64_t waited_on[L1_CLIENTS][L1_CLIENTS];
    L1ClientStats client[L1_CLIENTS];
    uint64_t bytes_requested, bytes_moved, bytes_completed;
} L1Stats;

/* Internal state; read-only outside the block except through the functions below. */
typedef struct L1Access { /* one bank word of a request, decoded when a port takes it */
    uint32_t word;        /* address / bank_width_bytes */
    uint8_t bank;
    uint8_t off;     /* first byte within the word */
    uint8_t len;     /* bytes within the word */
    uint8_t req_off; /* matching offset in the request's data */
    uint8_t rmw;
    uint8_t write; /* of a write or an atomic (a hazard for another access to the word) */
} L1Access;

/* 128 bytes: the fields a step reads share one 64-byte half, the data the other, so a request
 * touches two or three cache lines rather than the six that per-access records took. */
typedef struct L1Req {
    uint64_t seq, arrival, done;
    uint64_t be; /* byte enables of a write, bit i = request byte i */
    uint64_t token;
    uint32_t addr, bytes; /* addr < size_bytes <= L1_SIZE_MAX */
    uint32_t at_a, at_b, at_c;
    uint8_t kind, at_op, naccess, ngranted;
    uint8_t data[L1_REQ_BYTES_MAX]; /* write data in, read data out */
} L1Req;

#define L1_REQS (L1_CLIENTS * L1_QUEUE_MAX)
#define L1_FIFO_MAX 64 /* a power of two >= L1_QUEUE_MAX, so the ring index is a mask */

typedef struct L1Fifo {        /* a client's requests of one direction with accesses not yet
                                  at a port, in issue order */
    uint8_t slot[L1_FIFO_MAX]; /* ring of queue slots (request = client x L1_QUEUE_MAX + slot) */
    uint8_t rd, n;             /* ring start, requests */
    uint8_t next;              /* the head request's next access to hand a port */
} L1Fifo;

typedef struct L1Port {
    uint64_t busy_until; /* first cycle after its last grant's occupancy */
    L1Access acc;        /* the held access (while head != L1_NONE) */
    uint16_t head;       /* access held waiting for its bank (request x 16 + access), L1_NONE */
    uint8_t head_client, hold_client; /* hold: client of the last grant */
    uint8_t head_slot;                /* the head client's slot (port_of_client) of this port */
    uint8_t rr;                       /* attach index picked last (the inner mux: its first) */
    uint8_t rr_in;                    /* attach index the inner mux picked last */
    uint8_t first_in;                 /* first attach of the inner mux, L1_NO_INNER if none */
    uint8_t nattach;
    uint8_t attach_client[L1_CLIENTS];
    uint8_t attach_dirs[L1_CLIENTS]; /* port_dir of the attached client's slot */
    uint8_t attach_inner[L1_CLIENTS];
    uint8_t attach_slot[L1_CLIENTS];
    uint32_t attach_fifos; /* FIFOs (bit 2 x client + direction) it can take from */
} L1Port;

typedef struct L1Bank {
    uint64_t busy_until;
    uint8_t hold_client; /* client of the last grant */
    uint8_t rr;          /* port granted last */
} L1Bank;

#define L1_NONE UINT16_MAX
#define L1_NO_INNER UINT8_MAX

typedef struct L1 {
    L1Config cfg;      /* copied at init, read-only afterwards */
    BhLogContext *log; /* the chip's, for guest errors */
    uint8_t *mem;      /* size_bytes, allocated at init */
    /* what every step reads, together */
    uint32_t word_shift;            /* log2(bank_width_bytes) */
    uint32_t bank_shift, bank_mask; /* interleave and banks both powers of two, else 0 */
    uint32_t fifo_ready;            /* FIFOs holding accesses (bit 2 x client + direction) */
    uint32_t held_ports;            /* ports whose head holds an access (bit = port) */
    uint32_t granted_ports;         /* ports granted since l1_take_granted (bit = port) */
    uint64_t granted_banks;         /* banks granted since l1_take_granted (bit = bank) */
    uint32_t pending;               /* accesses not yet granted */
    uint32_t fin_n;
    uint32_t done_rd, done_n;
    uint64_t seq;
    uint64_t now;          /* cycle of the last step */
    uint64_t debug_writes; /* l1_debug_write calls (loaders, scripted cores): pollers' progress */
    uint64_t write_gen;    /* bumped by every write or atomic that lands (timed or debug): a
                              core asleep on an L1 poll re-reads its word when it changes */
    uint64_t watch_gen;    /* bumped by every write or atomic that lands on a watched word */
    uint32_t watch_n;
    uint32_t watch_word[L1_WATCH_MAX];     /* bank words a client watches (l1_watch) */
    uint32_t qn[L1_CLIENTS];               /* live requests per client (traced) */
    uint32_t qn_dir[L1_CLIENTS][2];        /* of which reads, and writes and atomics */
    uint64_t req_live[L1_CLIENTS];         /* the client's live requests (bit = queue slot) */
    uint32_t q_cap[L1_CLIENTS][2];         /* requests its queue of a direction holds */
    uint32_t client_port_mask[L1_CLIENTS]; /* the client's ports (bit = port) */
    uint32_t client_dirs[L1_CLIENTS];      /* L1_DIR_* its ports carry together */
    uint32_t fifo_ports[2 * L1_CLIENTS];   /* per FIFO (2 x client + direction): its ports */
    L1Fifo fifo[L1_CLIENTS][2];            /* [client][0 read, 1 write and atomic] */
    L1Port port[L1_PORTS_MAX];
    L1Bank bank[L1_BANKS_MAX];
    uint16_t fin[L1_REQS];      /* fully granted requests by (done, seq) */
    uint64_t fin_done[L1_REQS]; /* their done cycles, so a step need not read the requests */
    uint16_t done[L1_REQS];     /* finished, not taken: ring in completion order */
    uint64_t waited_slot[L1_CLIENTS][L1_CLIENT_PORTS_MAX]; /* cycle last charged (re-step) */
    uint64_t waited_dir[L1_CLIENTS][2];
    L1Stats st;
    L1Req req[L1_REQS];
    L1BlockRmw at_block[L1_REQS]; /* l1_atomic_block's rule, by request (rare: kept apart) */
} L1;

/* Presets (header text): the key l1.preset, names in L1_PRESET_NAMES order. */
typedef enum L1Preset { L1_PRESET_BLACKHOLE, L1_PRESET_WORMHOLE, L1_PRESETS } L1Preset;
#define L1_PRESET_NAMES "blackhole|wormhole"

L1Config l1_config_default(void); /* the Blackhole preset */
L1Config l1_config_wormhole(void);
L1Config l1_config_preset(uint32_t preset); /* L1Preset */
BhStatus l1_config_check(const L1Config *cfg, char *why, size_t why_len);
/* BH_ERR_CONFIG for a bad cfg, BH_ERR_FULL when the host cannot allocate size_bytes. Memory
 * starts zeroed; l1_reset clears queues, arbitration and statistics but keeps the bytes. */
BhStatus l1_init(L1 *l, const L1Config *cfg, BhLogContext *log);
void l1_reset(L1 *l);
void l1_destroy(L1 *l);
const char *l1_client_name(uint32_t client);
const char *l1_atomic_name(uint32_t op);
uint32_t l1_bank_of(const L1 *l, uint64_t addr);

BhStatus l1_request(L1 *l, uint32_t client, uint64_t addr, uint32_t bytes, int is_write,
                    const void *wdata, uint64_t token, uint64_t now);
BhStatus l1_request_masked(L1 *l, uint32_t client, uint64_t addr, uint32_t bytes, const void *wdata,
                           uint64_t byte_enable, uint64_t token, uint64_t now);
BhStatus l1_atomic(L1 *l, uint32_t client, uint64_t addr, uint32_t op, uint32_t a, uint32_t b,
                   uint64_t token, uint64_t now);
/* One atomic read-modify-write of the 16-byte block at addr16 (16-aligned) by apply; the
 * request returns the block as it was. BH_ERR_ACCESS if addr16 is misaligned or a block spans
 * two bank words (bank_width_bytes < 16). Otherwise as l1_atomic. */
BhStatus l1_atomic_block(L1 *l, uint32_t client, uint64_t addr16, L1BlockRmw apply, uint32_t a,
                         uint32_t b, uint32_t c, uint64_t token, uint64_t now);
uint64_t l1_step(L1 *l, uint64_t now);
uint32_t l1_take_done(L1 *l, L1Done *out, uint32_t max);
/* The ports and banks granted an access since the last call (a tracer then looks only at
 * those and at the ones it last saw busy). */
void l1_take_granted(L1 *l, uint32_t *ports, uint64_t *banks);
int l1_idle(const L1 *l); /* nothing queued, in flight or waiting to be taken */

/* The words holding addrs[0..n) (n <= L1_WATCH_MAX) are watched from now on, replacing the last
 * list: a write or atomic landing on one of them bumps watch_gen, so a client re-reads them only
 * when it moved (a superset: the whole bank word counts). */
void l1_watch(L1 *l, const uint32_t *addrs, uint32_t n);
BhStatus l1_debug_read(const L1 *l, uint64_t addr, void *buf, uint64_t len);
BhStatus l1_debug_write(L1 *l, uint64_t addr, const void *buf, uint64_t len);

#ifdef __cplusplus
}
#endif
#endif
