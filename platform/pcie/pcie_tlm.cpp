// SPDX-License-Identifier: Apache-2.0
#include "platform/pcie/pcie_tlm.h"
#include <cstring>
#include <stdexcept>
#include "platform/chip.h"
#include "platform/mem/timed_port_tlm.h"
#include "platform/pcie/pcie_addr.h"

namespace bh
{

PcieTlm::PcieTlm(sc_core::sc_module_name name, const PcieSetup &setup, Chip &chip, const Clock &clk,
                 BhLogContext *log)
    : sc_module(name), setup_(setup), chip_(chip), clk_(clk), log_(log)
{
    if (pcie_cfg_init(&cfg_, &setup.cfg) != BH_OK || pcie_tlbs_init(&tlbs_, &setup.tlb) != BH_OK ||
        pcie_link_init(&link_, &setup.link, &PcieTlm::on_link, this) != BH_OK)
        throw std::logic_error("PcieTlm: configuration not checked by planning");
    if (bh_sparse_init(&host_, kHostBytes) != BH_OK)
        throw std::runtime_error("PcieTlm: cannot create the host memory's sparse store");
    /* the BARs as firmware leaves them: assigned, memory space and bus mastering on */
    for (uint32_t b = 0; b < PCIE_CFG_BARS; b++) {
        cfg_write32(0x10 + 8 * b, (uint32_t)setup.bar_base[b]);
        cfg_write32(0x14 + 8 * b, (uint32_t)(setup.bar_base[b] >> 32));
    }
    cfg_write32(0x04, PCIE_CMD_MEM_SPACE | PCIE_CMD_BUS_MASTER);
    mem.register_b_transport(this, &PcieTlm::b_transport);
    mem.register_transport_dbg(this, &PcieTlm::transport_dbg);
    timed.register_nb_transport_fw(this, &PcieTlm::nb_transport_fw);
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

PcieTlm::~PcieTlm()
{
    bh_sparse_destroy(&host_);
}

uint64_t PcieTlm::now_ps() const
{
    return Clock::ps_of(sc_core::sc_time_stamp());
}

/* The PCIe tile acts on whole picoseconds at its phase (platform/clock.h) */
void PcieTlm::wake_at_ps(uint64_t ps)
{
    const sc_core::sc_time at = Clock::at_ps(ps, phase::kPcie), stamp = sc_core::sc_time_stamp();
    wake_.notify(at > stamp ? at - stamp : sc_core::SC_ZERO_TIME);
}

uint32_t PcieTlm::cfg_read32(uint32_t off) const
{
    uint32_t v = 0xFFFFFFFFu;
    return pcie_cfg_read32(&cfg_, off, &v) == BH_OK ? v : 0xFFFFFFFFu;
}

BhStatus PcieTlm::cfg_write32(uint32_t off, uint32_t val)
{
    return pcie_cfg_write32(&cfg_, off, val);
}

void PcieTlm::set_host_memory(HostMemRead rd, HostMemWrite wr, void *ctx)
{
    host_rd_ = rd, host_wr_ = wr, host_ctx_ = ctx;
}

bool PcieTlm::host_mem_read(uint64_t addr, void *buf, uint64_t len) const
{
    return bh_sparse_read(&host_, addr, buf, len) == BH_OK;
}

bool PcieTlm::host_mem_write(uint64_t addr, const void *buf, uint64_t len)
{
    return bh_sparse_write(&host_, addr, buf, len) == BH_OK;
}

void PcieTlm::host_mem(bool write, uint64_t addr, uint8_t *buf, uint32_t len)
{
    if (write && host_wr_)
        host_wr_(host_ctx_, addr, buf, len);
    else if (!write && host_rd_)
        host_rd_(host_ctx_, addr, buf, len);
    else if (write ? bh_sparse_write(&host_, addr, buf, len) != BH_OK
                   : bh_sparse_read(&host_, addr, buf, len) != BH_OK)
        BH_LOG_GUEST(log_,
                     "pcie: device access to host address 0x%llx (%u bytes) is past the "
                     "host memory's %llu bytes",
                     (unsigned long long)addr, len, (unsigned long long)kHostBytes);
}

static BhStatus bar_of(const PcieCfg *cfg, uint64_t paddr, uint32_t len, std::string *why)
{
    int bar = 0, last_bar = 0;
    uint64_t off = 0;
    if (pcie_cfg_bar_decode(cfg, paddr, &bar, &off) != BH_OK ||
        pcie_cfg_bar_decode(cfg, paddr + len - 1, &last_bar, &off) != BH_OK || bar != last_bar) {
        char b[160];
        std::snprintf(b, sizeof b,
                      "pcie: host address 0x%llx (%u bytes) is not inside one BAR of the chip",
                      (unsigned long long)paddr, len);
        *why = b;
        return BH_ERR_ADDR;
    }
    return BH_OK;
}

/* A host access travels as soon as the link has an operation record for it. */
BhStatus PcieTlm::host_access(bool read, uint64_t paddr, const void *data, uint32_t len,
                              uint64_t *id, std::string *why)
{
    if (len == 0)
        return BH_ERR_ACCESS;
    if (BhStatus st = bar_of(&cfg_, paddr, len, why); st != BH_OK)
        return st;
    HostOp op;
    op.paddr = paddr;
    op.is_read = read;
    if (read) {
        op.data.assign(len, 0xFF);
    } else {
        const uint8_t *d = static_cast<const uint8_t *>(data);
        op.data.assign(d, d + len);
    }
    const uint64_t oid = ops_.size();
    const BhStatus st =
        read ? pcie_link_read(&link_, PCIE_H2D, now_ps(), paddr, len, 0, oid, &op.link_op)
             : pcie_link_write(&link_, PCIE_H2D, now_ps(), paddr, len, oid, &op.link_op);
    if (st != BH_OK)
        return st;
    ops_.push_back(std::move(op));
    open_ops_++;
    *id = oid;
    wake_at_ps(now_ps());
    return BH_OK;
}

BhStatus PcieTlm::host_write(uint64_t paddr, const void *data, uint32_t len, uint64_t *id,
                             std::string *why)
{
    return host_access(false, paddr, data, len, id, why);
}

BhStatus PcieTlm::host_read(uint64_t paddr, uint32_t len, uint64_t *id, std::string *why)
{
    return host_access(true, paddr, nullptr, len, id, why);
}

int PcieTlm::done(uint64_t id, void *out, uint64_t *at) const
{
    if (id >= ops_.size() || ops_[id].device)
        return -1;
    const HostOp &op = ops_[id];
    if (!op.done)
        return 0;
    if (out && op.is_read)
        std::memcpy(out, op.data.data(), op.data.size());
    if (at)
        *at = op.done_ps;
    return 1;
}

bool PcieTlm::idle() const
{
    return open_ops_ == 0 && waiting_.empty() && later_.empty() && d2h_.empty() &&
           dev_reads_.empty() && !held_;
}

void PcieTlm::finish_if_done(HostOp &op)
{
    if (!op.done && op.link_done && op.noc_due == 0) {
        op.done = true;
        open_ops_--;
        op.done_ps = std::max(op.done_ps, now_ps());
        if ((uint64_t)(&op - ops_.data()) == await_)
            sc_core::sc_pause(); /* the host waits for it: resume the host now */
        if (!op.is_read)         /* the bytes are in the NoC's targets now */
            std::vector<uint8_t>().swap(op.data);
    }
}

void PcieTlm::run()
{
    const uint64_t now = now_ps();
    uint64_t next = pcie_link_step(&link_, now);
    send_d2h();
    /* TLPs whose user-side time has come, in time order (a step may add more) */
    while (!later_.empty() && later_.begin()->first <= now) {
        const PcieLinkEvent ev = later_.begin()->second;
        later_.erase(later_.begin());
        act(ev);
    }
    next = std::min(next, pcie_link_step(&link_, now));
    if (!later_.empty())
        next = std::min(next, later_.begin()->first);
    retry_held(); /* the link may have room now, or the host may have taken writes */
    next = std::min(next, pcie_link_step(&link_, now));
    if (!d2h_.empty()) /* waiting for the link, or for a flit to join it */
        next = std::min<uint64_t>(next, Clock::ps_of(clk_.time_of(clk_.now() + 1)));
    if (next != BH_IDLE)
        wake_at_ps(next);
}

/* The link reports a TLP when it reaches the receiver's link layer; it acts at ev->time_ps,
 * when it reaches the user (the device side: after the NIU crossing). */
void PcieTlm::on_link(void *ctx, const PcieLinkEvent *ev)
{
    PcieTlm *p = static_cast<PcieTlm *>(ctx);
    if (ev->time_ps > p->now_ps()) {
        p->later_.emplace(ev->time_ps, *ev);
        return;
    }
    p->act(*ev);
}

void PcieTlm::act(const PcieLinkEvent &ev)
{
    if (ev.dir == PCIE_D2H)
        tlp_at_host(ev);
    else if (ev.kind == PCIE_TLP_CPLD) /* the host answers a device read */
        dev_read_data(ev);
    else
        tlp_at_device(ev);
}

/* Completions for the host's reads and device writes reaching host memory. */
void PcieTlm::tlp_at_host(const PcieLinkEvent &ev)
{
    HostOp &op = ops_.at(ev.token);
    if (ev.kind == PCIE_TLP_MWR) { /* a device write: its bytes reach host memory */
        host_mem(true, ev.addr, op.data.data() + (ev.addr - op.paddr), ev.bytes);
        d2h_bytes_ -= ev.bytes; /* the tile's buffer has room again */
    }
    if (ev.op_done) {
        op.link_done = true;
        op.done_ps = ev.time_ps;
        finish_if_done(op);
    }
}

void PcieTlm::tlp_at_device(const PcieLinkEvent &ev)
{
    HostOp &op = ops_.at(ev.token);
    const uint64_t oid = ev.token;
    int bar = 0;
    uint64_t off = 0;
    PcieTarget t{};
    char why[192] = "";
    /* what the TLP's first word hits (a TLP never crosses a 2 MiB window: it is split at
     * max-payload and read-request boundaries); the TLB configuration takes whole words */
    if (pcie_cfg_bar_decode(&cfg_, ev.addr, &bar, &off) != BH_OK ||
        pcie_bar_access_decode(&tlbs_, bar, off, ev.bytes < 4 ? ev.bytes : 4, &t, why,
                               sizeof why) != BH_OK)
        t.kind = PCIE_TGT_NONE;
    else if ((t.kind == PCIE_TGT_TLB_CFG || t.kind == PCIE_TGT_NIU) &&
             (ev.addr % 4 || ev.bytes % 4)) {
        std::snprintf(why, sizeof why, "the %s take%s whole aligned 32-bit words",
                      t.kind == PCIE_TGT_NIU ? "NIU registers" : "TLB configuration",
                      t.kind == PCIE_TGT_NIU ? "" : "s");
        t.kind = PCIE_TGT_NONE;
    } else if (t.kind == PCIE_TGT_ARC && t.offset < kArcXbarBar0) {
        std::snprintf(why, sizeof why,
                      "the ARC window's first MiB (BAR0 0x1FE0_0000; tt-umd's ARC_CSM_OFFSET, "
                      "\"no longer valid for Blackhole\") is not modeled");
        t.kind = PCIE_TGT_NONE;
    }
    uint8_t *data = op.data.data() + (ev.addr - op.paddr);
    const bool write = ev.kind == PCIE_TLP_MWR;
    switch (t.kind) {
    case PCIE_TGT_TLB:
        window_access(op, oid, ev, t);
        break;
    case PCIE_TGT_TLB_CFG:
        for (uint32_t i = 0; i + 4 <= ev.bytes; i += 4) {
            uint32_t v = 0;
            BhStatus st;
            if (write) {
                std::memcpy(&v, data + i, 4);
                st = pcie_tlb_cfg_write32(&tlbs_, (uint32_t)(t.offset + i), v);
            } else {
                st = pcie_tlb_cfg_read32(&tlbs_, (uint32_t)(t.offset + i), &v);
                std::memcpy(data + i, &v, 4);
            }
            if (st != BH_OK)
                BH_LOG_GUEST(log_, "pcie: host %s at 0x%llx: past the TLB configuration words",
                             write ? "write" : "read", (unsigned long long)(ev.addr + i));
        }
        break;
    case PCIE_TGT_NIU:
        niu_regs(t.niu, (uint32_t)t.offset, write, data, ev.bytes, ev.addr);
        break;
    case PCIE_TGT_ARC: /* PCIe 1's own path to ARC: the NoC address ARC_NOC_XBAR + offset */
        arc_window(kArcNoc + (t.offset - kArcXbarBar0), write, data, ev.bytes, ev.addr);
        break;
    default:
        BH_LOG_GUEST(log_, "pcie: host %s of %u bytes at 0x%llx: %s", write ? "write" : "read",
                     ev.bytes, (unsigned long long)ev.addr, why[0] ? why : "nothing there");
        break;
    }
    if (write) {
        if (ev.op_done) {
            op.link_done = true;
            finish_if_done(op);
        }
    } else if (t.kind != PCIE_TGT_TLB) { /* answered at once: no NoC read */
        pcie_link_respond(&link_, ev.op, std::max(ev.time_ps, now_ps()), ev.addr, ev.bytes);
        wake_at_ps(now_ps());
    }
}

/* BAR0's NIU windows: the PCIe tile's own NIU #niu registers (NoC/MemoryMap.md offsets from
 * NIU_BASE), a word at a time, answered at once as the TLB configuration is */
void PcieTlm::niu_regs(uint32_t niu, uint32_t off, bool write, uint8_t *data, uint32_t bytes,
                       uint64_t paddr)
{
    const BhGrid &g = *chip_.plan().grid;
    if (niu >= chip_.n_nocs()) {
        BH_LOG_GUEST(log_,
                     "pcie: host access at 0x%llx: NIU #%u's registers, but NoC%u is not built",
                     (unsigned long long)paddr, niu, niu);
        return;
    }
    NocNetTlm &noc = chip_.noc(niu);
    const uint32_t node = chip_.tile_at(setup_.node0 % g.w, setup_.node0 / g.w).node(niu);
    for (uint32_t i = 0; i + 4 <= bytes; i += 4) {
        uint32_t v = 0;
        BhStatus st;
        if (write) {
            std::memcpy(&v, data + i, 4);
            st = noc_niu_mmio_write(&noc.net(), node, off + i, v, clk_.now());
            noc.kick(node);
        } else {
            st = noc_niu_mmio_read(&noc.net(), node, off + i, &v, 0);
            std::memcpy(data + i, &v, 4);
        }
        if (st != BH_OK)
            BH_LOG_GUEST(log_, "pcie: host %s at 0x%llx: NIU #%u register 0x%x: %s",
                         write ? "write" : "read", (unsigned long long)(paddr + i), niu, off + i,
                         bh_status_name(st));
    }
}

/* BAR0's ARC window (PCIe 1 only): the ARC's own address space, reached without the NoC */
void PcieTlm::arc_window(uint64_t arc_addr, bool write, uint8_t *data, uint32_t bytes,
                         uint64_t paddr)
{
    tlm::tlm_generic_payload gp;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(arc_addr);
    gp.set_data_ptr(data);
    gp.set_data_length(bytes);
    gp.set_streaming_width(bytes);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    arc_out->b_transport(gp, d);
    if (!gp.is_response_ok())
        BH_LOG_GUEST(log_, "pcie: host %s of %u bytes at 0x%llx: ARC address 0x%llx: %s",
                     write ? "write" : "read", bytes, (unsigned long long)paddr,
                     (unsigned long long)arc_addr, gp.get_response_string().c_str());
}

/* One TLP through a TLB window: a NoC write of its bytes, or a NoC read of them into the
 * tile, from the NIU of the TLB's NoC. The request's token packs the host access, the link
 * operation and the TLP's offset and size, for the read's completion. */
void PcieTlm::window_access(HostOp &op, uint64_t oid, const PcieLinkEvent &ev, const PcieTarget &t)
{
    const BhGrid &g = *chip_.plan().grid;
    const uint32_t noc = t.noc < chip_.n_nocs() ? t.noc : 0;
    /* a TLB gives coordinates in its NoC's own frame: NoC1's count from the far corner */
    auto to_noc0 = [&](uint32_t x, uint32_t y, uint32_t *ox, uint32_t *oy) {
        *ox = noc ? g.w - 1 - x : x;
        *oy = noc ? g.h - 1 - y : y;
        return *ox < g.w && *oy < g.h;
    };
    NocRequest rq{};
    uint32_t x = 0, y = 0;
    if (!t.mcast && !to_noc0(t.x, t.y, &x, &y)) {
        BH_LOG_GUEST(log_, "pcie: TLB %u targets (%u,%u) on NoC%u, outside the grid", t.tlb, t.x,
                     t.y, noc);
        if (ev.kind == PCIE_TLP_MRD)
            pcie_link_respond(&link_, ev.op, std::max(ev.time_ps, now_ps()), ev.addr, ev.bytes);
        return;
    }
    const uint64_t off = ev.addr - op.paddr;
    rq.tid = 0;
    rq.reply_node = chip_.tile_at(setup_.node0 % g.w, setup_.node0 / g.w).node(noc);
    rq.remote_addr = t.noc_addr;
    rq.local_addr = kInbound | (oid << 32) | off;
    rq.len = ev.bytes;
    rq.tag = BH_IDLE;
    rq.done = &PcieTlm::on_noc_done;
    rq.done_ctx = this;
    /* token: host access (24 bits), link operation (8), TLP offset in the access (32) */
    rq.token = (oid << 40) | ((uint64_t)ev.op << 32) | off;
    if (ev.kind == PCIE_TLP_MRD) {
        rq.op = NOC_REQ_READ;
        rq.target = chip_.tile_at(x, y).node(noc);
    } else {
        rq.op = NOC_REQ_WRITE;
        rq.acked = pcie_order_acked(t.ordering) != 0; /* posted writes: not acknowledged */
        if (t.mcast) {
            rq.mcast = 1;
            for (int i = 0; i < 4; i++)
                rq.rect[i] = t.rect[i];
            rq.path_reserve = 1;
        } else {
            rq.target = chip_.tile_at(x, y).node(noc);
        }
    }
    op.noc_due++;
    if (t.ordering == PCIE_ORDER_COUNTED)
        BH_LOG_UNIMP_ONCE(log_, "pcie: TLB ordering 3 (counted writes) is not documented; it acts "
                                "as ordering 0 (default)");
    issue(rq, noc, t.ordering);
}

/* Window transactions go to the NIU in the order their TLPs arrived, each once its TLB's
 * ordering mode lets it (pcie_order.h) and the NIU has a request record for it. */
void PcieTlm::issue(const NocRequest &rq, uint32_t noc, uint8_t ordering)
{
    waiting_.push_back(NocJob{rq, noc, ordering});
    pump(clk_.now());
}

void PcieTlm::pump(uint64_t now)
{
    while (!waiting_.empty()) {
        NocJob &j = waiting_.front();
        const int read = j.rq.op == NOC_REQ_READ;
        if (!pcie_order_may_issue(&order_, j.ordering, read) ||
            noc_niu_port_request(&chip_.noc(j.noc).net(), j.rq.reply_node, &j.rq, now) ==
                BH_ERR_FULL)
            return;
        chip_.noc(j.noc).kick(j.rq.reply_node);
        pcie_order_issued(&order_, j.ordering, read);
        if (j.ordering == PCIE_ORDER_STRICT)
            strict_.insert(j.rq.token);
        waiting_.pop_front();
    }
}

void PcieTlm::on_noc_done(void *ctx, uint64_t token, BhStatus, uint64_t now)
{
    PcieTlm *p = static_cast<PcieTlm *>(ctx);
    const uint64_t oid = token >> 40;
    HostOp &op = p->ops_.at(oid);
    if (op.is_read) {
        const uint32_t link_op = (uint32_t)((token >> 32) & 0xFF);
        const uint64_t off = token & 0xFFFFFFFFu;
        /* the TLP asked for what is left of its chunk: the size of the NoC read */
        const uint64_t t_ps = Clock::ps_of(p->clk_.time_of(now));
        const uint32_t bytes = (uint32_t)std::min<uint64_t>(
            p->setup_.link.mrrs_bytes - ((op.paddr + off) % p->setup_.link.mrrs_bytes),
            op.data.size() - off);
        pcie_link_respond(&p->link_, link_op, std::max(t_ps, p->now_ps()), op.paddr + off, bytes);
        p->wake_at_ps(p->now_ps());
    }
    op.noc_due--;
    auto st = p->strict_.find(token);
    const bool strict = st != p->strict_.end();
    if (strict)
        p->strict_.erase(st);
    pcie_order_done(&p->order_, strict ? PCIE_ORDER_STRICT : PCIE_ORDER_DEFAULT, op.is_read);
    p->finish_if_done(op);
    p->pump(now); /* a request record is free again, and what waited on this may go */
}

} // namespace bh
