// SPDX-License-Identifier: Apache-2.0
#include "platform/pcie/pcie_tlm.h"
#include <stdexcept>
#include "platform/chip.h"
#include "platform/mem/timed_port_tlm.h"

namespace bh
{

PcieTileHooks PcieTlm::hooks(PcieTlm *self)
{
    PcieTileHooks h{};
    h.ctx = self;
    h.noc_request = [](void *ctx, uint32_t noc, const NocRequest *rq, uint64_t now) {
        NocNetTlm &n = static_cast<PcieTlm *>(ctx)->chip_.noc(noc);
        const BhStatus st = noc_niu_port_request(&n.net(), rq->reply_node, rq, now);
        if (st != BH_ERR_FULL)
            n.kick(rq->reply_node);
        return st;
    };
    h.niu_reg = [](void *ctx, uint32_t noc, uint32_t off, int write, uint32_t *val, uint64_t now) {
        PcieTlm *p = static_cast<PcieTlm *>(ctx);
        const uint32_t node = noc_frame_node(&p->tile_.cfg.frame, noc, p->tile_.cfg.node0);
        return p->chip_.noc(noc).reg_access(node, off, NOC_NIU_REG_BYTES, write, val, 0, now);
    };
    h.translate = [](void *ctx, uint32_t noc, uint32_t *x, uint32_t *y) {
        PcieTlm *p = static_cast<PcieTlm *>(ctx);
        const uint32_t node = noc_frame_node(&p->tile_.cfg.frame, noc, p->tile_.cfg.node0);
        noc_niu_translate(&p->chip_.noc(noc).net(), node, x, y);
    };
    h.arc = [](void *ctx, uint64_t addr, int write, uint8_t *data, uint32_t len) {
        tlm::tlm_generic_payload gp;
        gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(addr);
        gp.set_data_ptr(data);
        gp.set_data_length(len);
        gp.set_streaming_width(len);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time d = sc_core::SC_ZERO_TIME;
        static_cast<PcieTlm *>(ctx)->arc_out->b_transport(gp, d);
        return bh_status_from_tlm(gp.get_response_status());
    };
    h.now_ps = [](void *) { return Clock::ps_of(sc_core::sc_time_stamp()); };
    h.now_cycle = [](void *ctx) { return static_cast<PcieTlm *>(ctx)->clk_.now(); };
    h.cycle_ps = [](void *ctx, uint64_t cycle) {
        return Clock::ps_of(static_cast<PcieTlm *>(ctx)->clk_.time_of(cycle));
    };
    h.wake = [](void *ctx, uint64_t ps) { static_cast<PcieTlm *>(ctx)->wake_at_ps(ps); };
    h.host_done = [](void *ctx, uint64_t id) {
        if (id == static_cast<PcieTlm *>(ctx)->await_)
            sc_core::sc_pause(); /* the host waits for it: resume the host now */
    };
    h.dev_taken = [](void *ctx, void *handle) {
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_core::sc_time d = sc_core::SC_ZERO_TIME;
        static_cast<PcieTlm *>(ctx)->timed->nb_transport_bw(
            *static_cast<tlm::tlm_generic_payload *>(handle), ph, d);
    };
    h.dev_answered = [](void *ctx, void *handle, BhStatus st) {
        auto &gp = *static_cast<tlm::tlm_generic_payload *>(handle);
        gp.set_response_status(bh_status_to_tlm(st));
        tlm::tlm_phase ph = tlm::BEGIN_RESP;
        sc_core::sc_time d = sc_core::SC_ZERO_TIME;
        static_cast<PcieTlm *>(ctx)->timed->nb_transport_bw(gp, ph, d);
    };
    return h;
}

PcieTlm::PcieTlm(sc_core::sc_module_name name, const PcieTileConfig &cfg, Chip &chip,
                 const Clock &clk, BhLogContext *log)
    : sc_module(name), chip_(chip), clk_(clk)
{
    const PcieTileHooks h = hooks(this);
    if (pcie_tile_init(&tile_, &cfg, &h, log) != BH_OK)
        throw std::logic_error("PcieTlm: configuration not checked by planning");
    mem.register_b_transport(this, &PcieTlm::b_transport);
    mem.register_transport_dbg(this, &PcieTlm::transport_dbg);
    timed.register_nb_transport_fw(this, &PcieTlm::nb_transport_fw);
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

PcieTlm::~PcieTlm()
{
    pcie_tile_destroy(&tile_);
}

/* The PCIe tile acts on whole picoseconds at its phase (platform/clock.h) */
void PcieTlm::wake_at_ps(uint64_t ps)
{
    const sc_core::sc_time at = Clock::at_ps(ps, phase::kPcie), stamp = sc_core::sc_time_stamp();
    wake_.notify(at > stamp ? at - stamp : sc_core::SC_ZERO_TIME);
}

void PcieTlm::run()
{
    const uint64_t next = pcie_tile_step(&tile_);
    if (next != BH_IDLE)
        wake_at_ps(next);
}

uint32_t PcieTlm::cfg_read32(uint32_t off) const
{
    uint32_t v = 0xFFFFFFFFu;
    return pcie_cfg_read32(&tile_.pcfg, off, &v) == BH_OK ? v : 0xFFFFFFFFu;
}

BhStatus PcieTlm::cfg_write32(uint32_t off, uint32_t val)
{
    return pcie_cfg_write32(&tile_.pcfg, off, val);
}

BhStatus PcieTlm::host_write(uint64_t paddr, const void *data, uint32_t len, uint64_t *id,
                             std::string *why)
{
    char b[320] = "";
    const BhStatus st = pcie_tile_host_write(&tile_, paddr, data, len, id, b, sizeof b);
    *why = b;
    return st;
}

BhStatus PcieTlm::host_read(uint64_t paddr, uint32_t len, uint64_t *id, std::string *why)
{
    char b[320] = "";
    const BhStatus st = pcie_tile_host_read(&tile_, paddr, len, id, b, sizeof b);
    *why = b;
    return st;
}

void PcieTlm::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &)
{
    gp.set_response_status(bh_status_to_tlm(pcie_tile_mem_access(
        &tile_, gp.is_write(), gp.get_address(), gp.get_data_ptr(), gp.get_data_length(), 0)));
}

unsigned PcieTlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    return pcie_tile_mem_access(&tile_, gp.is_write(), gp.get_address(), gp.get_data_ptr(),
                                gp.get_data_length(), 1) == BH_OK
               ? gp.get_data_length()
               : 0;
}

tlm::tlm_sync_enum PcieTlm::nb_transport_fw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                            sc_core::sc_time &)
{
    if (phase != tlm::BEGIN_REQ)
        return tlm::TLM_ACCEPTED;
    NocAccessExtension *ext = nullptr;
    gp.get_extension(ext);
    const NocMemAccess acc = ext ? ext->acc : NocMemAccess{};
    BhStatus st = BH_OK;
    switch (pcie_tile_dev_access(&tile_, &gp, gp.is_write(), gp.get_address(), gp.get_data_length(),
                                 gp.get_data_ptr(), &acc, &st)) {
    case PCIE_DEV_HELD:
        return tlm::TLM_ACCEPTED; /* no END_REQ: the NIU sends nothing more until it comes */
    case PCIE_DEV_DONE:
        gp.set_response_status(bh_status_to_tlm(st));
        return tlm::TLM_COMPLETED;
    default: /* PENDING: taken; BEGIN_RESP once the data is back */
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        phase = tlm::END_REQ;
        return tlm::TLM_UPDATED;
    }
}

} // namespace bh
