/* model/chip/noc_frame.h - how each NoC numbers the grid's nodes.
 *
 * NoC0 numbers node (x, y) as y * w + x in NoC0 coordinates. Blackhole's NoC1 flows the other
 * way (-x, -y) and lives in a frame rotated by 180 degrees, so its own node (x', y') is NoC0's
 * (w - 1 - x', h - 1 - y'); generic networks have one NoC and no rotation. The map is its own
 * inverse: the same call turns a NoC0 node into NoC k's and back. Every block that speaks to
 * a NoC in its own frame (routers, NIUs, workloads, reports) uses this one map.
 */
#ifndef BH_NOC_FRAME_H
#define BH_NOC_FRAME_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct NocFrame {
    uint32_t w, h;         /* grid */
    uint32_t rotated_noc1; /* Blackhole: NoC1's frame is NoC0's rotated by 180 degrees */
} NocFrame;

static inline uint32_t noc_frame_node(const NocFrame *f, uint32_t noc, uint32_t node)
{
    if (noc == 0 || !f->rotated_noc1)
        return node;
    return (f->h - 1 - node / f->w) * f->w + (f->w - 1 - node % f->w);
}

#ifdef __cplusplus
}
#endif
#endif
