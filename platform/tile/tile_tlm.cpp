// SPDX-License-Identifier: Apache-2.0
#include "platform/tile/tile_tlm.h"
#include <cstdio>
#include <cstring>
#include "platform/tile/tensix_tile_tlm.h"

namespace bh
{

tlm::tlm_response_status bh_status_to_tlm(BhStatus s)
{
    switch (s) {
    case BH_OK:
        return tlm::TLM_OK_RESPONSE;
    case BH_ERR_ADDR:
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    case BH_ERR_ACCESS:
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    case BH_ERR_FULL: /* not attempted: the core stalls and tries again */
        return tlm::TLM_INCOMPLETE_RESPONSE;
    case BH_ERR_WIDTH:
        return tlm::TLM_BURST_ERROR_RESPONSE;
    default:
        return tlm::TLM_GENERIC_ERROR_RESPONSE;
    }
}

BhStatus bh_status_from_tlm(tlm::tlm_response_status s)
{
    switch (s) {
    case tlm::TLM_OK_RESPONSE:
        return BH_OK;
    case tlm::TLM_ADDRESS_ERROR_RESPONSE:
        return BH_ERR_ADDR;
    case tlm::TLM_INCOMPLETE_RESPONSE:
        return BH_ERR_FULL;
    default:
        return BH_ERR_ACCESS;
    }
}

TileTlm::TileTlm(sc_core::sc_module_name name, const BhTile &tile, NocNetTlm *nocs[2],
                 const uint32_t nodes[2], uint32_t n_nocs, const Clock &clk)
    : sc_module(name), tile_(tile), nocs_{nocs[0], nocs[1]}, nodes_{nodes[0], nodes[1]},
      n_nocs_(n_nocs), clk_(clk)
{
    char why[256] = "";
    if (tile_map_init(&map_, tile.kind == BH_TILE_ETH ? TILE_KIND_ETH : TILE_KIND_TENSIX, why,
                      sizeof why) != BH_OK)
        SC_REPORT_FATAL("tile_map", why);
    mmio.register_b_transport(this, &TileTlm::b_transport);
    mmio.register_transport_dbg(this, &TileTlm::transport_dbg);
}

NocMemOps TileTlm::mem_ops()
{
    return NocMemOps{&TileTlm::mem_read, &TileTlm::mem_write, &TileTlm::mem_request};
}

TimedPortTlm &TileTlm::attach_timed_port(int noc, uint32_t max_in_flight)
{
    /* a completion names the NoC whose NIU waits */
    auto done = [this](uint64_t token) {
        const uint32_t k = noc_mem_token_noc(token);
        noc_net_mem_done(&nocs_[k]->net(), nodes_[k], token);
        nocs_[k]->kick(nodes_[k]);
    };
    std::string n = std::string(basename()) + (noc < 0 ? "_mem" : "_noc" + std::to_string(noc));
    auto &slot = port_[noc < 0 ? 0 : noc];
    /* a Tensix NIU's own port: separate read and write connections to L1 (WH L1.md: a NoC's
     * 2 read and 2 write 128-bit connections do not share ports; model/tile/l1.h) */
    slot = std::make_unique<TimedPortTlm>(n.c_str(), max_in_flight, done, noc >= 0);
    for (uint32_t k = 0; k < n_nocs_; k++)
        if (noc < 0 || (uint32_t)noc == k) {
            NocNet &net = nocs_[k]->net();
            noc_net_set_timed_memory(&net, nodes_[k], 1);
            /* a Tensix L1 (one port per NoC): the NIU's own writes read it timed too */
            if (noc >= 0 && net.cfg.local_l1_timed)
                noc_net_set_local_timed(&net, nodes_[k], 1);
        }
    return *slot;
}

bool TileTlm::timed_region(uint64_t addr) const
{
    const TileRegion *r = tile_region(tile_map_lookup(&map_, addr));
    return r && r->ops->timed && addr - r->base < tensix_->tile().l1.cfg.size_bytes;
}

BhStatus TileTlm::mem_request(void *ctx, int is_write, uint64_t addr, uint32_t len,
                              const void *wdata, const NocMemAccess *acc)
{
    TileTlm *t = static_cast<TileTlm *>(ctx);
    const uint64_t token = acc->token;
    if (t->tensix_ && !t->timed_region(addr)) {
        /* registers and windows past L1 are not behind L1's ports: the tile answers at once,
         * as it answers a word access; a read's data is taken as its flit leaves (mem_read) */
        const BhStatus st =
            is_write && !acc->timing_only
                ? t->mem_access(tlm::TLM_WRITE_COMMAND, addr, const_cast<void *>(wdata), len)
                : BH_OK;
        if (st == BH_OK) {
            const uint32_t k = noc_mem_token_noc(token);
            noc_net_mem_done(&t->nocs_[k]->net(), t->nodes_[k], token);
            t->nocs_[k]->kick(t->nodes_[k]);
        }
        return st;
    }
    const uint32_t k = noc_mem_token_noc(token);
    TimedPortTlm *p = t->port_[k] ? t->port_[k].get() : t->port_[0].get();
    if (!p)
        return BH_ERR_UNSUPPORTED;
    return p->request(k, is_write, addr, len, wdata, *acc);
}

tlm::tlm_response_status TileTlm::niu_access(uint32_t noc, uint32_t off,
                                             tlm::tlm_generic_payload &gp, bool debug)
{
    if (gp.get_byte_enable_ptr())
        return tlm::TLM_BURST_ERROR_RESPONSE; /* as a width the registers do not take */
    const uint32_t len = gp.get_data_length();
    uint32_t val = 0;
    if (gp.is_write()) {
        std::memcpy(&val, gp.get_data_ptr(), std::min<uint32_t>(len, sizeof val));
        TagExtension *ext = nullptr;
        gp.get_extension(ext);
        if (ext && !debug && len == NOC_NIU_REG_BYTES &&
            off % NOC_CMD_BUF_STRIDE == noc_niu_reg_offset(NOC_R_CMD_CTRL))
            noc_niu_tag_command(&nocs_[noc]->net(), nodes_[noc], off / NOC_CMD_BUF_STRIDE,
                                ext->tag);
    }
    const BhStatus st =
        nocs_[noc]->reg_access(nodes_[noc], off, len, gp.is_write(), &val, debug, clk_.now());
    if (gp.is_read() && st != BH_ERR_WIDTH)
        std::memcpy(gp.get_data_ptr(), &val, sizeof val);
    return bh_status_to_tlm(st);
}

BhStatus TileTlm::core_niu(void *ctx, uint32_t noc, uint32_t off, uint32_t len, int write,
                           int debug, uint32_t *val, uint64_t now)
{
    TileTlm *t = static_cast<TileTlm *>(ctx);
    if (noc >= t->n_nocs_)
        return BH_ERR_ADDR;
    return t->nocs_[noc]->reg_access(t->nodes_[noc], off, len, write, val, debug, now);
}

static_assert(TILE_TRISC0 == 0 && TILE_BRISC == TENSIX_CORE_BRISC, "CoreExtension numbering");

void TileTlm::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay)
{
    (void)delay;
    uint64_t addr = gp.get_address();
    uint32_t region = tile_map_lookup(&map_, addr);
    const TileRegion *r = tile_region(region);
    if (r && r->target == TILE_T_NIU && r->arg < n_nocs_) {
        gp.set_response_status(niu_access(r->arg, (uint32_t)(addr - r->base), gp, false));
        return;
    }
    if (!tensix_) { /* a tile whose inside is not the Tensix map: its memory */
        sc_core::sc_time zero = sc_core::SC_ZERO_TIME;
        mem_out->b_transport(gp, zero);
        return;
    }
    CoreExtension *ce = nullptr;
    gp.get_extension(ce);
    TileAccess a =
        tensix_tile_access_region(&tensix_->tile(), ce ? ce->core : (uint32_t)TILE_BRISC, region,
                                  r ? (uint32_t)(addr - r->base) : 0, gp.get_data_length(),
                                  gp.is_write(), gp.get_data_ptr(), clk_.now());
    if (a.wake)
        tensix_->kick();
    gp.set_response_status(a.width_error ? tlm::TLM_BURST_ERROR_RESPONSE
                           : a.niu       ? tlm::TLM_ADDRESS_ERROR_RESPONSE /* NoC not built */
                                         : bh_status_to_tlm(a.status));
}

