#!/usr/bin/env python3
"""No writable globals in model/ and platform/ (DESIGN: "No globals anywhere, so two chips can
live in one process").

Usage: tools/check_no_globals.py LIBRARY.a ...

Lists, with nm, every symbol the libraries' objects define in a writable data section (.data,
.bss and their subsections, nm types D d B b) or a thread-local one (.tdata, .tbss), and fails
naming each one not in ALLOWED. Relocated constants (.data.rel.ro: a const table of pointers in
position-independent code) are read-only after loading and are not listed.
"""
import re
import subprocess
import sys

# Symbols that headers we include define in every object that includes them; none is bhsim
# state, and none can be avoided while the platform uses SystemC/TLM, Boost and libstdc++.
ALLOWED = [
    # <systemc>: a per-object check that the library and the headers agree on the version
    (r"^sc_core::api_version_check$", "SystemC header: version check object"),
    # <tlm>: the version strings and the endianness helpers' pool, per object
    (r"^tlm::tlm_(version_\w+|copyright_string)$", "TLM header: version strings"),
    (r"^tlm::global_tlm_endian_context_pool$", "TLM header: endianness conversion pool"),
    # tlm_extension<T>::ID: the extension's index in a payload, assigned once per type by the
    # TLM library (the way TLM-2.0 extensions work), with its initialisation guard
    (r"^(guard variable for )?tlm::tlm_extension<.*>::ID$", "TLM: extension type index"),
    # <iostream> (included by <systemc>): the stream initialiser object
    (r"^std::__ioinit$", "libstdc++: iostream initialiser"),
    # the compiler's references to the C++ exception personality and type info
    (r"^DW\.ref\.", "compiler: exception-handling reference"),
    # Boost.System (through Boost.JSON): the error category singletons
    (r"^boost::system::detail::\w+_cat_holder<void>::instance$", "Boost: error categories"),
    # The configuration key table, built once before main from params.def (the block rows'
    # keys "<prefix>.<name>" are composed at that time, which needs the deque) and only read
    # afterwards: one table for every chip, never written while chips run. Making it a
    # compile-time table needs the models' parameter tables (GDDR6_PARAMS ...) to carry the
    # key prefix.
    (r"^bh::config_keys::kParams$", "config key table, read-only after static init"),
    (r"^(guard variable for )?bh::config_keys::make_params\(\)::block_keys$",
     "storage of the config key table's block keys, written only while it is built"),
]

WRITABLE = re.compile(r"^\.(data|bss|tdata|tbss)(\.|$)")
READONLY = re.compile(r"^\.data\.rel\.ro(\.|$)")


def main(libs):
    bad, allowed = [], set()
    for lib in libs:
        out = subprocess.run(["nm", "-f", "sysv", "-C", "--defined-only", lib],
                             check=True, capture_output=True, text=True).stdout
        obj = lib
        for line in out.splitlines():
            m = re.match(r"^Symbols from (.*):$", line)
            if m:
                obj = m.group(1)
                continue
            f = [x.strip() for x in line.split("|")]
            if len(f) < 7 or not f[6]:
                continue
            name, sec = f[0], f[6]
            if not WRITABLE.match(sec) or READONLY.match(sec):
                continue
            why = next((w for p, w in ALLOWED if re.search(p, name)), None)
            if why:
                allowed.add((name, why))
            else:
                bad.append(f"{obj}: {name} (section {sec})")
    for name, why in sorted(allowed):
        print(f"allowed: {name}: {why}")
    for b in bad:
        print(f"writable global: {b}")
    if bad:
        print(f"{len(bad)} writable global(s) in model/ or platform/: keep state in the chip's "
              "structures (DESIGN: no globals)")
        return 1
    print("no writable globals")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
