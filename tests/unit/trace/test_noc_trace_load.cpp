// SPDX-License-Identifier: Apache-2.0
/* tests/unit/trace/test_noc_trace_load.cpp - the NoC trace / tt-npe workload loader: every
 * event type's mapping, *_WITH_STATE filling, coordinate spaces (translated coordinates
 * checked tile by tile against docs/hardware.md#coordinates), the samples in traces/samples,
 * and each error. */
#include <sys/stat.h>
#include <unistd.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "platform/load/file_read.h"
#include "platform/load/noc_trace_load.h"
#include "tests/check.h"

#ifndef BH_SOURCE_DIR
#define BH_SOURCE_DIR "."
#endif

using bh::ChipShape;
using bh::CoordSpace;
using bh::NocTrace;

static const std::string kSamples = std::string(BH_SOURCE_DIR) + "/traces/samples/";
static const std::string kData = std::string(BH_SOURCE_DIR) + "/tests/unit/trace/data/";

#define CHECK_HAS(text, part)                                                                      \
    do {                                                                                           \
        const std::string t_ = (text), p_ = (part);                                                \
        if (t_.find(p_) == std::string::npos) {                                                    \
            fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__,         \
                    t_.c_str(), p_.c_str());                                                       \
            check_failures_++;                                                                     \
        }                                                                                          \
    } while (0)

static ChipShape p150_12cols() /* fw >= 19.5: Tensix columns NoC0 x 7 and 10 soft-disabled */
{
    ChipShape c;
    c.harvested_tensix_cols = {7, 10};
    return c;
}

static bool parse(const std::string &json, NocTrace *t, std::string *err,
                  CoordSpace space = CoordSpace::Noc0, const ChipShape &chip = ChipShape())
{
    return bh::parse_noc_trace(json, "mem.json", space, chip, t, err);
}

static std::string ev(const std::string &type, const std::string &extra, int ts,
                      const std::string &proc = "BRISC", const std::string &noc = "NOC_0")
{
    return "{\"proc\":\"" + proc + "\",\"noc\":\"" + noc + "\",\"sx\":1,\"sy\":2,\"type\":\"" +
           type + "\",\"timestamp\":" + std::to_string(ts) + (extra.empty() ? "" : ",") + extra +
           "}";
}

