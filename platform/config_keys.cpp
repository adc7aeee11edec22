// SPDX-License-Identifier: Apache-2.0
/* The configuration keys: the table generated from params.def (and the models' own tables
 * through BH_PARAM_BLOCK), typed parsing and range checks of a value, unknown-key suggestions,
 * defaults, the JSON form of a configuration, --list-params, and the list parsers. */
#include "platform/config.h"
#include "platform/config_keys.h"

#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <set>
#include <sstream>
#include <boost/json.hpp>

namespace fs = std::filesystem;
namespace json = boost::json;

namespace bh
{
namespace config_keys
{

enum class Kind { Int, Real, Bool, Str, Enum };
const char *const kKindName[] = {"int", "real", "bool", "string", "enum"};
const char *const kExpected[] = {"an integer (decimal or 0x hex)", "a number", "true or false",
                                 "a string", "a string"};

struct Param {
    const char *key, *doc;
    Kind kind;
    size_t offset;                                        /* of the field in BhParams */
    const char *sdef = "", *values = "";                  /* Str, Enum ("a|b|c") */
    const char *def_lit = "", *lo_lit = "", *hi_lit = ""; /* numbers as written in params.def */
    int64_t idef = 0, ilo = 0, ihi = 0;                   /* Int, Bool */
    double rdef = 0, rlo = 0, rhi = 0;                    /* Real */
    uint8_t int_bytes = 8; /* Int: int64_t (params.def) or uint32_t (a block's own table) */
};

/* Compile-time checks of params.def: field name = key with '.' -> '_', defaults valid. */
constexpr bool field_is_key(const char *f, const char *k)
{
    for (; *f && *k; ++f, ++k)
        if (*f != (*k == '.' ? '_' : *k))
            return false;
    return *f == *k;
}

constexpr bool enum_has(const char *vals, const char *v)
{
    while (*vals) {
        const char *p = v;
        while (*vals && *vals != '|' && *vals == *p)
            ++vals, ++p;
        if ((*vals == '|' || !*vals) && !*p)
            return true;
        while (*vals && *vals != '|')
            ++vals;
        if (*vals)
            ++vals;
    }
    return false;
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

template <typename T> T &field(BhParams *p, const Param &d)
{
    return *reinterpret_cast<T *>(reinterpret_cast<char *>(p) + d.offset);
}

template <typename T> const T &field(const BhParams *p, const Param &d)
{
    return *reinterpret_cast<const T *>(reinterpret_cast<const char *>(p) + d.offset);
}

int64_t int_value(const BhParams *p, const Param &d)
{
    return d.int_bytes == 4 ? (int64_t)field<uint32_t>(p, d) : field<int64_t>(p, d);
}

void set_int(BhParams *p, const Param &d, int64_t v) /* v is in the key's range */
{
    if (d.int_bytes == 4)
        field<uint32_t>(p, d) = static_cast<uint32_t>(v);
    else
        field<int64_t>(p, d) = v;
}

const Param *find_param(const std::string &key)
{
    for (const Param &d : kParams)
        if (key == d.key)
            return &d;
    return nullptr;
}

bool fail(std::string *err, const std::string &msg)
{
    if (err)
        *err = msg;
    return false;
}

std::string trim(const std::string &s)
{
    const size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return "";
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string quote(const std::string &s)
{
    return json::serialize(json::value(s));
}

std::string lower(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

enum class Num { Ok, Bad, Overflow };

/* Decimal or 0x hex with optional sign and surrounding blanks. */
Num text_to_int(const std::string &text, int64_t *out)
{
    const std::string t = trim(text);
    size_t i = 0;
    const bool neg = !t.empty() && t[0] == '-';
    if (!t.empty() && (t[0] == '+' || t[0] == '-'))
        ++i;
    unsigned base = 10;
    if (t.size() - i > 2 && t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X')) {
        base = 16;
        i += 2;
    }
    if (i >= t.size())
        return Num::Bad;
    uint64_t acc = 0;
    bool overflow = false;
    for (; i < t.size(); ++i) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(t[i])));
        const char *digits = "0123456789abcdef";
        const char *pos = std::strchr(digits, c);
        if (!pos || static_cast<unsigned>(pos - digits) >= base)
            return Num::Bad;
        const unsigned dig = static_cast<unsigned>(pos - digits);
        overflow = overflow || acc > (UINT64_MAX - dig) / base;
        acc = acc * base + dig;
    }
    if (overflow || acc > (neg ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX)))
        return Num::Overflow;
    *out = neg ? static_cast<int64_t>(0 - acc) : static_cast<int64_t>(acc);
    return Num::Ok;
}

bool text_to_real(const std::string &text, double *out)
{
    const std::string t = trim(text);
    char *end = nullptr;
    errno = 0;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0' || !std::isfinite(v) || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

/* Shortest text that reads back as v; integral values keep a ".0" so they read as reals. */
std::string fmt_real(double v)
{
    char b[64];
    for (int prec = 1; prec <= 17; ++prec) {
        std::snprintf(b, sizeof b, "%.*g", prec, v);
        if (std::strtod(b, nullptr) == v)
            break;
    }
    return std::strpbrk(b, ".eEn") ? b : std::string(b) + ".0";
}

/* A number as written in params.def (keeps 0x17FFFF, drops an LL suffix) when it reads back
 * as the value; otherwise the value. */
std::string lit_text(const char *lit, int64_t iv, double rv, bool real)
{
    std::string t = lit;
    while (!t.empty() && std::strchr(real ? "fFlL" : "uUlL", t.back()))
        t.pop_back();
    int64_t i;
    double r;
    if (real)
        return text_to_real(t, &r) && r == rv ? t : fmt_real(rv);
    return text_to_int(t, &i) == Num::Ok && i == iv ? t : std::to_string(iv);
}

std::string range_text(const Param &d)
{
    if (d.kind == Kind::Int)
        return lit_text(d.lo_lit, d.ilo, 0, false) + ".." + lit_text(d.hi_lit, d.ihi, 0, false);
    if (d.kind == Kind::Real)
        return lit_text(d.lo_lit, 0, d.rlo, true) + ".." + lit_text(d.hi_lit, 0, d.rhi, true);
    return d.values;
}

std::string default_text(const Param &d)
{
    if (d.kind == Kind::Int || d.kind == Kind::Real)
        return lit_text(d.def_lit, d.idef, d.rdef, d.kind == Kind::Real);
    if (d.kind == Kind::Bool)
        return d.idef ? "true" : "false";
    return d.kind == Kind::Str ? quote(d.sdef) : d.sdef;
}

bool out_of_range(const Param &d, const std::string &got, const std::string &where,
                  std::string *err)
{
    return fail(err, std::string(d.key) + ": must be " + range_text(d) + ", got " + got + where);
}

bool wrong_type(const Param &d, const std::string &got, const std::string &where, std::string *err)
{
    return fail(err, std::string(d.key) + ": expected " + kExpected[static_cast<int>(d.kind)] +
                         ", got " + got + where);
}

/* An Int (iv) or Real (rv) value, range-checked. */
bool store_num(BhParams *p, const Param &d, int64_t iv, double rv, const std::string &got,
               const std::string &where, std::string *err)
{
    if (d.kind == Kind::Int ? (iv < d.ilo || iv > d.ihi) : !(rv >= d.rlo && rv <= d.rhi))
        return out_of_range(d, got, where, err);
    if (d.kind == Kind::Int)
        set_int(p, d, iv);
    else
        field<double>(p, d) = rv;
    return true;
}

/* Where a string value stops being text: a control character or a byte that is not part of a
 * well-formed UTF-8 sequence (the report and config_to_json write values back as JSON, which a
 * stray byte would make unreadable). npos if the whole string is text. */
size_t bad_text_byte(const std::string &s)
{
    size_t i = 0;
    while (i < s.size()) {
        const uint8_t c = static_cast<uint8_t>(s[i]);
        if (c < 0x20 || c == 0x7F)
            return i;
        if (c < 0x80) {
            i++;
            continue;
        }
        /* length and the allowed range of the second byte (no overlongs, surrogates, > U+10FFFF) */
        size_t n = 0;
        uint8_t lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF)
            n = 2;
        else if (c >= 0xE0 && c <= 0xEF) {
            n = 3;
            lo = c == 0xE0 ? 0xA0 : 0x80;
            hi = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 4;
            lo = c == 0xF0 ? 0x90 : 0x80;
            hi = c == 0xF4 ? 0x8F : 0xBF;
        } else
            return i;
        if (i + n > s.size())
            return i;
        for (size_t k = 1; k < n; k++) {
            const uint8_t b = static_cast<uint8_t>(s[i + k]);
            if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
                return i;
        }
        i += n;
    }
    return std::string::npos;
}

bool store_str(BhParams *p, const Param &d, const std::string &v, const std::string &where,
               std::string *err)
{
    if (d.kind == Kind::Enum && !enum_has(d.values, v.c_str()))
        return fail(err, std::string(d.key) + ": must be one of " + d.values + ", got " + quote(v) +
                             where);
    if (v.size() >= BH_PARAM_STR_MAX)
        return fail(err, std::string(d.key) + ": must be at most " +
                             std::to_string(BH_PARAM_STR_MAX - 1) + " characters" + where);
    if (const size_t bad = bad_text_byte(v); bad != std::string::npos) {
        char what[96];
        std::snprintf(what, sizeof what, ": byte 0x%02X at offset %zu is %s",
                      unsigned(uint8_t(v[bad])), bad,
                      uint8_t(v[bad]) < 0x80 ? "a control character" : "not valid UTF-8");
        return fail(err, std::string(d.key) + what + " (values are UTF-8 text)" + where);
    }
    std::memcpy(&field<char>(p, d), v.c_str(), v.size() + 1);
    return true;
}

/* A --set value (text). */
bool set_text(BhParams *p, const Param &d, const std::string &text, const std::string &where,
              std::string *err)
{
    const std::string t = trim(text);
    if (d.kind == Kind::Int) {
        int64_t v = 0;
        const Num r = text_to_int(t, &v);
        if (r == Num::Bad)
            return wrong_type(d, quote(text), where, err);
        return r == Num::Overflow ? out_of_range(d, t, where, err)
                                  : store_num(p, d, v, 0, t, where, err);
    }
    if (d.kind == Kind::Real) {
        double v = 0;
        return text_to_real(t, &v) ? store_num(p, d, 0, v, t, where, err)
                                   : wrong_type(d, quote(text), where, err);
    }
    if (d.kind == Kind::Bool) {
        static const char *const words[] = {"false", "true", "0", "1", "no", "yes", "off", "on"};
        for (int i = 0; i < 8; ++i)
            if (lower(t) == words[i]) {
                field<int>(p, d) = i & 1;
                return true;
            }
        return fail(err, std::string(d.key) + ": expected true/false/1/0/yes/no/on/off, got " +
                             quote(text) + where);
    }
    return store_str(p, d, text, where, err);
}

/* A config-file value (JSON). */
bool set_json(BhParams *p, const Param &d, const json::value &v, const std::string &where,
              std::string *err)
{
    const std::string got = v.is_double() ? fmt_real(v.get_double()) : json::serialize(v);
    switch (d.kind) {
    case Kind::Int:
        if (v.is_int64())
            return store_num(p, d, v.get_int64(), 0, got, where, err);
        if (v.is_uint64())
            return out_of_range(d, got, where, err);
        if (v.is_string()) /* "0x20000" */
            return set_text(p, d, std::string(v.get_string()), where, err);
        break;
    case Kind::Real:
        if (v.is_number())
            return store_num(p, d, 0, v.to_number<double>(), got, where, err);
        break;
    case Kind::Bool:
        if (v.is_bool())
            return set_text(p, d, v.get_bool() ? "true" : "false", where, err);
        break;
    case Kind::Str:
    case Kind::Enum:
        if (v.is_string())
            return store_str(p, d, std::string(v.get_string()), where, err);
        break;
    }
    return wrong_type(d, got, where, err);
}

size_t edit_distance(const std::string &a, const std::string &b)
{
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
            diag = up;
        }
    }
    return row[b.size()];
}

