// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_tensix_stream.cpp - libFuzzer harness for the tensix_stream script loader
 * (platform/load/tensix_stream_load.h) and, when a script loads, for running it: the script drives
 * TRISC0 of one coprocessor (model/workload/tensix_stream.h on tests/fuzz/fuzz_rig.h), its
 * stores and loads below the L1 size going to L1, the rest to the coprocessor's map, for at
 * most FUZZ_CYCLES.
 * A script either loads or fails with a message naming the line; a loaded script either runs
 * or stops with a message (an unmapped store, a deadlock, an instruction not modelled). A
 * finding (crash, sanitizer report, BH_ASSERT, a stop without a message, a hang) is a bug in
 * the loader or in the models.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include "platform/load/tensix_stream_load.h"
#include "tests/fuzz/fuzz_rig.h"

static const uint64_t FUZZ_CYCLES = 20000;

static BhStatus access(void *ctx, uint32_t, uint32_t core, uint32_t addr, uint32_t *val, int write)
{
    FuzzRig *r = static_cast<FuzzRig *>(ctx);
    if (addr < r->l1.cfg.size_bytes) /* the tile's memory, by backdoor */
        return addr + 4 > r->l1.cfg.size_bytes ? BH_ERR_ADDR
               : write                         ? l1_debug_write(&r->l1, addr, val, 4)
                                               : l1_debug_read(&r->l1, addr, val, 4);
    return write ? tensix_core_mmio_write(&r->core, core, addr, *val, r->now)
                 : tensix_core_mmio_read(&r->core, core, addr, val, r->now);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    std::vector<TensixStreamItem> items;
    std::string err;
    if (!bh::parse_tensix_stream(text, "fuzz.txt", &items, &err)) {
        if (err.empty()) {
            fprintf(stderr, "fuzz_tensix_stream: load failed without a message\n");
            abort();
        }
        return 0;
    }
    if (items.empty() || items.size() > 4096)
        return 0;
    FuzzRig *r = fuzz_rig_new();
    TensixStreamCore sc{};
    sc.items = items.data();
    sc.n = static_cast<uint32_t>(items.size());
    sc.core = 0;
    const TensixStreamIo io{access, r};
    TensixStream s{};
    if (tensix_stream_init(&s, &sc, 1, &io) != BH_OK)
        abort();
    for (uint64_t i = 0; i < FUZZ_CYCLES && !s.failed && !r->core.failed &&
                         !(tensix_stream_idle(&s) && fuzz_rig_quiet(r));
         i++) {
        tensix_stream_step(&s, r->now);
        fuzz_rig_tick(r);
    }
    fuzz_rig_check(r, "fuzz_tensix_stream");
    if (s.failed != (s.error[0] != 0)) {
        fprintf(stderr, "fuzz_tensix_stream: stream failed=%u, error \"%s\"\n", s.failed, s.error);
        abort();
    }
    tensix_stream_destroy(&s);
    fuzz_rig_free(r);
    return 0;
}
