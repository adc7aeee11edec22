// SPDX-License-Identifier: Apache-2.0
/* model/noc/noc_link.h - internal to model/noc: putting a flit or a credit on a link, and
 * the payload slots (NocNet.flit_data) data flits point to.
 *
 * Every flit a router or an NIU sends and every credit it returns passes here, so these are
 * inline: as calls, their argument and register shuffling cost about as much as their work.
 * Timing: what is put on a link at cycle now arrives at now + latency (noc_net_step).
 */
#ifndef BH_NOC_LINK_H
#define BH_NOC_LINK_H
#include "model/noc/noc_net.h"

static inline uint8_t *noc_flit_data(NocNet *n, uint32_t slot)
{
    return &n->flit_data[(size_t)slot * n->cfg.flit_bytes];
}
uint32_t noc_data_alloc(NocNet *n);
/* one copy of the flit whose payload is in `slot` is gone (NOC_NONE: a header, no payload) */
static inline void noc_data_release(NocNet *n, uint32_t slot)
{
    if (slot != NOC_NONE && --n->data_refs[slot] == 0) {
        n->data_refs[slot] = n->free_data;
        n->free_data = slot;
    }
}

static inline void noc_link_list(NocNet *n, uint32_t li, NocLink *l)
{
    if (l->active_pos != NOC_NONE)
        return;
    l->active_pos = n->n_active_links;
    n->active_links[n->n_active_links++] = li;
}

/* A slot for a flit entering link li now; the caller writes the flit into it. */
static inline NocFlit *noc_link_slot(NocNet *n, uint32_t li, uint64_t now)
{
    NocLink *l = &n->links[li];
    BH_ASSERT(l->pipe_n < l->pipe_cap);
    uint32_t slot = l->pipe_base + noc_ring1((uint32_t)(l->pipe_rd + l->pipe_n), l->pipe_cap);
    n->pipe_at[slot] = now + l->latency;
    if (now + l->latency < l->due) /* arrivals are in order: only when nothing earlier is */
        l->due = now + l->latency;
    l->pipe_n++;
    l->busy = 1;
    l->flits++;
    l->window_flits++;
    n->last_progress = now;
    noc_link_list(n, li, l);
    return &n->pipe[slot];
}

/* A credit for VC vc going back over link li (to the link's sender). */
static inline void noc_link_credit(NocNet *n, uint32_t li, uint8_t vc, uint64_t now)
{
    NocLink *l = &n->links[li];
    BH_ASSERT(l->cred_n < l->pipe_cap);
    uint32_t slot = l->cred_base + noc_ring1((uint32_t)(l->cred_rd + l->cred_n), l->pipe_cap);
    n->cred_vc[slot] = vc;
    n->cred_at[slot] = now + l->latency;
    if (now + l->latency < l->due)
        l->due = now + l->latency;
    l->cred_n++;
    noc_link_list(n, li, l);
}

#endif
