#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Loads a timeline into tools/timeline-view.html in headless Chromium and reports what it saw.

usage: scripts/check-timeline-browser.py TRACE [--screenshot PNG] [--timeout S] [--json FILE]

Starts Chromium with a fresh profile in a temporary directory and drives it through the DevTools
protocol over a pipe (--remote-debugging-pipe: JSON messages ending in a NUL byte, Chromium
reading fd 3 and writing fd 4), so no websocket library is needed. It opens the viewer with
?trace=TRACE, polls window.bhViewer until its status is loaded or error, prints one line (events,
processes, threads, spans, rectangles drawn, load time, peak memory), optionally saves a
screenshot (--screenshot) and the viewer's state as JSON (--json), then ends Chromium and removes
the profile.

Exit status: 0 loaded with no errors and something drawn; 1 the viewer reported errors, failed
to load, or drew nothing (its messages are printed); 2 bad usage or no such trace; 3 Chromium
is not installed (scripts/deps.sh installs it); 4 timeout, or Chromium failed.
"""
import argparse
import base64
import fcntl
import json
import os
import pathlib
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
VIEWER = ROOT / "tools" / "timeline-view.html"
WINDOW = "1600,1000"


class Failure(Exception):
    def __init__(self, code, text):
        super().__init__(text)
        self.code = code


class Chromium:
    """One headless Chromium, its DevTools pipe, and the processes it starts (one group)."""

    def __init__(self, exe, profile):
        to_chrome, self.writer = os.pipe()
        self.reader, from_chrome = os.pipe()
        # Chromium's ends, moved above fd 4 (so that dup2 onto 3 and 4 in the child cannot
        # overwrite one of them) and close-on-exec; dup2 makes 3 and 4 inheritable. Python opens
        # every other fd close-on-exec, so close_fds=False passes nothing else.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_chrome, from_chrome)]
        os.close(to_chrome)
        os.close(from_chrome)

        def pipes_on_3_and_4():
            os.dup2(ends[0], 3)
            os.dup2(ends[1], 4)

        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            # --disable-dev-shm-usage: a container's small /dev/shm cannot crash the renderer
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--allow-file-access-from-files",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", f"--window-size={WINDOW}",
             "--no-first-run", "--no-default-browser-check", "about:blank"],
            close_fds=False, preexec_fn=pipes_on_3_and_4, start_new_session=True,
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        for fd in ends:
            os.close(fd)
        self.buf = b""
        self.next_id = 0
        self.peak_mem = 0

    def send(self, method, params=None, session=None, timeout=30):
        """Sends one command and returns its result (events in between are dropped)."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        try:
            os.write(self.writer, json.dumps(msg).encode() + b"\0")
        except BrokenPipeError:
            raise Failure(4, f"Chromium exited before {method}:\n{self.log_tail()}") from None
        end = time.monotonic() + timeout
        while True:
            while b"\0" in self.buf:
                text, self.buf = self.buf.split(b"\0", 1)
                reply = json.loads(text)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise Failure(4, f"{method}: {reply['error'].get('message')}")
                    return reply["result"]
            left = end - time.monotonic()
            if left <= 0:
                raise Failure(4, f"Chromium did not answer {method} within {timeout} s")
            if select.select([self.reader], [], [], min(left, 1.0))[0]:
                data = os.read(self.reader, 1 << 20)
                if not data:
                    raise Failure(4, f"Chromium exited during {method}:\n{self.log_tail()}")
                self.buf += data

    def sample_memory(self):
        """Keeps the peak of the memory of Chromium's processes (its process group) together:
        their proportional set sizes (PSS: shared pages divided among their users), so that
        the libraries all of them map count once; RSS where PSS cannot be read."""
        total = 0
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[2]) != self.proc.pid:
                    continue
                try:
                    with open(f"/proc/{pid}/smaps_rollup") as f:
                        total += next(int(line.split()[1]) * 1024 for line in f
                                      if line.startswith("Pss:"))
                except (OSError, StopIteration):
                    total += int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
            except (OSError, IndexError, ValueError):
                pass  # it ended while we looked
        self.peak_mem = max(self.peak_mem, total)

    def log_tail(self):
        self.log.seek(0)
        return b"\n".join(self.log.read().splitlines()[-15:]).decode(errors="replace")

    def close(self):
        """Asks Chromium to close, waits up to 5 s for it to let go of the pipe, then kills what
        is left of its process group (a renderer, the zygotes). The group leader is reaped only
        after that, so its group id cannot have passed to another process."""
        try:
            self.send("Browser.close", timeout=5)
            end = time.monotonic() + 5
            while time.monotonic() < end:
                ready = select.select([self.reader], [], [], 0.5)[0]
                if ready and not os.read(self.reader, 1 << 20):
                    break  # end of file: Chromium has let go of the pipe
        except (Failure, OSError):
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        os.close(self.writer)
        os.close(self.reader)


