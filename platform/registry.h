/* platform/registry.h - what the run loop and the outputs ask of every block: whether it is
 * idle, its error, the last cycle it was busy, and what it is doing when a run cannot end (for
 * a block that can hold a run open or stop it); its VCD signals; its entry in a section of the
 * JSON report, or a section of its own. Each shell (or the chip, for blocks it assembles)
 * registers a block once; the run loop (its end, watchdogs and stalls), Chip::trace and
 * build_report iterate over the registry, so a new block is an addition, not an edit of them,
 * and nothing asks a block for its concrete type. */
#ifndef BH_REGISTRY_H
#define BH_REGISTRY_H
#include <algorithm>
#include <boost/json.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bh
{

struct ReportContext; /* platform/output/report.h */
struct RunInfo;       /* platform/output/report.h */
class VcdWriter;      /* platform/output/vcd_writer.h */

struct BlockHooks {
    std::string name;                       /* instance name, e.g. tile_x01_y02_l1 */
    const char *error_kind = "";            /* the report's error kind for its errors */
    std::function<bool(uint64_t now)> idle; /* null: never holds a run open */
    std::function<std::string()> error;     /* "" or null: none; else the run stops */
    std::function<uint64_t()> last_busy;    /* null: not counted in a run's length */
    std::function<std::string(uint64_t now)>
        busy; /* what it still does; null: "<name> is busy; " */
    /* a fault it detects on its own (a network whose flits have not moved for more than
     * `limit` cycles): "" none; else the run stops with watchdog_kind */
    std::function<std::string(uint64_t now, uint64_t limit)> watchdog;
    const char *watchdog_kind = "";
    /* a block that moves work between others (a network): the cycle it last moved anything;
     * while it is not idle nothing is stalled */
    std::function<uint64_t()> last_move;
    /* agents that wait for what only another could change, while every mover has been idle
     * since `quiet_since` for more than `limit` cycles: "" none, else why nothing can wake
     * them (the run stops as a stall) */
    std::function<std::string(uint64_t now, uint64_t quiet_since, uint64_t limit)> stall;
    /* the run ends with every block idle: what of its work can never finish ("" nothing, else
     * the run fails as a stall; a core held in reset before it reached ebreak) */
    std::function<std::string()> unfinished;
    /* the measured window opens (sim.warmup_cycles, or a host program's window): the block
     * starts its window counters (in run, or its own); and closes: it freezes them into run */
    std::function<void(RunInfo &)> window_open, window_close;
    std::function<void(VcdWriter &)> trace; /* declares its VCD signals; null: none */
    std::function<void()> retime; /* its clock changed: re-arm its wake; null: not clocked */
    const char *report_key = "";  /* the report's array that report adds this block's entry to,
                                     or the object section report_object fills */
    std::function<void(const ReportContext &, boost::json::array &)> report; /* null: none */
    /* a block that owns a whole section (a NoC's "noc<k>"); null: none */
    std::function<void(const ReportContext &, boost::json::object &)> report_object;
};

class BlockRegistry
{
  public:
    void add(BlockHooks h)
    {
        blocks_.push_back(std::move(h));
    }
    /* Another chip of the same simulation (system.chips): the run-control questions below
     * (idle, errors, watchdogs, stalls, busy, last busy or moving cycle) and the measured
     * window (with its own RunInfo) take its blocks too, after this registry's; its report,
     * VCD and retiming stay its own. */
    void add_peer(const BlockRegistry *peer, RunInfo *peer_run, std::function<void()> before_close)
    {
        peers_.push_back({peer, peer_run, std::move(before_close)});
    }
    bool idle(uint64_t now) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.idle && !b.idle(now))
                return false;
        for (const Peer &p : peers_)
            if (!p.blocks->idle(now))
                return false;
        return true;
    }
    /* the first registered block's error ("" if none), and its kind */
    std::string error(const char **kind) const
    {
        for (const BlockHooks &b : blocks_)
            if (std::string e = b.error ? b.error() : ""; !e.empty()) {
                *kind = b.error_kind;
                return e;
            }
        for (size_t i = 0; i < peers_.size(); i++)
            if (std::string e = peers_[i].blocks->error(kind); !e.empty())
                return chip_label(i) + e;
        return "";
    }
    /* the first block's work that can never finish ("" if none) */
    std::string unfinished() const
    {
        for (const BlockHooks &b : blocks_)
            if (std::string e = b.unfinished ? b.unfinished() : ""; !e.empty())
                return e;
        for (size_t i = 0; i < peers_.size(); i++)
            if (std::string e = peers_[i].blocks->unfinished(); !e.empty())
                return chip_label(i) + e;
        return "";
    }
    uint64_t last_busy() const
    {
        uint64_t last = 0;
        for (const BlockHooks &b : blocks_)
            if (b.last_busy)
                last = std::max(last, b.last_busy());
        for (const Peer &p : peers_)
            last = std::max(last, p.blocks->last_busy());
        return last;
    }
    std::string busy(uint64_t now) const
    {
        std::string why;
        for (const BlockHooks &b : blocks_)
            if (b.idle && !b.idle(now))
                why += b.busy ? b.busy(now) : b.name + " is busy; ";
        for (size_t i = 0; i < peers_.size(); i++)
            if (std::string w = peers_[i].blocks->busy(now); !w.empty())
                why += chip_label(i) + w;
        return why;
    }
    /* the first block's watchdog fault ("" if none), and its kind */
    std::string watchdog(uint64_t now, uint64_t limit, const char **kind) const
    {
        for (const BlockHooks &b : blocks_)
            if (std::string e = b.watchdog ? b.watchdog(now, limit) : ""; !e.empty()) {
                *kind = b.watchdog_kind;
                return e;
            }
        for (size_t i = 0; i < peers_.size(); i++)
            if (std::string e = peers_[i].blocks->watchdog(now, limit, kind); !e.empty())
                return chip_label(i) + e;
        return "";
    }
    /* the latest cycle a mover moved, capped at `now` (0 without movers) */
    uint64_t last_move(uint64_t now) const
    {
        uint64_t last = 0;
        for (const BlockHooks &b : blocks_)
            if (b.last_move)
                last = std::max(last, std::min(now, b.last_move()));
        for (const Peer &p : peers_)
            last = std::max(last, p.blocks->last_move(now));
        return last;
    }
    /* every mover of every chip idle: the first stall a block reports ("" if none) */
    std::string stall(uint64_t now, uint64_t limit) const
    {
        uint64_t since = 0;
        if (!movers_idle(now, &since))
            return "";
        for (const Peer &p : peers_)
            if (!p.blocks->movers_idle(now, &since))
                return "";
        if (std::string e = stalls(now, since, limit); !e.empty())
            return e;
        for (size_t i = 0; i < peers_.size(); i++)
            if (std::string e = peers_[i].blocks->stalls(now, since, limit); !e.empty())
                return chip_label(i) + e;
        return "";
    }
    /* the measured window opens or closes, for every block that measures one (a peer's
     * into its own RunInfo) */
    void window_open(RunInfo &run) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.window_open)
                b.window_open(run);
        for (const Peer &p : peers_)
            p.blocks->window_open(*p.run);
    }
    void window_close(RunInfo &run) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.window_close)
                b.window_close(run);
        for (const Peer &p : peers_) {
            if (p.before_close)
                p.before_close(); /* its RunInfo forgets an earlier window */
            p.blocks->window_close(*p.run);
        }
    }
    /* the AICLK domain changed frequency: every clocked block re-arms its wake */
    void retime() const
    {
        for (const BlockHooks &b : blocks_)
            if (b.retime)
                b.retime();
    }
    /* the VCD's signals, in registration order */
    void trace(VcdWriter &w) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.trace)
                b.trace(w);
    }
    /* in registration order, each reporting block's entry, appended to r[its report_key] (an
     * array made when its first entry comes; a key no block reports to is absent), or its own
     * section r[its report_key], an object its report_object fills (left empty: no section) */
    void report(const ReportContext &ctx, boost::json::object &r) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.report) {
                boost::json::value &v = r[b.report_key];
                if (!v.is_array())
                    v.emplace_array();
                b.report(ctx, v.as_array());
            } else if (b.report_object) {
                b.report_object(ctx, r[b.report_key].emplace_object());
                if (r[b.report_key].as_object().empty()) /* nothing to say this run */
                    r.erase(b.report_key);
            }
    }

  private:
    struct Peer {
        const BlockRegistry *blocks;
        RunInfo *run;
        std::function<void()> before_close;
    };
    static std::string chip_label(size_t i)
    {
        return "chip " + std::to_string(i + 1) + ": ";
    }
    bool movers_idle(uint64_t now, uint64_t *since) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.last_move) {
                if (b.idle && !b.idle(now))
                    return false;
                *since = std::max(*since, b.last_move());
            }
        return true;
    }
    std::string stalls(uint64_t now, uint64_t since, uint64_t limit) const
    {
        for (const BlockHooks &b : blocks_)
            if (std::string e = b.stall ? b.stall(now, since, limit) : ""; !e.empty())
                return e;
        return "";
    }
    std::vector<BlockHooks> blocks_;
    std::vector<Peer> peers_;
};

} // namespace bh
#endif