/* Every type tt-metal's NocEventType can put in a trace (its WRITE_ is the doc's WRITE). */
static void test_every_type_mapped()
{
    struct {
        const char *type, *extra;
        uint32_t op;
    } const rows[] = {
        {"READ", "\"dx\":0,\"dy\":11,\"num_bytes\":64", NOC_TR_READ},
        {"READ_SET_STATE", "\"dx\":9,\"dy\":3,\"num_bytes\":128", NOC_TR_SET_STATE},
        {"READ_SET_TRID", "", NOC_TR_SET_STATE},
        {"READ_WITH_STATE", "", NOC_TR_READ},
        {"READ_WITH_STATE_AND_TRID", "\"trid\":3", NOC_TR_READ},
        {"READ_BARRIER_START", "", NOC_TR_READ_BARRIER},
        {"READ_BARRIER_END", "", NOC_TR_BARRIER_END},
        {"READ_BARRIER_WITH_TRID", "", NOC_TR_READ_BARRIER},
        {"READ_DRAM_SHARDED_SET_STATE", "\"dx\":0,\"dy\":3,\"num_bytes\":256", NOC_TR_SET_STATE},
        {"READ_DRAM_SHARDED_WITH_STATE", "", NOC_TR_READ},
        {"WRITE_", "\"dx\":2,\"dy\":2,\"num_bytes\":64", NOC_TR_WRITE},
        {"WRITE", "\"dx\":2,\"dy\":2,\"num_bytes\":64", NOC_TR_WRITE},
        {"WRITE_SET_TRID", "", NOC_TR_SET_STATE},
        {"WRITE_WITH_TRID", "\"dx\":2,\"dy\":2,\"num_bytes\":64", NOC_TR_WRITE},
        {"WRITE_INLINE", "\"dx\":2,\"dy\":2", NOC_TR_WRITE_INLINE},
        {"WRITE_MULTICAST",
         "\"mcast_start_x\":2,\"mcast_start_y\":2,\"mcast_end_x\":4,\"mcast_end_y\":5,"
         "\"num_bytes\":64",
         NOC_TR_WRITE_MCAST},
        {"WRITE_SET_STATE", "\"dx\":3,\"dy\":3,\"num_bytes\":32", NOC_TR_SET_STATE},
        {"WRITE_WITH_STATE", "", NOC_TR_WRITE},
        {"WRITE_WITH_TRID_SET_STATE", "\"dx\":4,\"dy\":4", NOC_TR_SET_STATE},
        {"WRITE_WITH_TRID_WITH_STATE", "\"num_bytes\":96", NOC_TR_WRITE},
        {"WRITE_BARRIER_START", "", NOC_TR_WRITE_BARRIER},
        {"WRITE_BARRIER_END", "", NOC_TR_BARRIER_END},
        {"WRITE_BARRIER_WITH_TRID", "", NOC_TR_WRITE_BARRIER},
        {"WRITE_FLUSH", "", NOC_TR_WRITE_FLUSH},
        {"WRITE_FLUSH_WITH_TRID", "", NOC_TR_WRITE_FLUSH},
        {"FULL_BARRIER", "", NOC_TR_FULL_BARRIER},
        {"ATOMIC_BARRIER", "", NOC_TR_ATOMIC_BARRIER},
        {"SEMAPHORE_INC", "\"dx\":5,\"dy\":5", NOC_TR_ATOMIC},
        {"SEMAPHORE_WAIT", "", NOC_TR_SEM_WAIT},
        {"SEMAPHORE_SET", "", NOC_TR_SEM_SET},
        {"FABRIC_UNICAST_WRITE", "\"num_bytes\":4096", NOC_TR_FABRIC},
        {"FABRIC_UNICAST_INLINE_WRITE", "", NOC_TR_FABRIC},
        {"FABRIC_UNICAST_ATOMIC_INC", "", NOC_TR_FABRIC},
        {"FABRIC_FUSED_UNICAST_ATOMIC_INC", "", NOC_TR_FABRIC},
        {"FABRIC_MULTICAST_WRITE", "", NOC_TR_FABRIC},
        {"FABRIC_MULTICAST_ATOMIC_INC", "", NOC_TR_FABRIC},
        {"FABRIC_UNICAST_SCATTER_WRITE", "", NOC_TR_FABRIC},
    };
    std::string json = "[";
    int ts = 100;
    for (const auto &r : rows)
        json += (ts == 100 ? "" : ",") + ev(r.type, r.extra, ts), ++ts;
    json += "]";
    NocTrace t;
    std::string err;
    CHECK(parse(json, &t, &err));
    CHECK_EQ_U64(err.size(), 0);
    CHECK_EQ_U64(t.events.size(), sizeof rows / sizeof rows[0]);
    CHECK_EQ_U64(t.streams.size(), 1);
    CHECK(t.format == "tt-metal-noc-trace");
    for (size_t i = 0; i < t.events.size() && i < sizeof rows / sizeof rows[0]; ++i) {
        const NocTraceEvent &e = t.events[i];
        if (e.op != rows[i].op)
            fprintf(stderr, "type %s: op %s\n", rows[i].type, noc_trace_op_name(e.op));
        CHECK_EQ_U32(e.op, rows[i].op);
        CHECK(std::string(e.type_name) == rows[i].type);
        CHECK_EQ_U32(e.index, i);
        CHECK_EQ_U32(e.has_trid, std::strstr(rows[i].type, "TRID") != nullptr);
        if (noc_trace_op_is_transfer(e.op))
            CHECK(e.num_bytes > 0);
    }
    const NocTraceEvent *e = t.events.data();
    CHECK_EQ_U32(e[4].trid, 3);              /* READ_WITH_STATE_AND_TRID "trid": 3 */
    CHECK_EQ_U32(e[7].trid, NOC_TRACE_NONE); /* not recorded by tt-metal */
    CHECK_EQ_U32(e[14].num_bytes, 4);        /* WRITE_INLINE without num_bytes */
    CHECK_EQ_U32(e[27].num_bytes, 4);        /* SEMAPHORE_INC */
    CHECK_EQ_U32(e[27].dst_x, 5);
    CHECK_EQ_U32(e[15].mcast_x0, 2);
    CHECK_EQ_U32(e[15].mcast_y1, 5);
    CHECK_EQ_U32(e[15].dst_x, NOC_TRACE_NONE);
    CHECK_EQ_U32(e[30].num_bytes, 4096); /* FABRIC keeps what was recorded */
    CHECK(e[0].vc == -1);
    CHECK_EQ_U64(t.first_ts, 100);
    CHECK_EQ_U64(t.last_ts, 100 + 36);
    CHECK_EQ_U32(t.streams[0].transfers, 12);
}

