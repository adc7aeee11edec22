// SPDX-License-Identifier: Apache-2.0
#include "platform/pcie/pcie_tlm.h"
#include <cstring>
#include <stdexcept>
#include "platform/chip.h"
#include "platform/mem/timed_port_tlm.h"

namespace bh
{

/* The tile's inbound data, as its NIU reads (host writes) and writes (host reads) it: an
 * address of the model's own, in a window the PCIe tile's NoC address space leaves unused
 * (top byte 0xF0): bits 55..32 the host access, 31..0 the offset in it. */
constexpr uint64_t kInbound = 0xF000000000000000ull;
constexpr uint64_t kInboundMask = 0xFF00000000000000ull;
constexpr uint64_t kHostWindowBits = 58;             /* 64 windows of 2^58 */
constexpr uint64_t kHostBytes = BH_SPARSE_MAX_BYTES; /* the chip's own host memory */
/* BAR0's ARC window: from its second MiB (BAR0 0x1FF0_0000), the ARC's NoC addresses from
 * 0x8000_0000 (tenstorrent/tt-umd blackhole_implementation.hpp ARC_APB_BAR0_XBAR_OFFSET_START,
 * ARC_NOC_XBAR_ADDRESS_START) */
constexpr uint64_t kArcXbarBar0 = 0x100000; /* offset in the window (0x1FE0_0000) */
constexpr uint64_t kArcNoc = 0x80000000ull;

static bool host_window(uint64_t addr)
{
    const uint64_t w = addr >> kHostWindowBits;
    return w == 0 || w == 1 || w == 2 || w == 4; /* IOMMU, relaxed, no-snoop, outbound iATU */
}

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
            noc.kick();
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
        chip_.noc(j.noc).kick();
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

void PcieTlm::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &)
{
    gp.set_response_status(access(gp, false));
}

unsigned PcieTlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    return access(gp, true) == tlm::TLM_OK_RESPONSE ? gp.get_data_length() : 0;
}

tlm::tlm_response_status PcieTlm::access(tlm::tlm_generic_payload &gp, bool debug)
{
    const uint64_t addr = gp.get_address();
    const uint32_t len = gp.get_data_length();
    uint8_t *buf = gp.get_data_ptr();
    const bool write = gp.is_write();
    if ((addr & kInboundMask) == kInbound) { /* the inbound data of a host access */
        const uint64_t oid = (addr >> 32) & 0xFFFFFF, off = addr & 0xFFFFFFFFu;
        if (oid >= ops_.size() || off + len > ops_[oid].data.size())
            return tlm::TLM_ADDRESS_ERROR_RESPONSE;
        uint8_t *d = ops_[oid].data.data() + off;
        write ? std::memcpy(d, buf, len) : std::memcpy(buf, d, len);
        return tlm::TLM_OK_RESPONSE;
    }
    if (!host_window(addr))
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    const uint64_t host = addr & ((1ull << kHostWindowBits) - 1);
    if (debug || !write) { /* a read's data: its time was taken at the timed port */
        host_mem(write, host, buf, len);
        return tlm::TLM_OK_RESPONSE;
    }
    gather_d2h(host, buf, len, false, false);
    return tlm::TLM_OK_RESPONSE;
}

/* A device write to host memory goes up the link in TLPs of up to max payload, as the NoC
 * packet's AXI burst is split by the controller. The NoC hands it over flit by flit, and
 * packets arriving on different VCs interleave, so a flit joins the open chunk it continues,
 * which leaves when it reaches a max-payload boundary or the packet's end. Where the end is
 * not known (posted writes, read data landing in a host window) a chunk also leaves when no
 * flit has joined it for a cycle. */
