/* platform/config_keys_internal.h - what the key table's files share: the Param row, the table
 * itself and its typed field access (config_keys.cpp), and the value text helpers
 * (config_values.cpp) that the table's listing and the checks both use. config_suggest.cpp
 * reads the table for unknown-key suggestions. Not part of the platform's interface. */
#ifndef BH_CONFIG_KEYS_INTERNAL_H
#define BH_CONFIG_KEYS_INTERNAL_H
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>
#include "platform/config_keys.h"

namespace bh
{
namespace config_keys
{

enum class Kind { Int, Real, Bool, Str, Enum };
/* indexed by Kind */
inline const char *const kKindName[] = {"int", "real", "bool", "string", "enum"};
inline const char *const kExpected[] = {"an integer (decimal or 0x hex)", "a number",
                                        "true or false", "a string", "a string"};

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

/* config_keys.cpp: the key table in params.def order, and a key's field inside BhParams */
extern const std::vector<Param> kParams;

template <typename T> T &field(BhParams *p, const Param &d)
{
    return *reinterpret_cast<T *>(reinterpret_cast<char *>(p) + d.offset);
}

template <typename T> const T &field(const BhParams *p, const Param &d)
{
    return *reinterpret_cast<const T *>(reinterpret_cast<const char *>(p) + d.offset);
}

inline int64_t int_value(const BhParams *p, const Param &d)
{
    return d.int_bytes == 4 ? (int64_t)field<uint32_t>(p, d) : field<int64_t>(p, d);
}

inline void set_int(BhParams *p, const Param &d, int64_t v) /* v is in the key's range */
{
    if (d.int_bytes == 4)
        field<uint32_t>(p, d) = static_cast<uint32_t>(v);
    else
        field<int64_t>(p, d) = v;
}

/* config_values.cpp: text of values */
std::string lower(std::string s);
enum class Num { Ok, Bad, Overflow };
Num text_to_int(const std::string &text, int64_t *out);
bool text_to_real(const std::string &text, double *out);
std::string fmt_real(double v);
std::string range_text(const Param &d);   /* "1..64", "0x0..0x17FFFF", "a|b|c" */
std::string default_text(const Param &d); /* as written in params.def */

} // namespace config_keys
} // namespace bh
#endif
