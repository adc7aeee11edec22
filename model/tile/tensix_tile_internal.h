/* model/tile/tensix_tile_internal.h - what tensix_tile_cores.c (the cores' bus and stepping)
 * and tensix_tile_poll.c (poll sleep) share; not part of the tile's interface. */
#ifndef BH_TENSIX_TILE_INTERNAL_H
#define BH_TENSIX_TILE_INTERNAL_H
#include "model/tile/tensix_tile.h"

/* wakes the cores sleeping on `watch` whose polled word changed; vis for the cores after
 * `writer` in step order, vis + 1 for the others (writer TILE_CORES: all at vis) */
void tile_poll_recheck(TensixTile *t, uint32_t watch, uint64_t vis, uint32_t writer);
/* the core stands at the head of a poll loop: 1 if it now sleeps */
int tile_poll_sleep(TensixTile *t, TileCoreSlot *s);
/* a sleeping core stops watching (it wakes, or leaves the poll otherwise) */
void tile_poll_unwatch(TensixTile *t, const TileCoreSlot *s);
/* cores asleep on L1 words re-read them if anything landed in L1 since they last looked */
void tile_poll_recheck_l1(TensixTile *t, uint64_t now);
/* after core `writer` ran at now: re-read what its writes (or the NoC's) may have changed */
void tile_poll_recheck_after(TensixTile *t, uint32_t writer, uint64_t now);

/* L1 watches the words of the cores asleep on L1 polls and of the cores' lazily refused pushes
 * (l1_watch), so they are re-read only when a write landed there; called when one starts */
void tile_l1_watch_update(TensixTile *t);

#endif
