/* platform/chip.h - turns the configuration keys into model configurations (checking what
 * the key table alone cannot: list syntax, coordinates that must name enabled Tensix tiles,
 * cross-key limits), and assembles the chip: one TileTlm per grid position named
 * tile_x<XX>_y<YY> (NoC0 coordinates, two digits: tile_module_name), one NocNetTlm per NoC, L1
 * and DRAM memories, and the synthetic workload. */
#ifndef BH_CHIP_H
#define BH_CHIP_H
#include <boost/json.hpp>
#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <vector>
#include "model/chip/bh_grid.h"
#include "model/chip/noc_frame.h"
#include "model/noc/noc_net.h"
#include "model/workload/noc_traffic.h"
#include "platform/clock.h"
#include "platform/tile/tensix_tile_tlm.h"
#include "platform/load/l1_image.h"
#include "platform/load/noc_trace_load.h"
#include "platform/load/rv_programs.h"
#include "platform/load/tensix_stream_load.h"
#include "platform/dram/gddr6_tlm.h"
#include "platform/mem/memory_tlm.h"
#include "platform/noc/noc_net_tlm.h"
#include "model/workload/dram_stream.h"
#include "platform/workload/workload_tlm.h"
#include "platform/workload/workloads.h"
#include "platform/params.h"
#include "platform/registry.h"
#include "platform/tile/tile_tlm.h"
#include "platform/pcie/pcie_tlm.h"
#include "platform/arc/arc_tlm.h"
#include "platform/eth/eth_link_tlm.h"
#include "platform/output/profile.h"

namespace bh
{

constexpr uint64_t kDramBytes = 4ull << 30;

/* The chip as the hardware keys build it: every block and its parameters. Every enabled Tensix
 * tile has its five RISC-V cores and its coprocessor whenever L1 is timed (the cores are L1
 * clients), whatever runs on them; an idle one costs nothing, as steps are event-driven. */
struct HardwarePlan {
    std::unique_ptr<BhGrid> grid;
    NocNetConfig noc[2];
    uint32_t n_nocs = 0;
    bool dram_timed = true;    /* GDDR6 controllers, else untimed stores */
    bool l1_timed = true;      /* L1 banks and ports, else an untimed byte array */
    bool tensix_cores = false; /* the Tensix tiles have cores and coprocessors (l1_timed) */
    L1Config l1{};
    Gddr6Config gddr6{};
    uint32_t dram_endpoint_in_flight = 64;
    /* an Ethernet tile's L1 (docs/hardware.md#ethernet: 512 KiB; its size against other
     * sources is issue 33's to settle, with the tile's cores and ports) */
    uint64_t eth_l1_bytes = 512u * 1024;
    EthMacConfig eth_mac{};   /* eth.mac.*: every enabled Ethernet tile's MAC */
    EthLinkConfig eth_link{}; /* eth.link.*: every cable's */
    /* eth.cables: the NoC0 nodes of the two Ethernet tiles each cable joins */
    std::vector<std::pair<uint32_t, uint32_t>> eth_cables;
    uint32_t chips = 1; /* system.chips */
    struct SystemCable {
        uint32_t chip[2], node[2];
    };
    std::vector<SystemCable> system_cables; /* system.cables */
    double aiclk_mhz = 1350.0;
    TensixCoreConfig tensix{};                /* mover.*, thcon.* */
    uint64_t tensix_deadlock_cycles = 100000; /* tensix.deadlock_cycles */
    RvConfig riscv{};                         /* riscv.*: the cores' timing */
    TileLatencyConfig riscv_latency{};        /* riscv.*_load_cycles of the register windows */
    bool has_host_side = false;               /* a PCIe tile facing the host and the ARC */
    PcieTileConfig pcie{};                    /* pcie.* */
    ArcConfig arc{};                          /* arc.*, and what the chip tells the ARC */
};

/* What runs on that hardware (workload.*): traffic, a trace, scripts, programs, L1 contents. */
struct WorkloadPlan {
    NocTrafficConfig traffic{};
    std::vector<uint32_t> injectors; /* NoC0 node indices */
    bool dram_stream = false;        /* the dram_stream workload instead of synthetic traffic */
    DramStreamConfig dram{};
    std::vector<uint32_t> cores;     /* dram_stream: NoC0 node indices */
    std::unique_ptr<NocTrace> trace; /* noc_trace: the loaded trace */
    /* tensix_stream: per tile and core (TRISC0..2, BRISC) the script's items */
    std::vector<uint32_t> stream_tiles;                      /* NoC0 nodes */
    std::vector<std::vector<TensixStreamItem>> stream_items; /* [core], shared by the tiles */
    /* riscv and host workloads: the programs (workload.elf) and the tiles whose cores they run,
     * which the report, the VCD and the stall watchdog follow */
    std::vector<RvProgram> rv_programs;
    std::vector<uint32_t> rv_tiles; /* NoC0 nodes, each once, in workload.elf's order */
    std::vector<L1Blob> l1_init;    /* workload.l1_init */

