// SPDX-License-Identifier: Apache-2.0
/* Configuration values: reading a value given as text (--set) or JSON (a config file) into its
 * key's typed field with the range, enum and UTF-8 checks and their messages; numbers as
 * params.def writes them (for --list-params and range messages); and the list and number
 * parsers of config.h. Separate from the key table (config_keys.cpp), which only says what
 * each key is. */
#include "platform/config.h"
#include "platform/config_keys.h"
#include "platform/config_keys_internal.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <boost/json.hpp>

namespace json = boost::json;

namespace bh
{
namespace config_keys
{

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

} // namespace config_keys

using namespace config_keys;

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