static void test_state_filled()
{
    const std::string json =
        "[" + ev("READ_SET_STATE", "\"dx\":0,\"dy\":11,\"num_bytes\":2048", 10, "NCRISC") + "," +
        ev("READ_WITH_STATE", "\"num_bytes\":0", 20, "NCRISC") + "," +
        ev("READ_SET_STATE", "\"dx\":9,\"dy\":3,\"num_bytes\":1024", 30, "NCRISC", "NOC_1") + "," +
        ev("READ_WITH_STATE", "", 40, "NCRISC", "NOC_1") + "," +
        ev("READ_DRAM_SHARDED_WITH_STATE", "", 50, "NCRISC") + "," +
        ev("WRITE_WITH_TRID_SET_STATE", "\"dx\":3,\"dy\":4,\"num_bytes\":0", 60, "NCRISC") + "," +
        ev("WRITE_WITH_TRID_WITH_STATE", "\"num_bytes\":512", 70, "NCRISC") + "," +
        ev("READ", "\"dx\":5,\"dy\":5,\"num_bytes\":64", 80, "NCRISC") + "," +
        ev("READ_WITH_STATE", "", 90, "NCRISC") + "]";
    NocTrace t;
    std::string err;
    CHECK(parse(json, &t, &err));
    CHECK_EQ_U64(t.events.size(), 9);
    if (t.events.size() != 9)
        return;
    const NocTraceEvent *e = t.events.data();
    CHECK_EQ_U32(e[1].dst_x, 0);
    CHECK_EQ_U32(e[1].dst_y, 11);
    CHECK_EQ_U32(e[1].num_bytes, 2048);
    CHECK_EQ_U32(e[1].from_state, 1);
    CHECK_EQ_U32(e[3].dst_x, 9);
    CHECK_EQ_U32(e[3].num_bytes, 1024); /* NoC1's own state */
    CHECK_EQ_U32(e[4].dst_y, 11);
    CHECK_EQ_U32(e[4].num_bytes, 2048); /* sharded: read state */
    CHECK_EQ_U32(e[6].dst_x, 3);
    CHECK_EQ_U32(e[6].num_bytes, 512); /* size of its own */
    CHECK_EQ_U32(e[7].from_state, 0);
    CHECK_EQ_U32(e[8].dst_x, 0);
    CHECK_EQ_U32(e[8].num_bytes, 2048); /* a READ keeps the state */
    for (const NocTraceEvent &x : t.events)
        if (x.op != NOC_TR_SET_STATE)
            CHECK(x.dst_x != NOC_TRACE_NONE && x.num_bytes > 0);
}

static void test_small_sample()
{
    NocTrace t;
    std::string err;
    CHECK(bh::load_noc_trace(kSamples + "small_reads_writes.json", CoordSpace::Noc0, p150_12cols(),
                             &t, &err));
    CHECK_EQ_U64(err.size(), 0);
    CHECK_EQ_U64(t.events.size(), 36);
    CHECK_EQ_U64(t.skipped, 1);
    CHECK_EQ_U64(t.streams.size(), 4);
    CHECK_EQ_U64(t.procs.size(), 2);
    CHECK_EQ_U64(t.zones.size(), 2);
    CHECK_EQ_U64(t.first_ts, 1000);
    CHECK_EQ_U64(t.last_ts, 2100);
    if (t.streams.size() != 4 || t.events.size() != 36)
        return;
    const NocTraceStream &nc = t.streams[1];
    CHECK_EQ_U32(nc.x, 1);
    CHECK_EQ_U32(nc.y, 2);
    CHECK(t.procs[nc.proc] == "NCRISC");
    CHECK_EQ_U32(nc.first, 13);
    CHECK_EQ_U32(nc.count, 14);
    CHECK_EQ_U32(nc.transfers, 6);
    uint32_t first = 0;
    for (const NocTraceStream &s : t.streams) {
        CHECK_EQ_U32(s.first, first);
        for (uint32_t i = s.first; i + 1 < s.first + s.count; ++i)
            CHECK(t.events[i].timestamp <= t.events[i + 1].timestamp);
        first += s.count;
    }
    const NocTraceEvent &z = t.events[0];
    CHECK_EQ_U32(z.op, NOC_TR_ZONE_BEGIN);
    CHECK(t.zones[z.zone] == "BRISC-KERNEL");
    CHECK_EQ_U32(z.noc, NOC_TRACE_NONE);
    const NocTraceEvent &w = t.events[2]; /* WRITE_ to (11,4), posted, with addresses */
    CHECK_EQ_U32(w.dst_x, 11);
    CHECK_EQ_U32(w.posted, 1);
    CHECK_EQ_U32(w.has_addr, 1);
    CHECK_EQ_U32(w.dst_addr, 0x21000);
    CHECK_EQ_U32(w.src_addr, 0x19000);
    const NocTraceEvent &m1 = t.events[24]; /* NoC1 multicast named (6,5)..(2,2) */
    CHECK_EQ_U32(m1.op, NOC_TR_WRITE_MCAST);
    CHECK_EQ_U32(m1.noc, 1);
    CHECK_EQ_U32(m1.mcast_x0, 2);
    CHECK_EQ_U32(m1.mcast_y0, 2);
    CHECK_EQ_U32(m1.mcast_x1, 6);
    CHECK_EQ_U32(m1.mcast_y1, 5);
    CHECK_EQ_U32(t.events[10].vc, 4);
    CHECK_EQ_U32(t.events[19].dst_x, 9);
    CHECK_EQ_U32(t.events[19].num_bytes, 4096);
}

