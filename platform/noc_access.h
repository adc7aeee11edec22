/* platform/noc_access.h - timed NoC accesses a host program issues through the library
 * (platform/bhsim.h): each goes to a tile's NIU request port (model/noc/noc_niu_port.h), as a
 * hardware master's request would, on transaction ID kNocAccessTid; the NIU's completion
 * callback records the cycle it completed. */
#ifndef BH_NOC_ACCESS_H
#define BH_NOC_ACCESS_H
#include <cstdint>
#include <vector>
#include "platform/chip.h"

namespace bh
{

constexpr uint8_t kNocAccessTid = 15; /* the API's requests count on this transaction ID */

class NocAccesses
{
  public:
    explicit NocAccesses(Chip &chip) : chip_(chip) {}
    /* A read by the NIU of NoC0 node `node0` on NoC `noc`: len bytes at src_addr of node `src0`
     * land at dst_addr of node0. BH_ERR_FULL: the NIU has no free master record now. */
    BhStatus read(uint32_t noc, uint32_t node0, uint32_t src0, uint64_t src_addr, uint64_t dst_addr,
                  uint32_t len, uint64_t now, uint64_t *id);
    /* 1 done (with its cycles), 0 in flight, -1 unknown id */
    int done(uint64_t id, uint64_t *issued, uint64_t *completed) const;

  private:
    static void completed(void *ctx, uint64_t token, BhStatus status, uint64_t now);
    struct Access {
        uint64_t issued = 0, completed = 0;
        bool done = false;
    };
    Chip &chip_;
    std::vector<Access> accesses_;
};

} // namespace bh
#endif
