#!/usr/bin/env python3
"""tests/dataflow/run_test.py TEST --bhsim BHSIM --elf-dir DIR --out DIR - one dataflow API
test: writes the L1 images the host library will write (launch message, bank table, CB
configuration, semaphores, runtime arguments; bh_l1_layout.h) and the test's data, runs the
test kernels with bhsim's riscv workload, and checks the dumped L1 against what this script
computes on its own (page placement, ring pointers, bytes). Prints the cycle figures."""
import argparse
import json
import os
import random
import struct
import subprocess
import sys

L1_LAUNCH, L1_BANKS, L1_CB_CONFIG = 0x16000, 0x16200, 0x16800
L1_SEMAPHORES, L1_RTA, RTA_WORDS = 0x17000, 0x17200, 256
LAYOUT_END = L1_RTA + 2 * RTA_WORDS * 4  # BRISC's and NCRISC's arguments
ROLES = {"brisc": 0, "ncrisc": 1}
NOC_OF_ROLE = [0, 1, 0, 0, 0]
FMT_BF16 = 5
# tt-metal's worker endpoint of each DRAM controller (NoC0; docs/hardware.md#grid)
DRAM_BANKS = [(0, 11), (0, 3), (0, 8), (0, 6), (9, 11), (9, 3), (9, 8), (9, 6)]
L1_BANK_TILES = [(1, 4), (2, 4), (3, 6), (5, 9)]


def noc1(x, y):
    return 16 - x, 11 - y


def pattern(seed, n):
    r = random.Random(seed)
    return bytes(r.getrandbits(8) for _ in range(n))


class Test:
    """What one run needs: kernels, layout per tile, data to place, regions to dump."""

    def __init__(self):
        self.kernels = {}  # (x, y) -> {role: elf}
        self.rta = {}  # (x, y) -> {role: [words]}
        self.cbs = {}  # (x, y) -> {cb: (addr, num_pages, page_size)}
        self.sems = {}  # (x, y) -> {id: value}
        self.data = []  # (x, y, addr, bytes)
        self.dumps = {}  # name -> (x, y, addr, len)

    def kernel(self, xy, role, elf, args, cbs=None, sems=None):
        self.kernels.setdefault(xy, {})[role] = elf
        self.rta.setdefault(xy, {})[role] = args
        self.cbs.setdefault(xy, {}).update(cbs or {})
        self.sems.setdefault(xy, {}).update(sems or {})

    def layout(self, xy):
        """Bytes from L1_LAUNCH to LAYOUT_END of a tile that runs kernels."""
        b = bytearray(LAYOUT_END - L1_LAUNCH)

        def put(addr, data):
            b[addr - L1_LAUNCH:addr - L1_LAUNCH + len(data)] = data
        x, y = xy
        kmask = sum(1 << ROLES[r] for r in self.kernels[xy])
        cmask = sum(1 << i for i in self.cbs[xy])
        x1, y1 = noc1(x, y)
        put(L1_LAUNCH, struct.pack("<16I", 1, 0, kmask, cmask, *NOC_OF_ROLE, x, x1, y, y1, 0, 0,
                                   0))
        banks = struct.pack("<4I", len(DRAM_BANKS), len(L1_BANK_TILES), 0, 0)
        for coords in (DRAM_BANKS, L1_BANK_TILES):
            width = 8 if coords is DRAM_BANKS else 140
            for axis in (0, 1):
                for noc in (0, 1):
                    row = [(c if noc == 0 else noc1(*c))[axis] for c in coords]
                    banks += bytes(row + [0] * (width - len(row)))
        put(L1_BANKS, banks)
        for i, (addr, pages, page) in self.cbs[xy].items():
            put(L1_CB_CONFIG + 32 * i, struct.pack("<8I", addr, pages * page, pages, page,
                                                   FMT_BF16, 0, 0, 0))
        for i, v in self.sems[xy].items():
            put(L1_SEMAPHORES + 16 * i, struct.pack("<I", v))
        for role, args in self.rta[xy].items():
            put(L1_RTA + ROLES[role] * RTA_WORDS * 4, struct.pack(f"<{len(args)}I", *args))
        return bytes(b)

    def run(self, bhsim, elf_dir, out):
        os.makedirs(out, exist_ok=True)
        elfs, inits, dumps = [], [], []
        for xy, roles in self.kernels.items():
            for role, elf in roles.items():
                elfs.append(f"{xy[0]},{xy[1]}:{role}:{os.path.join(elf_dir, elf + '.elf')}")
            path = os.path.join(out, f"layout_{xy[0]}_{xy[1]}.bin")
            open(path, "wb").write(self.layout(xy))
            inits.append(f"{xy[0]},{xy[1]}:{L1_LAUNCH:#x}:{path}")
        for k, (x, y, addr, data) in enumerate(self.data):
            path = os.path.join(out, f"data_{k}.bin")
            open(path, "wb").write(data)
            inits.append(f"{x},{y}:{addr:#x}:{path}")
        for name, (x, y, addr, n) in self.dumps.items():
            dumps.append(f"{x},{y}:{addr:#x}:{n}:{os.path.join(out, name + '.bin')}")
        got, rep = self.bhsim(bhsim, out, elfs, inits, dumps, "")
        # the same run without poll sleep must end at the same cycle with the same bytes
        got2, rep2 = self.bhsim(bhsim, out, elfs, inits, dumps, "nosleep")
        own = ("poll_sleeps", "poll_skipped_iterations")
        cores = [[{k: v for k, v in c.items() if k not in own} for t in r["riscv"]
                  for c in t["cores"]] for r in (rep, rep2)]
        if got != got2 or cores[0] != cores[1] or rep["sim"]["cycles"] != rep2["sim"]["cycles"]:
            fail("the run differs with riscv.poll_sleep 0")
        return got, rep

    def bhsim(self, bhsim, out, elfs, inits, dumps, tag):
        report = os.path.join(out, f"report{tag}.json")
        cmd = [bhsim, "-q", "--workload", "riscv", "--set", "workload.elf=" + ";".join(elfs),
               "--set", "workload.l1_init=" + ";".join(inits), "--set", "sim.cycles=5000000",
               "--set", f"riscv.poll_sleep={0 if tag else 1}", "--report", report,
               "--dump-l1", ";".join(d[:-4] + tag + ".bin" for d in dumps)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"bhsim failed ({r.returncode}):\n{' '.join(cmd)}\n{r.stdout}{r.stderr}")
        rep = json.load(open(report))
        for tile in rep["riscv"]:
            for c in tile["cores"]:
                if c["state"] == "running":
                    fail(f"{tile['tile']} {c['core']} still runs at pc {c['pc']:#x} at the end")
        got = {n: open(os.path.join(out, n + tag + ".bin"), "rb").read() for n in self.dumps}
        return got, rep


