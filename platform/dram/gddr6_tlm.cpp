// SPDX-License-Identifier: Apache-2.0
#include "platform/dram/gddr6_tlm.h"
#include <stdexcept>
#include <string>

namespace bh
{

Gddr6Tlm::Gddr6Tlm(sc_core::sc_module_name name, const Gddr6Config &cfg, BhLogContext *log)
    : sc_module(name), clk_((double)gddr6_clock_hz(&cfg) / 1e6)
{
    if (gddr6_init(&ctl_, &cfg, log) != BH_OK ||
        bh_sparse_init(&store_, cfg.capacity_bytes) != BH_OK)
        throw std::runtime_error(std::string(this->name()) + ": bad GDDR6 configuration");
    for (int i = 0; i < kPorts; i++) {
        port[i].register_nb_transport_fw(this, &Gddr6Tlm::nb_transport_fw, i);
        port[i].register_transport_dbg(this, &Gddr6Tlm::transport_dbg, i);
    }
    functional.register_b_transport(this, &Gddr6Tlm::b_transport);
    functional.register_transport_dbg(this, &Gddr6Tlm::transport_dbg);
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

Gddr6Tlm::~Gddr6Tlm()
{
    bh_sparse_destroy(&store_);
}

tlm::tlm_response_status Gddr6Tlm::data(tlm::tlm_generic_payload &gp)
{
    if (gp.get_byte_enable_ptr())
        return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    BhStatus st =
        gp.is_write()
            ? bh_sparse_write(&store_, gp.get_address(), gp.get_data_ptr(), gp.get_data_length())
            : bh_sparse_read(&store_, gp.get_address(), gp.get_data_ptr(), gp.get_data_length());
    return st == BH_OK ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE;
}

void Gddr6Tlm::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &)
{
    gp.set_response_status(data(gp));
}

unsigned Gddr6Tlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    return data(gp) == tlm::TLM_OK_RESPONSE ? gp.get_data_length() : 0;
}

/* Offers a request to the controller; writes land in the store once it is taken. */
BhStatus Gddr6Tlm::accept(int id, tlm::tlm_generic_payload &gp)
{
    BhStatus st = gddr6_enqueue(&ctl_, (uint32_t)id, gp.get_address(), gp.get_data_length(),
                                gp.is_write(), reinterpret_cast<uint64_t>(&gp), clk_.now());
    if (st == BH_OK && gp.is_write())
        gp.set_response_status(data(gp));
    return st;
}

tlm::tlm_sync_enum Gddr6Tlm::nb_transport_fw(int id, tlm::tlm_generic_payload &gp,
                                             tlm::tlm_phase &phase, sc_core::sc_time &)
{
    if (phase == tlm::END_RESP)
        return tlm::TLM_COMPLETED;
    if (phase != tlm::BEGIN_REQ)
        return tlm::TLM_ACCEPTED;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    switch (accept(id, gp)) {
    case BH_OK:
        kick();
        phase = tlm::END_REQ;
        return tlm::TLM_UPDATED;
    case BH_ERR_FULL: /* END_REQ follows when the port FIFO has room */
        waiting_[id] = &gp;
        kick();
        return tlm::TLM_ACCEPTED;
    default:
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        phase = tlm::BEGIN_RESP;
        return tlm::TLM_COMPLETED;
    }
}

void Gddr6Tlm::schedule(uint64_t cycle)
{
    scheduled_ = cycle;
    if (cycle != BH_IDLE)
        wake_.notify(clk_.time_of(cycle, phase::kGddr6) - sc_core::sc_time_stamp());
}

void Gddr6Tlm::kick()
{
    if (trace_)
        trace_->sample();
    uint64_t now = clk_.now();
    uint64_t next = sc_core::sc_time_stamp() <= clk_.time_of(now, phase::kGddr6) ? now : now + 1;
    if (scheduled_ > next || scheduled_ < now)
        schedule(next);
}

void Gddr6Tlm::start_of_simulation()
{
    /* an idle controller steps only for its refreshes; had it slept until the first request,
     * that request would wait while every refresh since power-up was made up (46 of them,
     * 5.5 us, after 90 us idle), which no controller does */
    if (ctl_.cfg.refresh)
        schedule(0);
}

void Gddr6Tlm::run()
{
    uint64_t now = clk_.now();
    if (clk_.time_of(now, phase::kGddr6) != sc_core::sc_time_stamp()) {
        schedule(now + 1);
        return;
    }
    uint64_t next = gddr6_step(&ctl_, now);
    /* 1. completed accesses answer; reads carry their data */
    Gddr6Done done[64];
    uint32_t n;
    while ((n = gddr6_take_done(&ctl_, done, 64)) > 0)
        for (uint32_t i = 0; i < n; i++) {
            auto *gp = reinterpret_cast<tlm::tlm_generic_payload *>(done[i].token);
            if (!done[i].is_write)
                gp->set_response_status(data(*gp));
            tlm::tlm_phase phase = tlm::BEGIN_RESP;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            port[done[i].port]->nb_transport_bw(*gp, phase, delay);
        }
    /* 2. requests that found their FIFO full get another chance */
    for (int id = 0; id < kPorts; id++) {
        tlm::tlm_generic_payload *gp = waiting_[id];
        if (!gp || accept(id, *gp) == BH_ERR_FULL)
            continue;
        waiting_[id] = nullptr;
        tlm::tlm_phase phase = tlm::END_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        port[id]->nb_transport_bw(*gp, phase, delay);
        next = now + 1;
    }
    bus_busy_ = 0;
    for (uint32_t ch = 0; ch < ctl_.cfg.channels; ch++)
        bus_busy_ |= ctl_.ch[ch].bus_free > now;
    if (trace_ && bus_busy_ && next > now + 1)
        next = now + 1; /* keep the traced busy flag exact (untraced, no one reads it) */
    for (int id = 0; id < kPorts; id++)
        if (waiting_[id] && next > now + 1)
            next = now + 1;
    schedule(next);
    if (trace_)
        trace_->sample();
}

void Gddr6Tlm::trace(VcdWriter &w)
{
    std::string base = name();
    trace_ = w.group();
    w.add(trace_, ctl_.rq_n, base + ".read_queue");
    w.add(trace_, ctl_.wq_n, base + ".write_queue");
    w.add(trace_, bus_busy_, base + ".data_bus_busy", 1);
}

} // namespace bh
