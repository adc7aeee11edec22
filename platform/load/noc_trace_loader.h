/* platform/load/noc_trace_loader.h - what the NoC trace loader's files share; not part of its
 * interface (noc_trace_load.h). noc_trace_load.cpp holds the Loader's field readers and
 * checks, the event store and the entry points; noc_trace_metal.cpp parses tt-metal NoC event
 * traces; noc_trace_npe.cpp parses tt-npe workloads; noc_trace_coords.cpp holds the Blackhole
 * grid tables and coordinate translation both formats use.
 */
#ifndef BH_NOC_TRACE_LOADER_H
#define BH_NOC_TRACE_LOADER_H
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>
#include <boost/json.hpp>
#include "platform/load/noc_trace_load.h"

namespace bh
{
namespace noc_trace_detail
{

namespace json = boost::json;
using Obj = json::object;

/* noc_trace_coords.cpp: the Blackhole grid */
bool is_blackhole(const ChipShape &c);
int phys_index(int x); /* -1 if no Tensix column / Ethernet channel sits at NoC0 x */
std::string kind_of_label(const std::string &l);
bool default_exists(const ChipShape &c, int x, int y);

/* noc_trace_load.cpp: message and event helpers */
std::string xy(int x, int y);
std::string describe(const json::value &v);
NocTraceEvent blank_event(uint32_t index);

struct CmdState { /* what a *_SET_STATE left in a command buffer */
    bool set = false;
    uint8_t x = 0, y = 0;
    uint32_t bytes = 0;
};

struct StreamInfo {
    uint64_t last_ts = 0;
    uint32_t last_index = 0;
    bool any = false;
    CmdState state[2][2]; /* [noc][read?] */
};

/* One file being loaded: where the parse is (for messages), the events so far and their
 * streams. Every reader returns false after setting *err through fail(). */
struct Loader {
    const std::string &shown;
    CoordSpace space;
    const ChipShape &chip;
    std::string *err;
    std::string where; /* "event 12", "phases[0].transfers[3]" */
    NocTrace t;
    std::vector<uint32_t> stream_of; /* per event in t.events */
    std::map<std::tuple<int, int, int>, uint32_t> stream_ix;
    std::vector<StreamInfo> info;
    std::map<std::string, uint32_t> proc_ix, zone_ix;
    int64_t device = -1;
    bool in_time_order = true; /* traces: a stream's time must not go back */
    uint32_t max_events;       /* events (or expanded packets) at most */

    Loader(const std::string &s, CoordSpace sp, const ChipShape &c, std::string *e, uint32_t max)
        : shown(s), space(sp), chip(c), err(e), max_events(max)
    {
    }

    /* noc_trace_load.cpp: messages, field readers, checks, the event store */
    bool fail(const std::string &msg);
    bool bad(const char *key, const std::string &msg);
    bool field(const Obj &o, const char *key, const json::value **p, bool *found);
    bool get_int(const Obj &o, const char *key, int64_t lo, int64_t hi, int64_t *v,
                 bool *found = nullptr);
    bool get_str(const Obj &o, const char *key, std::string *v, bool *found = nullptr);
    bool get_noc(const Obj &o, const char *key, uint8_t *noc);
    bool get_tile(const Obj &o, const char *kx, const char *ky, int noc, bool endpoint, uint8_t *x,
                  uint8_t *y, bool *found = nullptr);
    bool get_rect(const Obj &o, int noc, NocTraceEvent *e);
    bool check_device(const Obj &o, const char *key);
    bool intern(std::map<std::string, uint32_t> *m, std::vector<std::string> *names,
                const std::string &s, uint32_t max, const char *what, uint32_t *ix);
    uint32_t stream_for(const NocTraceEvent &e);
    bool add(NocTraceEvent e, const std::string &type_name);
    bool proc_of(const std::string &proc, NocTraceEvent *e);
    void finish(NocTrace *out);

    /* noc_trace_metal.cpp: a tt-metal NoC event trace (a JSON array) */
    bool trace(const json::array &a);
    bool zone_marker(const Obj &o, uint32_t i);
    bool trace_event(const Obj &o, uint32_t i);

    /* noc_trace_npe.cpp: a tt-npe workload (a JSON object with "phases") */
    bool workload(const Obj &top);
    bool transfer(const Obj &o, uint32_t ordinal);
};

} // namespace noc_trace_detail
} // namespace bh
#endif
