// SPDX-License-Identifier: Apache-2.0
/* config_load: a configuration file (a product name or a path), its includes and the --set
 * overrides, read with the limits of platform/load/file_read.h, onto the defaults of the key
 * table (config_keys.cpp). */
#include "platform/config.h"
#include "platform/config_keys.h"
#include "platform/load/file_read.h"
#include "platform/load/json_text.h"
#include "platform/workload_keys.h"

#include <dlfcn.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <set>
#include <boost/json.hpp>

namespace fs = std::filesystem;
namespace json = boost::json;

namespace bh
{
using namespace config_keys;
namespace
{

std::vector<fs::path> search_dirs()
{
    std::vector<fs::path> dirs;
    if (const char *env = std::getenv("BHSIM_CONFIG_DIR"); env && *env)
        dirs.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec)
        dirs.push_back((exe.parent_path() / ".." / "platform" / "configs").lexically_normal());
#ifdef BH_LIB_TO_CONFIGS
    /* an installed libbhsim.so: its configs, relative to the library (the prefix may move) */
    Dl_info lib;
    if (dladdr(reinterpret_cast<void *>(&search_dirs), &lib) && lib.dli_fname) {
        const fs::path so = fs::canonical(lib.dli_fname, ec);
        if (!ec && so != exe)
            dirs.push_back((so.parent_path() / BH_LIB_TO_CONFIGS).lexically_normal());
    }
#endif
#ifdef BH_SOURCE_CONFIG_DIR
    dirs.emplace_back(BH_SOURCE_CONFIG_DIR);
#endif
    return dirs;
}

/* A name without '/' that does not end in ".json" names a product, found in search_dirs() */
bool is_product(const std::string &name)
{
    return name.find('/') == std::string::npos &&
           !(name.size() >= 5 && name.compare(name.size() - 5, 5, ".json") == 0);
}

/* A product name or a path (relative to base_dir when base_dir is not empty) -> a file. */
bool resolve(const std::string &name, const fs::path &base_dir, fs::path *out, std::string *err)
{
    if (name.empty())
        return fail(err, "empty config name");
    if (!is_product(name)) {
        const fs::path p(name);
        *out = p.is_relative() && !base_dir.empty() ? (base_dir / p).lexically_normal() : p;
        return true;
    }
    std::string looked, known;
    for (const fs::path &dir : search_dirs()) {
        std::error_code ec;
        if (fs::is_regular_file(dir / (name + ".json"), ec)) {
            *out = dir / (name + ".json");
            return true;
        }
        looked += (looked.empty() ? "" : ", ") + dir.string();
        std::set<std::string> names;
        if (known.empty() && fs::is_directory(dir, ec))
            for (const auto &e : fs::directory_iterator(dir, ec))
                if (e.path().extension() == ".json")
                    names.insert(e.path().stem().string());
        for (const std::string &n : names)
            known += (known.empty() ? "" : ", ") + n;
    }
    return fail(err, "config '" + name + "' not found: no " + name + ".json in " + looked +
                         (known.empty() ? "" : " (known: " + known + ")"));
}

using Flat = std::vector<std::pair<std::string, const json::value *>>;

void flatten(const json::object &o, const std::string &prefix, Flat *out)
{
    for (const auto &kv : o) {
        const std::string k = (prefix.empty() ? "" : prefix + ".") + std::string(kv.key());
        if (prefix.empty() && (k == "include" || k == "description"))
            continue;
        if (kv.value().is_object() && !find_param(k))
            flatten(kv.value().as_object(), k, out);
        else
            out->emplace_back(k, &kv.value());
    }
}

/* via: "--config: " for the --config file, "include 'x' in FILE: " for an include. */
bool read_json(const fs::path &path, const std::string &via, json::value *v, std::string *err)
{
    const std::string shown = path.string();
    std::string text, why;
    if (!read_file_capped(shown, kConfigFileMaxBytes, &text, &why))
        return fail(err, via + "cannot read config file '" + shown + "': " + why);
    if (!parse_json_text(text, shown, v, &why))
        return fail(err, why);
    if (!v->is_object())
        return fail(err, shown + ": expected a JSON object at the top level");
    return true;
}

/* stack: canonical path and shown name of each file being loaded, for cycle detection.
 * product: the file is a product's (or one a product includes), whose keys are its chip's
 * defaults rather than chosen for a run: they leave *chosen, the others enter it. */
bool load_file(const fs::path &path, const std::string &via, bool product,
               std::vector<std::pair<fs::path, std::string>> *stack, BhParams *p,
               std::set<std::string> *given, std::set<std::string> *chosen, std::string *err)
{
    const std::string shown = path.string();
    std::error_code ec;
    fs::path canon = fs::weakly_canonical(path, ec);
    if (ec)
        canon = path;
    std::string chain;
    for (const auto &s : *stack)
        chain += s.second + " -> ";
    for (const auto &s : *stack)
        if (s.first == canon)
            return fail(err, "include cycle: " + chain + shown);
    json::value v;
    if (!read_json(path, via, &v, err))
        return false;
    const json::object &o = v.as_object();
    const std::string where = " (in " + shown + ")";

    // 1. Includes first, in order; this file's keys override them.
    std::vector<std::string> names;
    if (const json::value *inc = o.if_contains("include")) {
        const json::array one{*inc};
        for (const json::value &e : inc->is_array() ? inc->get_array() : one) {
            if (!e.is_string())
                return fail(err, "include: expected a config name or file path (or an array of "
                                 "them), got " +
                                     json::serialize(*inc) + where);
            names.emplace_back(e.get_string());
            if (control_chars(names.back()) || names.back().empty())
                return fail(err, "include: " + quote(names.back()) +
                                     " is not a config name or file path" + where);
        }
    }
    stack->emplace_back(canon, shown);
    for (const std::string &name : names) {
        fs::path inc_path;
        std::string why;
        if (!resolve(name, path.parent_path(), &inc_path, &why))
            return fail(err, "include '" + name + "' in " + shown + ": " + why);
        if (!fs::exists(inc_path, ec))
            return fail(err, "include '" + name + "' in " + shown + ": no such file '" +
                                 inc_path.string() + "'");
        if (!load_file(inc_path, "include '" + name + "' in " + shown + ": ",
                       product || is_product(name), stack, p, given, chosen, err))
            return false;
    }
    stack->pop_back();
    if (const json::value *desc = o.if_contains("description"); desc && !desc->is_string())
        return fail(err, "description: expected a string" + where);

    // 2. This file's keys, nested or dotted.
    Flat kvs;
    flatten(o, "", &kvs);
    std::set<std::string> seen;
    for (const auto &kv : kvs) {
        const Param *d = find_param(kv.first);
        if (!d)
            return unknown_key(kv.first, shown, err);
        if (!seen.insert(kv.first).second)
            return fail(err, "key '" + kv.first + "' is given twice in " + shown);
        if (!set_json(p, *d, *kv.second, where, err))
            return false;
        given->insert(kv.first);
        if (product)
            chosen->erase(kv.first);
        else
            chosen->insert(kv.first);
    }
    return true;
}

/* l1.preset picks the defaults of the l1.* keys of L1_PARAMS and the client-to-port map (which
 * l1.port_map then edits): a key given anywhere keeps its value, whatever the order. */
void apply_l1_preset(BhParams *p, const std::set<std::string> &given)
{
    uint32_t preset = 0;
    const std::string names = L1_PRESET_NAMES;
    for (size_t at = 0, end; at <= names.size(); at = end + 1, preset++) {
        end = names.find('|', at);
        end = end == std::string::npos ? names.size() : end;
        if (names.compare(at, end - at, p->l1_preset) == 0)
            break;
    }
    const L1Config c = l1_config_preset(preset);
#define L1_X_PRESET(name, def, lo, hi, doc)                                                        \
    if (!given.count("l1." #name))                                                                 \
        p->l1.name = c.name;
    L1_PARAMS(L1_X_PRESET)
#undef L1_X_PRESET
    std::memcpy(p->l1.client_ports, c.client_ports, sizeof c.client_ports);
    std::memcpy(p->l1.port_of_client, c.port_of_client, sizeof c.port_of_client);
    std::memcpy(p->l1.port_dir, c.port_dir, sizeof c.port_dir);
    std::memcpy(p->l1.port_inner, c.port_inner, sizeof c.port_inner);
}

/* Every output file's directory exists and is writable, so a run does not fail at its end
 * (output.dump_l1 entries are checked by plan_l1_dumps, which parses them). */
bool check_output_paths(const BhParams &p, std::string *err)
{
    const std::pair<const char *, const char *> outs[] = {{"output.report", p.output_report},
                                                          {"output.heatmap", p.output_heatmap},
                                                          {"output.vcd", p.output_vcd},
                                                          {"output.timeline", p.output_timeline}};
    for (const auto &o : outs) {
        const std::string path = o.second;
        if (path.empty())
            continue;
        const std::string head = std::string(o.first) + ": cannot write '" + path + "': ";
        if (control_chars(path))
            return fail(err, std::string(o.first) + ": " + quote(path) +
                                 " contains a control character");
        std::error_code ec;
        if (fs::is_directory(path, ec))
            return fail(err, head + "is a directory");
        fs::path dir = fs::path(path).parent_path();
        if (dir.empty())
            dir = ".";
        if (!fs::is_directory(dir, ec))
            return fail(err, head + "no directory '" + dir.string() + "'");
        if (fs::exists(path, ec) ? ::access(path.c_str(), W_OK) != 0 /* overwritten in place */
                                 : ::access(dir.c_str(), W_OK | X_OK) != 0)
            return fail(err, head + std::strerror(errno));
    }
    /* output.profile is a directory, made here so that a bad one stops the run before it */
    if (const std::string dir = p.output_profile; !dir.empty()) {
        const std::string head = "output.profile: cannot create directory '" + dir + "': ";
        if (control_chars(dir))
            return fail(err, "output.profile: " + quote(dir) + " contains a control character");
        std::error_code ec;
        if (!fs::is_directory(dir, ec) && !fs::create_directories(dir, ec))
            return fail(err, head + (ec ? ec.message() : std::string("not a directory")));
        if (::access(dir.c_str(), W_OK | X_OK) != 0)
            return fail(err, head + std::strerror(errno));
    }
    return true;
}

} // namespace

bool config_load(const std::string &name_or_path, const std::vector<std::string> &sets,
                 BhParams *out, std::string *err)
{
    BhParams p = config_defaults();
    std::vector<std::pair<fs::path, std::string>> stack;
    fs::path path;
    if (name_or_path.empty())
        return fail(err, "--config: empty name (expected a product such as p150b or a file)");
    if (control_chars(name_or_path))
        return fail(err, "--config: " + quote(name_or_path) + " contains a control character");
    std::set<std::string> given, chosen; /* chosen: by --set or a file named by path */
    if (!resolve(name_or_path, fs::path(), &path, err) ||
        !load_file(path, "--config: ", is_product(name_or_path), &stack, &p, &given, &chosen, err))
        return false;
    for (const std::string &s : sets) {
        const size_t eq = s.find('=');
        if (eq == std::string::npos)
            return fail(err, "--set '" + s + "': expected KEY=VALUE");
        const std::string key = trim(s.substr(0, eq));
        if (key.empty())
            return fail(err, "--set '" + s + "': missing the key before '='");
        const Param *d = find_param(key);
        if (!d)
            return unknown_key(key, "--set", err);
        if (!set_text(&p, *d, s.substr(eq + 1), " (in --set)", err))
            return false;
        given.insert(key);
        chosen.insert(key);
    }
    apply_l1_preset(&p, given);
    if (!check_workload_keys(p, chosen, err) || !check_output_paths(p, err))
        return false;
    *out = p;
    return true;
}

} // namespace bh