    /* a replayed trace, scripted cores or programs are measured whole: the window closes at the
     * end of the run, not at sim.cycles */
    bool measured_whole() const
    {
        return trace != nullptr || !stream_tiles.empty() || !rv_tiles.empty();
    }
    /* programs may run for ever (firmware waits for the next launch): sim.cycles ends them */
    bool runs_programs() const
    {
        return !rv_tiles.empty();
    }
};

/* What the run shows beyond the report (output.*). */
struct OutputPlan {
    std::vector<uint32_t> vcd_l1_tiles; /* NoC0 nodes whose L1 the VCD traces (output.vcd_l1) */
    std::vector<L1Dump> l1_dumps;       /* output.dump_l1 */
    bool profile = false;               /* output.profile: the cores count cycles per PC */
};

struct ChipPlan : HardwarePlan, WorkloadPlan, OutputPlan {
};

/* false with a message naming the key on a bad configuration */
bool plan_chip(const BhParams &p, ChipPlan *plan, std::string *err);
/* the Ethernet tiles' MACs and cables (eth/eth_plan.cpp) */
bool plan_eth(const BhParams &p, ChipPlan *plan, std::string *err);
/* A cable's hooks (eth/chip_eth.cpp): it holds the run open while frames or credits are in
 * flight, and reports itself in the `ethernet` array, its ends as chip[k]'s node[k] */
class EthLinkTlm;
class BlockRegistry;
class Clock;
void register_cable(BlockRegistry &blocks, EthLinkTlm &cable, const ChipPlan &plan,
                    const uint32_t chip[2], const uint32_t node[2], const Clock &clk);
/* the PCIe tile facing the host and the ARC (pcie/pcie_plan.cpp) */
bool plan_host_side(const BhParams &p, ChipPlan *plan, std::string *err);
/* "x,y" naming one enabled Tensix (or generic) tile -> its NoC0 node; errors name `key` */
bool compute_tile(const BhGrid &g, const std::string &key, const std::string &text, uint32_t *node,
                  std::string *err);
/* the same for one enabled Ethernet tile */
bool eth_tile(const BhGrid &g, const std::string &key, const std::string &text, uint32_t *node,
              std::string *err);
/* An enabled Tensix tile, or a node of a generic network: what injects and takes multicast */
bool is_compute(const BhTile &t);
/* "tile (x,y): brisc at pc 0x..., its Tensix coprocessor still running; " */
std::string rv_busy_text(const TensixTile &t);

class Chip : public sc_core::sc_module
{
  public:
    /* log: the chip's log context, which every block that logs is given (the caller owns it) */
    /* chip_id: its number among system.chips (its tiles' SIM_CHIP_ID) */
    Chip(sc_core::sc_module_name name, const ChipPlan &plan, bool trace_busy, BhLogContext *log,
         uint32_t chip_id = 0);
    uint32_t chip_id() const
    {
        return chip_id_;
    }
    /* the Ethernet tile (MAC attached) at NoC0 node, for a cable between chips; null if none */
    TensixTileTlm *eth_port(uint32_t node) const
    {
        return node < l1_of_node_.size() && plan_.grid->tiles[node].kind == BH_TILE_ETH
                   ? l1_of_node_[node]
                   : nullptr;
    }
    BlockRegistry &blocks_mut()
    {
        return blocks_;
    }
    ~Chip() override;
    const ChipPlan &plan() const
    {
        return plan_;
    }
    const Clock &clock() const
    {
        return clk_;
    }
    uint32_t n_nocs() const
    {
        return plan_.n_nocs;
    }
    NocNetTlm &noc(uint32_t k)
    {
        return *nocs_[k];
    }
    WorkloadTlm *workload()
    {
        return workload_.get();
    }
    TileTlm &tile_at(uint32_t x, uint32_t y)
    {
        return *tiles_.at(y * plan_.grid->w + x);
    }
    void trace(VcdWriter &w); /* every registered block's signals */
    uint32_t noc0_node_of_frame(uint32_t noc, uint32_t frame_node) const;
    uint64_t dram_resident_bytes() const;
    /* the blocks the run loop asks whether they are idle, failed or busy, and the VCD and the
     * report ask for their signals and entries (registry.h) */
    const BlockRegistry &blocks() const
    {
        return blocks_;
    }
    /* the timed L1 (and Tensix tile shell) of NoC0 node node0, or null */
    const TensixTileTlm *timed_l1(uint32_t node0) const
    {
        return node0 < l1_of_node_.size() ? l1_of_node_[node0] : nullptr;
    }
    TensixCore *coprocessor(uint32_t node0)
    {
        return core_of_node_.empty() || !core_of_node_[node0] ? nullptr
                                                              : core_of_node_[node0]->core();
    }
    const TensixTileTlm *l1_of(uint32_t node0) const
    {
        return core_of_node_.empty() ? nullptr : core_of_node_[node0];
    }
    /* Backdoor access (no time) to the memory of NoC0 node `node`: its L1, or its DRAM
     * controller's store; false if it has none or the range does not fit. The one untimed way
     * in: workload.l1_init, the synthetic workload's source patterns, output.dump_l1 and the C
     * API all use it. On a Tensix tile
     * with cores (riscv and host workloads) the whole tile map as a debugger sees it (L1,
     * registers, BRISC's local RAM, the other cores' RAMs through their windows); a write
     * there takes effect as a NoC write would (a SOFT_RESET_0 write releases cores, cores
     * asleep on a written register wake). */
    bool backdoor_write(uint32_t node, uint64_t addr, const void *data, uint64_t len);
    bool backdoor_read(uint32_t node, uint64_t addr, void *data, uint64_t len) const;
    /* writes the output.dump_l1 files */
    bool dump_l1(std::string *err) const;
    /* GDDR6 statistics now, one entry per controller (zeros where disabled or untimed) */
    std::vector<Gddr6Stats> dram_stats() const;
    /* peak and per-controller figures over the window between two dram_stats() snapshots */
    boost::json::object dram_report(const std::vector<Gddr6Stats> &from,
                                    const std::vector<Gddr6Stats> &to,
                                    double secs) const; /* secs: the window's simulated time */
    const std::vector<std::unique_ptr<Gddr6Tlm>> &gddr() const
    {
        return gddr_;
    }
    /* the PCIe tile facing the host and the ARC tile, null on generic networks */
    PcieTlm *pcie()
    {
        return pcie_.get();
    }
    const ArcTlm *arc() const
    {
        return arc_.get();
    }