def fail(msg):
    sys.exit("FAIL: " + msg)


def same(name, got, want):
    if got != want:
        i = next(k for k in range(min(len(got), len(want))) if got[k] != want[k]) \
            if len(got) == len(want) else -1
        fail(f"{name}: differs (first at byte {i}, {len(got)} vs {len(want)} bytes)")


def words(b, n, at=0):
    return struct.unpack_from(f"<{n}I", b, at)


def slept(report):
    return sum(c.get("poll_skipped_iterations", 0) for t in report["riscv"] for c in t["cores"])


# ---------------------------------------------------------------- tests

def cb_flow(a, slow_producer):
    """NCRISC of W reads 20 pages from S over NoC1 into a 4-page CB; BRISC of W writes them
    to D over NoC0. One side is slowed so the other must wait on the CB's counters."""
    t, w, s, d = Test(), (2, 3), (5, 4), (6, 6)
    n, page, cb_addr, out = 20, 2048, 0x70000, 0x7F000
    src = pattern(1, n * page)
    t.data.append((*s, 0x80000, src))
    delay_p, delay_c = (3000, 0) if slow_producer else (0, 3000)
    t.kernel(w, "ncrisc", "df_cb_producer_ncrisc", [*s, 0x80000, n, delay_p],
             cbs={0: (cb_addr, 4, page)})
    t.kernel(w, "brisc", "df_cb_consumer_brisc", [*d, 0x90000, n, delay_c, out])
    t.dumps = {"dst": (*d, 0x90000, n * page), "out": (*w, out, 4 * (1 + n)),
               "counters": (*w, 0x16C00, 32)}
    got, report = t.run(a.bhsim, a.elf_dir, a.out)
    same("pages at the destination", got["dst"], src)
    ptrs = words(got["out"], n, 4)
    want = tuple(cb_addr + (i % 4) * page for i in range(n))
    if ptrs != want:
        fail(f"read pointers {[hex(p) for p in ptrs]}, expected {[hex(p) for p in want]}")
    received, acked = words(got["counters"], 1, 0)[0], words(got["counters"], 1, 16)[0]
    if (received, acked) != (n, n):
        fail(f"CB counters received {received}, acked {acked}, expected {n} and {n}")
    cycles = words(got["out"], 1)[0]
    print(f"cb_flow ({'producer' if slow_producer else 'consumer'} slowed by 3000 cycles a "
          f"page): {n} pages of {page} B through a 4-page CB in {cycles} cycles; "
          f"{slept(report)} poll iterations slept (NIU barrier polls: a poll on an L1 word, "
          f"such as a CB counter line, does not sleep in this model)")
    if slept(report) == 0:
        fail("no core ever slept on a barrier poll")


