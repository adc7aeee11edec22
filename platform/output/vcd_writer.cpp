// SPDX-License-Identifier: Apache-2.0
#include "platform/output/vcd_writer.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <systemc>
#include "model/common/bh_common.h"

namespace bh
{

namespace
{

constexpr size_t kSpillBytes = 1 << 20;

/* VCD identifiers: the printable characters '!' to '~', shortest first */
std::string vcd_id(uint32_t n)
{
    std::string id;
    do {
        id += (char)('!' + n % 94);
        n /= 94;
    } while (n);
    return id;
}

struct Scope {
    std::map<std::string, Scope> kids; /* by name, so GTKWave lists tiles in grid order */
    std::vector<uint32_t> vars;        /* in registration order */
};

void write_scope(const std::string &name, const Scope &s, const std::vector<std::string> &lines,
                 std::string *out)
{
    *out += "$scope module " + name + " $end\n";
    for (uint32_t v : s.vars)
        *out += lines[v];
    for (const auto &[kid, scope] : s.kids)
        write_scope(kid, scope, lines, out);
    *out += "$upscope $end\n";
}

/* x cut to the signal's width, as the file shows it */
uint64_t cut(uint64_t x, unsigned width)
{
    return width >= 64 ? x : x & ((1ull << width) - 1);
}

uint64_t now_fs()
{
    return sc_core::sc_time_stamp().value();
}

} // namespace

VcdWriter::~VcdWriter()
{
    std::string ignored;
    if (open_)
        close(&ignored);
}

VcdGroup *VcdWriter::group()
{
    groups_.push_back(VcdGroup(this));
    return &groups_.back();
}

uint32_t VcdWriter::add(VcdGroup *g, const void *v, size_t bytes, const std::string &name,
                        unsigned width)
{
    Var var{};
    var.p = v;
    var.bytes = (uint8_t)bytes;
    var.width = (uint8_t)(width ? width : 8 * bytes);
    names_.push_back(name);
    const std::string id = vcd_id((uint32_t)vars_.size());
    IdCode code{};
    BH_ASSERT(id.size() <= sizeof code.c);
    std::memcpy(code.c, id.data(), id.size());
    code.n = (uint8_t)id.size();
    ids_.push_back(code);
    if (g)
        g->vars_.push_back((uint32_t)vars_.size());
    vars_.push_back(var);
    return (uint32_t)vars_.size() - 1;
}

uint64_t VcdWriter::read(const Var &v) const
{
    uint64_t x;
    switch (v.bytes) {
    case 1:
        x = *static_cast<const uint8_t *>(v.p);
        break;
    case 2:
        x = *static_cast<const uint16_t *>(v.p);
        break;
    case 4:
        x = *static_cast<const uint32_t *>(v.p);
        break;
    default:
        x = *static_cast<const uint64_t *>(v.p);
        break;
    }
    return cut(x, v.width);
}

namespace
{
/* a byte's eight bits as the file shows them, most significant first */
struct BitChars {
    char c[256][8];
    BitChars()
    {
        for (int v = 0; v < 256; v++)
            for (int b = 0; b < 8; b++)
                c[v][b] = (char)('0' + (v >> (7 - b) & 1));
    }
};
const BitChars kBitChars;
} // namespace

void VcdWriter::put_value(uint32_t var, uint64_t value)
{
    /* "b" + 64 bits + " " + an id of at most 7 characters + "\n", straight into the buffer */
    char *line = room(80);
    size_t n = 0;
    if (vars_[var].width == 1) {
        line[n++] = (char)('0' + (value & 1));
    } else {
        line[n++] = 'b';
        const int bits = value ? 64 - __builtin_clzll(value) : 1; /* no leading zeros */
        int b = bits;
        for (; b % 8; b--) /* the bits above the whole bytes, one at a time */
            line[n++] = (char)('0' + (value >> (b - 1) & 1));
        for (; b; b -= 8, n += 8) /* then a byte at a time */
            std::memcpy(line + n, kBitChars.c[value >> (b - 8) & 0xFF], 8);
        line[n++] = ' ';
    }
    const IdCode &id = ids_[var];
    std::memcpy(line + n, id.c, sizeof id.c);
    n += id.n;
    line[n++] = '\n';
    used_ += n;
}

char *VcdWriter::room(size_t n)
{
    if (used_ + n > out_.size())
        out_.resize(std::max(2 * out_.size(), used_ + n));
    return out_.data() + used_;
}

void VcdWriter::put(const std::string &s)
{
    std::memcpy(room(s.size()), s.data(), s.size());
    used_ += s.size();
}

void VcdWriter::at_now()
{
    uint64_t t = now_fs();
    if (t != pending_t_) {
        flush();
        pending_t_ = t;
    }
}

void VcdWriter::set(uint32_t i, uint64_t x)
{
    Var &v = vars_[i];
    if (x == v.said && !v.queued)
        return;
    v.pending = x;
    if (!v.queued) {
        v.queued = 1;
        queued_.push_back(i);
    }
}

void VcdWriter::sample(const VcdGroup &g)
{
    at_now();
    for (uint32_t i : g.vars_)
        set(i, read(vars_[i]));
}

void VcdWriter::zone_if_listened(uint32_t signal, const char *name)
{
    if (open_ && listener_ && listened_[signal])
        listener_->zone(signal, now_fs(), name);
}

void VcdWriter::update(uint32_t signal, uint64_t value)
{
    at_now();
    set(signal, cut(value, vars_[signal].width));
}

void VcdWriter::flush()
{
    for (uint32_t i : queued_) {
        Var &v = vars_[i];
        v.queued = 0;
        if (v.pending == v.said)
            continue;
        if (listener_ && listened_[i])
            listener_->changed(i, pending_t_, v.said, v.pending);
        v.said = v.pending;
        if (!f_)
            continue;
        if (written_t_ != pending_t_) {
            put('#' + std::to_string(pending_t_) + '\n');
            written_t_ = pending_t_;
        }
        put_value(i, v.pending);
    }
    queued_.clear();
    if (used_ >= kSpillBytes)
        spill();
}

void VcdWriter::spill()
{
    if (!f_) {
        used_ = 0;
        return;
    }
    if (used_ && std::fwrite(out_.data(), 1, used_, f_) != used_)
        write_failed_ = true;
    used_ = 0;
}

bool VcdWriter::open(const std::string &path, std::string *err)
{
    path_ = path;
    f_ = std::fopen(path.c_str(), "w");
    if (!f_) {
        *err = "cannot write '" + path + "': " + std::strerror(errno);
        return false;
    }
    Scope top;
    std::vector<std::string> lines(vars_.size());
    for (uint32_t i = 0; i < vars_.size(); i++) {
        const Var &v = vars_[i];
        const std::string &name = names_[i];
        Scope *s = &top;
        size_t from = 0, dot;
        while ((dot = name.find('.', from)) != std::string::npos) {
            s = &s->kids[name.substr(from, dot - from)];
            from = dot + 1;
        }
        s->vars.push_back(i);
        lines[i] = "$var wire " + std::to_string(v.width) + " " +
                   std::string(ids_[i].c, ids_[i].n) + " " + name.substr(from) +
                   (v.width > 1 ? " [" + std::to_string(v.width - 1) + ":0]" : "") + " $end\n";
    }
    std::string head = "$version bhsim $end\n$timescale " +
                       sc_core::sc_get_time_resolution().to_string() + " $end\n";
    write_scope("SystemC", top, lines, &head);
    head += "$enddefinitions $end\n#0\n$dumpvars\n";
    used_ = 0;
    put(head);
    for (uint32_t i = 0; i < vars_.size(); i++) {
        vars_[i].said = read(vars_[i]);
        put_value(i, vars_[i].said);
    }
    put("$end\n");
    pending_t_ = written_t_ = 0;
    spill();
    open_ = true;
    return !write_failed_ || (*err = "cannot write '" + path + "'", false);
}

void VcdWriter::open_without_file()
{
    for (Var &v : vars_)
        v.said = read(v);
    pending_t_ = written_t_ = 0;
    open_ = true;
}

bool VcdWriter::close(std::string *err)
{
    if (!open_)
        return true;
    flush();
    open_ = false;
    if (!f_)
        return true;
    uint64_t t = now_fs();
    if (t > written_t_)
        put('#' + std::to_string(t) + '\n');
    spill();
    bool ok = !write_failed_ && std::fclose(f_) == 0;
    f_ = nullptr;
    if (!ok)
        *err = "cannot write '" + path_ + "'";
    return ok;
}

} // namespace bh
