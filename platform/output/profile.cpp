// SPDX-License-Identifier: Apache-2.0
/* platform/output/profile.cpp - DWARF line lookup and the profile's files (profile.h). */
#include "platform/output/profile.h"
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace bh
{

void profile_add(RvProfEntry *d, const RvProfEntry &e)
{
    d->insns += e.insns;
    for (uint32_t s = 0; s < RV_STALLS; s++)
        d->stall[s] += e.stall[s];
    d->coproc += e.coproc;
}

namespace
{

struct LineRow {
    uint32_t addr, line, file; /* file: index into LineTable::files */
    bool end;                  /* end of a sequence: no line from addr on */
};

struct LineTable {
    std::vector<std::string> files;
    std::vector<LineRow> rows; /* sorted by address, an end before a start at the same one */
    std::map<uint32_t, std::set<uint32_t>> lines_of; /* every line with code, per file */
};

/* The line table of the ELF at path; false if it has none (no -g) or cannot be read. */
bool load_lines(const std::string &path, LineTable *t)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
        return false;
    Dwarf *dw = dwarf_begin(fd, DWARF_C_READ);
    if (!dw) {
        ::close(fd);
        return false;
    }
    std::map<std::string, uint32_t> file_index;
    Dwarf_CU *cu = nullptr;
    Dwarf_Die cudie;
    uint8_t unit_type;
    while (dwarf_get_units(dw, cu, &cu, nullptr, &unit_type, &cudie, nullptr) == 0) {
        Dwarf_Lines *lines;
        size_t n;
        if (dwarf_getsrclines(&cudie, &lines, &n) != 0)
            continue;
        Dwarf_Attribute at;
        const char *comp = dwarf_formstring(dwarf_attr(&cudie, DW_AT_comp_dir, &at));
        for (size_t i = 0; i < n; i++) {
            Dwarf_Line *l = dwarf_onesrcline(lines, i);
            Dwarf_Addr a;
            int ln;
            bool end;
            const char *f = dwarf_linesrc(l, nullptr, nullptr);
            if (!l || dwarf_lineaddr(l, &a) || dwarf_lineno(l, &ln) ||
                dwarf_lineendsequence(l, &end) || !f)
                continue;
            fs::path p(f);
            if (p.is_relative() && comp)
                p = fs::path(comp) / p;
            const std::string name = p.lexically_normal().string();
            auto it = file_index.emplace(name, (uint32_t)t->files.size()).first;
            if (it->second == t->files.size())
                t->files.push_back(name);
            t->rows.push_back({(uint32_t)a, (uint32_t)ln, it->second, end});
            if (!end && ln > 0)
                t->lines_of[it->second].insert((uint32_t)ln);
        }
    }
    dwarf_end(dw);
    ::close(fd);
    std::stable_sort(t->rows.begin(), t->rows.end(), [](const LineRow &a, const LineRow &b) {
        return a.addr != b.addr ? a.addr < b.addr : a.end > b.end;
    });
    return !t->rows.empty();
}

/* the row giving pc's line, or null */
const LineRow *line_of(const LineTable &t, uint32_t pc)
{
    auto it = std::upper_bound(t.rows.begin(), t.rows.end(), pc,
                               [](uint32_t a, const LineRow &r) { return a < r.addr; });
    if (it == t.rows.begin())
        return nullptr;
    --it;
    return it->end || it->line == 0 ? nullptr : &*it;
}

/* the function symbol holding pc, or "" */
std::string func_of(const std::vector<RvElfSym> &syms, uint32_t pc)
{
    const RvElfSym *best = nullptr;
    for (const RvElfSym &s : syms)
        if (s.addr <= pc && (pc < s.addr + s.size || (s.size == 0 && s.addr == pc)))
            best = &s;
    return best ? best->name : "";
}

uint64_t stalls_of(const RvProfEntry &e)
{
    uint64_t n = 0;
    for (uint32_t s = 0; s < RV_STALLS; s++)
        n += e.stall[s];
    return n;
}

std::string hex(uint32_t v)
{
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
}

/* a key that sorts: (file index, line) or, without a line, (UINT32_MAX, pc) */
struct Where {
    uint32_t file, line;
    bool operator<(const Where &o) const
    {
        return file != o.file ? file < o.file : line < o.line;
    }
};

struct ElfOut {
    std::string name; /* output base name */
    bool has_lines = false;
    LineTable lt;
    std::map<Where, RvProfEntry> by_line;
    std::map<Where, std::string> func; /* the function of the line's hottest PC */
    RvProfEntry total{};
    uint64_t no_line = 0; /* cycles at PCs the line table does not cover */
};

/* the ELF's stem; a kernel cache's (16 hex digits) after the stem of its hottest source file */
std::string base_name(const std::string &path, const ElfOut &o, std::set<std::string> *used)
{
    std::string b = path.empty() ? "unknown" : fs::path(path).stem().string();
    if (b.size() == 16 && b.find_first_not_of("0123456789abcdef") == std::string::npos) {
        std::map<uint32_t, uint64_t> per_file;
        for (const auto &[w, e] : o.by_line)
            if (w.file != UINT32_MAX)
                per_file[w.file] += rv_prof_cycles(&e);
        auto hot =
            std::max_element(per_file.begin(), per_file.end(),
                             [](const auto &a, const auto &b) { return a.second < b.second; });
        if (hot != per_file.end())
            b = fs::path(o.lt.files[hot->first]).stem().string() + "-" + b;
    }
    std::string name = b;
    for (int k = 2; !used->insert(name).second; k++)
        name = b + "-" + std::to_string(k);
    return name;
}

bool write_lcov(const ElfOut &o, const std::string &file, std::string *err)
{
    std::ofstream f(file);
    f << "TN:\n";
    std::map<uint32_t, std::map<uint32_t, uint64_t>> per_file;
    for (const auto &[w, e] : o.by_line)
        if (w.file != UINT32_MAX)
            per_file[w.file][w.line] += rv_prof_cycles(&e);
    for (auto &[fi, lines] : per_file) {
        auto lo = o.lt.lines_of.find(fi); /* lines with code and no cycles: 0 */
        if (lo != o.lt.lines_of.end())
            for (uint32_t l : lo->second)
                lines.emplace(l, 0);
        uint64_t hit = 0;
        f << "SF:" << o.lt.files[fi] << "\n";
        for (const auto &[l, n] : lines) {
            f << "DA:" << l << "," << n << "\n";
            hit += n > 0;
        }
        f << "LF:" << lines.size() << "\nLH:" << hit << "\nend_of_record\n";
    }
    f.close();
    if (!f)
        return *err = "output.profile: cannot write '" + file + "'", false;
    return true;
}

bool write_callgrind(const ElfOut &o, const ProfileElf &pe, const std::string &path,
                     const std::string &file, std::string *err)
{
    std::ofstream f(file);
    f << "# callgrind format\nversion: 1\ncreator: bhsim --profile\ncmd: " << path
      << "\npositions: line\nevents: Cycles Stalls CoprocInsns\n";
    /* per function: its lines (file, line) in PC order of first appearance */
    struct Fn {
        std::string fl;
        std::map<std::pair<std::string, uint32_t>, RvProfEntry> lines;
    };
    std::map<std::string, Fn> fns;
    for (const auto &[pc, e] : pe.pcs) {
        std::string fn = func_of(pe.syms, pc);
        const LineRow *r = o.has_lines ? line_of(o.lt, pc) : nullptr;
        const std::string fl = r ? o.lt.files[r->file] : "???";
        if (fn.empty())
            fn = hex(pc & ~0xFFu);
        Fn &x = fns[fn];
        if (x.fl.empty())
            x.fl = fl;
        profile_add(&x.lines[{fl, r ? r->line : 0}], e);
    }
    for (const auto &[name, x] : fns) {
        f << "\nfl=" << x.fl << "\nfn=" << name << "\n";
        std::string cur = x.fl;
        for (const auto &[k, e] : x.lines) {
            if (k.first != cur)
                f << "fi=" << k.first << "\n", cur = k.first;
            f << k.second << " " << rv_prof_cycles(&e) << " " << stalls_of(e) << " " << e.coproc
              << "\n";
        }
    }
    f << "\ntotals: " << rv_prof_cycles(&o.total) << " " << stalls_of(o.total) << " "
      << o.total.coproc << "\n";
    f.close();
    if (!f)
        return *err = "output.profile: cannot write '" + file + "'", false;
    return true;
}

void write_hot(std::ostream &f, const std::string &path, const ElfOut &o, const ProfileElf &pe)
{
    const uint64_t total = rv_prof_cycles(&o.total);
    f << (path.empty() ? "(PCs outside every known program)" : path) << "\n";
    f << "  cores " << pe.cores.size() << ", cycles " << total << ", instructions " << o.total.insns
      << ", stall cycles " << stalls_of(o.total);
    if (o.total.coproc)
        f << ", coprocessor instructions pushed " << o.total.coproc;
    f << "\n";
    if (!o.has_lines)
        f << "  note: no DWARF line table (built without -g?): PCs by address\n";
    else if (o.no_line)
        f << "  cycles at PCs without a source line (by address below, not in the .info): "
          << o.no_line << "\n";
    std::vector<std::pair<Where, const RvProfEntry *>> v;
    for (const auto &[w, e] : o.by_line)
        v.emplace_back(w, &e);
    std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) {
        return rv_prof_cycles(a.second) > rv_prof_cycles(b.second);
    });
    if (v.size() > 20)
        v.resize(20);
    char buf[64];
    for (const auto &[w, e] : v) {
        const uint64_t n = rv_prof_cycles(e);
        std::snprintf(buf, sizeof buf, "  %12" PRIu64 " %6.2f%% ", n,
                      total ? 100.0 * (double)n / (double)total : 0.0);
        f << buf;
        if (w.file == UINT32_MAX)
            f << hex(w.line);
        else
            f << o.lt.files[w.file] << ":" << w.line;
        auto fn = o.func.find(w);
        if (fn != o.func.end() && !fn->second.empty())
            f << " (" << fn->second << ")";
        std::string st;
        for (uint32_t s = 0; s < RV_STALLS; s++)
            if (e->stall[s])
                st += std::string(st.empty() ? "" : " ") + rv_stall_name(s) + "=" +
                      std::to_string(e->stall[s]);
        f << "  stalls " << (st.empty() ? "0" : st);
        if (e->coproc)
            f << "  coproc " << e->coproc;
        f << "\n";
    }
    f << "\n";
}

} // namespace

