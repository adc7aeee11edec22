// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_config.cpp - libFuzzer harness for the configuration loader
 * (platform/config.h) and the chip planning that checks what the key table cannot
 * (platform/chip.h plan_chip: lists, coordinates, cross-key limits).
 *
 * Input: a config file's text, optionally followed by a line "%%" and then one `--set`
 * KEY=VALUE per line. The text goes to a file in a private scratch directory (config_load
 * takes a path); each value is also fed to parse_u32, parse_int_list, parse_xy_list and the
 * timeline's filters (timeline_categories, timeline_window).
 * A loaded configuration must survive a round trip: config_to_json of it, loaded again, gives
 * the same JSON. A finding (crash, sanitizer report, leak, hang or a failed round trip) is a
 * loader bug: any input must either load or stop with a message naming the key.
 * Inputs that could reach files outside the scratch directory (an include or a string value
 * containing '/') are skipped, so the harness never reads devices or writes dumps elsewhere.
 */
#include <unistd.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <boost/json.hpp>
#include "platform/chip.h"
#include "platform/config.h"
#include "platform/output/timeline.h"

namespace fs = std::filesystem;
namespace json = boost::json;

static fs::path g_dir;

#define FUZZ_CHECK(cond, what)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_config: %s\n", std::string(what).c_str());                       \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

static void write_file(const fs::path &p, const std::string &text)
{
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << text;
}

/* An include naming a path (not a product or a file next to the config) is skipped. */
static bool reaches_outside(const std::string &text)
{
    json::error_code ec;
    const json::value v = json::parse(text, ec);
    if (ec || !v.is_object() || !v.as_object().contains("include"))
        return false;
    const json::value &inc = v.as_object().at("include");
    if (inc.is_string())
        return std::string(inc.as_string()).find('/') != std::string::npos;
    if (inc.is_array())
        for (const json::value &e : inc.as_array())
            if (e.is_string() && std::string(e.as_string()).find('/') != std::string::npos)
                return true;
    return false;
}

static void remove_scratch()
{
    std::error_code ec;
    fs::remove_all(g_dir, ec);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    char tmpl[] = "/tmp/bh_fuzz_config.XXXXXX";
    FUZZ_CHECK(mkdtemp(tmpl), "mkdtemp failed");
    g_dir = tmpl;
    atexit(remove_scratch);
    FUZZ_CHECK(chdir(tmpl) == 0, "chdir failed");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string in(reinterpret_cast<const char *>(data), size);
    const size_t sep = in.find("\n%%\n");
    const std::string text = in.substr(0, sep);
    std::vector<std::string> sets;
    if (sep != std::string::npos) {
        size_t at = sep + 4;
        while (at <= in.size()) {
            size_t nl = in.find('\n', at);
            if (nl == std::string::npos)
                nl = in.size();
            sets.push_back(in.substr(at, nl - at));
            at = nl + 1;
        }
    }
    if (reaches_outside(text))
        return -1;

    for (const std::string &s : sets) { /* the list and number parsers, on any text */
        const std::string v = s.substr(s.find('=') == std::string::npos ? 0 : s.find('=') + 1);
        uint32_t u;
        std::vector<int> ints;
        std::vector<std::pair<int, int>> xy;
        std::string e;
        bh::parse_u32(v, false, &u);
        bh::parse_u32(v, true, &u);
        if (!bh::parse_int_list("k", v, -5, 70, &ints, &e))
            FUZZ_CHECK(!e.empty(), "parse_int_list failed without a message");
        e.clear();
        if (!bh::parse_xy_list("k", v, &xy, &e))
            FUZZ_CHECK(!e.empty(), "parse_xy_list failed without a message");
        uint32_t cats = 0;
        uint64_t first = 0, end = 0;
        e.clear();
        if (!bh::timeline_categories(v, &cats, &e))
            FUZZ_CHECK(!e.empty(), "timeline_categories failed without a message");
        e.clear();
        if (bh::timeline_window(v, &first, &end, &e))
            FUZZ_CHECK(end > first, "timeline_window accepted an empty window");
        else
            FUZZ_CHECK(!e.empty(), "timeline_window failed without a message");
    }

    const fs::path cfg = g_dir / "in.json";
    write_file(cfg, text);
    BhParams p{};
    std::string err;
    if (!bh::config_load(cfg.string(), sets, &p, &err)) {
        FUZZ_CHECK(!err.empty(), "config_load failed without a message");
    } else {
        const std::string once = json::serialize(bh::config_to_json(p));
        const fs::path again = g_dir / "again.json";
        write_file(again, once);
        BhParams q{};
        std::string err2;
        FUZZ_CHECK(bh::config_load(again.string(), {}, &q, &err2),
                   "a loaded config does not load again: " + err2 + "\n" + once);
        FUZZ_CHECK(json::serialize(bh::config_to_json(q)) == once,
                   "config round trip changed the values:\n" + once);
        if (once.find('/') == std::string::npos) { /* file keys stay in the scratch dir */
            bh::ChipPlan plan;
            std::string perr;
            if (!bh::plan_chip(p, &plan, &perr))
                FUZZ_CHECK(!perr.empty(), "plan_chip failed without a message");
        }
    }
    std::error_code ec; /* dumps planned by plan_chip, and anything else left behind */
    for (const auto &e : fs::directory_iterator(g_dir, ec))
        fs::remove_all(e.path(), ec);
    return 0;
}