void PcieTlm::gather_d2h(uint64_t host, const uint8_t *buf, uint32_t len, bool end_known, bool last)
{
    const uint64_t now = now_ps();
    d2h_bytes_ += len;
    uint32_t done = 0;
    while (done < len) {
        auto it = d2h_.rbegin();
        while (it != d2h_.rend() && (it->sealed || it->addr + it->data.size() != host + done))
            ++it;
        if (it == d2h_.rend()) {
            d2h_.push_back(D2hChunk{host + done, {}, now, false, end_known});
            it = d2h_.rbegin();
        }
        D2hChunk &ch = *it;
        const uint64_t end = ch.addr + ch.data.size();
        const uint32_t room = (uint32_t)(setup_.link.mps_bytes - end % setup_.link.mps_bytes);
        const uint32_t n = std::min(room, len - done);
        ch.data.insert(ch.data.end(), buf + done, buf + done + n);
        ch.last_ps = now;
        ch.sealed = n == room || (last && done + n == len);
        done += n;
    }
    send_d2h();
    wake_.notify(clk_.time_of(clk_.now() + 2, phase::kPcie) - sc_core::sc_time_stamp());
}

/* A flit's access from the tile's NIU (TimedPortTlm): a write is taken at once while the
 * buffer has room; a read waits for its bytes to come back from the host. */
tlm::tlm_sync_enum PcieTlm::nb_transport_fw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                            sc_core::sc_time &)
{
    if (phase != tlm::BEGIN_REQ)
        return tlm::TLM_ACCEPTED;
    switch (timed_access(gp)) {
    case kHeld:
        held_ = &gp; /* no END_REQ: the NIU sends nothing more until it comes */
        wake_at_ps(now_ps());
        return tlm::TLM_ACCEPTED;
    case kDone:
        return tlm::TLM_COMPLETED;
    default: /* kWaiting: taken; BEGIN_RESP once the data is back */
        phase = tlm::END_REQ;
        return tlm::TLM_UPDATED;
    }
}

void PcieTlm::answer(tlm::tlm_generic_payload &gp)
{
    tlm::tlm_phase ph = tlm::BEGIN_RESP;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    timed->nb_transport_bw(gp, ph, d);
}

void PcieTlm::retry_held()
{
    if (!held_)
        return;
    tlm::tlm_generic_payload &gp = *held_;
    const int r = timed_access(gp);
    if (r == kHeld)
        return;
    held_ = nullptr;
    if (r == kDone) {
        answer(gp);
    } else {
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_core::sc_time d = sc_core::SC_ZERO_TIME;
        timed->nb_transport_bw(gp, ph, d);
    }
}

int PcieTlm::timed_access(tlm::tlm_generic_payload &gp)
{
    const uint64_t addr = gp.get_address();
    const uint32_t len = gp.get_data_length();
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    if (!host_window(addr)) {
        BH_LOG_GUEST(log_,
                     "pcie: NoC %s of %u bytes at 0x%llx in the PCIe tile: not one of its host "
                     "windows (address bits 63..58 must be 0, 1, 2 or 4)",
                     gp.is_write() ? "write" : "read", len, (unsigned long long)addr);
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return kDone;
    }
    const uint64_t mask = (1ull << kHostWindowBits) - 1;
    if (gp.is_write()) {
        if (d2h_bytes_ && d2h_bytes_ + len > setup_.link.d2h_buffer_bytes)
            return kHeld;
        /* a non-posted write's acknowledgement counts its flits: the last is the one that
         * completes the count (posted writes have none: NOC_NONE) */
        NocTokenExtension *tk = nullptr;
        gp.get_extension(tk);
        const uint32_t ack = tk ? (uint32_t)tk->token : NOC_NONE;
        const NocPacket *a =
            ack != NOC_NONE ? &chip_.noc((uint32_t)(tk->token >> 32)).net().pkts[ack] : nullptr;
        gather_d2h(addr & mask, gp.get_data_ptr(), len, a != nullptr,
                   a && a->mem_done + 1 == a->mem_needed);
        return kDone;
    }
    NocTokenExtension *tk = nullptr;
    gp.get_extension(tk);
    const uint64_t key = tk ? tk->token : 0;
    auto it = dev_reads_.find(key);
    if (it == dev_reads_.end()) { /* the read's first flit: the whole NoC read goes up */
        const NocNet &net = chip_.noc((uint32_t)(key >> 32)).net();
        const NocPacket &p = net.pkts[(uint32_t)key]; /* the response: source and length */
        HostOp op;
        op.device = op.is_read = true;
        op.paddr = p.rd_addr & mask;
        op.dev_read = key;
        const uint64_t oid = ops_.size();
        if (pcie_link_read(&link_, PCIE_D2H, now_ps(), op.paddr, p.len, 1, oid, &op.link_op) !=
            BH_OK)
            return kHeld; /* no operation record free: retried as the link drains */
        ops_.push_back(std::move(op));
        open_ops_++;
        DevRead r;
        r.base = p.rd_addr;
        r.flit_bytes = net.cfg.flit_bytes;
        const uint32_t n = (p.len + r.flit_bytes - 1) / r.flit_bytes;
        for (uint32_t i = 0; i < n; i++)
            r.missing.push_back((uint16_t)std::min(r.flit_bytes, p.len - i * r.flit_bytes));
        r.asked.assign(n, nullptr);
        r.left = n;
        it = dev_reads_.emplace(key, std::move(r)).first;
        wake_at_ps(now_ps());
    }
    DevRead &r = it->second;
    const uint64_t f = (addr - r.base) / r.flit_bytes;
    BH_ASSERT(addr >= r.base && f < r.asked.size());
    if (r.missing[f]) {
        r.asked[f] = &gp;
        return kWaiting;
    }
    if (--r.left == 0)
        dev_reads_.erase(it);
    return kDone;
}

