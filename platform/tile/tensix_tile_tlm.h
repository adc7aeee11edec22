/* platform/tile/tensix_tile_tlm.h - the shell of a Tensix tile module (model/tile/tensix_tile.h):
 * its L1 (model/tile/l1.h) behind TLM-2.0 targets, its coprocessor, its registers and core RAMs
 * (reached through TileTlm's `mmio`, which decodes the tile map and calls tile()):
 *   port        approximately-timed, base protocol, one binding per client (the binder says
 *               which L1 client it is with bind_client): BEGIN_REQ gets END_REQ when the
 *               client's queue takes the request (later if full), BEGIN_RESP when its data
 *               has moved; reads carry their data back
 *   functional  untimed access to the same bytes (b_transport, transport_dbg): the NIUs'
 *               per-flit data and loads before a run
 * The tile steps when the chip's TileScheduler (platform/tile/tile_sched.h) calls step(), at
 * phase::kTile, after the networks and the synthetic cores, so every request made in a cycle
 * is arbitrated in that cycle whatever the order of processes. */
#ifndef BH_TENSIX_TILE_TLM_H
#define BH_TENSIX_TILE_TLM_H
#include <map>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <memory>
#include <string>
#include <vector>
#include "model/tile/tensix_tile.h"
#include "platform/clock.h"
#include "platform/output/vcd_writer.h"
#include "platform/tile/tile_sched.h"

namespace bh
{

class TensixTileTlm : public sc_core::sc_module
{
  public:
    tlm_utils::multi_passthrough_target_socket<TensixTileTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        port{"port"};
    tlm_utils::multi_passthrough_target_socket<TensixTileTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        functional{"functional"};
    TensixTileTlm(sc_core::sc_module_name name, const L1Config &cfg, const Clock &clk,
                  TileScheduler &sched, BhLogContext *log, TileKind kind = TILE_KIND_TENSIX);
    ~TensixTileTlm() override;
    /* the next binding of `port` is L1 client `client` (L1_CLIENT_TABLE) */
    void bind_client(uint32_t client)
    {
        client_of_binding_.push_back(client);
    }
    const L1 &state() const
    {
        return tile_.l1;
    }
    /* The tile's Tensix coprocessor (model/tile/tensix/tensix_core.h), whose Mover and ThCon are
     * L1 clients inside the tile module: tensix_tile_step steps it with L1, in the same cycle
     * and phase. At elaboration only. */
    void enable_coprocessor(const TensixCoreConfig &cfg, uint64_t deadlock_cycles);
    /* The tile's five RISC-V cores (model/riscv/rv_core.h), held in reset until SOFT_RESET_0
     * releases them; niu performs their NIU register accesses. At elaboration only. */
    void enable_cores(const RvConfig &cfg, TileNiuFn niu, void *niu_ctx);
    /* the NoC model's watch of this tile's NIUs (noc_net_set_niu_watch; ctx: the TensixTileTlm) */
    static void niu_watch(void *ctx);
    /* TileZoneFn: a zone's name read from the core's view of memory when it opens; its cycles
     * to the zone statistics when it closes, and both to the VCD's listeners when traced */
    static void on_zone(void *ctx, uint32_t core, uint32_t name_addr, uint64_t now);
    struct ZoneStat { /* a core's closed zones of one name */
        uint64_t count = 0, cycles = 0, min = UINT64_MAX, max = 0;
    };
    /* (core, name) -> its closed zones; what the report's "zones" are made of */
    const std::map<std::pair<uint32_t, std::string>, ZoneStat> &zone_stats() const
    {
        return zone_stats_;
    }
    TensixCore *core()
    {
        return tile_.core;
    }
    TensixTile &tile()
    {
        return tile_;
    }
    const TensixTile &tile() const
    {
        return tile_;
    }
    /* step the tile this cycle if it is not already due (after an access that may create work) */
    void kick();
    /* the scheduler's call in a cycle the tile wanted: steps it, says when it wants the next */
    void step(uint64_t now);
    void prefetch() const /* of the state step reads first (tensix_tile_prefetch) */
    {
        tensix_tile_prefetch(&tile_);
    }
    uint64_t last_busy_cycle() const /* the last cycle the coprocessor or L1 had work */
    {
        return tile_.last_busy;
    }
    /* VCD: per port `port<NN>.holder` (0 idle, else 1 + the L1_CLIENT_TABLE index of the
     * client whose access occupies it this cycle) and `port<NN>.blocked` (it holds an access
     * its bank did not grant this cycle), per bank `bank<NN>.holder`; NN has two digits so
     * scopes sort in order. Sampled every cycle while any is non-zero, so exact.
     * With the cores enabled (riscv), per core `<core>.pc` (32 bits) and `<core>.state`
     * (3 bits, TileCoreState: 0 held, 1 running, 2 waiting, 3 poll sleep, 4 ebreak, 5 error),
     * sampled at each tile step only: pc is where the core is when the tile steps it; between
     * steps it may run ahead (up to the tile's run-ahead window, on private work), and a stop
     * shows at the step that finds it.
     * With a coprocessor, per unit `unit.<name>.state` (3 bits, TENSIX_UNIT_STATES: 0 idle,
     * 1 busy, 2 l1, 3 src, 4 dst, 5 semaphore, 6 fifo, 7 other) and `unit.<name>.busy` (1 bit:
     * state busy) in the cycle the tile last stepped, and per thread `T<i>.state` (3 bits,
     * CoprocThreadState: 0 idle, 1 issued, 2 wait_gate, 3 unit_busy, 4 wait_latched: why it
     * did not issue), from the coprocessor's own state and counters at each step. */
    void trace(VcdWriter &w);
    /* the VCD shows this tile's cores (pc, state): the tiles a workload runs */
    void trace_cores(bool on)
    {
        cores_traced_ = on;
    }
    bool traced() const
    {
        return traced_;
    }
    /* the full names trace() gives: kind "port" or "bank", what "holder" or "blocked" */
    std::string signal(const char *kind, uint32_t index, const char *what) const;
    /* the full name of core's traced `what` ("pc" or "state") */
    std::string core_signal(uint32_t core, const char *what) const;
    /* the full names of a coprocessor unit's `what` ("busy" or "state") and a thread's state */
    std::string unit_signal(uint32_t unit, const char *what) const;
    std::string thread_signal(uint32_t thread) const;
    bool coprocessor_traced() const
    {
        return coproc_traced_;
    }