static void test_dram_sample()
{
    NocTrace t;
    std::string err;
    CHECK(
        bh::load_noc_trace(kSamples + "dram_reads.json", CoordSpace::Noc0, ChipShape(), &t, &err));
    CHECK_EQ_U64(t.streams.size(), 4);
    uint32_t reads = 0, from_state = 0;
    for (const NocTraceEvent &e : t.events) {
        if (e.op != NOC_TR_READ)
            continue;
        ++reads, from_state += e.from_state;
        CHECK(bh::blackhole_tile_label(e.dst_x, e.dst_y)[0] == 'D');
    }
    CHECK_EQ_U32(reads, 4 * 16 + 8);
    CHECK_EQ_U32(from_state, 8);
}

/* The translated sample is small_reads_writes.json in translated coordinates of a chip whose
 * NoC0 Tensix columns 7 and 10 are harvested: both must load to the same events. */
static void test_translated_sample()
{
    NocTrace a, b;
    std::string err;
    CHECK(bh::load_noc_trace(kSamples + "small_reads_writes.json", CoordSpace::Noc0, p150_12cols(),
                             &a, &err));
    CHECK(bh::load_noc_trace(kSamples + "translated.json", CoordSpace::Translated, p150_12cols(),
                             &b, &err));
    CHECK_EQ_U64(err.size(), 0);
    CHECK_EQ_U64(a.events.size(), b.events.size());
    for (size_t i = 0; i < a.events.size() && i < b.events.size(); ++i)
        CHECK(std::memcmp(&a.events[i], &b.events[i], sizeof a.events[i]) == 0);
    CHECK_EQ_U64(a.streams.size(), b.streams.size());
    /* read as NoC0, translated (7,4) names harvested NoC0 column 7 */
    CHECK(!bh::load_noc_trace(kSamples + "translated.json", CoordSpace::Noc0, p150_12cols(), &b,
                              &err));
    CHECK_HAS(err, "event 2: fields \"dx\",\"dy\": (7,4) is T34 (Tensix), not an enabled tile");
}

struct Xy {
    int tx, ty, x = -1, y = -1;
};

static void check_table(const ChipShape &c, const std::vector<Xy> &rows, int line)
{
    for (const Xy &r : rows) {
        int x = -1, y = -1;
        std::string why;
        const bool ok = bh::translated_to_noc0(c, r.tx, r.ty, &x, &y, &why);
        if (!ok || x != r.x || y != r.y) {
            fprintf(stderr, "line %d: translated (%d,%d) -> (%d,%d) %s, want (%d,%d)\n", line, r.tx,
                    r.ty, x, y, why.c_str(), r.x, r.y);
            check_failures_++;
        }
    }
}

/* docs/hardware.md#coordinates, #harvesting; DRAM with D2 fused and ETH with E5/E8 fused as in
 * the ISA's example pictures (tt-isa-documentation Diagrams/Src/NoC.lua bh_y1223, bh_y25). */
