/* platform/workload/workloads.h - the C workload models behind WorkloadModel: each adapter owns
 * its model's state and forwards step / delivered / idle. */
#ifndef BH_WORKLOADS_H
#define BH_WORKLOADS_H
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include "model/workload/dram_stream.h"
#include "model/workload/noc_replay.h"
#include "model/workload/noc_traffic.h"
#include "model/workload/tensix_stream.h"
#include "platform/load/noc_trace_load.h"
#include "platform/workload/workload_tlm.h"

namespace bh
{

class SyntheticTraffic : public WorkloadModel
{
  public:
    SyntheticTraffic(const NocTrafficConfig &cfg, const std::vector<uint32_t> &injectors,
                     const NocTrafficIo &io)
    {
        if (noc_traffic_init(&t_, &cfg, injectors.data(), (uint32_t)injectors.size(), &io) != BH_OK)
            throw std::runtime_error("workload: bad traffic configuration");
    }
    ~SyntheticTraffic() override
    {
        noc_traffic_destroy(&t_);
    }
    uint64_t step(uint64_t now) override
    {
        return noc_traffic_step(&t_, now);
    }
    void delivered(uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now) override
    {
        noc_traffic_delivered(&t_, noc, tag, flits, now);
    }
    bool idle(uint64_t now) const override
    {
        return noc_traffic_idle(&t_, now);
    }
    uint32_t waiting(uint64_t, std::string *what) const override
    {
        char buf[2048];
        uint32_t n = noc_traffic_describe_wait(&t_, buf, sizeof buf);
        *what = buf;
        return n;
    }
    void report_noc(uint32_t noc, const ReportContext &ctx, boost::json::object &n) const override;
    const NocTraffic &state() const
    {
        return t_;
    }

  private:
    NocTraffic t_{};
};

class DramStreamWorkload : public WorkloadModel
{
  public:
    DramStreamWorkload(const DramStreamConfig &cfg, const std::vector<uint32_t> &cores,
                       const NocTrafficIo &io)
    {
        if (dram_stream_init(&d_, &cfg, cores.data(), (uint32_t)cores.size(), &io) != BH_OK)
            throw std::runtime_error("workload: bad dram_stream configuration");
    }
    uint64_t step(uint64_t now) override
    {
        return dram_stream_step(&d_, now);
    }
    void delivered(uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now) override
    {
        dram_stream_delivered(&d_, noc, tag, flits, now);
    }
    bool idle(uint64_t now) const override
    {
        return dram_stream_idle(&d_, now);
    }
    uint32_t waiting(uint64_t now, std::string *what) const override
    {
        char buf[2048];
        uint32_t n = dram_stream_describe_wait(&d_, now, buf, sizeof buf);
        *what = buf;
        return n;
    }
    void report_noc(uint32_t noc, const ReportContext &ctx, boost::json::object &n) const override;
    bool report_dram(const ReportContext &ctx, DramFigures *f) const override;
    const DramStream &state() const
    {
        return d_;
    }

  private:
    DramStream d_{};
};

class TraceReplay : public WorkloadModel
{
  public:
    TraceReplay(const NocTrace &trace, const NocReplayConfig &cfg, const NocTrafficIo &io)
        : trace_(trace)
    {
        char why[256];
        if (noc_replay_init(&r_, &cfg, trace_.events.data(), trace_.streams.data(),
                            (uint32_t)trace_.streams.size(), trace_.first_ts, &io, why,
                            sizeof why) != BH_OK)
            throw std::runtime_error(why);
    }
    ~TraceReplay() override
    {
        noc_replay_destroy(&r_);
    }
    uint64_t step(uint64_t now) override
    {
        return noc_replay_step(&r_, now);
    }
    void delivered(uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now) override
    {
        noc_replay_delivered(&r_, noc, tag, flits, now);
    }
    bool idle(uint64_t) const override
    {
        return noc_replay_idle(&r_);
    }
    uint32_t waiting(uint64_t, std::string *what) const override
    {
        char buf[2048];
        uint32_t n = noc_replay_describe_wait(&r_, buf, sizeof buf);
        *what = buf;
        return n;
    }
    void report(const ReportContext &ctx, boost::json::object &r) const override;
    const NocReplay &state() const
    {
        return r_;
    }
    const NocTrace &trace() const
    {
        return trace_;
    }

  private:
    const NocTrace &trace_;
    NocReplay r_{};
};

/* tensix_stream: the plan's scripts on its tiles (ChipPlan owns the items). */
class TensixStreamWorkload : public WorkloadModel
{
  public:
    template <typename Plan> TensixStreamWorkload(const Plan &plan, const TensixStreamIo &io)
    {
        std::vector<TensixStreamCore> cores;
        for (size_t t = 0; t < plan.stream_tiles.size(); t++)
            for (uint32_t c = 0; c < TENSIX_STREAM_CORES; c++) {
                const auto &items = plan.stream_items[c];
                if (items.empty())
                    continue;
                TensixStreamCore k{};
                k.items = items.data();
                k.n = (uint32_t)items.size();
                k.node0 = plan.stream_tiles[t];
                k.core = c;
                cores.push_back(k);
            }
        if (tensix_stream_init(&s_, cores.data(), (uint32_t)cores.size(), &io) != BH_OK)
            throw std::runtime_error("workload: cannot start tensix_stream");
    }
    ~TensixStreamWorkload() override
    {
        tensix_stream_destroy(&s_);
    }
    uint64_t step(uint64_t now) override
    {
        return tensix_stream_step(&s_, now);
    }
    void delivered(uint32_t, uint64_t, uint32_t, uint64_t) override {}
    bool idle(uint64_t) const override
    {
        return tensix_stream_idle(&s_);
    }
    std::string error() const override
    {
        return s_.failed ? std::string("tensix_stream: ") + s_.error : std::string();
    }
    void report_cores(uint32_t node0, boost::json::array &cores) const override;
    const TensixStream &state() const
    {
        return s_;
    }

  private:
    TensixStream s_{};
};

} // namespace bh
#endif
