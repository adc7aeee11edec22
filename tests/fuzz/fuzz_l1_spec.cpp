// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_l1_spec.cpp - libFuzzer harness for the L1 image specs
 * (platform/load/l1_image.h): workload.l1_init "X,Y:ADDR:FILE;..." and output.dump_l1 / --dump-l1
 * "[C@]X,Y:ADDR:LEN:FILE;...".
 *
 * Every input is planned both ways on a whole Blackhole grid and on one with two Tensix
 * columns harvested, in a private scratch directory holding a few files the specs can name
 * (a.bin: 64 bytes, big.bin: one byte more than L1, empty, and a directory d). A plan either
 * fails with a message or gives blobs and dumps that lie inside L1 on an enabled Tensix tile,
 * or inside the 512 KiB L1 of an enabled Ethernet tile.
 * A finding (crash, sanitizer report, broken invariant) is a bug in the spec parser or in the
 * coordinate parsing it shares with the config (parse_xy_list, parse_u32).
 * Inputs containing '/' are skipped: the dump planner creates its files, and they must stay in
 * the scratch directory (which is emptied of them after each input).
 */
#include <unistd.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>
#include "platform/load/l1_image.h"

namespace fs = std::filesystem;

static const uint64_t kL1 = 1536 * 1024;
static const uint64_t kEthL1 = 512 * 1024;
static BhGrid g_grid[2];
static fs::path g_dir;
static const std::set<std::string> kKept = {"a.bin", "big.bin", "empty", "d"};

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_l1_spec: %s\n", what);
    abort();
}

/* an enabled Tensix tile's L1, or an enabled Ethernet tile's (512 KiB: eth_tile_map.def) */
static void check_place(const BhGrid &g, uint32_t node, uint64_t addr, uint64_t len)
{
    if (node >= g.w * g.h)
        fail("node outside the grid");
    const BhTile &t = g.tiles[node];
    const bool eth = t.kind == BH_TILE_ETH;
    if (!t.enabled || (t.kind != BH_TILE_TENSIX && t.kind != BH_TILE_GENERIC && !eth))
        fail("not an enabled Tensix or Ethernet tile");
    const uint64_t l1 = eth ? kEthL1 : kL1;
    if (len == 0 || addr >= l1 || len > l1 - addr)
        fail("range outside L1");
}

static void remove_scratch()
{
    std::error_code ec;
    fs::remove_all(g_dir, ec);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    char tmpl[] = "/tmp/bh_fuzz_l1.XXXXXX";
    if (!mkdtemp(tmpl) || chdir(tmpl) != 0)
        fail("scratch directory");
    g_dir = tmpl;
    atexit(remove_scratch);
    std::ofstream("a.bin", std::ios::binary) << std::string(64, 'a');
    std::ofstream("big.bin", std::ios::binary) << std::string(kL1 + 1, 'b');
    std::ofstream("empty", std::ios::binary).flush();
    fs::create_directory("d");
    BhGridConfig c = bh_grid_config_default();
    if (bh_grid_init(&g_grid[0], &c) != BH_OK)
        fail("grid");
    c.harvested_tensix_cols = (1u << 1) | (1u << 16);
    if (bh_grid_init(&g_grid[1], &c) != BH_OK)
        fail("harvested grid");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    if (text.find('/') != std::string::npos)
        return -1;
    for (const BhGrid &g : g_grid) {
        std::vector<bh::L1Blob> blobs;
        std::vector<bh::L1Dump> dumps;
        std::string err;
        if (bh::plan_l1_init(g, text, kL1, &blobs, &err)) {
            for (const bh::L1Blob &b : blobs)
                check_place(g, b.node, b.addr, b.bytes.size());
        } else if (err.empty()) {
            fail("plan_l1_init failed without a message");
        }
        err.clear();
        if (bh::plan_l1_dumps(g, "output.dump_l1", text, kL1, &dumps, &err)) {
            for (const bh::L1Dump &d : dumps)
                check_place(g, d.node, d.addr, d.len);
        } else if (err.empty()) {
            fail("plan_l1_dumps failed without a message");
        }
    }
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(g_dir, ec))
        if (!kKept.count(e.path().filename().string()))
            fs::remove_all(e.path(), ec);
    return 0;
}