static void test_translation_table()
{
    // clang-format off
    ChipShape full;
    check_table(full, {{1, 2, 1, 2}, {7, 5, 7, 5}, {10, 9, 10, 9}, {16, 11, 16, 11}, {5, 1, 5, 1},
                       {8, 0, 8, 0}, {0, 5, 0, 5}, {9, 3, 9, 3}, {8, 3, 8, 3}}, __LINE__);
    check_table(p150_12cols(), {{1, 2, 1, 2}, {6, 2, 6, 2}, {7, 2, 11, 2}, {10, 7, 12, 7},
                                {14, 11, 16, 11}, {15, 3, 10, 3}, {16, 3, 7, 3}}, __LINE__);
    ChipShape isa; /* ISA picture: columns 5 and 11 fused; 5 is physical 8, 11 physical 11 */
    isa.harvested_tensix_cols = {11, 5};
    check_table(isa, {{5, 3, 6, 3}, {7, 3, 10, 3}, {10, 3, 12, 3}, {15, 3, 11, 3}, {16, 3, 5, 3}},
                __LINE__);
    ChipShape edge; /* physical order is not NoC0 order: 16 is physical 1, 2 is physical 2 */
    edge.harvested_tensix_cols = {2, 16};
    check_table(edge, {{2, 4, 3, 4}, {7, 4, 10, 4}, {14, 4, 15, 4}, {15, 4, 2, 4}, {16, 4, 16, 4}},
                __LINE__);
    check_table(full, {{17, 12, 0, 0}, {17, 13, 0, 1}, {17, 14, 0, 11}, {17, 15, 0, 2},
                       {17, 17, 0, 3}, {17, 21, 0, 5}, {17, 23, 0, 6}, {18, 12, 9, 0},
                       {18, 19, 9, 4}, {18, 23, 9, 6}}, __LINE__);
    ChipShape d2;
    d2.disabled_dram = {2};
    check_table(d2, {{18, 12, 0, 0}, {18, 13, 0, 1}, {18, 14, 0, 11}, {18, 15, 0, 2},
                     {18, 16, 0, 10}, {18, 17, 0, 3}, {18, 18, 0, 5}, {18, 19, 0, 7},
                     {18, 20, 0, 6}, {18, 21, 0, 9}, {18, 22, 0, 4}, {18, 23, 0, 8},
                     {17, 18, 9, 5}, {17, 21, 9, 9}, {17, 12, 9, 0}}, __LINE__);
    ChipShape d5;
    d5.disabled_dram = {5};
    check_table(d5, {{17, 12, 0, 0}, {17, 15, 0, 9}, {17, 21, 0, 2}, {18, 15, 9, 9},
                     {18, 21, 9, 2}, {18, 23, 9, 3}}, __LINE__);
    ChipShape eth;
    eth.disabled_eth = {5, 8};
    check_table(eth, {{20, 25, 1, 1}, {21, 25, 16, 1}, {24, 25, 3, 1}, {25, 25, 4, 1},
                      {26, 25, 13, 1}, {27, 25, 12, 1}, {30, 25, 7, 1}, {31, 25, 10, 1}}, __LINE__);
    check_table(full, {{19, 24, 2, 0}, {8, 26, 8, 3}, {8, 27, 8, 9}, {8, 28, 8, 5},
                       {8, 29, 8, 7}, {8, 30, 8, 2}}, __LINE__);
    ChipShape p100 = p150_12cols();
    p100.pcie_in_use = 1;
    check_table(p100, {{19, 24, 11, 0}}, __LINE__);
    // clang-format on
    int x, y;
    std::string why;
    for (Xy bad : std::vector<Xy>{{17, 24}, {15, 30}, {19, 25}, {8, 31}, {17, 11}, {32, 25}}) {
        CHECK(!bh::translated_to_noc0(full, bad.tx, bad.ty, &x, &y, &why));
        CHECK_HAS(why, "not in any translated region");
    }
    p100.disabled_eth = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
    CHECK(!bh::translated_to_noc0(p100, 20, 25, &x, &y, &why));
    CHECK_HAS(why, "only 0 Ethernet channels are enabled");
    ChipShape two_dram;
    two_dram.disabled_dram = {1, 6};
    CHECK(!bh::translated_to_noc0(two_dram, 17, 12, &x, &y, &why));
    ChipShape small;
    small.w = 8, small.h = 8;
    CHECK(!bh::translated_to_noc0(small, 1, 2, &x, &y, &why));
    /* Each harvest maps the 14 translated Tensix columns onto the 14 NoC0 ones. */
    for (const ChipShape &c : {full, p150_12cols(), isa, edge}) {
        int seen = 0;
        for (int tx : {1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16})
            if (bh::translated_to_noc0(c, tx, 4, &x, &y, &why))
                seen |= 1 << x;
        CHECK_EQ_U32(seen, 0x1fcfe);
    }
}

static void test_labels()
{
    const std::vector<std::pair<Xy, const char *>> rows = {
        {{0, 0}, "D0"},  {{0, 11}, "D0"},  {{0, 3}, "D1"},   {{9, 6}, "D7"},  {{1, 1}, "E0"},
        {{16, 1}, "E1"}, {{10, 1}, "E13"}, {{2, 0}, "P0"},   {{11, 0}, "P1"}, {{8, 0}, "ARC"},
        {{8, 2}, "SEC"}, {{8, 3}, "C0"},   {{8, 9}, "C1"},   {{8, 5}, "C2"},  {{8, 7}, "C3"},
        {{1, 2}, "T0"},  {{10, 2}, "T7"},  {{16, 2}, "T13"}, {{3, 5}, "T44"}, {{16, 11}, "T139"},
        {{8, 1}, "--"},  {{3, 0}, "--"},   {{8, 11}, "--"},  {{17, 0}, ""}};
    for (const auto &r : rows)
        CHECK(bh::blackhole_tile_label(r.first.tx, r.first.ty) == r.second);
}

