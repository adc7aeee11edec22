/* platform/pcie/pcie_tlm.h - the PCIe tile facing the host: its configuration space, TLB
 * windows and host link (model/pcie/), the host's accesses carried over the link as TLPs, and
 * its NIU as a hardware master on the NoC.
 *
 * Host to device: a host write (host_write) is posted: its bytes travel H2D as MWr TLPs; each
 * TLP, once at the NoC side of the tile, is decoded with the TLB configuration of that moment
 * (so a configuration write and the window writes after it act in the order the host made
 * them): a TLB window's becomes a NoC write from the tile's NIU request port (acknowledged,
 * or posted when the TLB's ordering is "posted writes"; unicast or multicast to the TLB's
 * rectangle), a TLB configuration word is stored. A host read (host_read) travels as MRd
 * requests; each becomes a NoC read into the tile and is answered with completions once its
 * data is back. The host's read is done when its last completion reaches the root complex.
 * Device to host: a NoC write to the tile at a host window (the address's top six bits 0, 1,
 * 2 or 4: the host windows of the PCIe tile's NoC address space; bits 57..0 are the host
 * address) travels D2H as MWr TLPs and reaches host memory when its last byte arrives. Its
 * flits reach the tile through the NIU's timed port (`timed`): each is taken, and counts as
 * done for the write's acknowledgement, while the tile holds fewer than
 * pcie.link.d2h_buffer_bytes not yet at the host; otherwise it waits in the NoC. A NoC read of
 * a host window is a non-posted read over the link: on its first flit's access the tile sends
 * MRd requests for the whole NoC read (split at max read request size), the host answers each
 * after host_read_latency_ps with completions, and each flit of the NoC response leaves once
 * its bytes have come back (its data is then read from host memory). Read responses landing
 * in a host window (a NoC read by the tile's own NIU), byte-enable and inline writes still
 * come in through `mem`, untimed at the port and never refused.
 * Host memory: the chip's own sparse store, or the embedder's callbacks (set_host_memory).
 * Window transactions issue in arrival order as the TLB's ordering mode allows
 * (model/pcie/pcie_order.h): a read after writes waits for their acknowledgements (posted
 * writes: for their data to leave), Strict AXI goes one transaction at a time.
 * BAR0's NIU windows reach the tile's own NIU registers a word at a time; its ARC window
 * (PCIe 1 only) reaches the ARC's addresses from 0x8000_0000 from its second MiB. Both are
 * answered at once, as the TLB configuration words are.
 * Not modeled: the ARC window's first MiB (tt-umd's CSM offset, unused on Blackhole), BAR2,
 *   strided multicast, counted writes (act as default), linked and static VCs.
 */
#ifndef BH_PCIE_TLM_H
#define BH_PCIE_TLM_H
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>
#include "model/mem/bh_sparse_mem.h"
#include "model/noc/noc_net.h"
#include "model/pcie/pcie_cfg.h"
#include "model/pcie/pcie_link.h"
#include "model/pcie/pcie_order.h"
#include "model/pcie/pcie_tlb.h"
#include "platform/clock.h"

namespace bh
{

class Chip;

/* The embedder's host memory (libttsim's DMA callbacks); null: the chip's own store. */
typedef void (*HostMemRead)(void *ctx, uint64_t addr, void *dst, uint32_t len);
typedef void (*HostMemWrite)(void *ctx, uint64_t addr, const void *src, uint32_t len);

struct PcieSetup {
    PcieCfgConfig cfg{};
    PcieTlbsConfig tlb{};
    PcieLinkConfig link{};
    uint32_t node0 = 0;   /* NoC0 node of the PCIe tile facing the host */
    uint64_t bar_base[3]; /* BAR0, BAR2, BAR4 as assigned at power-on */
};

/* The BAR bases the chip assigns at power-on (as firmware would; libttsim hosts cannot write
 * configuration space): BAR0 at 4 GiB, BAR2 after it, BAR4 at 32 GiB. */
constexpr uint64_t kPcieBar0Base = 0x100000000ull;
constexpr uint64_t kPcieBar2Base = 0x120000000ull;
constexpr uint64_t kPcieBar4Base = 0x800000000ull;

class PcieTlm : public sc_core::sc_module
{
  public:
    SC_HAS_PROCESS(PcieTlm);
    /* the tile's memory as its NIUs see it: host windows and the inbound data */
    tlm_utils::multi_passthrough_target_socket<PcieTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        mem{"mem"};
    /* the timed accesses of the tile's NIUs (TimedPortTlm): host-window reads and writes */
    tlm_utils::simple_target_socket<PcieTlm> timed{"timed"};
    /* PCIe 1's direct path to the ARC (BAR0's ARC window) */
    tlm_utils::simple_initiator_socket<PcieTlm> arc_out{"arc_out"};
    PcieTlm(sc_core::sc_module_name name, const PcieSetup &setup, Chip &chip, const Clock &clk,
            BhLogContext *log);
    ~PcieTlm() override;

