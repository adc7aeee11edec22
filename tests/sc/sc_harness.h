/* tests/sc/sc_harness.h - small pieces shared by the SystemC scenario tests: a check
 * counter and a test initiator that issues 32-bit accesses through a TLM socket. */
#ifndef BH_SC_HARNESS_H
#define BH_SC_HARNESS_H
#include <cstdio>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "platform/chip.h"
#include "platform/config.h"

static int sc_failures;
#define SC_CHECK(cond)                                                                             \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "%s:%d: SC_CHECK(%s) failed\n", __FILE__, __LINE__, #cond);       \
            sc_failures++;                                                                         \
        }                                                                                          \
    } while (0)

struct Poker : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Poker> out{"out"};
    explicit Poker(sc_core::sc_module_name n) : sc_module(n) {}
    tlm::tlm_response_status access(tlm::tlm_command cmd, uint64_t addr, void *data, unsigned len,
                                    sc_core::sc_time *delay = nullptr)
    {
        tlm::tlm_generic_payload gp;
        sc_core::sc_time d = sc_core::SC_ZERO_TIME;
        gp.set_command(cmd);
        gp.set_address(addr);
        gp.set_data_ptr(static_cast<unsigned char *>(data));
        gp.set_data_length(len);
        gp.set_streaming_width(len);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        out->b_transport(gp, d);
        if (delay)
            *delay = d;
        return gp.get_response_status();
    }
    tlm::tlm_response_status write32(uint64_t addr, uint32_t v)
    {
        return access(tlm::TLM_WRITE_COMMAND, addr, &v, 4);
    }
    uint32_t read32(uint64_t addr, tlm::tlm_response_status *st = nullptr)
    {
        uint32_t v = 0;
        tlm::tlm_response_status s = access(tlm::TLM_READ_COMMAND, addr, &v, 4);
        if (st)
            *st = s;
        return v;
    }
    unsigned debug(tlm::tlm_command cmd, uint64_t addr, void *data, unsigned len)
    {
        tlm::tlm_generic_payload gp;
        gp.set_command(cmd);
        gp.set_address(addr);
        gp.set_data_ptr(static_cast<unsigned char *>(data));
        gp.set_data_length(len);
        gp.set_streaming_width(len);
        return out->transport_dbg(gp);
    }
};
/* A p150b with no workload, for scenarios that drive the tiles themselves. */
static inline bool idle_p150b(bh::ChipPlan *plan)
{
    BhParams p;
    std::string err;
    if (!bh::config_load("p150b", {"workload.name=none"}, &p, &err) ||
        !bh::plan_chip(p, plan, &err)) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return false;
    }
    return true;
}

static inline int report(const char *name)
{
    std::fprintf(stderr, "%s %s\n", sc_failures ? "FAIL" : "ok  ", name);
    return sc_failures ? 1 : 0;
}
#endif
