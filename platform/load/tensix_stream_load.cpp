// SPDX-License-Identifier: Apache-2.0
#include "platform/load/tensix_stream_load.h"
#include "platform/config.h"
#include "platform/load/file_read.h"
#include <sstream>

namespace bh
{

/* Items of one script at most (16 MiB of TensixStreamItem); each tile keeps its own copy. */
constexpr size_t kStreamMaxItems = 1u << 20;

bool parse_tensix_stream(const std::string &text, const std::string &shown,
                         std::vector<TensixStreamItem> *out, std::string *err)
{
    std::vector<TensixStreamItem> items;
    std::istringstream in(text);
    std::string line;
    uint32_t n = 0;
    while (std::getline(in, line)) {
        n++;
        size_t hash = line.find('#');
        if (hash != std::string::npos)
            line.resize(hash);
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string t; words >> t;)
            w.push_back(t);
        if (w.empty())
            continue;
        auto bad = [&](const std::string &why) {
            *err = shown + ":" + std::to_string(n) + ": " + why;
            return false;
        };
        if (items.size() + 2 > kStreamMaxItems)
            return bad("more than " + std::to_string(kStreamMaxItems) +
                       " items (the limit of a script)");
        TensixStreamItem it{};
        it.line = n;
        if (w[0] == "mmio") {
            if (w.size() != 3)
                return bad("expected 'mmio ADDR VALUE', got '" + line + "'");
            it.kind = TS_MMIO;
            if (!parse_u32(w[1], false, &it.addr))
                return bad("mmio address '" + w[1] + "' is not a 32-bit number");
            if (!parse_u32(w[2], false, &it.value))
                return bad("mmio value '" + w[2] + "' is not a 32-bit number");
        } else if (w[0] == "load") {
            if (w.size() != 2)
                return bad("expected 'load ADDR', got '" + line + "'");
            it.kind = TS_LOAD;
            if (!parse_u32(w[1], false, &it.addr))
                return bad("load address '" + w[1] + "' is not a 32-bit number");
        } else if (w[0] == "tensix_sync" || w[0] == "mop_sync") {
            if (w.size() != 1)
                return bad("'" + w[0] + "' takes no operands, got '" + line + "'");
            /* the LLK idiom (ckernel.h store_blocking): store 0, then load the same address,
             * which returns once the thread (PC_BUF_BASE + 4) or its MOP expander (+ 8) is
             * done */
            it.kind = TS_MMIO;
            it.addr = w[0] == "tensix_sync" ? 0xFFE80004u : 0xFFE80008u;
            items.push_back(it);
            it.kind = TS_LOAD;
        } else if (w[0] == "wait") {
            if (w.size() != 2 || !parse_u32(w[1], false, &it.value))
                return bad("expected 'wait N' with N a number of cycles, got '" + line + "'");
            it.kind = TS_WAIT;
        } else {
            if (w.size() != 1)
                return bad("expected one hex instruction word, 'mmio ADDR VALUE', 'load ADDR', "
                           "'tensix_sync', 'mop_sync' or 'wait N', got '" +
                           line + "'");
            it.kind = TS_PUSH;
            if (!parse_u32(w[0], true, &it.value))
                return bad("'" + w[0] + "' is not a 32-bit hex instruction word");
        }
        items.push_back(it);
    }
    *out = std::move(items);
    return true;
}

bool load_tensix_stream(const std::string &path, std::vector<TensixStreamItem> *out,
                        std::string *err)
{
    std::string text, why;
    if (!read_file_capped(path, kStreamFileMaxBytes, &text, &why)) {
        *err = "cannot read '" + path + "': " + why;
        return false;
    }
    return parse_tensix_stream(text, path, out, err);
}

} // namespace bh
