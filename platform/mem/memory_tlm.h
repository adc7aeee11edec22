/* platform/mem/memory_tlm.h - a byte-addressed memory behind a TLM target socket, untimed: a
 * Tensix tile's L1 when l1.timed is off (dense, zero-filled; pages the host never touches cost
 * nothing) or a GDDR6 controller's 4 GiB when dram.timed is off (sparse store,
 * model/mem/bh_sparse_mem.h), shared by the NIUs that reach it. Size 0 stands for
 * what is not modeled behind a tile (Ethernet, L2CPU, security):
 * reads return zeros, writes are dropped, and the first access logs that once. */
#ifndef BH_MEMORY_TLM_H
#define BH_MEMORY_TLM_H
#include <cstdint>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include "model/mem/bh_sparse_mem.h"

namespace bh
{

class MemoryTlm : public sc_core::sc_module
{
  public:
    tlm_utils::multi_passthrough_target_socket<MemoryTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        port{"port"};
    MemoryTlm(sc_core::sc_module_name name, uint64_t size_bytes, bool sparse, BhLogContext *log);
    ~MemoryTlm() override;
    uint64_t size() const
    {
        return size_;
    }
    uint64_t resident_bytes() const;
    /* untimed access (the chip's backdoor): true if the range fits */
    bool debug_access(bool write, uint64_t addr, void *data, uint64_t len);

  private:
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    tlm::tlm_response_status access(tlm::tlm_generic_payload &gp);
    uint64_t size_;
    bool sparse_;
    BhLogContext *log_; /* the chip's */
    uint8_t *dense_ = nullptr;
    BhSparseMem store_{};
};

} // namespace bh
#endif
