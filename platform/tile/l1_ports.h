/* platform/tile/l1_ports.h - the L1 client-to-port map of model/tile/l1.h (L1_CLIENT_TABLE, default
 * layout) as text, for people: `bhsim --list-l1-ports`, the table of docs/outputs.md, and the
 * GTKWave translate filter that names the values of the VCD's L1 `holder` signals. All three come
 * from the model's table, so they cannot drift from it. Callable from C (sc_main.c). */
#ifndef BH_L1_PORTS_H
#define BH_L1_PORTS_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* The map of l1.preset `preset` (L1Preset), per client (its VCD holder value and its ports) and
 * per port (its clients); markdown != 0 gives two Markdown tables. Writes at most len bytes into
 * buf, terminated when len > 0, and returns the length of the whole text, as snprintf does. */
size_t bh_l1_ports_format(int markdown, uint32_t preset, char *buf, size_t len);
/* The translate filter: "0 idle", then "<1 + client index> <client name>", one a line, values
 * in decimal (attach it to a holder shown in decimal). Same return convention. */
size_t bh_l1_holder_filter_format(char *buf, size_t len);

#ifdef __cplusplus
}
#include <string>
#include "model/tile/l1.h"
/* Applies the key l1.port_map ("client:port[r|w|rw],...;client:..."): each client listed gets
 * exactly the ports it lists (r read only, w write only, rw or nothing both), the others keep
 * theirs; then every client's ports must lie below c->ports. false with a message naming the
 * key, the entry and what is wrong. */
bool bh_l1_port_map_apply(const std::string &text, L1Config *c, std::string *err);
#endif
#endif
