/* platform/output/timeline.h - the run as a timeline (output.timeline, --timeline FILE.json[.gz])
 *
 * Chrome's Trace Event Format, which Perfetto UI and chrome://tracing load: one process per
 * traced tile with a thread per RISC-V core, per coprocessor thread (T0-T2) and per coprocessor
 * unit, whose states are complete ("X") spans; a counter of the tile's L1 ports held; a process
 * per NoC with a counter of its links busy; a process for the GDDR6 controllers with their
 * queue depths. Times are microseconds of simulated time (exact to the femtosecond the kernel
 * keeps); each span's args give its length in AICLK cycles.
 *
 * The timeline is drawn from the VCD's own value changes (VcdListener): a signal the VCD
 * traces becomes a track, so the timeline shows exactly what the waveform shows, and observing
 * stays neutral the same way (the blocks report changes; nothing simulated reads them back).
 * Without --vcd the writer samples for the timeline alone and writes no VCD.
 *
 * Filters: output.timeline_tiles (tiles, among those traced), output.timeline_window (a cycle
 * window "A:B"; a span crossing an edge is cut there), output.timeline_categories (cores,
 * threads, units, l1, noc, dram). A path ending in ".gz" is written gzip-compressed. */
#ifndef BH_TIMELINE_H
#define BH_TIMELINE_H
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <string>
#include <vector>
#include "platform/output/vcd_writer.h"
extern "C" {
#include "model/noc/noc_net.h"
}

namespace bh
{

struct TimelineOptions {
    std::string path;
    std::vector<std::pair<uint32_t, uint32_t>> tiles; /* empty: every traced tile */
    uint64_t first_cycle = 0, end_cycle = UINT64_MAX; /* cycles [first, end) */
    uint32_t categories = ~0u;                        /* TimelineCategory bits */
    uint64_t counter_cycles = 100; /* a counter's value: its time-weighted mean over each such
                                      interval (0: every change) */
    double aiclk_mhz = 1350.0;
    /* what a core of tile (x, y) asleep polling addr waits for ("cb_wait_front (CB 2)"), the
     * name of its span; empty, or no function: the span is named by the state (poll_sleep) */
    std::function<std::string(uint32_t x, uint32_t y, uint32_t addr)> wait_label;
};

enum TimelineCategory : uint32_t {
    TL_CORES = 1,
    TL_THREADS = 2,
    TL_UNITS = 4,
    TL_L1 = 8,
    TL_NOC = 16,
    TL_DRAM = 32,
    TL_HOST = 64,
};

/* "cores,units,..." or "all" into TimelineCategory bits; false with *err naming the bad word */
bool timeline_categories(const std::string &text, uint32_t *bits, std::string *err);
/* "A:B" (cycles, B > A; either may be empty: from the start, to the end) */
bool timeline_window(const std::string &text, uint64_t *first, uint64_t *end, std::string *err);

class TimelineWriter : public VcdListener
{
  public:
    TimelineWriter();
    ~TimelineWriter() override;
    /* picks its tracks among w's signals, listens to them and writes the file's head; false
     * with *err naming the file or the filter that selects nothing it can show */
    bool open(VcdWriter &w, const TimelineOptions &o, std::string *err);
    void changed(uint32_t signal, uint64_t t_fs, uint64_t was, uint64_t value) override;
    void zone(uint32_t signal, uint64_t t_fs, const char *name) override;
    /* a span of the host program's time (bh_chip_host_span) on the host track */
    void host_span(const char *name, uint64_t from_fs, uint64_t to_fs);
    /* ends the open spans at t_fs and writes the file's tail; false with *err on a write error */
    bool close(uint64_t t_fs, std::string *err);
    uint64_t events() const
    {
        return events_;
    }
    /* NoC k's transfers as async spans from issue to their last response (or, posted, their
     * last delivery), each delivery an instant: noc_net_set_observer(net, on_noc, ctx) with ctx
     * from noc_context(k); xy names a node of NoC k's frame in NoC0 coordinates */
    void *noc_context(uint32_t k, std::function<std::pair<uint32_t, uint32_t>(uint32_t)> xy);
    static void on_noc(void *ctx, const NocTransferView *t, NocObserved what, uint32_t node,
                       uint32_t count);

  private:
    struct Track;
    struct Sink;
    static bool shown(const Track &t);
    void span(const Track &t, uint64_t value, uint64_t from_fs, uint64_t to_fs);
    void named_span(uint32_t pid, uint32_t tid, const char *cat, const std::string &name,
                    uint64_t from_fs, uint64_t to_fs, const std::string &args_tail);
    struct Zone {
        std::string name;
        uint64_t begin_fs, end_fs;
        uint32_t depth;
    };
    struct ZoneStack {
        std::vector<Zone> open, done; /* done: closed, waiting for the outermost to close */
        bool named = false;           /* its thread's name was emitted */
    };
    void flush_zones(const Track &t, ZoneStack &z);
    void begin_wait(Track &core);
    std::unordered_map<uint64_t, std::string> wait_labels_;             /* by pid << 32 | address */
    std::map<uint32_t, ZoneStack> zones_;                               /* by core track */
    std::map<std::pair<uint32_t, uint32_t>, std::string> thread_names_; /* (pid, tid) */
    void counter(uint32_t pid, const std::string &name, uint64_t t_fs, int64_t value);
    void counter_mean(uint32_t counter, uint64_t t_fs, double mean);
    void meta(uint32_t pid, int64_t tid, const char *what, const std::string &name, int sort);
    void emit(const std::string &json);
    bool in_window(uint64_t t_fs) const;
    uint64_t clamp(uint64_t t_fs) const;

    struct NocCtx {
        TimelineWriter *w;
        uint32_t k;
        std::function<std::pair<uint32_t, uint32_t>(uint32_t)> xy;
    };
    struct Transfer {
        uint32_t deliveries, responses; /* expected */
        uint32_t delivered = 0, responded = 0;
        std::string name;
    };
    void noc_event(NocCtx &c, const NocTransferView *p, NocObserved what, uint32_t node,
                   uint32_t count);
    std::vector<std::unique_ptr<NocCtx>> noc_ctx_;
    std::unordered_map<uint64_t, Transfer> transfers_; /* by NoC << 32 | trace id */

    TimelineOptions o_;
    std::unique_ptr<Sink> out_;
    std::vector<int32_t> track_of_; /* by VCD signal: index into tracks_, or -1 */
    std::vector<Track> tracks_;
    struct Series { /* a counter: its value now, and its mean over the current interval */
        int64_t now = 0;
        double area = 0;     /* value x fs since the interval began */
        uint64_t since = 0;  /* fs: the last change, or the interval's start */
        uint64_t bucket = 0; /* the interval the area belongs to */
    };
    void advance(uint32_t counter, uint64_t t_fs); /* emits the intervals ended before t_fs */
    std::vector<Series> series_;                   /* by counter */
    std::vector<int64_t> sums_;                    /* counter tracks' current totals, by counter */
    std::vector<std::string> sum_names_;           /* by counter */
    std::vector<uint32_t> sum_pids_;               /* by counter */
    double fs_per_cycle_ = 0;
    uint64_t events_ = 0;
    bool host_named_ = false;
    bool first_event_ = true;
};

} // namespace bh
#endif
