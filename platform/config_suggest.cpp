// SPDX-License-Identifier: Apache-2.0
/* Unknown configuration keys: why a key is not one (a group, a control character) and the
 * closest keys of the table to suggest instead. Separate from the table (config_keys.cpp)
 * because it only reads it, by edit distance and substring, when a key is wrong. */
#include "platform/config_keys.h"
#include "platform/config_keys_internal.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace bh
{
namespace config_keys
{

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

} // namespace config_keys
} // namespace bh