unsigned TileTlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    uint64_t addr = gp.get_address();
    const TileRegion *r = tile_region(tile_map_lookup(&map_, addr));
    if (r && r->target == TILE_T_NIU && r->arg < n_nocs_) {
        tlm::tlm_response_status st = niu_access(r->arg, (uint32_t)(addr - r->base), gp, true);
        return st == tlm::TLM_OK_RESPONSE ? 4 : 0;
    }
    if (!tensix_)
        return mem_out->transport_dbg(gp);
    CoreExtension *ce = nullptr;
    gp.get_extension(ce);
    return tensix_tile_debug(&tensix_->tile(), ce ? ce->core : (uint32_t)TILE_BRISC, addr,
                             gp.get_data_length(), gp.is_write(), gp.get_data_ptr(),
                             clk_.now()) == BH_OK
               ? gp.get_data_length()
               : 0;
}

BhStatus TileTlm::mem_access(tlm::tlm_command cmd, uint64_t addr, void *buf, uint32_t len)
{
    /* past L1 on a Tensix tile: the registers and windows the NoC sees (tile_map.def's noc
     * column), word by word where they are registers (tensix_tile_noc_access) */
    if (tensix_ && !timed_region(addr)) {
        const TileAccess a = tensix_tile_noc_access(&tensix_->tile(), addr, len,
                                                    cmd == tlm::TLM_WRITE_COMMAND, buf, clk_.now());
        if (a.niu)
            return BH_ERR_UNSUPPORTED; /* an NIU's own registers over the NoC: not modeled */
        if (a.wake)
            tensix_->kick();
        return a.status;
    }
    tlm::tlm_generic_payload gp;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(static_cast<unsigned char *>(buf));
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    mem_out->b_transport(gp, delay);
    return bh_status_from_tlm(gp.get_response_status());
}

