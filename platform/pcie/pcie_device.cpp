// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile as a NoC target (PcieTlm's `mem` and `timed` sockets): device accesses to host
 * memory. Writes are gathered into TLPs of up to the maximum payload and go up the link; reads
 * go up as non-posted reads, and their flits leave as the completions come back. The host
 * side (BAR accesses, TLB windows) is in pcie_tlm.cpp. */
#include <algorithm>
#include <cstring>
#include "platform/chip.h"
#include "platform/mem/timed_port_tlm.h"
#include "platform/pcie/pcie_addr.h"
#include "platform/pcie/pcie_tlm.h"

namespace bh
{

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
