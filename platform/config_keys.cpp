// SPDX-License-Identifier: Apache-2.0
/* The configuration key table: generated from params.def (and the models' own tables through
 * BH_PARAM_BLOCK) and checked against it at compile time, key lookup, the defaults, the JSON
 * form of a configuration and --list-params. Parsing and checking a value is
 * config_values.cpp's, suggestions for unknown keys config_suggest.cpp's. */
#include "platform/config.h"
#include "platform/config_keys.h"
#include "platform/config_keys_internal.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <ostream>
#include <sstream>
#include <boost/json.hpp>

namespace json = boost::json;

namespace bh
{
namespace config_keys
{

/* Compile-time checks of params.def: field name = key with '.' -> '_', defaults valid. */
constexpr bool field_is_key(const char *f, const char *k)
{
    for (; *f && *k; ++f, ++k)
        if (*f != (*k == '.' ? '_' : *k))
            return false;
    return *f == *k;
}

// clang-format off
#define BH_PARAM_INT(f, k, d, lo, hi, doc)                                                         \
    static_assert(field_is_key(#f, k) && (lo) <= (d) && (d) <= (hi), "params.def: " k);
#define BH_PARAM_REAL(f, k, d, lo, hi, doc)                                                        \
    static_assert(field_is_key(#f, k) && (lo) <= (d) && (d) <= (hi), "params.def: " k);
#define BH_PARAM_BOOL(f, k, d, doc) static_assert(field_is_key(#f, k), "params.def: " k);
#define BH_PARAM_STR(f, k, d, doc)                                                                 \
    static_assert(field_is_key(#f, k) && sizeof(d) <= BH_PARAM_STR_MAX, "params.def: " k);
#define BH_PARAM_ENUM(f, k, d, vals, doc)                                                          \
    static_assert(field_is_key(#f, k) && enum_has(vals, d) && sizeof(d) <= BH_PARAM_STR_MAX,     \
                  "params.def: " k);
#define BH_PARAM_BLOCK(f, k, type, table, defaults) /* checked by the model's config_check */
#include "platform/params.def"
#undef BH_PARAM_INT
#undef BH_PARAM_REAL
#undef BH_PARAM_BOOL
#undef BH_PARAM_STR
#undef BH_PARAM_ENUM
#undef BH_PARAM_BLOCK

/* The key table in params.def order. A block row (a model's own parameter table, e.g. L1_PARAMS
 * in model/tile/l1.h) becomes the key "<prefix>.<name>" on a uint32_t inside BhParams. */
std::vector<Param> make_params()
{
    static std::deque<std::string> block_keys; /* storage behind the rows' key pointers */
    std::vector<Param> v;
    auto block_row = [&](const char *prefix, const char *name, const char *doc, size_t off,
                         const char *dl, const char *ll, const char *hl, int64_t d, int64_t lo,
                         int64_t hi) {
        block_keys.push_back(std::string(prefix) + "." + name);
        Param r{block_keys.back().c_str(), doc, Kind::Int, off, "", "", dl, ll, hl, d, lo, hi};
        r.int_bytes = 4;
        v.push_back(r);
    };
    (void)block_row;
#define BH_PARAM_INT(f, k, d, lo, hi, doc)                                                         \
    v.push_back({k, doc, Kind::Int, offsetof(BhParams, f), "", "", #d, #lo, #hi, d, lo, hi});
#define BH_PARAM_REAL(f, k, d, lo, hi, doc)                                                        \
    v.push_back({k, doc, Kind::Real, offsetof(BhParams, f), "", "", #d, #lo, #hi, 0, 0, 0, d, lo, hi});
#define BH_PARAM_BOOL(f, k, d, doc)                                                                \
    v.push_back({k, doc, Kind::Bool, offsetof(BhParams, f), "", "", #d, "", "", (d) ? 1 : 0, 0, 1});
#define BH_PARAM_STR(f, k, d, doc) v.push_back({k, doc, Kind::Str, offsetof(BhParams, f), d});
#define BH_PARAM_ENUM(f, k, d, vals, doc)                                                          \
    v.push_back({k, doc, Kind::Enum, offsetof(BhParams, f), d, vals});
#define BH_PARAM_BLOCK(f, k, type, table, defaults)                                                \
    {                                                                                              \
        using Block = type;                                                                        \
        const char *prefix = k;                                                                    \
        const size_t base = offsetof(BhParams, f);                                                 \
        table(BH_BLOCK_ROW)                                                                        \
    }
#define BH_BLOCK_ROW(name, d, lo, hi, doc)                                                         \
    block_row(prefix, #name, doc, base + offsetof(Block, name), #d, #lo, #hi, d, lo, hi);
#include "platform/params.def"
#undef BH_PARAM_INT
#undef BH_PARAM_REAL
#undef BH_PARAM_BOOL
#undef BH_PARAM_STR
#undef BH_PARAM_ENUM
#undef BH_PARAM_BLOCK
#undef BH_BLOCK_ROW
    return v;
}
const std::vector<Param> kParams = make_params();
// clang-format on

const Param *find_param(const std::string &key)
{
    for (const Param &d : kParams)
        if (key == d.key)
            return &d;
    return nullptr;
}

std::string md_cell(const std::string &s)
{
    std::string r;
    for (char c : s)
        r += c == '|' ? std::string("\\|") : std::string(1, c);
    return r;
}

/* Words of text in lines of at most width characters, each indented. */
void wrap(std::ostream &os, const std::string &text, size_t indent, size_t width)
{
    std::istringstream in(text);
    std::string word, line;
    while (in >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            os << std::string(indent, ' ') << line << '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty())
        os << std::string(indent, ' ') << line << '\n';
}

} // namespace config_keys

using namespace config_keys;

BhParams config_defaults()
{
    BhParams p;
    std::memset(&p, 0, sizeof p);
    /* a block's fields without a key (tables, maps) start from the model's defaults */
#define BH_PARAM_INT(f, k, d, lo, hi, doc)
#define BH_PARAM_REAL(f, k, d, lo, hi, doc)
#define BH_PARAM_BOOL(f, k, d, doc)
#define BH_PARAM_STR(f, k, d, doc)
#define BH_PARAM_ENUM(f, k, d, vals, doc)
#define BH_PARAM_BLOCK(f, k, type, table, defaults) p.f = defaults();
#include "platform/params.def"
#undef BH_PARAM_INT
#undef BH_PARAM_REAL
#undef BH_PARAM_BOOL
#undef BH_PARAM_STR
#undef BH_PARAM_ENUM
#undef BH_PARAM_BLOCK
    for (const Param &d : kParams) {
        if (d.kind == Kind::Int)
            set_int(&p, d, d.idef);
        else if (d.kind == Kind::Real)
            field<double>(&p, d) = d.rdef;
        else if (d.kind == Kind::Bool)
            field<int>(&p, d) = static_cast<int>(d.idef);
        else
            std::memcpy(&field<char>(&p, d), d.sdef, std::strlen(d.sdef) + 1);
    }
    return p;
}

boost::json::object config_to_json(const BhParams &p)
{
    json::object o;
    for (const Param &d : kParams) {
        if (d.kind == Kind::Int)
            o[d.key] = int_value(&p, d);
        else if (d.kind == Kind::Real)
            o[d.key] = field<double>(&p, d);
        else if (d.kind == Kind::Bool)
            o[d.key] = field<int>(&p, d) != 0;
        else
            o[d.key] = &field<char>(&p, d);
    }
    return o;
}

void config_list_params(std::ostream &os, bool markdown)
{
    if (markdown) {
        os << "| key | type | default | range | description |\n|---|---|---|---|---|\n";
        for (const Param &d : kParams)
            os << "| `" << d.key << "` | " << kKindName[static_cast<int>(d.kind)] << " | `"
               << md_cell(default_text(d)) << "` | " << md_cell(range_text(d)) << " | "
               << md_cell(d.doc) << " |\n";
        return;
    }
    size_t wkey = 3, wdef = 7;
    for (const Param &d : kParams) {
        wkey = std::max(wkey, std::strlen(d.key));
        wdef = std::max(wdef, default_text(d).size());
    }
    auto cell = [](const std::string &s, size_t w) { return s + std::string(w - s.size(), ' '); };
    os << cell("KEY", wkey + 2) << "  TYPE    " << cell("DEFAULT", wdef) << "  RANGE\n";
    std::string group;
    for (const Param &d : kParams) {
        const std::string key = d.key, g = key.substr(0, key.find('.'));
        if (g != group)
            os << (group.empty() ? "" : "\n") << g << '\n';
        group = g;
        std::string row = "  " + cell(key, wkey) + "  " + cell(kKindName[int(d.kind)], 6) + "  " +
                          cell(default_text(d), wdef) + "  " + range_text(d);
        row.erase(row.find_last_not_of(' ') + 1);
        os << row << '\n';
        wrap(os, d.doc, 6, 94);
    }
}

} // namespace bh