BhStatus TileTlm::mem_read(void *ctx, uint64_t addr, void *buf, uint32_t len)
{
    return static_cast<TileTlm *>(ctx)->mem_access(tlm::TLM_READ_COMMAND, addr, buf, len);
}

BhStatus TileTlm::mem_write(void *ctx, uint64_t addr, const void *buf, uint32_t len)
{
    return static_cast<TileTlm *>(ctx)->mem_access(tlm::TLM_WRITE_COMMAND, addr,
                                                   const_cast<void *>(buf), len);
}

std::string tile_module_name(uint32_t x, uint32_t y)
{
    char b[32];
    std::snprintf(b, sizeof b, "tile_x%02u_y%02u", x, y);
    return b;
}

std::string TileTlm::link_signal(uint32_t noc, uint32_t port) const
{
    static const char *const dir[2][NOC_PORTS] = {{"to_niu", "out_east", "out_south", "", ""},
                                                  {"to_niu", "out_west", "out_north", "", ""}};
    const NocNet &net = nocs_[noc]->net();
    if (port >= net.nports || net.routers[nodes_[noc]].out[port].link == NOC_NONE)
        return "";
    std::string dname = net.nports == 3 ? dir[noc][port] : "out" + std::to_string(port);
    return std::string(name()) + ".noc" + std::to_string(noc) + ".router." + dname + "_busy";
}

std::string TileTlm::niu_signal(uint32_t noc) const
{
    return std::string(name()) + ".noc" + std::to_string(noc) + ".niu.outstanding";
}

void TileTlm::trace(VcdWriter &w)
{
    for (uint32_t k = 0; k < n_nocs_; k++) {
        NocNet &net = nocs_[k]->net();
        const NocRouter &r = net.routers[nodes_[k]];
        for (uint32_t p = 0; p < net.nports; p++)
            if (r.out[p].link != NOC_NONE)
                nocs_[k]->trace_link(w, r.out[p].link, link_signal(k, p));
        nocs_[k]->trace_niu(w, nodes_[k], niu_signal(k));
    }
}

} // namespace bh