static void test_npe_workload()
{
    NocTrace t;
    std::string err;
    CHECK(bh::load_noc_trace(kSamples + "npe_workload.json", CoordSpace::Noc0, ChipShape(), &t,
                             &err));
    CHECK_EQ_U64(err.size(), 0);
    CHECK(t.format == "tt-npe-workload");
    CHECK_EQ_U64(t.golden_cycles, 5000);
    CHECK_EQ_U64(t.events.size(), 11);
    CHECK_EQ_U64(t.streams.size(), 4);
    if (t.streams.size() != 4 || t.events.size() != 11)
        return;
    const NocTraceEvent *e = t.events.data();
    /* (1,2): 4 writes of 2048 B at 32 B/cycle from cycle 100 */
    CHECK_EQ_U32(t.streams[0].x, 1);
    CHECK_EQ_U32(t.streams[0].count, 4);
    for (int k = 0; k < 4; ++k) {
        CHECK_EQ_U32(e[k].op, NOC_TR_WRITE);
        CHECK_EQ_U64(e[k].timestamp, 100 + 64 * k);
        CHECK_EQ_U32(e[k].dst_x, 5);
        CHECK_EQ_U32(e[k].num_bytes, 2048);
    }
    /* DRAM (0,11) -> (2,3): reads issued by (2,3), all at 50 (no injection rate) */
    CHECK_EQ_U32(t.streams[1].x, 2);
    CHECK_EQ_U32(t.streams[1].y, 3);
    CHECK_EQ_U32(e[4].op, NOC_TR_READ);
    CHECK_EQ_U32(e[4].dst_x, 0);
    CHECK_EQ_U32(e[4].dst_y, 11);
    CHECK_EQ_U64(e[6].timestamp, 50);
    CHECK_EQ_U32(e[6].index, 1);
    /* NoC1 multicast named (6,9)..(2,5) */
    CHECK_EQ_U32(e[7].op, NOC_TR_WRITE_MCAST);
    CHECK_EQ_U32(e[7].noc, 1);
    CHECK_EQ_U32(e[7].mcast_x0, 2);
    CHECK_EQ_U32(e[7].mcast_y0, 5);
    CHECK_EQ_U32(e[7].mcast_x1, 6);
    CHECK_EQ_U32(e[7].mcast_y1, 9);
    CHECK_EQ_U64(e[8].timestamp, 64);
    /* noc_event_type READ: (16,11) reads from (1,2), 512 B at 10.5 B/cycle */
    CHECK_EQ_U32(e[9].src_x, 16);
    CHECK_EQ_U32(e[9].op, NOC_TR_READ);
    CHECK_EQ_U32(e[9].dst_x, 1);
    CHECK_EQ_U64(e[10].timestamp, 49);
    CHECK(std::string(e[9].type_name) == "READ");
    CHECK(t.procs[e[9].proc] == "NPE");
}

static void test_native_and_custom_chip()
{
    /* NoC1 (15,9) is NoC0 (1,2); NoC1 (16,0) is NoC0 (0,11) */
    const std::string json =
        "[{\"proc\":\"NCRISC\",\"noc\":\"NOC_1\",\"sx\":15,\"sy\":9,\"dx\":16,\"dy\":0,"
        "\"num_bytes\":64,\"type\":\"READ\",\"timestamp\":1}]";
    NocTrace t;
    std::string err;
    CHECK(parse(json, &t, &err, CoordSpace::NocNative));
    CHECK(t.events.size() == 1 && t.events[0].src_x == 1 && t.events[0].src_y == 2);
    CHECK(t.events.size() == 1 && t.events[0].dst_x == 0 && t.events[0].dst_y == 11);
    CHECK(!parse(json, &t, &err, CoordSpace::Noc0)); /* NoC0 (16,0) is router only */
    CHECK_HAS(err, "fields \"dx\",\"dy\": (16,0) is -- (router only)");
    ChipShape mesh;
    mesh.w = 4, mesh.h = 4;
    mesh.tile_exists = [](int x, int y) { return x != 3 || y != 3; };
    mesh.tile_label = [](int x, int y) { return "n" + std::to_string(y * 4 + x); };
    CHECK(!parse("[" + ev("WRITE_", "\"dx\":3,\"dy\":3,\"num_bytes\":4", 1) + "]", &t, &err,
                 CoordSpace::Noc0, mesh));
    CHECK_HAS(err, "mem.json: event 0: fields \"dx\",\"dy\": (3,3) is n15, not an enabled tile");
    CHECK(parse("[" + ev("WRITE_", "\"dx\":2,\"dy\":3,\"num_bytes\":4", 1) + "]", &t, &err,
                CoordSpace::Noc0, mesh));
    CHECK(parse("[]", &t, &err) && t.events.empty() && t.first_ts == 0 && t.last_ts == 0);
}