/* The closest keys (at most three): near misspellings, also when the group is missing
 * ("vc_buffer_flits") or wrong ("sim.rate"), then keys of the same group whose name contains
 * the one typed ("noc.vcs" -> noc.request_vcs, ...). */
std::string suggestion(const std::string &key)
{
    const std::string k = lower(key);
    const size_t dot = k.find('.');
    const std::string group = dot == std::string::npos ? "" : k.substr(0, dot + 1);
    const std::string leaf = dot == std::string::npos ? k : k.substr(dot + 1);
    const size_t close = std::min<size_t>(3, std::max<size_t>(1, key.size() / 4));
    std::vector<std::pair<size_t, const char *>> near, contains;
    for (const Param &d : kParams) {
        const std::string full = d.key, tail = full.substr(full.find('.') + 1);
        const size_t dist = std::min(edit_distance(k, full), dot == std::string::npos
                                                                 ? edit_distance(k, tail)
                                                                 : edit_distance(leaf, tail) + 1);
        if (dist <= close)
            near.emplace_back(dist, d.key);
        else if (leaf.size() >= 3 && tail.find(leaf) != std::string::npos &&
                 (group.empty() || full.compare(0, group.size(), group) == 0))
            contains.emplace_back(tail.size(), d.key);
    }
    std::stable_sort(near.begin(), near.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::stable_sort(contains.begin(), contains.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    while (near.size() > 1 && near.back().first > near.front().first + 1)
        near.pop_back(); /* a far second guess is noise beside a close first one */
    near.insert(near.end(), contains.begin(), contains.end());
    if (near.empty())
        return "";
    size_t n = std::min<size_t>(3, near.size());
    std::string s = " (did you mean ";
    for (size_t i = 0; i < n; i++)
        s += std::string(i == 0 ? "" : i + 1 == n ? " or " : ", ") + "'" + near[i].second + "'";
    return s + "?" +
           (near.size() > n ? " " + std::to_string(near.size() - n) + " more match" : "") + ")";
}

/* A key holding NUL or another control character is shown escaped, never printed raw. */
bool control_chars(const std::string &key)
{
    return std::any_of(key.begin(), key.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
}

bool unknown_key(const std::string &key, const std::string &in, std::string *err)
{
    if (control_chars(key))
        return fail(err, "key " + quote(key) + " in " + in + " contains a control character");
    for (const Param &d : kParams) /* {"noc": 5} */
        if (std::strlen(d.key) > key.size() && key.compare(0, key.size(), d.key, key.size()) == 0 &&
            d.key[key.size()] == '.')
            return fail(err, "'" + key + "' in " + in + " is a group of keys, not a key (e.g. '" +
                                 d.key + "')");
    return fail(err, "unknown key '" + key + "' in " + in + suggestion(key));
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

bool parse_int_list(const std::string &key, const std::string &text, int lo, int hi,
                    std::vector<int> *out, std::string *err)
{
    std::vector<int> v;
    const std::string t = trim(text);
    std::istringstream in(t);
    std::string item;
    while (!t.empty() && std::getline(in, item, ',')) {
        int64_t x = 0;
        const Num r = text_to_int(item, &x);
        if (r == Num::Bad)
            break;
        if (r == Num::Overflow || x < lo || x > hi)
            return fail(err, key + ": " + trim(item) + " is out of range " + std::to_string(lo) +
                                 ".." + std::to_string(hi) + " in " + quote(text));
        v.push_back(static_cast<int>(x));
    }
    if (!t.empty() && (in || t.back() == ','))
        return fail(err, key + ": expected a comma-separated list of integers, got " + quote(text));
    if (out)
        *out = std::move(v);
    return true;
}

bool parse_xy_list(const std::string &key, const std::string &text,
                   std::vector<std::pair<int, int>> *out, std::string *err)
{
    std::vector<std::pair<int, int>> v;
    const std::string t = trim(text);
    std::istringstream in(t + ";");
    std::string item;
    while (!t.empty() && std::getline(in, item, ';')) {
        std::vector<int> xy;
        if (!parse_int_list(key, item, 0, INT32_MAX, &xy, nullptr) || xy.size() != 2)
            return fail(err, key + ": expected \"x,y\" or \"x,y;x,y;...\" with x, y >= 0, got " +
                                 quote(text));
        v.emplace_back(xy[0], xy[1]);
    }
    if (out)
        *out = std::move(v);
    return true;
}

/* A 32-bit number: hex with 0x, or decimal; `hex_default` reads bare digits as hex. */
bool parse_u32(const std::string &tok, bool hex_default, uint32_t *v)
{
    if (tok.empty())
        return false;
    const char *s = tok.c_str();
    int base = hex_default ? 16 : 10;
    if (tok.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    char *end = nullptr;
    errno = 0;
    unsigned long long x = std::strtoull(s, &end, base);
    if (errno || *end || end == s || x > 0xFFFFFFFFull || s[0] == '-' || s[0] == '+')
        return false;
    *v = (uint32_t)x;
    return true;
}

} // namespace bh