    uint32_t cfg_read32(uint32_t off) const;
    BhStatus cfg_write32(uint32_t off, uint32_t val);
    /* A host access at host physical address paddr (BAR base + offset). *id names it for
     * done(). BH_ERR_ADDR: not inside a BAR (why says so); BH_ERR_FULL: the link has no free
     * operation record now (advance and retry); BH_ERR_ACCESS: length 0. */
    BhStatus host_write(uint64_t paddr, const void *data, uint32_t len, uint64_t *id,
                        std::string *why);
    BhStatus host_read(uint64_t paddr, uint32_t len, uint64_t *id, std::string *why);
    /* 1 when access id is done (a read's data in `out`, len bytes; a write's data landed at
     * every NoC target), 0 in flight, -1 unknown; *at: the time it was done, ps */
    int done(uint64_t id, void *out, uint64_t *at) const;
    void set_host_memory(HostMemRead rd, HostMemWrite wr, void *ctx);
    /* host memory by backdoor (the chip's own store only) */
    bool host_mem_read(uint64_t addr, void *buf, uint64_t len) const;
    bool host_mem_write(uint64_t addr, const void *buf, uint64_t len);
    bool idle() const;
    /* the simulation pauses when access id is done (UINT64_MAX: none awaited) */
    void await(uint64_t id)
    {
        await_ = id;
    }
    const PcieLink &link() const
    {
        return link_;
    }

  private:
    struct HostOp {
        uint64_t paddr = 0;
        std::vector<uint8_t> data; /* write: the host's bytes; read: the data as it lands */
        uint32_t link_op = 0;
        uint32_t noc_due = 0; /* NoC transactions still to complete */
        bool is_read = false, link_done = false, done = false, device = false;
        uint64_t done_ps = 0;
        uint64_t dev_read = 0; /* device reads: the key of its DevRead */
    };
    struct DevRead {       /* a NoC read of host memory: one link read, answered flit by flit */
        uint64_t base = 0; /* NoC address of its first byte */
        uint32_t flit_bytes = 0;       /* of the NoC that asked */
        std::vector<uint16_t> missing; /* per flit: bytes not yet back from the host */
        std::vector<tlm::tlm_generic_payload *> asked; /* per flit: its access, once made */
        uint32_t left = 0;                             /* flits not yet answered */
    };
    struct D2hChunk { /* a device write gathering up to a max-payload boundary */
        uint64_t addr;
        std::vector<uint8_t> data;
        uint64_t last_ps; /* when its last flit joined */
        bool sealed;      /* full, or its packet's end: leaves as it is */
        bool end_known;   /* its packet's last flit will seal it (else: a quiet cycle) */
    };
    struct NocJob { /* a window's NoC request waiting for its ordering and a master record */
        NocRequest rq;
        uint32_t noc;
        uint8_t ordering; /* PcieOrdering of its TLB */
    };
    void run();
    static void on_link(void *ctx, const PcieLinkEvent *ev);
    void act(const PcieLinkEvent &ev);
    static void on_noc_done(void *ctx, uint64_t token, BhStatus status, uint64_t now);
    void tlp_at_device(const PcieLinkEvent &ev);
    void tlp_at_host(const PcieLinkEvent &ev);
    void window_access(HostOp &op, uint64_t op_id, const PcieLinkEvent &ev, const PcieTarget &t);
    void issue(const NocRequest &rq, uint32_t noc, uint8_t ordering);
    void pump(uint64_t now);
    void send_d2h();
    void finish_if_done(HostOp &op);
    BhStatus host_access(bool read, uint64_t paddr, const void *data, uint32_t len, uint64_t *id,
                         std::string *why);
    uint64_t now_ps() const;
    void wake_at_ps(uint64_t ps);
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    tlm::tlm_response_status access(tlm::tlm_generic_payload &gp, bool debug);
    void host_mem(bool write, uint64_t addr, uint8_t *buf, uint32_t len);
    void niu_regs(uint32_t niu, uint32_t off, bool write, uint8_t *data, uint32_t bytes,
                  uint64_t paddr);
    void arc_window(uint64_t arc_addr, bool write, uint8_t *data, uint32_t bytes, uint64_t paddr);
    void gather_d2h(uint64_t host, const uint8_t *buf, uint32_t len, bool end_known, bool last);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
    enum { kHeld, kDone, kWaiting };
    int timed_access(tlm::tlm_generic_payload &gp); /* kHeld: not now */
    void dev_read_data(const PcieLinkEvent &ev);
    void answer(tlm::tlm_generic_payload &gp);
    void retry_held();

    PcieSetup setup_;
    Chip &chip_;
    const Clock &clk_;
    BhLogContext *log_;
    PcieCfg cfg_{};
    PcieTlbs tlbs_{};
    PcieLink link_{};
    BhSparseMem host_{};
    HostMemRead host_rd_ = nullptr;
    HostMemWrite host_wr_ = nullptr;
    void *host_ctx_ = nullptr;
    std::vector<HostOp> ops_;
    uint64_t open_ops_ = 0;          /* ops_ not done yet: the run loop asks idle() every slice */
    std::deque<NocJob> waiting_;     /* window requests not issued yet, in arrival order */
    PcieOrder order_{};              /* window transactions in flight, for the ordering modes */
    std::multiset<uint64_t> strict_; /* tokens of those through Strict AXI TLBs */
    std::multimap<uint64_t, PcieLinkEvent> later_; /* TLPs that act at a later time, by ps */
    std::deque<D2hChunk> d2h_;                     /* device writes waiting for the link */
    uint64_t d2h_bytes_ = 0;                /* device write bytes taken and not yet at the host */
    std::map<uint64_t, DevRead> dev_reads_; /* by NIU token: NoC reads of host memory */
    tlm::tlm_generic_payload *held_ = nullptr; /* a timed access refused for now */
    sc_core::sc_event wake_;
    uint64_t await_ = UINT64_MAX;
};

} // namespace bh
#endif