static void test_errors()
{
    struct {
        const char *file;
        CoordSpace space;
        const char *msg;
    } const cases[] = {
        {"bad_json.json", CoordSpace::Noc0, "bad_json.json:3:12: invalid JSON: "},
        {"not_array.json", CoordSpace::Noc0,
         "not_array.json: expected a JSON array of NoC events (tt-metal NoC trace) or an object "
         "with \"phases\" (tt-npe workload), got \"hello\""},
        {"event_not_object.json", CoordSpace::Noc0, ": event 1: expected an object, got 42"},
        {"missing_field.json", CoordSpace::Noc0,
         "missing_field.json: event 1: missing field \"sy\""},
        {"wrong_type.json", CoordSpace::Noc0,
         ": event 0: field \"num_bytes\": expected an integer, got \"2048\""},
        {"unknown_type.json", CoordSpace::Noc0,
         ": event 2: field \"type\": unknown event type \"READ_ASYNC\" (valid: READ, "},
        {"bad_noc.json", CoordSpace::Noc0,
         ": event 0: field \"noc\": expected \"NOC_0\" or \"NOC_1\", got \"NOC_2\""},
        {"outside_grid.json", CoordSpace::Noc0,
         ": event 0: fields \"dx\",\"dy\": (17,3) is outside the 17x12 grid"},
        {"router_only.json", CoordSpace::Noc0,
         ": event 1: fields \"dx\",\"dy\": (8,1) is -- (router only), not an enabled tile on this "
         "chip"},
        {"harvested_tile.json", CoordSpace::Noc0,
         ": event 2: fields \"dx\",\"dy\": (7,4) is T34 (Tensix), not an enabled tile on this "
         "chip"},
        {"zero_bytes.json", CoordSpace::Noc0,
         ": event 1: field \"num_bytes\": 0 bytes for a READ transfer"},
        {"backwards.json", CoordSpace::Noc0,
         ": event 4: field \"timestamp\": 150 is earlier than 200 of event 2 in the same stream "
         "(1,2) BRISC"},
        {"with_state_no_set.json", CoordSpace::Noc0,
         ": event 1: field \"type\": READ_WITH_STATE without a preceding READ_SET_STATE on NOC_1 "
         "in stream (1,2) "
         "NCRISC"},
        {"multi_device.json", CoordSpace::Noc0,
         ": event 1: field \"src_device_id\": device 1, but earlier events are on device 0"},
        {"bad_zone_phase.json", CoordSpace::Noc0,
         ": event 0: field \"zone_phase\": expected \"ZONE_START\", \"ZONE_END\", \"begin\" or "
         "\"end\", got \"middle\""},
        {"bad_translated.json", CoordSpace::Translated,
         ": event 0: fields \"dx\",\"dy\": translated (15,30): not in any translated region"},
        {"npe_no_phases.json", CoordSpace::Noc0, "npe_no_phases.json: missing field \"phases\""},
        {"npe_missing_field.json", CoordSpace::Noc0,
         ": phases[0].transfers[1]: missing field \"src_y\""},
        {"npe_zero_packets.json", CoordSpace::Noc0,
         ": phases[0].transfers[0]: field \"num_packets\": must be 1..4194304, got 0"},
        {"npe_no_destination.json", CoordSpace::Noc0,
         ": phases[0].transfers[0]: missing field \"dst_x\" (or \"mcast_start_x\" for a "
         "multicast)"},
        {"no_such_file.json", CoordSpace::Noc0, "cannot read NoC trace '"},
    };
    for (const auto &c : cases) {
        NocTrace t;
        t.format = "untouched";
        std::string err;
        const bool ok = bh::load_noc_trace(kData + c.file, c.space, p150_12cols(), &t, &err);
        CHECK(!ok);
        CHECK(t.format == "untouched");
        std::string want = c.msg;
        const size_t dots = want.find("... ");
        if (dots != std::string::npos)
            want.resize(dots);
        CHECK_HAS(err, want);
        if (c.msg[0] == ':')
            CHECK_HAS(err, kData + c.file + ":");
    }
}

static std::string npe(const std::string &transfers)
{
    return "{\"phases\":[{\"transfers\":[" + transfers + "]}]}";
}

static std::string transfer(const std::string &extra)
{
    return "{\"packet_size\":64,\"noc_type\":\"NOC_0\",\"src_x\":1,\"src_y\":2,"
           "\"dst_x\":2,\"dst_y\":2," +
           extra + "}";
}

/* A tiny injection_rate once gave a gap past 2^64 cycles (undefined float-to-integer cast):
 * now the rate is bounded so that the last packet leaves by INT64_MAX / 2. */
