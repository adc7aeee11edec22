/* platform/noc/noc_net_tlm.h - one NoC (model/noc/noc_net.h) as an sc_module: one event,
 * re-armed from the step's return value, so an idle network costs nothing. Register
 * accesses reach the NIUs through the tile shells (TileTlm), which call kick() when a
 * command may have created work. NoC k steps at its phase (platform/clock.h) in each cycle;
 * initiators act picoseconds later, so a register written in cycle n is seen by the step of
 * cycle n + 1 whatever the order of SystemC processes. */
#ifndef BH_NOC_NET_TLM_H
#define BH_NOC_NET_TLM_H
#include <string>
#include <systemc>
#include <vector>
#include "model/noc/noc_net.h"
#include "platform/clock.h"
#include "platform/output/vcd_writer.h"

namespace bh
{

class NocNetTlm : public sc_core::sc_module
{
  public:
    SC_HAS_PROCESS(NocNetTlm);
    NocNetTlm(sc_core::sc_module_name name, const NocNetConfig &cfg, const NocMemOps &ops,
              const Clock &clk, uint64_t phase_fs, bool trace_busy, BhLogContext *log);
    ~NocNetTlm() override;
    NocNet &net()
    {
        return net_;
    }
    const NocNet &net() const
    {
        return net_;
    }
    /* something changed in cycle now() at node's NIU (its registers, a request): step at the
     * next cycle at the latest */
    void kick(uint32_t node);
    /* Any master's access to node's NIU registers (noc_niu_reg_access, which holds the rule),
     * then a kick after a write that reached them */
    BhStatus reg_access(uint32_t node, uint32_t off, uint32_t len, int write, uint32_t *val,
                        int debug, uint64_t now)
    {
        const BhStatus st = noc_niu_reg_access(&net_, node, off, len, write, val, debug, now);
        if (write && !debug && st != BH_ERR_WIDTH)
            kick(node);
        return st;
    }
    void retime(); /* the clock changed: wake at the new time of the cycle it waits for */
    /* fn(ctx) whenever node's NIU changes (noc_net_set_niu_watch, which this shell owns: it
     * watches traced NIUs itself and passes each change on) */
    void watch_niu(uint32_t node, void (*fn)(void *ctx), void *ctx);
    /* VCD (the tiles name the signals): a link's busy flag, sampled after each step that
     * moved a flit and the one after; a NIU's outstanding count, sampled after each step that
     * follows a change of that NIU and at each kick of its node (a register write that issues
     * a command or clears a count) */
    void trace_link(VcdWriter &w, uint32_t link, const std::string &name);
    void trace_niu(VcdWriter &w, uint32_t node, const std::string &name);

  private:
    void run();
    void schedule(uint64_t cycle);
    void trace_links(); /* after a step: the busy flags that changed */
    void trace_nius();  /* after a step: the counts of the NIUs that changed */
    struct NiuWatch {   /* by node; the model's watch context, so never moved once in use */
        NocNetTlm *self;
        uint32_t node;
        uint32_t trace_order;  /* the NIU's place among the traced, UINT32_MAX if untraced */
        bool dirty;            /* changed since the last step's sample */
        void (*fn)(void *ctx); /* the client's watch, if any */
        void *ctx;
    };
    static void niu_changed(void *ctx);
    NiuWatch &niu_watch(uint32_t node);
    NocNet net_{};
    const Clock &clk_;
    const uint64_t phase_fs_;
    sc_core::sc_event wake_;
    uint64_t scheduled_ = BH_IDLE;
    VcdWriter *vcd_ = nullptr;           /* set when a link is traced */
    std::vector<uint32_t> link_sig_;     /* by link: its VCD signal, or UINT32_MAX */
    std::vector<uint32_t> busy_links_;   /* traced links busy at the last step */
    std::vector<VcdGroup *> node_trace_; /* by node: its NIU's count, or null */
    uint32_t nius_traced_ = 0;
    std::vector<NiuWatch> niu_watch_; /* n_nodes entries once one is watched */
    std::vector<uint32_t> niu_dirty_; /* traced nodes whose NIU changed since the last step */
};

} // namespace bh
#endif
