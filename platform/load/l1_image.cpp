// SPDX-License-Identifier: Apache-2.0
#include "platform/load/l1_image.h"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include "model/tile/tile_map.h"
#include "platform/load/file_read.h"
#include "platform/chip.h"
#include "platform/config.h"

namespace bh
{

static bool fail(std::string *err, const std::string &msg)
{
    *err = msg;
    return false;
}

static std::string hex(uint64_t v)
{
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

static std::vector<std::string> entries(const std::string &text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string e; std::getline(in, e, ';');) {
        size_t a = e.find_first_not_of(" \t"), b = e.find_last_not_of(" \t");
        if (a != std::string::npos)
            out.push_back(e.substr(a, b - a + 1));
    }
    return out;
}

/* Splits "X,Y:F1:...:Fn-1:REST" into n fields, the last taking the rest of the entry. */
static bool split(const std::string &e, size_t n, std::vector<std::string> *f)
{
    f->clear();
    size_t at = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        size_t c = e.find(':', at);
        if (c == std::string::npos)
            return false;
        f->push_back(e.substr(at, c - at));
        at = c + 1;
    }
    f->push_back(e.substr(at));
    return !f->back().empty();
}

/* The tile, address and (if len) length of one entry, checked against L1. */
static bool place(const BhGrid &g, const std::string &where, const std::vector<std::string> &f,
                  uint64_t len, uint64_t &l1_bytes, uint32_t *node, uint32_t *addr,
                  std::string *err)
{ /* l1_bytes: the Tensix tile's size in, the tile's out */
    std::string why_not_tensix, ignored;
    if (!compute_tile(g, where, f[0], node, &why_not_tensix)) {
        /* an enabled Ethernet tile's L1 too, with its own size (eth_tile_map.def) */
        if (!eth_tile(g, where, f[0], node, &ignored))
            return fail(err, why_not_tensix + " or an enabled Ethernet tile");
        l1_bytes = tile_region(TILE_RG_ETH_L1)->size;
    }
    if (!parse_u32(f[1], false, addr))
        return fail(err, where + ": address '" + f[1] + "' is not a number");
    if (*addr >= l1_bytes && len == 0) /* init entries: before the file is read */
        return fail(err, where + ": address " + hex(*addr) + " is past the end of L1 (" +
                             hex(l1_bytes) + ")");
    if (*addr >= l1_bytes || len > l1_bytes - *addr)
        return fail(err, where + ": " + std::to_string(len) + " bytes at " + hex(*addr) +
                             " run past the end of L1 (" + hex(l1_bytes) + ")");
    return true;
}

bool plan_l1_init(const BhGrid &g, const std::string &text, uint64_t l1_bytes,
                  std::vector<L1Blob> *out, std::string *err)
{
    std::vector<std::string> f;
    for (const std::string &e : entries(text)) {
        std::string where = "workload.l1_init: entry '" + e + "'";
        if (!split(e, 3, &f))
            return fail(err, where + ": expected X,Y:ADDR:FILE");
        L1Blob b;
        uint64_t tile_l1 = l1_bytes;
        if (!place(g, where, f, 0, tile_l1, &b.node, &b.addr, err))
            return false;
        /* at most what fits between the address and the end of L1 is read */
        std::string text, why;
        uint64_t size = 0;
        if (!read_file_capped(f[2], tile_l1 - b.addr, &text, &why, &size))
            return fail(err, size ? where + ": " + std::to_string(size) + " bytes at " +
                                        hex(b.addr) + " run past the end of L1 (" + hex(tile_l1) +
                                        ")"
                                  : where + ": cannot read '" + f[2] + "': " + why);
        if (text.empty())
            return fail(err, where + ": '" + f[2] + "' is empty");
        b.bytes.assign(text.begin(), text.end());
        out->push_back(std::move(b));
    }
    return true;
}

bool plan_l1_dumps(const BhGrid &g, const std::string &key, const std::string &text,
                   uint64_t l1_bytes, std::vector<L1Dump> *out, std::string *err)
{
    std::vector<std::string> f;
    for (std::string e : entries(text)) {
        std::string where = key + ": entry '" + e + "'";
        L1Dump d;
        /* "C@X,Y:...": chip C of system.chips (the caller checks C against the count) */
        if (const size_t at = e.find('@'); at != std::string::npos) {
            int chip = -1, n = 0;
            if (std::sscanf(e.c_str(), "%d@%n", &chip, &n) != 1 || chip < 0 || (size_t)n != at + 1)
                return fail(err, where + ": expected C@X,Y:ADDR:LEN:FILE, C a chip number");
            d.chip = (uint32_t)chip;
            e = e.substr(at + 1);
        }
        if (!split(e, 4, &f))
            return fail(err, where + ": expected [C@]X,Y:ADDR:LEN:FILE");
        if (!parse_u32(f[2], false, &d.len) || d.len == 0)
            return fail(err, where + ": length '" + f[2] + "' is not a positive number");
        uint64_t tile_l1 = l1_bytes;
        if (!place(g, where, f, d.len, tile_l1, &d.node, &d.addr, err))
            return false;
        std::ofstream probe(f[3], std::ios::app | std::ios::binary);
        if (!probe)
            return fail(err, where + ": cannot write '" + f[3] + "': " + std::strerror(errno));
        d.path = f[3];
        out->push_back(std::move(d));
    }
    return true;
}

} // namespace bh
