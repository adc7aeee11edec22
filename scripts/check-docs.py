#!/usr/bin/env python3
"""Docs are tested: run every command of the ```sh blocks of markdown pages.

Usage: scripts/check-docs.py [--build DIR] [--list] PAGE.md...
       scripts/check-docs.py --self-test

The convention (docs/contributing.md, "Docs are tested", says the same for writers):
- Every fenced code block must name its language: ```sh, ```text, ```c, ```json ...; a fence
  without an info string is an error, so no command block is left untested by accident.
- Every ```sh block is executed. Each non-blank line not starting with `#` is one command; a
  line ending in `\\` continues on the next. Commands run one by one, each with
  `bash -c` from the repository root, so a variable set on one line is gone on the next.
- `build/` is the build directory. With --build DIR other than <repo>/build, a path starting
  with `build/` becomes DIR/.
- A command must exit 0, or N when a comment line `# exits N` comes directly above it (among
  the comment lines between the previous command and this one).
- A command that cannot run inside the test suite (the dependency install, which needs root;
  running the test suite itself; a multi-minute benchmark) has the comment
  `# not run by the docs test: <reason>` directly above it, and is listed as skipped with its
  reason. Keep these few.
- An executable under build/ that a command runs must exist, run or skipped (so a renamed
  binary breaks the docs test even where the command is skipped).
- ```text blocks (outputs, formats) and every other language are never run.
Commands should write under /tmp or build/, and take seconds, not minutes: the docs tests
run with the rest of ctest.

Exits 0 when every command exited as documented, 1 otherwise (each failure named by page and
line, with the tail of its output), 2 on bad usage.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
EXITS = re.compile(r"^#\s*exits\s+(\d+)\s*$")
SKIP = re.compile(r"^#\s*not run by the docs test\s*:\s*(.*)$")
# a path under build/ at the start of a word (not part of another path)
BUILD_PATH = re.compile(r"(?<![\w./~$-])build/")
# where a command word can stand: the start, after | || && ; ( or `env`, `time`, VAR=value
CMD_START = re.compile(r"(?:^|[|;&(]\s*)(?:(?:env|time|exec)\s+|[A-Za-z_]\w*=\S*\s+)*(build/\S+)")
TIMEOUT_S = 600


class Command:
    def __init__(self, page, line, text, expect, skip):
        self.page, self.line, self.text, self.expect, self.skip = page, line, text, expect, skip

    def where(self):
        return f"{os.path.relpath(self.page, ROOT)}:{self.line}"


def parse(page):
    """The commands of PAGE's sh blocks, and the errors found reading it."""
    with open(page, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    cmds, errors = [], []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        start = i + 1
        if not lang:
            errors.append(f"{os.path.relpath(page, ROOT)}:{start}: a fenced block without a "
                          "language: write ```sh (run by the docs test), ```text (not run), ...")
        close = re.compile(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        if j == len(lines):
            errors.append(f"{os.path.relpath(page, ROOT)}:{start}: the block never closes")
        if lang == "sh":
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[i + 1:j]]
            cmds += block_commands(page, i + 2, body, errors)
        i = j + 1
    return cmds, errors


def block_commands(page, first_line, body, errors):
    cmds, expect, skip = [], None, None
    k = 0
    while k < len(body):
        s = body[k].strip()
        if not s:
            k += 1
            continue
        if s.startswith("#"):
            m = EXITS.match(s)
            if m:
                expect = int(m.group(1))
            m = SKIP.match(s)
            if m:
                skip = m.group(1).strip()
                if not skip:
                    errors.append(f"{os.path.relpath(page, ROOT)}:{first_line + k}: "
                                  "'# not run by the docs test:' needs a reason")
            k += 1
            continue
        line, text = first_line + k, ""
        while True:
            part = body[k].strip()
            k += 1
            if part.endswith("\\") and k < len(body):
                text += part[:-1].rstrip() + " "
                continue
            text += part
            break
        cmds.append(Command(page, line, text.strip(), 0 if expect is None else expect, skip))
        expect, skip = None, None
    return cmds


def with_build(text, build):
    if os.path.realpath(build) == os.path.realpath(os.path.join(ROOT, "build")):
        return text
    return BUILD_PATH.sub(build.rstrip("/") + "/", text)


def executables(text):
    """The paths under build/ that the command runs as programs."""
    return CMD_START.findall(text)


def check(pages, build, list_only=False, out=sys.stdout):
    failed = 0
    for page in pages:
        cmds, errors = parse(page)
        for e in errors:
            print(f"FAIL {e}", file=out)
        failed += len(errors)
        for c in cmds:
            for exe in executables(c.text):
                path = os.path.join(ROOT, with_build(exe, build))
                if not (os.path.isfile(path) and os.access(path, os.X_OK)):
                    print(f"FAIL {c.where()}: {exe} does not exist (or is not executable) "
                          f"in {build}: {c.text}", file=out)
                    failed += 1
            if c.skip is not None:
                print(f"skip {c.where()}: {c.skip}: {c.text}", file=out)
                continue
            if list_only:
                print(f"run  {c.where()} (exits {c.expect}): {c.text}", file=out)
                continue
            t0 = time.monotonic()
            env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
            try:
                r = subprocess.run(["bash", "-c", with_build(c.text, build)], cwd=ROOT, env=env,
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                   errors="replace", timeout=TIMEOUT_S)
                rc, output = r.returncode, r.stdout + r.stderr
            except subprocess.TimeoutExpired:
                rc, output = None, f"(killed after {TIMEOUT_S} s)"
            dt = time.monotonic() - t0
            if rc == c.expect:
                print(f"ok   {c.where()} ({dt:.1f} s, exit {rc}): {c.text}", file=out)
                continue
            failed += 1
            print(f"FAIL {c.where()}: exited {rc}, the page says {c.expect}: {c.text}", file=out)
            tail = output.strip().split("\n")[-15:]
            for l in tail:
                print(f"     | {l}", file=out)
    print(f"check-docs: {'ok' if not failed else f'{failed} failure(s)'} in "
          f"{', '.join(os.path.relpath(p, ROOT) for p in pages)}", file=out)
    return 1 if failed else 0


def self_test():
    """The checker catches each way a page can be wrong, and passes a right one."""
    cases = [
        ("```sh\ntrue\n# exits 3\nbash -c 'exit 3'\necho a \\\n  b\n```\n```text\nfalse\n```\n", 0),
        ("```sh\nfalse\n```\n", 1),                                  # exits 1, page says 0
        ("```sh\n# exits 2\ntrue\n```\n", 1),                        # exits 0, page says 2
        ("```\ntrue\n```\n", 1),                                     # no language
        ("```sh\n# not run by the docs test: needs root\nfalse\n```\n", 0),
        ("```sh\n# not run by the docs test:\nfalse\n```\n", 1),     # a skip needs a reason
        ("```sh\n# not run by the docs test: slow\nbuild/no-such-tool --x\n```\n", 1),
        ("```sh\nenv A=1 build/no-such-tool\n```\n", 1),
        ("- item\n\n  ```sh\n  test -d scripts\n  ```\n", 0),            # indented in a list
    ]
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        for n, (text, want) in enumerate(cases):
            page = os.path.join(d, f"case{n}.md")
            with open(page, "w", encoding="utf-8") as fh:
                fh.write(text)
            with open(os.devnull, "w") as null:
                got = check([page], os.path.join(ROOT, "build"), out=null)
            if got != want:
                bad += 1
                print(f"check-docs self-test: case {n} gave {got}, expected {want}:\n{text}")
    print("check-docs self-test:", "ok" if not bad else f"{bad} case(s) FAILED")
    return 1 if bad else 0


def main(argv):
    if "--self-test" in argv:
        return self_test()
    build, list_only, pages = os.path.join(ROOT, "build"), False, []
    k = 0
    while k < len(argv):
        a = argv[k]
        if a == "--build" and k + 1 < len(argv):
            build = os.path.abspath(argv[k + 1])
            k += 1
        elif a == "--list":
            list_only = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("-"):
            print(f"check-docs: unknown option {a} (see --help)", file=sys.stderr)
            return 2
        else:
            pages.append(os.path.abspath(a))
        k += 1
    if not pages:
        print("check-docs: name at least one markdown page (see --help)", file=sys.stderr)
        return 2
    for p in pages:
        if not os.path.isfile(p):
            print(f"check-docs: {p} not found", file=sys.stderr)
            return 2
    return check(pages, build, list_only)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
