// SPDX-License-Identifier: Apache-2.0
#include "platform/mem/timed_port_tlm.h"
#include <cstring>

namespace bh
{

/* One transaction object per access in flight; found back from the payload by extension. */
struct SlotExtension : tlm::tlm_extension<SlotExtension> {
    uint32_t index = 0;
    tlm::tlm_extension_base *clone() const override
    {
        return new SlotExtension(*this);
    }
    void copy_from(const tlm::tlm_extension_base &e) override
    {
        index = static_cast<const SlotExtension &>(e).index;
    }
};

struct TimedPortTlm::Slot {
    tlm::tlm_generic_payload gp;
    uint32_t pool = 0; /* the free list it returns to */
    SlotExtension ext;
    NocAccessExtension tok;
    uint64_t token = 0;
    unsigned char data[64] = {};
    unsigned char no_bytes[64] = {}; /* the byte enables of a timing-only write */
};

TimedPortTlm::TimedPortTlm(sc_core::sc_module_name name, uint32_t max_in_flight,
                           std::function<void(uint64_t)> on_done, bool split_rw)
    : sc_module(name), on_done_(std::move(on_done)), split_rw_(split_rw)
{
    out.register_nb_transport_bw(this, &TimedPortTlm::nb_transport_bw);
    const uint32_t pools = split_rw ? 2 : 1;
    for (uint32_t i = 0; i < pools * max_in_flight; i++) {
        Slot *s = new Slot;
        s->ext.index = i;
        s->pool = i / max_in_flight;
        s->gp.set_extension(&s->ext);
        s->gp.set_extension(&s->tok);
        slots_.push_back(s);
        free_[s->pool].push_back(s);
    }
}

TimedPortTlm::~TimedPortTlm()
{
    for (Slot *s : slots_) {
        s->gp.clear_extension(&s->ext);
        s->gp.clear_extension(&s->tok);
        delete s;
    }
}

BhStatus TimedPortTlm::request(uint32_t source, int is_write, uint64_t addr, uint32_t len,
                               const void *wdata, const NocMemAccess &acc)
{
    if (len > sizeof(Slot::data))
        return BH_ERR_ACCESS;
    const uint8_t me = (uint8_t)(1u << (source & 7u));
    const uint32_t pool = split_rw_ && is_write ? 1 : 0;
    std::vector<Slot *> &fr = free_[pool];
    /* no room, or another source waits for its turn and this one was served last */
    if (awaiting_end_req_[pool] || fr.empty() || ((refused_ & ~me) && last_ == (source & 7u))) {
        refused_ |= me;
        return BH_ERR_FULL;
    }
    refused_ &= (uint8_t)~me;
    last_ = (uint8_t)(source & 7u);
    Slot *s = fr.back();
    fr.pop_back();
    s->token = acc.token;
    s->tok.acc = acc;
    tlm::tlm_generic_payload &gp = s->gp;
    gp.set_command(is_write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(s->data);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_byte_enable_ptr(acc.timing_only ? s->no_bytes : nullptr);
    gp.set_byte_enable_length(acc.timing_only ? len : 0);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (is_write && wdata)
        std::memcpy(s->data, wdata, len);
    in_flight_++;
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    switch (out->nb_transport_fw(gp, phase, delay)) {
    case tlm::TLM_ACCEPTED: /* wait for END_REQ before sending another this way */
        awaiting_end_req_[pool] = &gp;
        break;
    case tlm::TLM_UPDATED:
        if (phase == tlm::BEGIN_RESP) /* answered at once */
            finish(gp);
        break;
    case tlm::TLM_COMPLETED:
        finish(gp);
        break;
    }
    return BH_OK;
}

void TimedPortTlm::finish(tlm::tlm_generic_payload &gp)
{
    SlotExtension *ext = nullptr;
    gp.get_extension(ext);
    Slot *s = slots_.at(ext->index);
    if (awaiting_end_req_[s->pool] == &gp)
        awaiting_end_req_[s->pool] = nullptr;
    in_flight_--;
    free_[s->pool].push_back(s);
    on_done_(s->token); /* errors were reported by the target; the access still ends */
}

tlm::tlm_sync_enum TimedPortTlm::nb_transport_bw(tlm::tlm_generic_payload &gp,
                                                 tlm::tlm_phase &phase, sc_core::sc_time &)
{
    if (phase == tlm::END_REQ) {
        for (auto &a : awaiting_end_req_)
            if (a == &gp)
                a = nullptr;
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
        finish(gp);
        return tlm::TLM_COMPLETED; /* END_RESP implied */
    }
    return tlm::TLM_ACCEPTED;
}

} // namespace bh
