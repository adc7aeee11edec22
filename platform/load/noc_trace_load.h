/* platform/load/noc_trace_load.h - reads a NoC workload file into the plain-C form of
 * model/workload/noc_trace.h.
 *
 * Two formats, told apart by the top level (docs/noc_trace.md has the details):
 *   a JSON array   tt-metal NoC event trace (tt-npe tt_npe/doc/noc_trace_format.md): one
 *                  object per event or profiler-zone marker;
 *   a JSON object  tt-npe workload: {"phases": [{"transfers": [...]}, ...]}; each transfer
 *                  group becomes num_packets synthetic events.
 * Coordinates in the file are NoC0 physical (what tt-metal writes, for both NoCs), NoC-native
 * (events on NoC1 in NoC1 coordinates) or translated (docs/hardware.md#coordinates); all are
 * converted to NoC0 physical and checked against the chip. Any error stops the load with one
 * message naming the file, the event and the field.
 */
#ifndef BH_NOC_TRACE_LOAD_H
#define BH_NOC_TRACE_LOAD_H
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "model/workload/noc_trace.h"

namespace bh
{

/* Events a trace holds, or packets a tt-npe workload expands to, at most (about 350 MiB of
 * NocTraceEvent); more is refused with a message naming the limit. */
constexpr uint32_t kNocTraceMaxEvents = 1u << 22;

struct NocTrace {
    std::vector<NocTraceEvent> events;   /* grouped by stream, see NocTraceStream */
    std::vector<NocTraceStream> streams; /* in order of first appearance in the file */
    std::vector<std::string> procs;      /* NocTraceEvent.proc / NocTraceStream.proc names */
    std::vector<std::string> zones;      /* NocTraceEvent.zone names */
    uint64_t first_ts = 0, last_ts = 0;  /* smallest and largest timestamp; 0, 0 if empty */
    std::string format;                  /* "tt-metal-noc-trace" or "tt-npe-workload" */
    uint64_t golden_cycles = 0;          /* tt-npe "golden_result.cycles", 0 if absent */
    uint32_t skipped = 0;                /* zone markers without a processor (profiler's own) */
};

enum class CoordSpace {
    Noc0,       /* NoC0 physical for every event (tt-metal's traces) */
    NocNative,  /* each event in its own NoC's coordinates: NoC1 (x, y) = NoC0 (w-1-x, h-1-y) */
    Translated, /* firmware's translated coordinates (Blackhole 17x12 only) */
};

struct ChipShape {
    int w = 17, h = 12;
    /* May (x, y) (NoC0, inside the grid) send or receive traffic? Unset: on the 17x12
     * Blackhole grid every tile but the router-only ones, minus the harvested/disabled tiles
     * below; on other grids every tile. */
    std::function<bool(int x, int y)> tile_exists;
    /* Label for messages, e.g. "T12 (tensix)". Unset: docs/hardware.md#grid's labels on 17x12. */
    std::function<std::string(int x, int y)> tile_label;
    /* Blackhole harvesting, for translation and the default tile_exists: */
    std::vector<int> harvested_tensix_cols; /* NoC0 x of harvested Tensix columns */
    std::vector<int> disabled_dram;         /* GDDR6 controllers 0..7; at most one translates */
    std::vector<int> disabled_eth;          /* Ethernet channels 0..13 */
    int pcie_in_use = 0;                    /* translated (19,24): 0 = PCIe0 (2,0), 1 = (11,0) */
};

/* Reads path. On success fills *out and returns true; otherwise leaves *out untouched, puts
 * one message in *err and returns false. */
bool load_noc_trace(const std::string &path, CoordSpace space, const ChipShape &chip, NocTrace *out,
                    std::string *err);

/* The same, from text already in memory; shown names the source in messages. max_events
 * lowers the limit (the fuzzer's, so a near-limit input stays within its time per input). */
bool parse_noc_trace(const std::string &text, const std::string &shown, CoordSpace space,
                     const ChipShape &chip, NocTrace *out, std::string *err,
                     uint32_t max_events = kNocTraceMaxEvents);

/* Blackhole translated (tx, ty) -> NoC0 physical, as firmware programs the NIU tables for
 * this harvesting (tt-zephyr-platforms lib/tenstorrent/bh_arc/noc_init.c). False, with the
 * reason in *why, when (tx, ty) is in no translated region or the harvesting cannot be
 * translated. */
bool translated_to_noc0(const ChipShape &chip, int tx, int ty, int *x, int *y, std::string *why);

/* docs/hardware.md#grid's label of a 17x12 Blackhole tile ("T12", "D3", "E10", "P0", "ARC",
 * "SEC", "C2", "--"), "" outside the grid. */
std::string blackhole_tile_label(int x, int y);

} // namespace bh
#endif