    /* untimed access to L1's bytes (the chip's backdoor and the functional socket): true if
     * the range fits; a write wakes cores asleep on an L1 poll */
    bool debug_access(bool write, uint64_t addr, void *data, uint64_t len);

  private:
    void start_of_simulation() override; /* released cores run from cycle 0 */
    tlm::tlm_sync_enum nb_transport_fw(int id, tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    BhStatus offer(int id, tlm::tlm_generic_payload &gp);
    static void deliver(void *ctx, const L1Done *d);
    void schedule(uint64_t cycle);
    sc_core::sc_time at(uint64_t cycle) const;
    bool sample(uint64_t now);
    void sample_cores();
    bool sample_coprocessor(uint64_t now);

    TensixTile tile_; /* by value: the coprocessor holds a pointer to its L1 */
    const Clock &clk_;
    TileScheduler &sched_;
    const uint32_t sched_id_;
    uint64_t scheduled_ = BH_IDLE;
    std::vector<uint32_t> client_of_binding_;
    std::vector<tlm::tlm_generic_payload *> waiting_; /* per binding: BEGIN_REQ not taken */
    std::vector<int> binding_of_client_;
    bool traced_ = false;
    bool cores_traced_ = false;
    VcdWriter *vcd_ = nullptr;                  /* the mirrors below report their changes to it */
    std::vector<uint32_t> port_sig_, bank_sig_; /* VCD signals: holder (+ 1: blocked); holder */
    uint32_t core_sig_[TILE_CORES] = {};        /* pc (+ 1: state, + 2: wait_on) */
    std::vector<uint8_t> port_holder_, port_blocked_, bank_holder_; /* traced, see trace() */
    uint32_t ports_shown_ = 0;               /* ports whose holder or blocked mirror is not 0 */
    uint64_t banks_shown_ = 0;               /* banks whose holder mirror is not 0 */
    uint32_t core_pc_[TILE_CORES] = {};      /* traced with the cores */
    uint32_t core_wait_on_[TILE_CORES] = {}; /* the address it sleeps polling; 0 awake */
    std::vector<std::pair<std::string, uint64_t>> zones_open_[TILE_CORES]; /* name, cycle */
    std::map<std::pair<uint32_t, std::string>, ZoneStat> zone_stats_;
    bool coproc_traced_ = false;             /* the tile has a coprocessor: its units and threads */
    uint32_t unit_sig_ = 0, thread_sig_ = 0; /* the first unit's (state; busy at + 1), thread's */
    uint8_t unit_state_[TENSIX_UNITS] = {}, unit_busy_[TENSIX_UNITS] = {};
    uint8_t thread_state_[TENSIX_THREADS] = {};
    uint64_t thread_seen_[TENSIX_THREADS][1 + TENSIX_STALLS] = {}; /* issued, then stalls */
    uint8_t core_state_[TILE_CORES] = {};
};

} // namespace bh
#endif
