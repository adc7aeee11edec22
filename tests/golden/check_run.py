#!/usr/bin/env python3
"""Checks one bhsim run against references computed here, independently of the model:
the report's invariants, link and throughput ceilings from the channel-load bound, the
zero-load latency floor, and that the VCD loads in GTKWave's tools and the SVG is XML.

usage: check_run.py REPORT [--vcd FILE] [--svg FILE] [--expect-injectors N]
                           [--below-saturation] [--saturated]
                           [--expect-vcd-busy SIGNAL=VALUE:CYCLES ...] [--vcd-links-match-report]
                           [--expect-core-finish CORE:MIN_CYCLE] [--expect-l1-bytes CLIENT:BYTES]
                           [--expect-cycles LO:HI]

--expect-vcd-busy counts, in the VCD, the cycles during which the signal whose full name ends
in SIGNAL holds VALUE (e.g. tile_x01_y02_l1.port02.holder=11:4096: the Mover, L1 client 10,
held port 2 for 4096 cycles), reading the cycle time from the report's aiclk_mhz.
--vcd-links-match-report integrates every router link's busy signal over the measured window
(sim.warmup_cycles on, sim.measured_cycles long) and requires the report's utilisation times
the window: two records of the same flits, one written by the VCD writer as blocks step, one
counted by the network.
"""
import argparse
import json
import re
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bound  # noqa: E402
from vcd_walk import walk  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def vcd_cycles_at(path, suffix, value, period_ps):
    """Cycles (rounded) during which the one scalar or vector signal named ...suffix equals
    value; None if no such signal. Scopes join with dots; the timescale is 1 ps or 1 fs."""
    ident, t, since, total, cur = None, 0, None, 0, None
    per_ps, timescale_next = 1, False
    for scopes, w in walk(path):
        if w[0] == "$timescale" or timescale_next:
            if w[0] == "$timescale" and len(w) == 1:  # the value on the next line
                timescale_next = True
                continue
            ts = "".join(w[1:] if w[0] == "$timescale" else w)
            timescale_next = False
            if ts.startswith("1fs"):
                per_ps = 1000
            elif not ts.startswith("1ps"):
                return None
        elif w[0] == "$var" and ".".join(scopes + [w[4]]).endswith(suffix):
            if ident is not None:
                return None  # ambiguous suffix
            ident = w[3]
        elif w[0][0] == "#":
            t = int(w[0][1:])
        elif ident is not None:
            if w[0][0] == "b" and len(w) == 2 and w[1] == ident:
                v = int(w[0][1:], 2) if set(w[0][1:]) <= set("01") else -1
            elif w[0][0] in "01xz" and w[0][1:] == ident:
                v = int(w[0][0]) if w[0][0] in "01" else -1
            else:
                continue
            if cur == value and v != value:
                total += t - since
            if v == value and cur != value:
                since = t
            cur = v
    if ident is None:
        return None
    if cur == value:
        total += t - since
    return round(total / per_ps / period_ps)