static void test_injection_rate_bounds()
{
    NocTrace t;
    std::string err;
    CHECK(!parse(npe(transfer("\"num_packets\":3,\"injection_rate\":1e-300")), &t, &err));
    CHECK_HAS(err, "mem.json: phases[0].transfers[0]: field \"injection_rate\": 1e-300 bytes per "
                   "cycle spreads 3 packets of 64 bytes over 1.28e+302 cycles; must be 0 (all at "
                   "once) or at least ");
    CHECK_HAS(err, "(the last packet must leave by cycle 4611686018427387903)");
    /* the smallest rate that fits: 64 bytes over 2^62 - 1 - 1000 cycles; and the extremes */
    err.clear();
    CHECK(parse(npe(transfer("\"num_packets\":2,\"phase_cycle_offset\":1000,"
                             "\"injection_rate\":1.4e-17")),
                &t, &err));
    CHECK_EQ_U64(err.size(), 0);
    CHECK_EQ_U64(t.last_ts, 1000 + 4571428571428571648ull); /* the double nearest 64 / 1.4e-17 */
    CHECK(t.last_ts <= uint64_t(INT64_MAX) / 2);
    CHECK(parse(npe(transfer("\"num_packets\":3,\"injection_rate\":1e308")), &t, &err));
    CHECK_EQ_U64(t.last_ts, 0);
    CHECK(!parse(npe(transfer("\"num_packets\":2,\"injection_rate\":5e-324")), &t, &err));
    CHECK_HAS(err, "field \"injection_rate\": 4.9406564584124654e-324 bytes per cycle");
    CHECK(!parse(npe(transfer("\"num_packets\":2,\"injection_rate\":-1")), &t, &err));
    CHECK_HAS(err, "field \"injection_rate\": expected a number >= 0");
}

/* A 150-byte workload once expanded to 16 Mi packets (3 GB): the packets of all transfers
 * add up to at most bh::kNocTraceMaxEvents. */
static void test_packet_limit()
{
    NocTrace t;
    std::string err;
    const std::string all = std::to_string(bh::kNocTraceMaxEvents);
    /* refused before the second group is expanded */
    CHECK(!parse(npe(transfer("\"num_packets\":1") + "," + transfer("\"num_packets\":" + all)), &t,
                 &err));
    CHECK_HAS(err, "mem.json: phases[0].transfers[1]: \"num_packets\" of the workload add up to "
                   "more than 4194304 packets (the loader's limit)");
    CHECK(!parse(npe(transfer("\"num_packets\":16777216")), &t, &err));
    CHECK_HAS(err, "more than 4194304 packets (the loader's limit)");
}

/* Only regular files are read, up to a limit; a device or a directory is refused at once. */
static void test_file_limits()
{
    char dir[] = "/tmp/bh_trace_test_XXXXXX";
    CHECK(mkdtemp(dir) != nullptr);
    const std::string small = std::string(dir) + "/small.bin";
    FILE *f = fopen(small.c_str(), "wb");
    CHECK(f != nullptr);
    if (f) {
        fwrite("0123456789", 1, 10, f);
        fclose(f);
    }
    std::string text = "untouched", why;
    uint64_t size = 0;
    CHECK(bh::read_file_capped(small, 10, &text, &why, &size));
    CHECK(text == "0123456789");
    text = "untouched";
    CHECK(!bh::read_file_capped(small, 9, &text, &why, &size));
    CHECK(text == "untouched");
    CHECK_EQ_U64(size, 10);
    CHECK_HAS(why, "10 bytes, more than the limit of 9 bytes");
    CHECK(!bh::read_file_capped("/dev/zero", 100, &text, &why));
    CHECK_HAS(why, "not a regular file (a character device)");
    CHECK(!bh::read_file_capped(dir, 100, &text, &why));
    CHECK_HAS(why, "is a directory");
    const std::string fifo = std::string(dir) + "/fifo";
    CHECK(mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(!bh::read_file_capped(fifo, 100, &text, &why)); /* without hanging for a writer */
    CHECK_HAS(why, "not a regular file (a FIFO)");
    CHECK(!bh::read_file_capped(std::string(dir) + "/none", 100, &text, &why));
    CHECK_HAS(why, "No such file or directory");
    CHECK(bh::byte_size_text(256ull << 20) == "256 MiB");
    CHECK(bh::byte_size_text(1536 << 10) == "1536 KiB");

    NocTrace t;
    t.format = "untouched";
    std::string err;
    CHECK(!bh::load_noc_trace("/dev/zero", CoordSpace::Noc0, ChipShape(), &t, &err));
    CHECK_HAS(err, "cannot read NoC trace '/dev/zero': not a regular file (a character device)");
    CHECK(!bh::load_noc_trace(dir, CoordSpace::Noc0, ChipShape(), &t, &err));
    CHECK_HAS(err, "cannot read NoC trace '" + std::string(dir) + "': is a directory");
    CHECK(t.format == "untouched");
    unlink(fifo.c_str());
    unlink(small.c_str());
    rmdir(dir);
}

int main()
{
    RUN(test_every_type_mapped);
    RUN(test_state_filled);
    RUN(test_small_sample);
    RUN(test_dram_sample);
    RUN(test_translated_sample);
    RUN(test_translation_table);
    RUN(test_labels);
    RUN(test_npe_workload);
    RUN(test_native_and_custom_chip);
    RUN(test_errors);
    RUN(test_injection_rate_bounds);
    RUN(test_packet_limit);
    RUN(test_file_limits);
    return check_failures();
}