def cb_flow_fast(a):
    """The same without delays: the CB ping-pong's throughput."""
    t, w, s, d = Test(), (2, 3), (5, 4), (6, 6)
    n, page, cb_addr, out = 20, 2048, 0x70000, 0x7F000
    src = pattern(2, n * page)
    t.data.append((*s, 0x80000, src))
    t.kernel(w, "ncrisc", "df_cb_producer_ncrisc", [*s, 0x80000, n, 0],
             cbs={0: (cb_addr, 4, page)})
    t.kernel(w, "brisc", "df_cb_consumer_brisc", [*d, 0x90000, n, 0, out])
    t.dumps = {"dst": (*d, 0x90000, n * page), "out": (*w, out, 4 * (1 + n))}
    got, _ = t.run(a.bhsim, a.elf_dir, a.out)
    same("pages at the destination", got["dst"], src)
    cycles = words(got["out"], 1)[0]
    print(f"cb_flow: {n} pages of {page} B, NoC1 read -> CB (4 pages) -> NoC0 write, "
          f"{cycles} cycles: {n * page / cycles:.2f} B/cycle")


def dram(a):
    """BRISC of W: 12 pages to interleaved DRAM and back (InterleavedAddrGenFast), and raw
    from the banks this script names; NCRISC: the same pages over NoC1 (InterleavedAddrGen)."""
    t, w = Test(), (3, 3)
    n, page, base = 12, 2048, 0x100000
    src, back, raw, nc, me, out = 0x80000, 0x90000, 0xA0000, 0xB0000, 0xC0000, 0x7F000
    data = pattern(3, n * page)
    t.data.append((*w, src, data))
    where = []
    for i in range(n):
        bx, by = DRAM_BANKS[i % len(DRAM_BANKS)]
        where += [bx, by, base + (i // len(DRAM_BANKS)) * page]  # 2048: 64-byte aligned
    t.kernel(w, "brisc", "df_dram_rw_brisc", [src, n, page, base, back, raw, out, me] + where,
             sems={0: 0})
    t.kernel(w, "ncrisc", "df_dram_rd_page_ncrisc", [base, n, page, nc])
    t.dumps = {r: (*w, addr, n * page) for r, addr in (("back", back), ("raw", raw), ("nc", nc),
                                                   ("self", me))}
    t.dumps["out"] = (*w, out, 12)
    got, _ = t.run(a.bhsim, a.elf_dir, a.out)
    same("pages read back with InterleavedAddrGenFast", got["back"], data)
    same("pages read raw from the banks this test computed", got["raw"], data)
    same("pages read by NCRISC over NoC1 (InterleavedAddrGen)", got["nc"], data)
    same("24 KiB read from its own L1 (two packets)", got["self"], data)
    wr, one, rd = words(got["out"], 3)
    print(f"dram: {n} tiles of {page} B written in {wr} cycles; one tile read in {one} "
          f"cycles; {n} tiles read in {rd} cycles ({n * page / rd:.1f} B/cycle)")


def mcast(a):
    """BRISC of (2,2) multicasts 20 KiB (two packets) over NoC0 to the 3x2 rectangle
    (3..5, 4..5), 1 KiB with loopback to (2..4, 2..3) and semaphore 1 to the first rectangle;
    its NCRISC 2 KiB over NoC1 to (3..5, 7..8), corners given the NoC1 way."""
    t, s = Test(), (2, 2)
    big, small, lb = pattern(4, 20480), pattern(5, 2048), pattern(6, 1024)
    t.data += [(*s, 0x80000, big), (*s, 0x88000, small), (*s, 0x8C000, lb)]
    r0 = [(x, y) for y in (4, 5) for x in (3, 4, 5)]
    r1 = [(x, y) for y in (7, 8) for x in (3, 4, 5)]
    rl = [(x, y) for y in (2, 3) for x in (2, 3, 4)]
    ops_b = [0, 3, 4, 5, 5, 0x80000, len(big), 0x90000, 6,
             1, 2, 2, 4, 3, 0x8C000, len(lb), 0xA0000, 6,
             2, 3, 4, 5, 5, 0, 0x5A, 0, 6]
    ops_n = [0, 5, 8, 3, 7, 0x88000, len(small), 0x98000, 6]
    t.kernel(s, "brisc", "df_mcast_brisc", [3] + ops_b)
    t.kernel(s, "ncrisc", "df_mcast_ncrisc", [1] + ops_n)
    for xy in r0:
        t.dumps[f"big_{xy}"] = (*xy, 0x90000, len(big))
        t.dumps[f"sem_{xy}"] = (*xy, L1_SEMAPHORES + 16, 4)
    for xy in r1:
        t.dumps[f"small_{xy}"] = (*xy, 0x98000, len(small))
    for xy in rl:
        t.dumps[f"lb_{xy}"] = (*xy, 0xA0000, len(lb))
    t.dumps["outside"] = (6, 4, 0x90000, len(big))
    got, _ = t.run(a.bhsim, a.elf_dir, a.out)
    for xy in r0:
        same(f"20 KiB multicast at {xy}", got[f"big_{xy}"], big)
        if words(got[f"sem_{xy}"], 1)[0] != 0x5A:
            fail(f"semaphore 1 at {xy} is {words(got[f'sem_{xy}'], 1)[0]:#x}, expected 0x5a")
    for xy in r1:
        same(f"NoC1 multicast at {xy}", got[f"small_{xy}"], small)
    for xy in rl:
        same(f"loopback multicast at {xy}", got[f"lb_{xy}"], lb)
    same("(6,4), outside the rectangle", got["outside"], bytes(len(big)))
    print("mcast: NoC0 3x2 (20 KiB, split), NoC1 3x2, loopback 3x2 and semaphore multicast "
          "landed on every tile and nowhere else")


def sem(a):
    """BRISC of A (NoC0) and NCRISC of B (NoC1) hand a semaphore back and forth 10 times."""
    t, ta, tb, rounds, out = Test(), (2, 6), (13, 9), 10, 0x7F000
    echo_a, echo_b = [0xA1, 0xA2, 0xDEADBEEF], [0xB1, 0xB2, 0x12345678]
    payload = pattern(8, 16384)
    t.data.append((*tb, 0x80000, payload))
    pay = [0x80000, 0x90000, 0xA0000, len(payload) // 2]
    t.kernel(ta, "brisc", "df_sem_ping_brisc", [*tb, rounds, 1, out] + echo_a + pay,
             sems={0: 0, 1: 0})
    t.kernel(tb, "ncrisc", "df_sem_ping_ncrisc", [*ta, rounds, 0, out] + echo_b + pay,
             sems={0: 0, 1: 0})
    t.dumps = {"out_a": (*ta, out, 32), "out_b": (*tb, out, 32),
               "sem_a": (*ta, L1_SEMAPHORES, 4), "sem_b": (*tb, L1_SEMAPHORES, 4),
               "copy": (*ta, 0xA0000, len(payload))}
    got, report = t.run(a.bhsim, a.elf_dir, a.out)
    same("the payload as read after the semaphore said it had landed", got["copy"], payload)
    for side, echo, other_starts in (("a", echo_a, 0), ("b", echo_b, 1)):
        o = words(got["out_" + side], 8)
        if o[6:] != (0xC0DE0000 + other_starts, 0x00BBCC00):
            fail(f"tile {side}: inline writes left {o[6]:#x} {o[7]:#x}, expected "
                 f"{0xC0DE0000 + other_starts:#x} 0xbbcc00")
        if o[1:6] != (7, 11, *echo):
            fail(f"tile {side}: compile-time and runtime arguments read {o[1:]}, "
                 f"expected {(7, 11, *echo)}")
        if words(got["sem_" + side], 1)[0] != rounds:
            fail(f"tile {side}: semaphore 0 is {words(got['sem_' + side], 1)[0]}, "
                 f"expected {rounds}")
    cycles = words(got["out_a"], 1)[0]
    print(f"sem: {rounds} round trips (2,6) <-> (13,9) in {cycles} cycles "
          f"({cycles / rounds:.0f} a round trip); arguments, inline writes and write-then-signal "
          f"as expected; "
          f"{slept(report)} barrier "
          f"poll iterations slept")


def stateful(a):
    """The one-packet and stateful reads and writes: BRISC of (2,3) over NoC0 from (5,4) to
    (6,6), NCRISC of (11,8) over NoC1 from (13,9) to (10,2) (stateful.cc lists the transfers);
    then 64 reads of 64 B, plain and stateful, timed."""
    t = Test()
    src, dst, loc, bench, out = 0x80000, 0x90000, 0x40000, 0x60000, 0x7F000
    runs = {"brisc": ((2, 3), (5, 4), (6, 6), 11), "ncrisc": ((11, 8), (13, 9), (10, 2), 12)}
    for role, (w, s, d, seed) in runs.items():
        t.data.append((*s, src, pattern(seed, 0x8000)))
        t.kernel(w, role, f"df_stateful_{role}", [*s, src, *d, dst, loc, bench, out])
        t.dumps[f"loc_{role}"] = (*w, loc, 0xD000)
        t.dumps[f"dst_{role}"] = (*d, dst, 0x2200)
        t.dumps[f"bench_{role}"] = (*w, bench, 0x2000)
        t.dumps[f"out_{role}"] = (*w, out, 4 * 16)
    got, _ = t.run(a.bhsim, a.elf_dir, a.out)
    for role, (w, s, d, seed) in runs.items():
        data = pattern(seed, 0x8000)
        noc = "NoC0" if role == "brisc" else "NoC1"
        want = bytearray(0xD000)
        reads = [(0x0, 0x0, 1000)] + [(0x1000 + 256 * i, 0x400 + 512 * i, 256)
                                       for i in range(4)]
        reads += [(0x2000, 0x3000, 20000), (0x8000, 0x100, 3000), (0x9000, 0x40, 16384)]
        for to, fr, n in reads:
            want[to:to + n] = data[fr:fr + n]
        same(f"{role}/{noc}: every byte the reads wrote (and the gaps)", got[f"loc_{role}"],
             bytes(want))
        here = bytes(want)
        want = bytearray(0x2200)
        writes = [(0x0, 0x0, 1000)] + [(0x1000 + 512 * i, 0x2000 + 1024 * i, 512)
                                       for i in range(4)]
        writes += [(0x2000 + 256 * i, 0x8000 + 128 * i, 128) for i in range(2)]
        for to, fr, n in writes:
            want[to:to + n] = here[fr:fr + n]
        same(f"{role}/{noc}: every byte the writes wrote (and the gaps)", got[f"dst_{role}"],
             bytes(want))
        same(f"{role}/{noc}: the benchmark's reads", got[f"bench_{role}"], data[:0x1000] * 2)
        o = words(got[f"out_{role}"], 16)
        counts = {"reads": (9, o[0], o[1]), "acknowledged writes": (5, o[2], o[3]),
                  "posted writes": (2, o[4], o[5]), "non-posted writes": (5, o[6], o[7])}
        for what, (n, mine, niu) in counts.items():
            if (mine, niu) != (n, n):
                fail(f"{role}/{noc}: {what}: the kernel counted {mine}, the NIU {niu}, "
                     f"expected {n}")
        print(f"stateful ({role}, {noc}): one-packet, set_state/with_state reads (split over "
              f"16 KiB) and writes (non-posted, posted) landed; counts match the NIU's")
        for k, when in ((0, "cold"), (1, "warm")):
            p_issue, p_all, s_issue, s_all = o[8 + 4 * k:12 + 4 * k]
            print(f"  64 reads of 64 B ({when}): noc_async_read issues in {p_issue} cycles "
                  f"({p_all} to the barrier); set_state + with_state in {s_issue} ({s_all})")


def tiles(a):
    """tt-metal-style reader (NCRISC) and writer (BRISC), unchanged, copy 10 tiles from one
    L1-interleaved buffer to another through a 2-page CB."""
    t, w, n, page = Test(), (4, 7), 10, 2048
    src_base, dst_base = 0x100000, 0x120000
    data = pattern(7, n * page)
    banks = len(L1_BANK_TILES)
    for i in range(n):
        xy = L1_BANK_TILES[i % banks]
        t.data.append((*xy, src_base + (i // banks) * page, data[i * page:(i + 1) * page]))
    t.kernel(w, "ncrisc", "df_reader_tiles_ncrisc", [src_base, n, 0],
             cbs={0: (0x70000, 2, page)})
    t.kernel(w, "brisc", "df_writer_tiles_brisc", [dst_base, n, 0])
    for i in range(n):
        xy = L1_BANK_TILES[i % banks]
        t.dumps[f"t{i}"] = (*xy, dst_base + (i // banks) * page, page)
    got, _ = t.run(a.bhsim, a.elf_dir, a.out)
    for i in range(n):
        same(f"tile {i} in L1 bank {i % banks}", got[f"t{i}"], data[i * page:(i + 1) * page])
    print(f"tiles: tt-metal-style reader and writer copied {n} interleaved tiles")


def accessor(a):
    """TensorAccessor over interleaved DRAM, interleaved L1 and sharded L1 pages, and
    ShardedAddrGen over block-sharded L1, read (and the sharded pages written back) by BRISC
    over NoC0 and read by NCRISC over NoC1; placed here as tt-metal places them (the build's
    compile-time arguments, tests/dataflow/CMakeLists.txt, describe the same layouts)."""
    t, w, page, n = Test(), (3, 3), 256, 12
    dram_base, l1_base, sh_base, sh2_base, blk_base = 0x100000, 0x100000, 0x100000, 0x104000, \
        0x110000
    a_, b_, c_, d_, e_, out = 0x80000, 0x84000, 0x88000, 0x8C000, 0x90000, 0x7F000
    nc_c, nc_e = 0xA0000, 0xA4000
    images = {}  # (x, y, base) -> bytes from base: one l1_init entry per tile and buffer

    def place(x, y, base, off, data):
        img = images.setdefault((x, y, base), bytearray())
        if len(img) < off + len(data):
            img.extend(bytes(off + len(data) - len(img)))
        img[off:off + len(data)] = data
    # interleaved: page i in bank i % banks, row i // banks
    ddata, ldata = pattern(21, n * page), pattern(22, n * page)
    # (DRAM: the kernel writes the pages there itself, from asrc; l1_init reaches L1 only)
    asrc = 0x94000
    place(*w, asrc, 0, ddata)
    for i in range(n):
        xy = L1_BANK_TILES[i % len(L1_BANK_TILES)]
        place(*xy, l1_base, (i // len(L1_BANK_TILES)) * page, ldata[i * page:(i + 1) * page])
    # sharded (TensorAccessor): 6 x 6 pages, shards of 2 x 4 (the right ones padded), shard f
    # (row-major over the 3 x 2 grid) on bank f % 4 as its (f // 4)-th shard
    rows, cols, sr, sc = 6, 6, 2, 4
    banks = [(5, 4), (6, 6), (10, 2), (13, 9)]
    gw = -(-cols // sc)
    sdata = pattern(23, rows * cols * page)

    def shard_place(r, c):
        f = (r // sr) * gw + c // sc
        return banks[f % 4], (f // 4) * sr * sc + (r % sr) * sc + c % sc
    for p in range(rows * cols):
        xy, off = shard_place(p // cols, p % cols)
        place(*xy, sh_base, off * page, sdata[p * page:(p + 1) * page])
    # ShardedAddrGen, block-sharded: 4 x 6 pages, shards of 2 x 4 on the 4 cores of `table`
    brows = 4
    table = [(6, 6), (13, 9), (5, 4), (10, 2)]
    bdata = pattern(24, brows * cols * page)
    for p in range(brows * cols):
        r, c = p // cols, p % cols
        core = c // sc + (r // sr) * gw
        place(*table[core], blk_base, (c % sc + (r % sr) * sc) * page,
              bdata[p * page:(p + 1) * page])
    t.data += [(x, y, base, bytes(img)) for (x, y, base), img in images.items()]
    packed = [(x << 8) | y for x, y in table]
    words_map = [packed[0] << 16 | packed[1], packed[2] << 16 | packed[3]]  # first core high
    t.kernel(w, "brisc", "df_accessor_brisc", [n, page, dram_base, l1_base, sh_base, sh2_base,
                                               blk_base, a_, b_, c_, d_, e_, out, asrc] + words_map)
    t.kernel(w, "ncrisc", "df_accessor_ncrisc", [rows * cols, page, sh_base, blk_base,
                                                 brows * cols, nc_c, nc_e] + words_map)
    t.dumps = {"a": (*w, a_, n * page), "b": (*w, b_, n * page), "c": (*w, c_, rows * cols * page),
               "d": (*w, d_, sr * sc * page), "e": (*w, e_, brows * cols * page),
               "out": (*w, out, 16), "nc_c": (*w, nc_c, rows * cols * page),
               "nc_e": (*w, nc_e, brows * cols * page)}
    for k, xy in enumerate(banks):
        t.dumps[f"sh2_{k}"] = (*xy, sh2_base, 2 * sr * sc * page)
    got, _ = t.run(a.bhsim, a.elf_dir, a.out)
    same("DRAM-interleaved pages written through TensorAccessor, read back", got["a"], ddata)
    same("L1-interleaved pages (TensorAccessor, get_noc_addr(i, s))", got["b"], ldata)
    same("sharded pages in page order (TensorAccessor, BRISC, NoC0)", got["c"], sdata)
    same("sharded pages in page order (TensorAccessor, NCRISC, NoC1)", got["nc_c"], sdata)
    # shard 1: the grid's (0, 1), bank 1: rows 0-1, columns 4-5 and two pages of padding
    want = bytearray(sr * sc * page)
    for r in range(sr):
        for c in range(4, cols):
            p = r * cols + c
            o = ((r % sr) * sc + c % sc) * page
            want[o:o + page] = sdata[p * page:(p + 1) * page]
    d = bytearray(got["d"])
    for r in range(sr):  # the padding pages hold whatever bank 1 had there: not compared
        for c in range(cols % sc, sc):
            o = (r * sc + c) * page
            d[o:o + page] = bytes(page)
    same("shard 1 whole (get_shard_noc_addr)", bytes(d), bytes(want))
    same("block-sharded pages in page order (ShardedAddrGen, BRISC, NoC0)", got["e"], bdata)
    same("block-sharded pages in page order (ShardedAddrGen, NCRISC, NoC1)", got["nc_e"], bdata)
    for k, xy in enumerate(banks):  # what the writes through the accessor put on each bank
        want = bytearray(got[f"sh2_{k}"])
        for p in range(rows * cols):
            bxy, off = shard_place(p // cols, p % cols)
            if bxy == xy:
                want[off * page:(off + 1) * page] = sdata[p * page:(p + 1) * page]
        same(f"pages written through the sharded accessor to bank {xy}", got[f"sh2_{k}"],
             bytes(want))
        if got[f"sh2_{k}"] == bytes(len(want)):
            fail(f"bank {xy} got none of the written pages")
    o = words(got["out"], 4)
    if o != (rows * cols, 0, sc, 1):
        fail(f"page count, is_local_page(0), contiguous pages at 0 and at 3: {o}, expected "
             f"{(rows * cols, 0, sc, 1)}")
    print(f"accessor: TensorAccessor (DRAM and L1 interleaved, {rows}x{cols} pages sharded over "
          f"4 banks) and ShardedAddrGen (block-sharded) read and wrote every page where tt-metal "
          f"puts it, on NoC0 and NoC1")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("test")
    p.add_argument("--bhsim", required=True)
    p.add_argument("--elf-dir", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    tests = {"accessor": lambda: accessor(a), "cb_flow": lambda: (cb_flow(a, False), cb_flow_fast(a)),
             "cb_flow_slow_producer": lambda: cb_flow(a, True), "dram": lambda: dram(a),
             "mcast": lambda: mcast(a), "sem": lambda: sem(a),
             "stateful": lambda: stateful(a), "tiles": lambda: tiles(a)}
    if a.test not in tests:
        sys.exit(f"unknown test {a.test}; one of {', '.join(tests)}")
    tests[a.test]()


if __name__ == "__main__":
    main()
