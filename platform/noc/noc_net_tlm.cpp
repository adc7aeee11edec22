// SPDX-License-Identifier: Apache-2.0
#include "platform/noc/noc_net_tlm.h"
#include <stdexcept>

namespace bh
{

NocNetTlm::NocNetTlm(sc_core::sc_module_name name, const NocNetConfig &cfg, const NocMemOps &ops,
                     const Clock &clk, uint64_t phase_fs, bool trace_busy, BhLogContext *log)
    : sc_module(name), clk_(clk), phase_fs_(phase_fs)
{
    if (noc_net_init(&net_, &cfg, &ops, log) != BH_OK)
        throw std::runtime_error(std::string(this->name()) + ": cannot build the network");
    net_.trace_busy = trace_busy;
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

NocNetTlm::~NocNetTlm()
{
    noc_net_destroy(&net_);
}

void NocNetTlm::schedule(uint64_t cycle)
{
    scheduled_ = cycle;
    if (cycle != BH_IDLE)
        wake_.notify(clk_.time_of(cycle, phase_fs_) - sc_core::sc_time_stamp());
}

void NocNetTlm::run()
{
    uint64_t now = clk_.now();
    if (clk_.time_of(now, phase_fs_) != sc_core::sc_time_stamp()) { /* woken off phase */
        schedule(now + 1);
        return;
    }
    schedule(noc_net_step(&net_, now));
    if (vcd_)
        trace_links();
    if (niu_trace_)
        niu_trace_->sample();
}

void NocNetTlm::retime()
{
    wake_.cancel();
    schedule(scheduled_);
}

void NocNetTlm::trace_link(VcdWriter &w, uint32_t link, const std::string &name)
{
    vcd_ = &w;
    if (link_sig_.empty())
        link_sig_.assign(net_.n_links, UINT32_MAX);
    link_sig_.at(link) = w.add(nullptr, net_.links[link].busy, name, 1);
}

/* A link that carried a flit in this step is on the active list (its flit is in flight); one
 * that carried a flit in the last step and not in this one is on busy_links_. The rest were
 * and are idle. */
void NocNetTlm::trace_links()
{
    for (uint32_t l : busy_links_)
        if (!net_.links[l].busy)
            vcd_->update_if_open(link_sig_[l], 0);
    busy_links_.clear();
    for (uint32_t i = 0; i < net_.n_active_links; i++) {
        const uint32_t l = net_.active_links[i];
        if (net_.links[l].busy && link_sig_[l] != UINT32_MAX) {
            busy_links_.push_back(l);
            vcd_->update_if_open(link_sig_[l], 1);
        }
    }
}

void NocNetTlm::trace_niu(VcdWriter &w, uint32_t node, const std::string &name)
{
    if (!niu_trace_)
        niu_trace_ = w.group();
    if (node_trace_.empty())
        node_trace_.assign(net_.n_nodes, nullptr);
    if (!node_trace_.at(node))
        node_trace_[node] = w.group();
    w.also(node_trace_[node], w.add(niu_trace_, net_.nius[node].outstanding, name));
}

void NocNetTlm::kick(uint32_t node)
{
    if (node < node_trace_.size() && node_trace_[node])
        node_trace_[node]->sample();
    uint64_t next = clk_.now() + 1;
    if (scheduled_ > next) /* an earlier notification replaces a pending later one */
        schedule(next);
}

} // namespace bh