    /* the tiles whose RISC-V cores the workload runs (riscv, host workloads); every Tensix tile
     * has cores, these are the ones the report, the VCD and the stall watchdog follow */
    const std::vector<TensixTileTlm *> &rv_tiles() const
    {
        return rv_tiles_;
    }
    /* Symbols of a program a host placed on `core` of NoC0 node `node` (bh_chip_add_symbols);
     * an earlier program whose symbols overlap its addresses is dropped (a reloaded slot). */
    void add_symbols(uint32_t node, uint32_t core, std::shared_ptr<const RvProgram> prog);
    /* `text` (messages about the cores of node's tile) with each "pc 0x%08x" followed by
     * " (symbol+0xoff)" when a program of the core named last before it has one there */
    std::string name_pcs(uint32_t node, const std::string &text) const;
    /* the program registered for `core` of node's tile whose symbols hold pc, else the last
     * registered (a host's firmware, then its kernels); null if none */
    const RvProgram *program_at(uint32_t node, uint32_t core, uint32_t pc) const;
    /* whether a host placed a kernel on `core` of node's tile, not only the firmware: the last
     * program registered for it (add_symbols) has the symbol bh_kernel_entry */
    bool kernel_core(uint32_t node, uint32_t core) const;
    /* the riscv tiles' stall ("" none): BlockHooks::stall of the programs' cores */
    std::string riscv_stalled(uint64_t now, uint64_t last_move, uint64_t limit) const;
    /* the NoC0 node of rv_tiles()[i] */
    uint32_t rv_node(size_t i) const
    {
        return plan_.rv_tiles.at(i);
    }
    /* the RISC-V cores do not run at or past `end` (the run's last cycle + 1), and at the end
     * of a run the cores sleeping on a poll account the iterations until then */
    void set_core_horizon(uint64_t end);
    void settle_cores(uint64_t end);
    /* output.profile (chip_profile.cpp): the counts per PC of every core, by ELF (at the end) */
    const ProfileData &collect_profile();