def find_chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def run(args):
    trace = pathlib.Path(args.trace).resolve()
    if not trace.is_file():
        raise Failure(2, f"no such trace: {args.trace}")
    exe = find_chromium()
    if not exe:
        raise Failure(3, "chromium not found (scripts/deps.sh installs Debian's chromium; or set "
                         "CHROMIUM to a browser)")
    url = VIEWER.as_uri() + "?trace=" + urllib.parse.quote(trace.as_uri(), safe="")
    profile = tempfile.mkdtemp(prefix="bh-chromium-")
    browser = None
    try:
        started = time.monotonic()
        browser = Chromium(exe, profile)
        target = browser.send("Target.createTarget", {"url": url})["targetId"]
        session = browser.send("Target.attachToTarget",
                               {"targetId": target, "flatten": True})["sessionId"]
        state = None
        while True:
            browser.sample_memory()
            res = browser.send("Runtime.evaluate",
                               {"expression": "JSON.stringify(window.bhViewer || null)",
                                "returnByValue": True}, session)
            state = json.loads(res["result"].get("value") or "null")
            if state and state.get("status") in ("loaded", "error"):
                break
            if time.monotonic() - started > args.timeout:
                said = f"{state.get('status')}: {state.get('message')}" if state else "nothing"
                raise Failure(4, f"timed out after {args.timeout:g} s; the viewer says {said}")
            time.sleep(0.25)
        wall = time.monotonic() - started
        heap = browser.send("Runtime.evaluate", {
            "expression": "performance.memory ? performance.memory.usedJSHeapSize : 0",
            "returnByValue": True}, session)["result"].get("value", 0)
        if args.screenshot:
            png = browser.send("Page.captureScreenshot", {"format": "png"}, session, timeout=60)
            pathlib.Path(args.screenshot).write_bytes(base64.b64decode(png["data"]))
        browser.sample_memory()
        state.update(wall_seconds=round(wall, 2), js_heap_bytes=heap,
                     chromium_peak_bytes=browser.peak_mem)
        return state
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trace")
    ap.add_argument("--screenshot", metavar="PNG")
    ap.add_argument("--timeout", type=float, default=120, metavar="S")
    ap.add_argument("--json", metavar="FILE", help="write the viewer's state here")
    args = ap.parse_args()
    try:
        s = run(args)
    except Failure as f:
        print(f"check-timeline-browser: {f}", file=sys.stderr)
        return f.code
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(s, indent=1) + "\n")
    name = os.path.basename(args.trace)
    if s["status"] == "error":
        print(f"check-timeline-browser: the viewer could not load {name}: {s['message']}",
              file=sys.stderr)
        return 1
    mb = 1 << 20
    print(f"{name}: {s['events']} events, {s['processes']} processes, {s['threads']} threads, "
          f"{s['spans']} spans, {s['counters']} counter values, {s['asyncSpans']} async spans, "
          f"{s['drawn']} rectangles drawn, {s['errorCount']} errors; loaded in "
          f"{s['loadSeconds']:.2f} s ({s['wall_seconds']:.2f} s with Chromium's start), "
          f"JS heap {s['js_heap_bytes'] / mb:.0f} MB, Chromium's peak memory "
          f"{s['chromium_peak_bytes'] / mb:.0f} MB (PSS)")
    if s["errorCount"]:
        print(f"check-timeline-browser: the viewer found {s['errorCount']} errors in {name}:",
              file=sys.stderr)
        for e in s["errors"]:
            print(f"  {e}", file=sys.stderr)
        return 1
    if s["drawn"] <= 0:
        print(f"check-timeline-browser: the viewer drew nothing for {name}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
