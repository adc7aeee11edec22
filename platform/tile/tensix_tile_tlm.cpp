// SPDX-License-Identifier: Apache-2.0
#include "platform/tile/tensix_tile_tlm.h"
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

namespace bh
{

static_assert(L1_CLIENTS < 16, "the traced holder (1 + client) is 4 bits wide");
static_assert(TILE_CORE_STATES <= 8, "the traced core state is 3 bits wide");

TensixTileTlm::TensixTileTlm(sc_core::sc_module_name name, const L1Config &cfg, const Clock &clk,
                             TileScheduler &sched, BhLogContext *log, TileKind kind)
    : sc_module(name), clk_(clk), sched_(sched), sched_id_(sched.add(this))
{
    char why[256] = "";
    if (tensix_tile_init_kind(&tile_, kind, &cfg, &TensixTileTlm::deliver, this, log, why,
                              sizeof why) != BH_OK)
        throw std::runtime_error(std::string(this->name()) + ": " + why);
    port.register_nb_transport_fw(this, &TensixTileTlm::nb_transport_fw);
    port.register_transport_dbg(this, &TensixTileTlm::transport_dbg);
    functional.register_b_transport(this, &TensixTileTlm::b_transport);
    functional.register_transport_dbg(this, &TensixTileTlm::transport_dbg);
}

void TensixTileTlm::enable_coprocessor(const TensixCoreConfig &cfg, uint64_t deadlock_cycles)
{
    if (tensix_tile_enable_coprocessor(&tile_, &cfg, deadlock_cycles) != BH_OK)
        throw std::runtime_error(std::string(name()) + ": bad coprocessor configuration");
}

void TensixTileTlm::enable_cores(const RvConfig &cfg, TileNiuFn niu, void *niu_ctx)
{
    char why[256] = "";
    if (tensix_tile_enable_cores(&tile_, &cfg, niu, niu_ctx, why, sizeof why) != BH_OK)
        throw std::runtime_error(std::string(name()) + ": " + why);
    tile_.zone = &TensixTileTlm::on_zone; /* rare: a zone costs its kernel two stores */
    tile_.zone_ctx = this;
}

void TensixTileTlm::niu_watch(void *ctx)
{
    TensixTileTlm *t = static_cast<TensixTileTlm *>(ctx);
    if (tensix_tile_niu_changed(&t->tile_, t->clk_.now()))
        t->kick();
}

void TensixTileTlm::start_of_simulation()
{
    if (tile_.cores_enabled)
        schedule(0);
}

TensixTileTlm::~TensixTileTlm()
{
    tensix_tile_destroy(&tile_);
}

bool TensixTileTlm::debug_access(bool write, uint64_t addr, void *data, uint64_t len)
{
    BhStatus st = write ? l1_debug_write(&tile_.l1, addr, data, len)
                        : l1_debug_read(&tile_.l1, addr, data, len);
    /* an untimed write (a NoC inline write or atomic, a loader) under cores asleep on an L1
     * poll: the tile steps so they re-read their words */
    if (write && st == BH_OK && tile_.cores_enabled && tile_.l1_sleepers)
        kick();
    return st == BH_OK;
}

unsigned TensixTileTlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    return debug_access(gp.is_write(), gp.get_address(), gp.get_data_ptr(), gp.get_data_length())
               ? gp.get_data_length()
               : 0;
}