  private:
    /* assembly by area (the constructor calls them in registry order) */
    void assemble_nocs(bool trace_busy, BhLogContext *log); /* noc/chip_noc.cpp */
    void make_memories(BhLogContext *log);                  /* dram/chip_dram.cpp */
    void register_dram();
    void make_host_side(BhLogContext *log); /* pcie/chip_pcie.cpp */
    void register_host_side();
    void retime(uint32_t mhz, uint64_t from); /* AICLK changes: pcie/chip_pcie.cpp */
    void dram_section(const ReportContext &ctx, boost::json::object &d) const;
    std::vector<int> assemble_tiles(BhLogContext *log); /* tile/chip_tiles.cpp */
    void bind_l1(TileTlm &tile, const BhTile &t, uint32_t node, BhLogContext *log);
    /* noc.translation: what firmware writes into the tile's NIU of NoC k at boot */
    void boot_translation(uint32_t k, uint32_t node, const BhTile &t);
    void register_l1_traces();
    void assemble_cores(); /* every Tensix tile's cores, then the programs: chip_riscv.cpp */
    void assemble_eth();   /* the Ethernet tiles' MACs and cables: eth/chip_eth.cpp */
    void setup_programs();
    void enable_profile();
    /* moves core's counts inside prog's addresses (prog null: all left) into prof_ */
    void take_profile(uint32_t node, uint32_t core, const RvProgram *prog);
    void assemble_workload(const std::vector<int> &socket_of); /* workload/chip_workload.cpp */
    WorkloadTlm::Factory workload_factory(const std::vector<uint32_t> **sources);
    void register_coprocessor(uint32_t node);
    void register_workload();
    const ChipPlan &plan_;
    uint32_t chip_id_;
    Clock clk_;
    NocFrame frame_; /* how each NoC numbers the nodes */
    std::unique_ptr<NocNetTlm> nocs_[2];
    std::vector<std::unique_ptr<MemoryTlm>> l1_, dram_; /* dram_: untimed stores */
    std::vector<std::unique_ptr<MemoryTlm>> eth_l1_;    /* enabled Ethernet tiles' L1s */
    std::vector<std::unique_ptr<Gddr6Tlm>> gddr_;       /* per controller, null if disabled */
    std::unique_ptr<MemoryTlm> nothing_;
    std::unique_ptr<PcieTlm> pcie_;
    std::unique_ptr<ArcTlm> arc_;
    std::vector<std::unique_ptr<EthLinkTlm>> cables_; /* eth.cables */
    std::unique_ptr<TileScheduler> tile_sched_;       /* steps the timed L1s' tiles */
    std::vector<std::unique_ptr<TensixTileTlm>> tl1_; /* timed L1s (l1.timed) */
    std::vector<TensixTileTlm *> core_of_node_;       /* tensix_stream tiles' L1 and coprocessor */
    std::vector<TensixTileTlm *> l1_of_node_;         /* timed L1 of each NoC0 node, or null */
    std::vector<MemoryTlm *> untimed_l1_of_node_;     /* untimed L1 of each NoC0 node, or null */
    std::vector<TensixTileTlm *> rv_tiles_;           /* the tiles whose cores the workload runs */
    std::vector<TensixTileTlm *> idle_cores_;         /* the other tiles with cores */
    std::vector<uint8_t> is_dram_;                    /* per NoC0 node, for the trace replay */
    std::vector<std::unique_ptr<TileTlm>> tiles_;
    std::unique_ptr<WorkloadTlm> workload_;
    BlockRegistry blocks_;
    /* per node * TILE_CORES + core: programs whose symbols name PCs (add_symbols) */
    std::map<uint32_t, std::vector<std::shared_ptr<const RvProgram>>> syms_;
    ProfileData prof_; /* output.profile: counts of reloaded kernel slots, then all */
};

} // namespace bh
#endif
