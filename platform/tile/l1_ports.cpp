// SPDX-License-Identifier: Apache-2.0
#include "platform/tile/l1_ports.h"
#include <cstring>
#include <string>
#include <vector>
#include "model/tile/l1.h"

static const char *dir_name(uint8_t dir)
{
    return dir == (L1_DIR_READ | L1_DIR_WRITE) ? "rw" : dir == L1_DIR_WRITE ? "w" : "r";
}

static size_t copy_out(const std::string &s, char *buf, size_t len)
{
    if (len > 0) {
        size_t n = s.size() < len - 1 ? s.size() : len - 1;
        std::memcpy(buf, s.data(), n);
        buf[n] = '\0';
    }
    return s.size();
}

static std::string pad(std::string s, size_t width, bool right)
{
    if (s.size() < width)
        s = right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
    return s;
}

extern "C" size_t bh_l1_ports_format(int markdown, uint32_t preset, char *buf, size_t len)
{
    const L1Config c = l1_config_preset(preset);
    std::vector<std::string> by_port(c.ports);
    std::string out;
    bool any_inner = false;
    if (markdown)
        out += "| VCD holder | client | ports (r read, w write) |\n|---:|---|---|\n";
    else
        out += "L1 clients (model/tile/l1.h); a VCD holder is 0 idle, else 1 + the client's index\n"
               "  holder  client   ports (r read, w write)\n";
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        std::string ports;
        for (uint32_t s = 0; s < c.client_ports[k]; s++) {
            uint32_t p = c.port_of_client[k][s];
            const char *inner = !c.port_inner[k][s] ? "" : markdown ? "\\*" : "*";
            any_inner |= c.port_inner[k][s] != 0;
            std::string one =
                std::to_string(p) + (markdown ? " " : "") + dir_name(c.port_dir[k][s]) + inner;
            ports += (s ? (markdown ? ", " : " ") : "") + one;
            std::string &who = by_port.at(p);
            who += (who.empty() ? "" : ", ") + std::string(l1_client_name(k)) +
                   (markdown ? " (" + std::string(dir_name(c.port_dir[k][s])) + ")" + inner
                             : " " + std::string(dir_name(c.port_dir[k][s])) + inner);
        }
        if (markdown)
            out +=
                "| " + std::to_string(k + 1) + " | `" + l1_client_name(k) + "` | " + ports + " |\n";
        else
            out += "  " + pad(std::to_string(k + 1), 6, true) + "  " +
                   pad(l1_client_name(k), 8, false) + " " + ports + "\n";
    }
    out += markdown ? "\n| port | clients |\n|---:|---|\n"
                    : "\nL1 ports (" + std::to_string(c.ports) +
                          ") and the clients that share them\n  port  clients\n";
    for (uint32_t p = 0; p < c.ports; p++) {
        const std::string &who = by_port[p].empty() ? std::string("-") : by_port[p];
        out += markdown ? "| " + std::to_string(p) + " | " + who + " |\n"
                        : "  " + pad(std::to_string(p), 4, true) + "  " + who + "\n";
    }
    if (any_inner) /* model/tile/l1.h, nested muxes */
        out += std::string(markdown ? "\n\\" : "") +
               "* through the port's inner mux: those clients share one turn of the port's round "
               "robin\n";
    return copy_out(out, buf, len);
}

extern "C" size_t bh_l1_holder_filter_format(char *buf, size_t len)
{
    std::string out = "# bhsim L1 port and bank holders (model/tile/l1.h L1_CLIENT_TABLE): GTKWave "
                      "translate filter, values in decimal\n0 idle\n";
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        out += std::to_string(k + 1) + " " + l1_client_name(k) + "\n";
    return copy_out(out, buf, len);
}

static const char *const kClientNames[] = {
#define L1_X_NAME(name, str, ...) str,
    L1_CLIENT_TABLE(L1_X_NAME)
#undef L1_X_NAME
};

static bool port_map_fail(std::string *err, const std::string &entry, const std::string &why)
{
    *err = "l1.port_map: entry '" + entry + "': " + why;
    return false;
}

/* "12w" -> port 12, write only; false if it is not a port number with an optional r, w, rw */
static bool parse_port(const std::string &t, uint32_t *port, uint8_t *dir)
{
    size_t i = 0;
    uint64_t v = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9' && v <= L1_PORTS_MAX)
        v = v * 10 + (uint64_t)(t[i++] - '0');
    const std::string suffix = t.substr(i);
    if (i == 0 || v > 255 || (suffix != "" && suffix != "r" && suffix != "w" && suffix != "rw"))
        return false;
    *port = (uint32_t)v;
    *dir = suffix == "r" ? L1_DIR_READ : suffix == "w" ? L1_DIR_WRITE : L1_DIR_READ | L1_DIR_WRITE;
    return true;
}

bool bh_l1_port_map_apply(const std::string &text, L1Config *c, std::string *err)
{
    std::vector<bool> listed(L1_CLIENTS, false);
    size_t at = 0;
    while (at <= text.size() && !text.empty()) {
        size_t end = text.find(';', at);
        if (end == std::string::npos)
            end = text.size();
        const std::string entry = text.substr(at, end - at);
        at = end + 1;
        const size_t colon = entry.find(':');
        if (entry.empty() || colon == std::string::npos)
            return port_map_fail(err, entry, "expected client:port,port,...");
        const std::string name = entry.substr(0, colon);
        uint32_t k = 0;
        while (k < L1_CLIENTS && name != kClientNames[k])
            k++;
        if (k == L1_CLIENTS) {
            std::string all;
            for (const char *n : kClientNames)
                all += std::string(all.empty() ? "" : ", ") + n;
            return port_map_fail(err, entry,
                                 "unknown client '" + name + "' (clients: " + all + ")");
        }
        if (listed[k])
            return port_map_fail(err, entry, "client '" + name + "' is listed twice");
        listed[k] = true;
        uint32_t n = 0;
        size_t p = colon + 1;
        while (p <= entry.size()) {
            size_t comma = entry.find(',', p);
            if (comma == std::string::npos)
                comma = entry.size();
            const std::string tok = entry.substr(p, comma - p);
            p = comma + 1;
            uint32_t port;
            uint8_t dir;
            if (!parse_port(tok, &port, &dir))
                return port_map_fail(err, entry,
                                     "'" + tok + "' is not a port number followed by r, w or rw");
            if (n == L1_CLIENT_PORTS_MAX)
                return port_map_fail(err, entry,
                                     "a client has at most " + std::to_string(L1_CLIENT_PORTS_MAX) +
                                         " ports");
            for (uint32_t s = 0; s < n; s++)
                if (c->port_of_client[k][s] == port)
                    return port_map_fail(err, entry,
                                         "port " + std::to_string(port) + " is listed twice");
            c->port_of_client[k][n] = (uint8_t)port;
            c->port_dir[k][n] = dir;
            c->port_inner[k][n] = 0;
            n++;
        }
        c->client_ports[k] = n;
    }
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        for (uint32_t s = 0; s < c->client_ports[k]; s++)
            if (c->port_of_client[k][s] >= c->ports) {
                *err = std::string("l1.port_map: client '") + kClientNames[k] + "' uses port " +
                       std::to_string(c->port_of_client[k][s]) + ", but l1.ports is " +
                       std::to_string(c->ports) + " (ports 0.." + std::to_string(c->ports - 1) +
                       (listed[k] ? ")"
                                  : "; its default ports come from bhsim --list-l1-ports: "
                                    "list the client in l1.port_map)");
                return false;
            }
    return true;
}