void TensixTileTlm::b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &)
{
    gp.set_response_status(transport_dbg(id, gp) ? tlm::TLM_OK_RESPONSE
                                                 : tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

sc_core::sc_time TensixTileTlm::at(uint64_t cycle) const
{
    return sched_.at(cycle);
}

void TensixTileTlm::schedule(uint64_t cycle)
{
    scheduled_ = cycle;
    sched_.want(sched_id_, cycle);
}

void TensixTileTlm::kick()
{
    uint64_t now = clk_.now();
    uint64_t next = sc_core::sc_time_stamp() <= at(now) ? now : now + 1;
    if (scheduled_ > next || scheduled_ < now)
        schedule(next);
}

BhStatus TensixTileTlm::offer(int id, tlm::tlm_generic_payload &gp)
{
    if (const unsigned char *be = gp.get_byte_enable_ptr()) {
        /* a masked write (a read-modify-write in L1); no byte enabled: the time of one alone */
        const uint32_t len = gp.get_data_length(), be_len = gp.get_byte_enable_length();
        if (!gp.is_write() || len > 64 || be_len == 0)
            return BH_ERR_UNSUPPORTED;
        uint64_t mask = 0;
        for (uint32_t i = 0; i < len; i++)
            mask |= (uint64_t)(be[i % be_len] == TLM_BYTE_ENABLED) << i;
        return l1_request_masked(&tile_.l1, client_of_binding_.at((size_t)id), gp.get_address(),
                                 len, gp.get_data_ptr(), mask, reinterpret_cast<uint64_t>(&gp),
                                 clk_.now());
    }
    return l1_request(&tile_.l1, client_of_binding_.at((size_t)id), gp.get_address(),
                      gp.get_data_length(), gp.is_write(), gp.get_data_ptr(),
                      reinterpret_cast<uint64_t>(&gp), clk_.now());
}

tlm::tlm_sync_enum TensixTileTlm::nb_transport_fw(int id, tlm::tlm_generic_payload &gp,
                                                  tlm::tlm_phase &phase, sc_core::sc_time &)
{
    if (phase == tlm::END_RESP)
        return tlm::TLM_COMPLETED;
    if (phase != tlm::BEGIN_REQ)
        return tlm::TLM_ACCEPTED;
    if (waiting_.size() < client_of_binding_.size())
        waiting_.resize(client_of_binding_.size(), nullptr);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    switch (offer(id, gp)) {
    case BH_OK:
        kick();
        phase = tlm::END_REQ;
        return tlm::TLM_UPDATED;
    case BH_ERR_FULL: /* END_REQ follows when the client's queue has room */
        waiting_[(size_t)id] = &gp;
        kick();
        return tlm::TLM_ACCEPTED;
    default:
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        phase = tlm::BEGIN_RESP;
        return tlm::TLM_COMPLETED;
    }
}

void TensixTileTlm::step(uint64_t now)
{
    uint64_t next = tensix_tile_step(&tile_, now);
    for (size_t id = 0; id < waiting_.size(); id++) {
        tlm::tlm_generic_payload *gp = waiting_[id];
        if (!gp || offer((int)id, *gp) == BH_ERR_FULL)
            continue;
        waiting_[id] = nullptr;
        tlm::tlm_phase phase = tlm::END_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        port[(int)id]->nb_transport_bw(*gp, phase, delay);
        next = std::min(next, now + 1);
    }
    if (traced_) {
        if (sample(now))
            next = std::min(next, now + 1);
        if (cores_traced_)
            sample_cores();
        if (coproc_traced_ && sample_coprocessor(now))
            next = std::min(next, now + 1);
    }
    schedule(next);
}

/* An L1 completion of a client outside the tile module (the NIUs): its response */
void TensixTileTlm::deliver(void *ctx, const L1Done *d)
{
    TensixTileTlm *t = static_cast<TensixTileTlm *>(ctx);
    auto *gp = reinterpret_cast<tlm::tlm_generic_payload *>(d->token);
    if (gp->is_read())
        std::memcpy(gp->get_data_ptr(), d->data, d->bytes);
    if (t->binding_of_client_.empty()) {
        t->binding_of_client_.assign(L1_CLIENTS, -1);
        for (size_t b = 0; b < t->client_of_binding_.size(); b++)
            t->binding_of_client_[t->client_of_binding_[b]] = (int)b;
    }
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    t->port[t->binding_of_client_[d->client]]->nb_transport_bw(*gp, phase, delay);
}

/* true while anything traced is non-zero, so the next cycle is sampled too */
bool TensixTileTlm::sample(uint64_t now)
{
    /* the mirrors are what the file shows: only a mirror that moves is reported */
    auto put = [this](uint8_t *mirror, uint8_t v, uint32_t signal) {
        if (*mirror != v) {
            *mirror = v;
            vcd_->update_if_open(signal, v);
        }
    };
    /* a port or bank can have changed only if it holds an access, was granted one since the
     * last sample, or showed a client then: the others show 0 and still do. In index order, as
     * a walk over all of them would report them. */
    uint32_t granted_ports;
    uint64_t granted_banks;
    l1_take_granted(&tile_.l1, &granted_ports, &granted_banks);
    for (uint32_t m = tile_.l1.held_ports | granted_ports | ports_shown_; m; m &= m - 1) {
        const uint32_t p = (uint32_t)__builtin_ctz(m);
        const L1Port &port = tile_.l1.port[p];
        const uint8_t holder = port.busy_until > now ? (uint8_t)(port.hold_client + 1) : 0;
        const uint8_t blocked = port.head != L1_NONE;
        put(&port_holder_[p], holder, port_sig_[p]);
        put(&port_blocked_[p], blocked, port_sig_[p] + 1);
        ports_shown_ = (holder || blocked) ? ports_shown_ | 1u << p : ports_shown_ & ~(1u << p);
    }
    for (uint64_t m = granted_banks | banks_shown_; m; m &= m - 1) {
        const uint32_t b = (uint32_t)__builtin_ctzll(m);
        const L1Bank &bank = tile_.l1.bank[b];
        const uint8_t holder = bank.busy_until > now ? (uint8_t)(bank.hold_client + 1) : 0;
        put(&bank_holder_[b], holder, bank_sig_[b]);
        banks_shown_ = holder ? banks_shown_ | 1ull << b : banks_shown_ & ~(1ull << b);
    }
    return ports_shown_ || banks_shown_;
}

void TensixTileTlm::sample_cores()
{
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        const TileCoreSlot &s = tile_.cores[c];
        const uint32_t pc = rv_core_pc(s.rv);
        const uint8_t state = (uint8_t)tensix_tile_core_state(&tile_, c);
        const RvPoll *poll = rv_core_poll(s.rv);
        const uint32_t wait_on = s.sleeping && poll->loads ? poll->addr : 0;
        if (pc != core_pc_[c]) {
            core_pc_[c] = pc;
            vcd_->update_if_open(core_sig_[c], pc);
        }
        if (wait_on != core_wait_on_[c]) { /* before the state: the timeline names its span */
            core_wait_on_[c] = wait_on;
            vcd_->update_if_open(core_sig_[c] + 2, wait_on);
        }
        if (state != core_state_[c]) {
            core_state_[c] = state;
            vcd_->update_if_open(core_sig_[c] + 1, state);
        }
    }
}

/* What the coprocessor says of the cycle the tile just stepped: each unit's state in it (idle
 * if the coprocessor did not classify it); a thread that issued, or else the stall whose count
 * grew, is its state. true while any shows non-zero, so the next cycle is sampled too and a
 * signal falls back to 0 in the cycle its unit stops (as sample() does for L1). */
bool TensixTileTlm::sample_coprocessor(uint64_t now)
{
    const TensixCore *c = tile_.core;
    bool any = false;
    for (uint32_t u = 0; u < TENSIX_UNITS; u++) {
        const uint8_t state = (uint8_t)tensix_core_unit_state(c, u, now);
        if (state != unit_state_[u]) {
            const uint8_t busy = state == TENSIX_US_BUSY;
            unit_state_[u] = state;
            vcd_->update_if_open(unit_sig_ + 2 * u, state);
            if (busy != unit_busy_[u]) {
                unit_busy_[u] = busy;
                vcd_->update_if_open(unit_sig_ + 2 * u + 1, busy);
            }
        }
        any |= state != TENSIX_US_IDLE;
    }
    for (uint32_t t = 0; t < TENSIX_THREADS; t++) {
        const TensixThread &th = c->thr[t];
        uint8_t state = th.issued != thread_seen_[t][0] ? 1 : 0;
        thread_seen_[t][0] = th.issued;
        for (uint32_t k = 0; k < TENSIX_STALLS; k++) {
            if (!state && th.stall_cycles[k] != thread_seen_[t][1 + k])
                state = (uint8_t)(2 + k);
            thread_seen_[t][1 + k] = th.stall_cycles[k];
        }
        if (state != thread_state_[t]) {
            thread_state_[t] = state;
            vcd_->update_if_open(thread_sig_ + t, state);
        }
        any |= state != 0;
    }
    return any;
}

std::string TensixTileTlm::unit_signal(uint32_t unit, const char *what) const
{
    return std::string(name()) + ".unit." + tensix_core_unit_name(unit) + "." + what;
}

std::string TensixTileTlm::thread_signal(uint32_t thread) const
{
    return std::string(name()) + ".T" + std::to_string(thread) + ".state";
}

std::string TensixTileTlm::core_signal(uint32_t core, const char *what) const
{
    return std::string(name()) + "." + tensix_tile_core_name(&tile_, core) + "." + what;
}

std::string TensixTileTlm::signal(const char *kind, uint32_t index, const char *what) const
{
    char b[16];
    std::snprintf(b, sizeof b, "%02u", index);
    return std::string(name()) + "." + kind + b + "." + what;
}

void TensixTileTlm::trace(VcdWriter &w)
{
    traced_ = true;
    vcd_ = &w;
    port_holder_.assign(tile_.l1.cfg.ports, 0);
    port_blocked_.assign(tile_.l1.cfg.ports, 0);
    bank_holder_.assign(tile_.l1.cfg.banks, 0);
    port_sig_.resize(tile_.l1.cfg.ports);
    bank_sig_.resize(tile_.l1.cfg.banks);
    for (uint32_t p = 0; p < tile_.l1.cfg.ports; p++) { /* holder, then blocked at + 1 */
        port_sig_[p] = w.add(nullptr, port_holder_[p], signal("port", p, "holder"), 4);
        w.add(nullptr, port_blocked_[p], signal("port", p, "blocked"), 1);
    }
    for (uint32_t b = 0; b < tile_.l1.cfg.banks; b++)
        bank_sig_[b] = w.add(nullptr, bank_holder_[b], signal("bank", b, "holder"), 4);
    if (tile_.core) { /* consecutive ids: unit u's state at unit_sig_ + 2u, its busy bit next;
                       * thread t at thread_sig_ + t */
        coproc_traced_ = true;
        for (uint32_t u = 0; u < TENSIX_UNITS; u++) {
            const uint32_t id = w.add(nullptr, unit_state_[u], unit_signal(u, "state"), 3);
            w.add(nullptr, unit_busy_[u], unit_signal(u, "busy"), 1);
            unit_sig_ = u ? unit_sig_ : id;
        }
        for (uint32_t t = 0; t < TENSIX_THREADS; t++) {
            const uint32_t id = w.add(nullptr, thread_state_[t], thread_signal(t), 3);
            thread_sig_ = t ? thread_sig_ : id;
        }
    }
    if (!cores_traced_ || !tile_.cores_enabled)
        return;
    for (uint32_t c = 0; c < TILE_CORES; c++) { /* pc, then state at + 1, wait_on at + 2 */
        core_sig_[c] = w.add(nullptr, core_pc_[c], core_signal(c, "pc"), 32);
        w.add(nullptr, core_state_[c], core_signal(c, "state"), 3);
        w.add(nullptr, core_wait_on_[c], core_signal(c, "wait_on"), 32);
    }
}

void TensixTileTlm::on_zone(void *ctx, uint32_t core, uint32_t name_addr, uint64_t now)
{
    TensixTileTlm *t = static_cast<TensixTileTlm *>(ctx);
    const bool listened = t->vcd_ && t->cores_traced_;
    if (!name_addr) {
        auto &open = t->zones_open_[core];
        if (!open.empty()) { /* the tile passes a close only for a zone it saw open */
            ZoneStat &z = t->zone_stats_[{core, open.back().first}];
            const uint64_t cycles = now - open.back().second;
            z.count++;
            z.cycles += cycles;
            z.min = std::min(z.min, cycles);
            z.max = std::max(z.max, cycles);
            open.pop_back();
        }
        if (listened)
            t->vcd_->zone_if_listened(t->core_sig_[core] + 1, nullptr);
        return;
    }
    /* the name as the core sees that address now: the image that opened the zone may be gone
     * by the time it closes */
    constexpr uint32_t kMax = 63;
    char name[kMax + 8];
    uint32_t n = 0;
    for (; n < kMax; n++) {
        uint8_t ch = 0;
        if (tensix_tile_debug(&t->tile_, core, (uint64_t)name_addr + n, 1, 0, &ch, now) != BH_OK)
            break;
        if (!ch)
            break;
        name[n] = (char)(ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\' ? ch : '?');
    }
    if (n == 0)
        std::snprintf(name, sizeof name, "zone@0x%08x", name_addr);
    else if (n == kMax)
        std::memcpy(name + n, "...", 4); /* longer than the timeline keeps: say so */
    else
        name[n] = 0;
    auto &open = t->zones_open_[core];
    const size_t depth = t->tile_.zone_depth[core]; /* this zone's, counted already */
    if (open.size() >= depth) /* the core was reset with zones open: they ended with it */
        open.resize(depth ? depth - 1 : 0);
    open.push_back({name, now});
    if (listened)
        t->vcd_->zone_if_listened(t->core_sig_[core] + 1, name);
}

} // namespace bh