bool write_profile(const ProfileData &data, const std::string &dir, std::string *err)
{
    std::set<std::string> used;
    std::ostringstream hot;
    hot << "# bhsim --profile: per ELF the hottest source lines (top 20): cycles, share of the "
           "ELF's cycles, stall cycles by cause\n\n";
    for (const auto &[path, pe] : data) {
        ElfOut o;
        o.has_lines = !path.empty() && load_lines(path, &o.lt);
        std::map<Where, uint64_t> best; /* hottest PC's cycles per line, for its function */
        for (const auto &[pc, e] : pe.pcs) {
            const LineRow *r = o.has_lines ? line_of(o.lt, pc) : nullptr;
            const Where w = r ? Where{r->file, r->line} : Where{UINT32_MAX, pc};
            profile_add(&o.by_line[w], e);
            profile_add(&o.total, e);
            if (!r)
                o.no_line += rv_prof_cycles(&e);
            const uint64_t n = rv_prof_cycles(&e);
            if (!best.count(w) || n > best[w]) {
                best[w] = n;
                o.func[w] = func_of(pe.syms, pc);
            }
        }
        o.name = base_name(path, o, &used);
        write_hot(hot, path, o, pe);
        if (path.empty())
            continue;
        if (o.has_lines && !write_lcov(o, dir + "/" + o.name + ".info", err))
            return false;
        if (!write_callgrind(o, pe, path, dir + "/" + o.name + ".callgrind", err))
            return false;
    }
    if (data.empty())
        hot << "(no RISC-V core ran)\n";
    std::ofstream f(dir + "/hot.txt");
    f << hot.str();
    f.close();
    if (!f)
        return *err = "output.profile: cannot write '" + dir + "/hot.txt'", false;
    return true;
}

} // namespace bh
