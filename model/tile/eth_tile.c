// SPDX-License-Identifier: Apache-2.0
/* The Ethernet tile's MAC inside the tile module: the MAC's view of its tile (L1, MMIO, the
 * cable) and the tile's view of the MAC (its register windows, its step, received frames). */
#include <stdio.h>
#include <stdlib.h>
#include "model/tile/tensix_tile.h"

static BhStatus mac_l1_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    return l1_debug_read(&((TensixTile *)ctx)->l1, addr, buf, len);
}

/* a write L1 sees as any other: cores asleep on an L1 word look again (l1.write_gen) */
static BhStatus mac_l1_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    return l1_debug_write(&((TensixTile *)ctx)->l1, addr, buf, len);
}

/* a TT-link MMIO write packet: performed as the NoC performs a word write to the tile */
static BhStatus mac_mmio_write(void *ctx, uint32_t addr, uint32_t val)
{
    TensixTile *t = ctx;
    const TileAccess a = tensix_tile_noc_access(t, addr, 4, 1, &val, t->eth_now);
    if (a.niu) /* an NIU register: the NoC model's; not reachable from here */
        return BH_ERR_UNSUPPORTED;
    if (a.wake)
        t->cores_kick = 1;
    return a.status;
}

static BhStatus mac_send(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now)
{
    TensixTile *t = ctx;
    if (!t->eth_send) {
        if (t->eth_frames_no_link++ == 0)
            BH_LOG_GUEST(t->log,
                         "%s: the MAC sent a frame at cycle %llu on a port with no "
                         "cable (eth.cables): it is lost",
                         t->name, (unsigned long long)now);
        return BH_OK;
    }
    return t->eth_send(t->eth_send_ctx, frame, len, now);
}

/* the MAC's windows: debug reads are plain reads; a debug write could start a command */
static BhStatus mac_regs(void *ctx, uint32_t addr, int write, uint32_t *val, uint64_t now,
                         int debug, const char **why)
{
    TensixTile *t = ctx;
    if (debug && write)
        return BH_ERR_UNSUPPORTED;
    const BhStatus st = eth_mac_reg_access(t->mac, addr, write, val, now);
    if (st != BH_OK)
        *why = t->mac->why[0] ? t->mac->why : NULL;
    return st;
}

BhStatus tensix_tile_attach_mac(TensixTile *t, const EthMacConfig *cfg, TileEthSendFn send,
                                void *send_ctx, char *why, size_t why_len)
{
    if (t->kind != TILE_KIND_ETH || t->mac) {
        snprintf(why, why_len, "%s: a MAC belongs to an Ethernet tile, once", t->name);
        return BH_ERR_CONFIG;
    }
    if (eth_mac_config_check(cfg, why, why_len) != BH_OK)
        return BH_ERR_CONFIG;
    t->mac = calloc(1, sizeof *t->mac);
    if (!t->mac) {
        snprintf(why, why_len, "%s: out of memory", t->name);
        return BH_ERR_CONFIG;
    }
    const EthMacOps ops = {mac_l1_read, mac_l1_write, mac_mmio_write, mac_send, t};
    if (eth_mac_init(t->mac, cfg, &ops, t->log) != BH_OK) {
        snprintf(why, why_len, "%s: the MAC refused its configuration", t->name);
        return BH_ERR_CONFIG;
    }
    t->eth = mac_regs;
    t->eth_ctx = t;
    t->eth_send = send;
    t->eth_send_ctx = send_ctx;
    return BH_OK;
}

BhStatus tensix_tile_eth_receive(TensixTile *t, const uint8_t *frame, uint32_t len, uint64_t now)
{
    if (!t->mac)
        return BH_ERR_UNSUPPORTED;
    t->eth_now = now;
    return eth_mac_receive(t->mac, frame, len, now);
}
