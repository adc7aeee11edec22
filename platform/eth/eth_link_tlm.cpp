// SPDX-License-Identifier: Apache-2.0
#include "platform/eth/eth_link_tlm.h"
#include <stdexcept>
#include <string>

namespace bh
{

EthLinkTlm::EthLinkTlm(sc_core::sc_module_name name, const EthLinkConfig &cfg, TensixTileTlm *a,
                       const Clock &clk_a, TensixTileTlm *b, const Clock &clk_b)
    : sc_module(name), end_{a, b}, clk_{&clk_a, &clk_b}
{
    char why[256] = "";
    if (eth_link_init(&link_, &cfg, why, sizeof why) != BH_OK)
        throw std::logic_error(std::string("EthLinkTlm: ") + why);
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

EthLinkTlm::~EthLinkTlm()
{
    eth_link_free(&link_);
}

BhStatus EthLinkTlm::send_a(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now)
{
    return static_cast<EthLinkTlm *>(ctx)->send(0, frame, len, now);
}

BhStatus EthLinkTlm::send_b(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now)
{
    return static_cast<EthLinkTlm *>(ctx)->send(1, frame, len, now);
}

BhStatus EthLinkTlm::send(int side, const uint8_t *frame, uint32_t len, uint64_t now)
{
    const BhStatus st = eth_link_send(&link_, side, frame, len, clk_[side]->edge_ps(now));
    if (st == BH_OK) {
        rearm();
        sample();
    }
    return st;
}

void EthLinkTlm::sample()
{
    if (!trace_)
        return;
    for (int d = 0; d < 2; d++) {
        in_flight_[d] = link_.dir[d].fl_count;
        rx_slots_[d] = link_.cfg.rx_queue_frames - link_.dir[d].n_free;
    }
    trace_->sample();
}

void EthLinkTlm::trace(VcdWriter &w)
{
    trace_ = w.group();
    const std::string base = name();
    for (int d = 0; d < 2; d++) {
        const std::string dir = base + ".d" + std::to_string(d);
        w.add(trace_, in_flight_[d], dir + ".in_flight", 16);
        w.add(trace_, rx_slots_[d], dir + ".rx_slots", 16);
    }
}

void EthLinkTlm::rearm()
{
    const uint64_t now_ps = Clock::ps_of(sc_core::sc_time_stamp());
    const uint64_t next = eth_link_next_ps(&link_, now_ps);
    if (next == BH_IDLE)
        return;
    const sc_core::sc_time at = Clock::at_ps(next, phase::kEth);
    /* a pending earlier notification wins (sc_event keeps the earliest) */
    wake_.notify(at > sc_core::sc_time_stamp() ? at - sc_core::sc_time_stamp()
                                               : sc_core::SC_ZERO_TIME);
}

void EthLinkTlm::run()
{
    const uint64_t now_ps = Clock::ps_of(sc_core::sc_time_stamp());
    for (int rx = 0; rx < 2; rx++) {
        EthFrame f;
        bool got = false;
        const uint64_t cycle = clk_[rx]->now();
        while (eth_link_recv(&link_, rx, now_ps, &f)) {
            /* a refusal (no MAC, a frame it cannot route) is the MAC's to count and log */
            (void)tensix_tile_eth_receive(&end_[rx]->tile(), f.data, f.len, cycle);
            (void)eth_link_release(&link_, rx, now_ps);
            got = true;
        }
        if (got)
            end_[rx]->kick();
    }
    rearm();
    sample();
}

} // namespace bh