def vcd_link_busy_cycles(path, lo_fs, hi_fs, period_ps):
    """{(noc, x, y, direction): cycles} each router output's busy signal is 1 within [lo_fs,
    hi_fs), from the VCD alone; direction as the report names it (NoC1's east is the chip's -x)."""
    dirs = {(0, "out_east"): "+x", (0, "out_south"): "+y", (1, "out_west"): "-x",
            (1, "out_north"): "-y"}
    ids, state, total = {}, {}, {}
    t = 0
    for scopes, w in walk(path):
        if w[0] == "$var":
            m = re.match(r"tile_x(\d+)_y(\d+)$", scopes[-3]) if len(scopes) >= 3 else None
            if m and scopes[-1] == "router" and scopes[-2] in ("noc0", "noc1"):
                k = int(scopes[-2][3])
                d = dirs.get((k, w[4][:-len("_busy")]))
                if d:
                    ids[w[3]] = (k, int(m.group(1)), int(m.group(2)), d)
        elif w[0][0] == "#":
            t = int(w[0][1:])
        elif w[0][0] in "01" and w[0][1:] in ids:
            key = ids[w[0][1:]]
            since = state.get(key)
            if w[0][0] == "1" and since is None:
                state[key] = t
            elif w[0][0] == "0" and since is not None:
                total[key] = total.get(key, 0) + max(0, min(t, hi_fs) - max(since, lo_fs))
                state[key] = None
    for key, since in state.items():
        if since is not None:
            total[key] = total.get(key, 0) + max(0, hi_fs - max(since, lo_fs))
    return {key: round(fs / 1000 / period_ps) for key, fs in total.items()}, len(ids)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--vcd")
    ap.add_argument("--expect-vcd-busy", action="append", default=[])
    ap.add_argument("--vcd-links-match-report", action="store_true",
                    help="every router link's busy cycles in the VCD, within the measured window, "
                    "equal the flits the report's utilisation gives it")
    ap.add_argument("--expect-cycles", help="LO:HI: the run's simulated cycles lie in [LO, HI]")
    ap.add_argument("--expect-l1-bytes", action="append", default=[],
                    help="CLIENT:BYTES: the bytes that L1 client moved, summed over the tiles")
    ap.add_argument("--expect-core-finish", action="append", default=[],
                    help="CORE:MIN: the script of CORE (trisc0..2, brisc) finished, at MIN or later")
    ap.add_argument("--svg")
    ap.add_argument("--expect-injectors", type=int)
    ap.add_argument("--below-saturation", action="store_true",
                    help="offered load is well below saturation: accepted must match it")
    ap.add_argument("--expect-issued", help="tensix_stream: instructions issued by T0,T1,T2 of the first tile")
    ap.add_argument("--expect-mover-bytes", type=int, help="tensix_stream: bytes the first tile's Mover wrote")
    ap.add_argument("--dram-min-fraction", type=float,
                    help="every busy controller reaches this share of its refresh-limited peak")
    ap.add_argument("--saturated", action="store_true",
                    help="offered load is past saturation: accepted must stay under the bound")
    ap.add_argument("--expect-receivers", type=int,
                    help="multicast: the tiles of the rectangle that receive, counted by hand")
    ap.add_argument("--mcast-hops",
                    help="multicast: H0,H1: router hops from the sender to its farthest receiver on "
                    "NoC0 and NoC1, counted "
                    "by hand; with path reservation each packet then waits for the grant's round "
                    "trip 2 x (n2r + r2n + hops x (router + noc.mcast_grant_hop_cycles)), which "
                    "bounds a receiver's accepted flits per cycle by flits / that (flits / "
                    "(that + data flits) with noc.mcast_reserve_after_data: reservation, then "
                    "data)")
    ap.add_argument("--mcast-min",
                    help="multicast: M0,M1: each receiver accepts at least this many flits per "
                    "cycle on NoC0 and NoC1")
    ap.add_argument("--expect-error", help="KIND[:CYCLE]: a failed run whose report says why (and when)")
    a = ap.parse_args()
    r = json.load(open(a.report))
    cfg = r["config"]
    topo = cfg["chip.topology"]
    harvested = [int(x) for x in cfg["chip.harvested_tensix_columns"].split(",") if x]
    if topo == "blackhole":
        w, h, nocs = 17, 12, 2
    else:
        w, h, nocs = cfg["chip.width"], cfg["chip.height"], 1
    if a.expect_error:
        kind, _, cycle = a.expect_error.partition(":")
        e = r.get("error")
        check(e is not None, "the failed run's report has no error object")
        if e:
            check(e["kind"] == kind, "error kind %s, expected %s" % (e["kind"], kind))
            check(len(e["message"]) > 20, "error message too short: %r" % e["message"])
            check(not cycle or e["cycle"] == int(cycle), "error at cycle %d, expected %s" % (e["cycle"], cycle))
        check(r["sim"]["cycles"] > 0, "the failed run's report shows no simulated cycles")
    elif "error" in r:
        check(False, "the report has an error: %s" % r["error"])
    if a.expect_injectors is not None:
        check(r["workload"]["injecting_tiles"] == a.expect_injectors,
              "injectors %s, expected %d" % (r["workload"]["injecting_tiles"], a.expect_injectors))
    hop = cfg["noc.router_latency_cycles"]
    n2r, r2n = cfg["noc.niu_to_router_cycles"], cfg["noc.router_to_niu_cycles"]
    flits = 1 + -(-cfg["workload.packet_bytes"] // cfg["noc.flit_bytes"])
    for k in range(nocs):
        if nocs == 2 and cfg.get("workload.noc", 2) in (0, 1) and k != cfg["workload.noc"]:
            continue  # the other NoC carries nothing
        n = r["noc%d" % k]
        links = n["links"]
        ports = 2 if topo in ("blackhole", "unitorus") else 4
        expect_links = w * h * ports
        if topo == "mesh":
            expect_links = 2 * (2 * (w - 1) * h)
        check(len(links) == expect_links, "noc%d: %d links, expected %d" % (k, len(links), expect_links))
        check(all(0.0 <= l["utilisation"] <= 1.0 for l in links), "noc%d: utilisation outside 0..1" % k)
        # link waits (issue 27): per VC and per listed flow they sum to the link's total
        waited = [l for l in links if "wait_cycles" in l] + n["ejection_links"]
        check(all(l["wait_cycles"] > 0 and sum(l["vc_wait_cycles"]) == l["wait_cycles"] and
                  sum(f["cycles"] for f in l["blocked_flows"]) == l["wait_cycles"]
                  for l in waited), "noc%d: a link's waits do not add up" % k)
        check(n["link_waits"] == sum(l.get("wait_cycles", 0) for l in links),
              "noc%d: link_waits is not the links' sum" % k)
        f = n["flits"]
        if "error" not in r:  # a failed run may stop with flits in flight
            check(f["injected"] + f["forked"] == f["ejected"] + f["sunk_at_branch_ends"],
                  "noc%d: flits not conserved: %s" % (k, f))
        check(n["guest_errors"] == 0, "noc%d: %d guest errors" % (k, n["guest_errors"]))
        if "packet_latency" not in n:
            continue  # dram_stream and trace replays: checked below
        lat = n["packet_latency"]
        check(lat["count"] > 0, "noc%d: no packets measured" % k)
        # a packet needs at least one hop unless it stays in place: floor = NIU in and out + flits
        floor = 1 + n2r + r2n + flits - 1
        check(lat["p50"] <= lat["p99"] <= lat["max"], "noc%d: percentiles out of order %s" % (k, lat))
        check(lat["mean"] >= floor, "noc%d: mean latency %.1f below the floor %d" % (k, lat["mean"], floor))
        off, acc = n["offered_flits_per_node_cycle"], n["accepted_flits_per_node_cycle"]
        if a.expect_receivers is not None:
            check(n.get("multicast_receivers") == a.expect_receivers,
                  "noc%d: %s multicast receivers, expected %d" % (k, n.get("multicast_receivers"), a.expect_receivers))
        if a.mcast_hops is not None and off > 0:
            far = int(a.mcast_hops.split(",")[k])
            trip = 2 * (n2r + r2n) + far * (hop + cfg["noc.mcast_grant_hop_cycles"])
            slack = 1.01
            if cfg.get("noc.mcast_reserve_after_data", 0):
                # the next header leaves once this packet's data flits have: the trip and the
                # data in series, the window's partial packets worth about 1% more
                trip += flits - 1
                slack = 1.02
            check(acc <= flits / trip * slack,
                  "noc%d: %.4f flits/cycle per receiver above the reservation bound %d / %d" %
                  (k, acc, flits, trip))
        if a.mcast_min is not None and off > 0:
            low = float(a.mcast_min.split(",")[k])
            check(acc >= low, "noc%d: %.4f flits/cycle per receiver below %.3f" % (k, acc, low))
        if cfg["workload.name"] == "uniform":
            ceiling = bound.uniform_bound(topo, w, h, k, harvested)
            check(acc <= ceiling * 1.02,
                  "noc%d: accepted %.4f above the channel-load bound %.4f" % (k, acc, ceiling))
            if a.saturated:
                check(acc >= 0.25 * ceiling,
                      "noc%d: saturated throughput %.4f below a quarter of the bound %.4f" % (k, acc, ceiling))
            # the mean packet crosses the mean number of hops: the mean latency can not be lower
            hops = bound.mean_hops(topo, w, h, k, harvested)
            check(lat["mean"] >= 1 + n2r + r2n + hops * hop + flits - 1 - 0.5,
                  "noc%d: mean latency %.1f below the zero-load mean %.1f" %
                  (k, lat["mean"], 1 + n2r + r2n + hops * hop + flits - 1))
        if a.below_saturation:
            check(abs(acc - off) <= 0.1 * off, "noc%d: accepted %.4f far from offered %.4f" % (k, acc, off))
    for k in range(nocs):
        ds = r["noc%d" % k].get("dram_stream")
        if ds:  # a NoC moves at most one flit per cycle into each core: nor can its window rate
            cores = r["workload"]["injecting_tiles"]
            per_cycle = (ds["window"]["bytes_read"] + ds["window"]["bytes_written"]) / r["sim"]["measured_cycles"]
            on_noc = -(-cores // nocs)  # cores alternate between the NoCs
            check(per_cycle <= cfg["noc.flit_bytes"] * on_noc,
                  "noc%d: dram_stream moved %.1f B/cycle through the %d-byte links of %d cores" %
                  (k, per_cycle, cfg["noc.flit_bytes"], on_noc))
    if "dram" in r and r["dram"]["timed"]:
        d = r["dram"]
        t = d["timings_tck"]
        # a controller can never move more than its pins, nor more than refresh leaves free
        refresh_bound = 1.0 - t["trfc"] / t["trefi"]
        one = d["peak_gbps"] / len(d["controllers"])
        for c in d["controllers"]:
            check(c["gbps"] <= one * refresh_bound * 1.01,
                  "controller %d: %.1f GB/s above the refresh-limited peak %.1f" % (c["controller"], c["gbps"], one * refresh_bound))
            check(0.0 <= c["row_hit_rate"] <= 1.0, "controller %d: row hit rate %s" % (c["controller"], c["row_hit_rate"]))
            check(c["read_latency"]["count"] == 0 or c["read_latency"]["mean"] >= (t["tcl"] + t["tburst"]) * d["aiclk_per_tck"],
                  "controller %d: read latency %.1f below CL + burst" % (c["controller"], c["read_latency"]["mean"]))
        if a.dram_min_fraction is not None:
            busy = [c for c in d["controllers"] if c["bytes_read"] + c["bytes_written"] > 0]
            for c in busy:
                check(c["gbps"] >= a.dram_min_fraction * one * refresh_bound,
                      "controller %d: %.1f GB/s below %.0f%% of the refresh-limited peak %.1f" %
                      (c["controller"], c["gbps"], 100 * a.dram_min_fraction, one * refresh_bound))
    if "tiles" in r:
        t = r["tiles"][0]
        if a.expect_issued:
            want = [int(x) for x in a.expect_issued.split(",")]
            got = [th["issued"] for th in t["threads"]]
            check(got == want, "issued per thread %s, expected %s" % (got, want))
        if a.expect_mover_bytes is not None:
            check(t["mover"]["bytes"] == a.expect_mover_bytes,
                  "mover bytes %d, expected %d" % (t["mover"]["bytes"], a.expect_mover_bytes))
        for kind in ("ports", "banks"):
            check(all(0.0 <= x["utilisation"] <= 1.0 for x in t["l1"][kind]), "l1 %s utilisation outside 0..1" % kind)
        # the Mover writes at most one 16-byte word per cycle: the run lasts at least that long
        check(r["sim"]["cycles"] >= t["mover"]["bytes"] // 16, "the Mover wrote faster than 16 B/cycle")
    if a.expect_cycles:
        lo, hi = (int(x) for x in a.expect_cycles.split(":"))
        got = r["sim"]["cycles"]
        check(lo <= got <= hi, "the run took %d cycles, expected %d..%d" % (got, lo, hi))
    for spec in a.expect_l1_bytes:
        name, want = spec.split(":")
        got = sum(c["bytes"] for t in r.get("tiles", []) for c in t["l1"]["clients"] if c["client"] == name)
        check(got == int(want), "L1 client %s moved %d bytes, expected %s" % (name, got, want))
    for spec in a.expect_core_finish:
        name, least = spec.split(":")
        cores = [c for t in r.get("tiles", []) for c in t["cores"] if c["core"] == name]
        check(len(cores) == 1, "expected one script for %s, found %d" % (name, len(cores)))
        if cores:
            f = cores[0]["finished_cycle"]
            check(f is not None and f >= int(least),
                  "%s's script finished at cycle %s, before %s" % (name, f, least))
    if "trace" in r:
        t = r["trace"]
        check(sum(p["transfers"] for p in t["per_processor"]) == t["transfers"],
              "trace: transfers issued %d, streams hold %d" % (t["transfers"], sum(p["transfers"] for p in t["per_processor"])))
        check(all(p["simulated_cycles"] <= t["simulated_cycles"] for p in t["per_processor"]),
              "trace: a processor outlasts the whole replay")
        check(t["simulated_cycles"] > 0 and t["transfers"] > 0, "trace: nothing replayed")
    if a.vcd:
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run(["vcd2fst", a.vcd, os.path.join(d, "x.fst")], capture_output=True, text=True)
            check(p.returncode == 0, "vcd2fst failed: %s" % p.stderr.strip())
        period_ps = 1e6 / r["sim"]["aiclk_mhz"]
        for spec in a.expect_vcd_busy:
            name, rest = spec.split("=")
            value, cycles = (int(x) for x in rest.split(":"))
            got = vcd_cycles_at(a.vcd, name, value, period_ps)
            check(got == cycles, "VCD: %s was %d for %s cycles, expected %d" % (name, value, got, cycles))
        if a.vcd_links_match_report:
            warmup = cfg["sim.warmup_cycles"]
            window = r["sim"]["measured_cycles"]
            lo, hi = warmup * period_ps * 1000, (warmup + window) * period_ps * 1000
            busy, traced = vcd_link_busy_cycles(a.vcd, lo, hi, period_ps)
            links = [(k, L) for k in range(nocs) for L in r["noc%d" % k]["links"]]
            check(traced == len(links) and len(links) > 0,
                  "VCD: %d link busy signals, the report %d links" % (traced, len(links)))
            bad = [(k, L) for k, L in links
                   if busy.get((k, L["from"][0], L["from"][1], L["direction"]), 0) !=
                   round(L["utilisation"] * window)]
            check(not bad, "VCD: %d links' busy cycles differ from their flits, e.g. %s" %
                  (len(bad), ["noc%d %s %s: VCD %d, report %d" %
                              (k, L["from"], L["direction"],
                               busy.get((k, L["from"][0], L["from"][1], L["direction"]), 0),
                               round(L["utilisation"] * window)) for k, L in bad[:3]]))
            check(sum(busy.values()) > 0, "VCD: no link was ever busy")
        text = open(a.vcd).read(200000)
        check("$enddefinitions" in text and "out_east_busy" in text, "VCD lacks the link signals")
    if a.svg:
        try:
            root = ET.parse(a.svg).getroot()
            check(root.tag.endswith("svg"), "heatmap root is %s" % root.tag)
        except ET.ParseError as e:
            check(False, "heatmap is not XML: %s" % e)
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else "%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
