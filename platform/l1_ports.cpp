// SPDX-License-Identifier: Apache-2.0
#include "platform/l1_ports.h"
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

extern "C" size_t bh_l1_ports_format(int markdown, char *buf, size_t len)
{
    const L1Config c = l1_config_default();
    std::vector<std::string> by_port(c.ports);
    std::string out;
    if (markdown)
        out += "| VCD holder | client | ports (r read, w write) |\n|---:|---|---|\n";
    else
        out += "L1 clients (model/tile/l1.h); a VCD holder is 0 idle, else 1 + the client's index\n"
               "  holder  client   ports (r read, w write)\n";
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        std::string ports;
        for (uint32_t s = 0; s < c.client_ports[k]; s++) {
            uint32_t p = c.port_of_client[k][s];
            std::string one =
                std::to_string(p) + (markdown ? " " : "") + dir_name(c.port_dir[k][s]);
            ports += (s ? (markdown ? ", " : " ") : "") + one;
            std::string &who = by_port.at(p);
            who += (who.empty() ? "" : ", ") + std::string(l1_client_name(k)) +
                   (markdown ? " (" + std::string(dir_name(c.port_dir[k][s])) + ")"
                             : " " + std::string(dir_name(c.port_dir[k][s])));
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
