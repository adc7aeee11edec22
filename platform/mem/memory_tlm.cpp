// SPDX-License-Identifier: Apache-2.0
#include "platform/mem/memory_tlm.h"
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace bh
{

MemoryTlm::MemoryTlm(sc_core::sc_module_name name, uint64_t size_bytes, bool sparse,
                     BhLogContext *log)
    : sc_module(name), size_(size_bytes), sparse_(sparse), log_(log)
{
    port.register_b_transport(this, &MemoryTlm::b_transport);
    port.register_transport_dbg(this, &MemoryTlm::transport_dbg);
    if (!size_)
        return;
    if (sparse_) {
        if (bh_sparse_init(&store_, size_) != BH_OK)
            throw std::runtime_error(std::string(this->name()) + ": cannot create sparse store");
    } else {
        dense_ = static_cast<uint8_t *>(std::calloc(1, size_));
        if (!dense_)
            throw std::runtime_error(std::string(this->name()) + ": out of host memory");
    }
}

MemoryTlm::~MemoryTlm()
{
    if (sparse_ && size_)
        bh_sparse_destroy(&store_);
    std::free(dense_);
}

uint64_t MemoryTlm::resident_bytes() const
{
    return sparse_ && size_ ? bh_sparse_resident_bytes(&store_) : 0;
}

tlm::tlm_response_status MemoryTlm::access(tlm::tlm_generic_payload &gp)
{
    if (gp.get_byte_enable_ptr())
        return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    if (gp.get_streaming_width() != gp.get_data_length())
        return tlm::TLM_BURST_ERROR_RESPONSE;
    uint64_t addr = gp.get_address(), len = gp.get_data_length();
    bool write = gp.is_write();
    if (!size_) {
        /* what lies behind Ethernet, L2CPU and security tiles */
        BH_LOG_UNIMP_ONCE(log_,
                          "memory behind Ethernet, L2CPU and security tiles: reads return zeros, "
                          "writes are dropped");
        if (!write)
            std::memset(gp.get_data_ptr(), 0, len);
        return tlm::TLM_OK_RESPONSE;
    }
    if (addr >= size_ || len > size_ - addr)
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    if (sparse_) {
        BhStatus st = write ? bh_sparse_write(&store_, addr, gp.get_data_ptr(), len)
                            : bh_sparse_read(&store_, addr, gp.get_data_ptr(), len);
        return st == BH_OK ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    if (write)
        std::memcpy(dense_ + addr, gp.get_data_ptr(), len);
    else
        std::memcpy(gp.get_data_ptr(), dense_ + addr, len);
    return tlm::TLM_OK_RESPONSE;
}

void MemoryTlm::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &)
{
    gp.set_response_status(access(gp));
}

bool MemoryTlm::debug_access(bool write, uint64_t addr, void *data, uint64_t len)
{
    tlm::tlm_generic_payload gp;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(static_cast<unsigned char *>(data));
    gp.set_data_length(static_cast<unsigned>(len));
    gp.set_streaming_width(static_cast<unsigned>(len));
    return len <= UINT32_MAX && access(gp) == tlm::TLM_OK_RESPONSE;
}

unsigned MemoryTlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    return access(gp) == tlm::TLM_OK_RESPONSE ? gp.get_data_length() : 0;
}

} // namespace bh
