// SPDX-License-Identifier: Apache-2.0
#include "platform/noc_access.h"

namespace bh
{

BhStatus NocAccesses::read(uint32_t noc, uint32_t node0, uint32_t src0, uint64_t src_addr,
                           uint64_t dst_addr, uint32_t len, uint64_t now, uint64_t *id)
{
    if (noc >= chip_.n_nocs())
        return BH_ERR_CONFIG;
    const BhGrid &g = *chip_.plan().grid;
    TileTlm &me = chip_.tile_at(node0 % g.w, node0 / g.w);
    TileTlm &src = chip_.tile_at(src0 % g.w, src0 / g.w);
    NocRequest rq{};
    rq.op = NOC_REQ_READ;
    rq.tid = kNocAccessTid;
    rq.target = src.node(noc);
    rq.reply_node = me.node(noc);
    rq.remote_addr = src_addr;
    rq.local_addr = dst_addr;
    rq.len = len;
    rq.tag = BH_IDLE;
    rq.done = &NocAccesses::completed;
    rq.done_ctx = this;
    rq.token = accesses_.size();
    const BhStatus st = noc_niu_port_request(&chip_.noc(noc).net(), me.node(noc), &rq, now);
    if (st != BH_OK)
        return st;
    accesses_.push_back(Access{now, 0, false});
    chip_.noc(noc).kick(me.node(noc));
    *id = rq.token;
    return BH_OK;
}

void NocAccesses::completed(void *ctx, uint64_t token, BhStatus, uint64_t now)
{
    Access &a = static_cast<NocAccesses *>(ctx)->accesses_.at(token);
    a.completed = now;
    a.done = true;
}

int NocAccesses::done(uint64_t id, uint64_t *issued, uint64_t *completed) const
{
    if (id >= accesses_.size())
        return -1;
    const Access &a = accesses_[id];
    if (issued)
        *issued = a.issued;
    if (completed)
        *completed = a.completed;
    return a.done ? 1 : 0;
}

} // namespace bh