/* A completion of a device read reaches the NIU: the flits it completes leave. */
void PcieTlm::dev_read_data(const PcieLinkEvent &ev)
{
    HostOp &op = ops_.at(ev.token);
    auto it = dev_reads_.find(op.dev_read);
    BH_ASSERT(it != dev_reads_.end());
    DevRead &r = it->second;
    const uint64_t base = op.paddr, fb = r.flit_bytes;
    for (uint64_t a = ev.addr; a < ev.addr + ev.bytes;) {
        const uint64_t f = (a - base) / fb, end = std::min(base + (f + 1) * fb, ev.addr + ev.bytes);
        r.missing[f] = (uint16_t)(r.missing[f] - (end - a));
        if (r.missing[f] == 0 && r.asked[f]) {
            tlm::tlm_generic_payload *gp = r.asked[f];
            r.asked[f] = nullptr;
            r.left--;
            answer(*gp);
        }
        a = end;
    }
    if (ev.op_done) {
        op.link_done = true;
        op.done_ps = ev.time_ps;
        finish_if_done(op);
    }
    if (r.left == 0)
        dev_reads_.erase(it);
}

/* Device writes waiting to go up the link: each sealed chunk (or one of unknown end no flit
 * has joined for a cycle), oldest first, becomes a link write while the link has operation
 * records free. */
void PcieTlm::send_d2h()
{
    const uint64_t now = now_ps();
    const uint64_t quiet =
        Clock::ps_of(clk_.time_of(clk_.now() + 1)) - Clock::ps_of(clk_.time_of(clk_.now()));
    for (auto it = d2h_.begin(); it != d2h_.end();) {
        D2hChunk &ch = *it;
        if (!ch.sealed && (ch.end_known || now - ch.last_ps < quiet)) {
            ++it;
            continue;
        }
        HostOp op;
        op.paddr = ch.addr;
        op.device = true;
        op.data = std::move(ch.data);
        const uint64_t oid = ops_.size();
        if (pcie_link_write(&link_, PCIE_D2H, now, op.paddr, (uint32_t)op.data.size(), oid,
                            &op.link_op) != BH_OK) {
            ch.data = std::move(op.data); /* the link is full: try again as it drains */
            return;
        }
        ops_.push_back(std::move(op));
        open_ops_++;
        it = d2h_.erase(it);
    }
}

} // namespace bh
