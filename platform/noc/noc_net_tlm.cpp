// SPDX-License-Identifier: Apache-2.0
#include "platform/noc/noc_net_tlm.h"
#include <algorithm>
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
    if (!niu_dirty_.empty())
        trace_nius();
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

NocNetTlm::NiuWatch &NocNetTlm::niu_watch(uint32_t node)
{
    if (niu_watch_.empty()) {
        niu_watch_.resize(net_.n_nodes);
        for (uint32_t i = 0; i < net_.n_nodes; i++)
            niu_watch_[i] = NiuWatch{this, i, UINT32_MAX, false, nullptr, nullptr};
    }
    NiuWatch &w = niu_watch_.at(node);
    noc_net_set_niu_watch(&net_, node, &NocNetTlm::niu_changed, &w);
    return w;
}

void NocNetTlm::watch_niu(uint32_t node, void (*fn)(void *ctx), void *ctx)
{
    NiuWatch &w = niu_watch(node);
    w.fn = fn;
    w.ctx = ctx;
}

/* The model calls this at every change of the NIU (a counter, a register write): a traced
 * NIU is sampled after the next step, as every traced NIU was before, without reading the
 * counts of all the others at every step. */
void NocNetTlm::niu_changed(void *ctx)
{
    NiuWatch *w = static_cast<NiuWatch *>(ctx);
    if (w->trace_order != UINT32_MAX && !w->dirty) {
        w->dirty = true;
        w->self->niu_dirty_.push_back(w->node);
    }
    if (w->fn)
        w->fn(w->ctx);
}

void NocNetTlm::trace_nius()
{
    /* in the order they were traced, so the file lists a step's changes as it always has */
    std::sort(niu_dirty_.begin(), niu_dirty_.end(), [this](uint32_t a, uint32_t b) {
        return niu_watch_[a].trace_order < niu_watch_[b].trace_order;
    });
    for (uint32_t node : niu_dirty_) {
        niu_watch_[node].dirty = false;
        node_trace_[node]->sample();
    }
    niu_dirty_.clear();
}

void NocNetTlm::trace_niu(VcdWriter &w, uint32_t node, const std::string &name)
{
    if (node_trace_.empty())
        node_trace_.assign(net_.n_nodes, nullptr);
    if (!node_trace_.at(node))
        node_trace_[node] = w.group();
    NiuWatch &nw = niu_watch(node);
    if (nw.trace_order == UINT32_MAX)
        nw.trace_order = nius_traced_++;
    w.add(node_trace_[node], net_.nius[node].outstanding, name);
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
