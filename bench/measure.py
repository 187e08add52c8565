#!/usr/bin/env python3
"""Measures the table of docs/benchmarks.md again, in one sitting.

Builds target/release/boyi, runs each row's boyi command, and times each
reference that is installed beside it: the two commands in turn, A B A B,
the figures the medians of each, the ratio the median of the pairs'
ratios (their range in brackets). A reference is a program someone built
from its public source outside this repository; this script never fetches
or builds one. It looks for each in an environment variable (a path, or a
command with arguments) and then on PATH under its usual name; for each
one it does not find it says, on one line, what would point to it, and
measures boyi alone. Peak memory is GNU time's (`/usr/bin/time`), where
it is installed.

Usage:
  bench/measure.py [--quick] [--only ID,...] [--runs N] [--out FILE] [--no-build]
  bench/measure.py --list          the rows and the references, with their variables

  --quick     only the rows that take seconds (a smoke test of the script)
  --only      only these rows (ids as --list shows them)
  --runs N    N runs of every command instead of each row's own count
  --out FILE  also write the table to FILE
  --no-build  use target/release/boyi as it is (BOYI_BIN names another boyi)

The table goes to stdout; progress and the lines about missing
references to stderr. Python 3 and its standard library only.
"""

import argparse
import datetime
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = os.path.join(ROOT, "tests", "data", "connect4")


class Ref:
    """A reference program: where to find it, and what it is."""

    def __init__(self, var, names, what):
        self.var, self.names, self.what = var, names, what

    def command(self):
        """The command that runs it, as a list, or None if it is not installed."""
        given = os.environ.get(self.var, "").strip()
        if given:
            cmd = shlex.split(given)
            return cmd if shutil.which(cmd[0]) or os.access(cmd[0], os.X_OK) else None
        for name in self.names:
            found = shutil.which(name)
            if found:
                return [found]
        return None


def judge_ref(problem, note):
    var = "BOYI_REF_" + problem.upper().replace("-", "_")
    return Ref(var, [], f"the hand-written {problem} program ({note}; judge input on stdin)")


REFS = {
    "permutation-game": judge_ref("permutation-game", "the seed write-up's memoised DFS, g++ -O2"),
    "array-game": judge_ref("array-game", "BZOJ 4035's divisor blocks from the seed write-up, g++ -O2"),
    "young-chess": judge_ref("young-chess", "BZOJ 5248's staircase DP from the seed write-up, g++ -O2"),
    "gems-fight": judge_ref("gems-fight", "HDU 4778's bitmask negamax from the seed write-up, g++ -O2"),
    "chase": judge_ref("chase", "BZOJ 3106's memoised search from the seed write-up, g++ -O2"),
    "pons": Ref(
        "BOYI_REF_PONS",
        ["c4solver"],
        "Pascal Pons' Connect Four solver (PascalPons/connect4, g++ -O3 main.cpp Solver.cpp; "
        "positions on stdin; run where it finds no opening book)",
    ),
    "steininger": Ref(
        "BOYI_REF_STEININGER",
        [],
        "Christophe Steininger's c4 (ChristopheSteininger/c4, g++ -O3 -march=x86-64-v2 -flto, "
        "its defaults: 2 threads, a 1 GB table; solves the empty board)",
    ),
    "steininger-weak": Ref(
        "BOYI_REF_STEININGER_WEAK",
        [],
        "the same c4 built with SOLVE_STRONGLY = false in c4.cpp (its weak solve)",
    ),
    "fhourstones": Ref(
        "BOYI_REF_FHOURSTONES", ["SearchGame"], "Fhourstones 3.2 (gcc -O3 SearchGame.c; a position on stdin)"
    ),
    "ogsolve": Ref(
        "BOYI_REF_OGSOLVE",
        ["ogsolve"],
        "Piotr Beling's octal game solver (beling/impartial-games, cargo build --release)",
    ),
    "gentb": Ref(
        "BOYI_REF_GENTB", ["gentb"], "clausecker/dobutsu's table generator (make gentb; run as gentb -j 2 FILE)"
    ),
    "baseline": Ref(
        "BOYI_REF_BASELINE",
        [],
        "a boyi built at ff05980^, the build before issue 15 (git worktree add ..., cargo build --release)",
    ),
}


# ---- running and timing ------------------------------------------------------------------------


class Ran:
    def __init__(self, wall, peak, out):
        self.wall, self.peak, self.out = wall, peak, out


class Failed(Exception):
    pass


def gnu_time():
    """GNU time, which reports a command's peak resident memory. A child's
    own rusage will not do: Linux starts its peak at its parent's size, and
    this script holds tens of megabytes of benchmark inputs."""
    found = shutil.which("time") or ("/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None)
    if found:
        said = subprocess.run([found, "--version"], capture_output=True, text=True)
        if "GNU" in said.stdout + said.stderr:
            return found
    return None


GNU_TIME = gnu_time()


def run(cmd, stdin=None, cwd=None, peak=False):
    """Runs `cmd` with `stdin` (a path); its wall time, its peak resident
    memory when asked for and GNU time is there (else None), and its
    stdout. A failure stops the row, with the command's own words."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as kib:
        timed = [GNU_TIME, "-f", "%M", "-o", kib.name, "--"] + cmd if peak and GNU_TIME else cmd
        src = open(stdin, "rb") if stdin else subprocess.DEVNULL
        try:
            start = time.perf_counter()
            try:
                proc = subprocess.run(timed, stdin=src, stdout=out, stderr=err, cwd=cwd)
            except OSError as e:
                raise Failed(f"cannot run `{' '.join(cmd)}`: {e}")
            wall = time.perf_counter() - start
        finally:
            if stdin:
                src.close()
        if proc.returncode != 0:
            err.seek(0)
            said = err.read().decode(errors="replace").strip().splitlines()
            raise Failed(f"`{' '.join(cmd)}` exited {proc.returncode}: {said[-1] if said else ''}")
        figures = kib.read().split() if timed is not cmd else []
        out.seek(0)
        return Ran(wall, int(figures[-1]) * 1024 if figures else None, out.read().decode(errors="replace"))


def secs(t):
    if t < 0.1:
        return f"{t * 1e3:.1f} ms"
    if t < 1:
        return f"{t * 1e3:.0f} ms"
    if t < 100:
        return f"{t:.2f} s"
    return f"{t:.1f} s"


def mib(b):
    return f"{b / 2**20:.1f} MiB" if b is not None else "peak n/a (no GNU time)"


def peak_of(runs):
    peaks = [r.peak for r in runs if r.peak is not None]
    return max(peaks) if peaks else None


def ratio(values):
    med = statistics.median(values)
    text = f"{med:.3f}" if med < 0.1 else f"{med:.2f}"
    if len(values) > 1:
        text += f" ({min(values):.2f}–{max(values):.2f})"
    return text


def median_of(runs, key=lambda r: r.wall):
    return statistics.median(key(r) for r in runs)


class Row:
    """One row of the table as measured."""

    def __init__(self, id, what, boyi, ref="", ratio="", goal="", runs=""):
        self.id, self.what, self.boyi, self.ref, self.ratio, self.goal, self.runs = id, what, boyi, ref, ratio, goal, runs


class Sitting:
    """What the rows share: boyi, the runs asked, a scratch directory, and
    the references found missing."""

    def __init__(self, boyi, runs, quick, work):
        self.boyi, self.runs_asked, self.quick, self.work = boyi, runs, quick, work
        self.missing = {}
        self.files = {}

    def runs(self, own):
        if self.runs_asked:
            return self.runs_asked
        return min(own, 3) if self.quick else own

    def ref(self, key):
        ref = REFS[key]
        cmd = ref.command()
        if cmd is None and ref.var not in self.missing:
            self.missing[ref.var] = ref
            given = os.environ.get(ref.var, "").strip()
            if given:
                say(f"not installed: {ref.var}={given} is not a program", f"— {ref.what}")
            elif ref.names:
                say(f"not installed: {ref.var} (or {', '.join(ref.names)} on PATH)", f"— {ref.what}")
            else:
                say(f"not installed: {ref.var}", f"— {ref.what}")
        return cmd

    def file(self, name, make):
        """A scratch file made once a sitting."""
        if name not in self.files:
            path = os.path.join(self.work, name)
            make(path)
            self.files[name] = path
        return self.files[name]

    def bench_input(self, name):
        def make(path):
            with open(path, "w") as f:
                f.write(run([self.boyi, "bench", "--input", name]).out)

        return self.file(name + ".in", make)

    def text_input(self, name, text):
        def make(path):
            with open(path, "w") as f:
                f.write(text)

        return self.file(name, make)

    def set_lines(self, set_name, count):
        """The first `count` positions of a Connect Four set, the moves only."""

        def make(path):
            with open(os.path.join(SETS, set_name)) as f:
                lines = [line.split()[0] if line.split() else "" for line in f.read().splitlines()[:count]]
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")

        return self.file(f"{set_name}-{count}", make)


def say(*words):
    print(*words, file=sys.stderr, flush=True)


def pair(s, boyi_cmd, ref_key, ref_cmd, stdin, runs, check=None, peak=False):
    """boyi and the reference in turn: (boyi's runs, the reference's runs,
    the pairs' ratios), the reference's None if it is not installed."""
    ref = s.ref(ref_key)
    mine, theirs, ratios = [], [], []
    for _ in range(s.runs(runs)):
        a = run(boyi_cmd, stdin, peak=peak)
        mine.append(a)
        if ref:
            b = run(ref + ref_cmd, stdin, cwd=s.work, peak=peak)
            if check and not check(a.out, b.out):
                raise Failed(f"{REFS[ref_key].var}'s answers differ from boyi's")
            theirs.append(b)
            ratios.append(a.wall / b.wall)
    return mine, (theirs if ref else None), ratios


def missing(key):
    return f"not installed ({REFS[key].var})"


def pair_row(id, what, goal, s, boyi_cmd, ref_key, ref_cmd, stdin, runs, check=None, peak=False):
    mine, theirs, ratios = pair(s, boyi_cmd, ref_key, ref_cmd, stdin, runs, check, peak)
    fig = secs(median_of(mine)) + (f", {mib(peak_of(mine))}" if peak else "")
    if theirs is None:
        return Row(id, what, fig, missing(ref_key), "", goal, len(mine))
    ref_fig = secs(median_of(theirs)) + (f", {mib(peak_of(theirs))}" if peak else "")
    return Row(id, what, fig, ref_fig, ratio(ratios), goal, len(mine))


def same(a, b):
    return a == b


def pons_scores(boyi_out, pons_out):
    """Pons prints `moves score nodes microseconds` a line."""
    theirs = [line.split()[1] for line in pons_out.splitlines() if len(line.split()) > 1]
    return boyi_out.split() == theirs


# ---- the rows ----------------------------------------------------------------------------------

ROWS = []


def row(id, quick=False):
    def put(f):
        ROWS.append((id, quick, f))
        return f

    return put


def judge(id, bench, problem, what, goal, runs=10, quick=True):
    @row(id, quick)
    def measure(s):
        stdin = s.bench_input(bench)
        return pair_row(id, what, goal, s, [s.boyi, "solve", problem], problem, [], stdin, runs, same)


judge("permutation-game", "permutation-game-100x15", "permutation-game",
      "permutation-game, 100 cases of N = 15 (judge largest)", "≤ 0.5")
judge("array-game", "array-game-1e9", "array-game", "array-game, n = 10^9, 100 queries (judge largest)", "≤ 0.5")
judge("young-chess", "young-chess-10x10", "young-chess", "young-chess, 10×10 (judge largest)", "≤ 0.5")
judge("gems-fight", "gems-fight-20xB21", "gems-fight", "gems-fight, 20 cases of B = 21 (judge largest)", "≤ 0.25",
      quick=False)
judge("chase-20", "chase-20-one-start", "chase", "chase, n = 20, one start (judge largest)", "≤ 0.25")


def alone(id, what, goal, cmd, stdin, runs, peak=False, quick=False):
    @row(id, quick)
    def measure(s):
        runs_ = [run(cmd(s), stdin(s), peak=peak) for _ in range(s.runs(runs))]
        fig = secs(median_of(runs_)) + (f", {mib(peak_of(runs_))}" if peak else "")
        return Row(id, what, fig, "", "", goal, len(runs_))


def suite(id, name, what, goal, runs, quick=False):
    """A row of `boyi bench NAME`: its median and peak, in one process."""

    @row(id, quick)
    def measure(s):
        n = s.runs(runs)
        out = run([s.boyi, "bench", name, "--runs", str(n)]).out
        cells = next(line for line in out.splitlines() if line.startswith(f"| {name} |")).split(" | ")
        return Row(id, what, f"{cells[2]}, {cells[7].rstrip(' |')}", "", "", goal, n)


alone("coin-game", "coin-game, n = 2000 (judge largest)", "< 1 s",
      lambda s: [s.boyi, "solve", "coin-game"], lambda s: s.bench_input("coin-game-2000"), 10, quick=True)
suite("young-chess-15x15", "young-chess-15x15", "young-chess, 15×15, in one process (`boyi bench`)",
      "< 60 s, < 2 GiB", 5)
suite("rabbit-egg", "rabbit-egg-40x40", "rabbit-egg, 40×40, k = 799, in one process", "< 1 s", 5, quick=True)
alone("chase-100", "chase, n = 100, from opposite corners, within 2 GiB", "within 2 GiB",
      lambda s: [s.boyi, "--memory", "2G", "solve", "chase"],
      lambda s: s.text_input("chase-100.in", "100 1 1 100 100\n"), 1, peak=True)
suite("moving-pebbles", "moving-pebbles-10x1e5", "moving-pebbles, 10 lines of 10^5 piles, in one process",
      "< 1 s", 5, quick=True)
alone("wythoff", "wythoff, 10^6 pairs up to 10^18 (the slowest of issue 14's inputs)", "< 0.2 s",
      lambda s: [s.boyi, "solve", "wythoff"], lambda s: s.bench_input("wythoff-1e6"), 5, quick=True)


def grundy(id, rule, to, what, runs):
    @row(id)
    def measure(s):
        return pair_row(id, what, "≤ 0.5", s, [s.boyi, "grundy", rule, "--to", str(to), "--show", "0"],
                        "ogsolve", [rule, "-m", "rc", "-n", str(to)], None, runs, peak=True)


grundy("grundy-0.376", "0.376", 4_600_000, "`boyi grundy 0.376` to 4.6·10^6 (period 4, preperiod 2268248)", 3)
grundy("grundy-0.354", "0.354", 20_200_000, "`boyi grundy 0.354` to 2.02·10^7 (period 1180)", 3)
alone("domineering-7x8", "who wins Domineering 7×8 (`boyi cgt domineering 7x8 --outcome`: R)", "",
      lambda s: [s.boyi, "cgt", "domineering", "7x8", "--outcome"], lambda s: None, 3, peak=True)
alone("domineering-8x8", "who wins Domineering 8×8 (`boyi cgt domineering 8x8 --outcome`: N)", "a few minutes",
      lambda s: [s.boyi, "cgt", "domineering", "8x8", "--outcome"], lambda s: None, 1, peak=True)
alone("grundy-0.1777", "`boyi grundy 0.1777` to 4.5·10^8 (period 60620715)", "< 5 min, < 4 GiB",
      lambda s: [s.boyi, "grundy", "0.1777", "--to", "450000000", "--show", "0"], lambda s: None, 1, peak=True)


def empty(s):
    return s.text_input("empty.in", "\n")


def c4(threads, weak=False):
    def cmd(s):
        return [s.boyi, "solve", "connect4", "--no-book", "--threads", str(threads)] + (["--weak"] if weak else [])

    return cmd


@row("c4-empty-exact")
def _(s):
    return pair_row("c4-empty-exact", "Connect Four, the empty 7×6 board, exact, two threads", "≤ 0.6", s,
                    c4(2)(s), "steininger", [], empty(s), 4)


def speedup(id, what, goal, stdin, runs):
    @row(id)
    def measure(s):
        one, many = [], []
        for _ in range(s.runs(runs)):
            one.append(run(c4(1)(s), stdin(s)))
            many.append(run(c4(2)(s), stdin(s)))
        ratios = [a.wall / b.wall for a, b in zip(one, many)]
        fig = f"{secs(median_of(many))} against {secs(median_of(one))}"
        return Row(id, what, fig, "", "speedup " + ratio(ratios), goal, len(one))


speedup("c4-empty-threads", "Connect Four, the empty board, exact, two threads against one", "≥ 1.5", empty, 3)
speedup("c4-l1r2-threads", "Connect Four, first 40 of Test_L1_R2, two threads against one", "≥ 1.5",
        lambda s: s.set_lines("Test_L1_R2", 40), 10)


def against_pons(id, what, goal, set_name, count, threads, runs):
    @row(id)
    def measure(s):
        return pair_row(id, what, goal, s, c4(threads)(s), "pons", [], s.set_lines(set_name, count), runs,
                        pons_scores, peak=True)


against_pons("c4-l2r2-pons", "Connect Four, first 300 of Test_L2_R2, one thread", "≤ 0.5", "Test_L2_R2", 300, 1, 8)
against_pons("c4-l1r2-pons", "Connect Four, first 40 of Test_L1_R2, one thread", "≤ 0.5", "Test_L1_R2", 40, 1, 6)
against_pons("c4-l1r2-pons-2t", "the same, boyi on two threads", "", "Test_L1_R2", 40, 2, 6)


@row("c4-empty-weak")
def _(s):
    return pair_row("c4-empty-weak", "Connect Four, the empty board, weak, two threads", "≤ 0.5", s,
                    c4(2, weak=True)(s), "steininger-weak", [], empty(s), 6)


@row("c4-empty-weak-fhourstones")
def _(s):
    return pair_row("c4-empty-weak-fhourstones", "Connect Four, the empty board, weak, one thread", "≤ 0.5", s,
                    c4(1, weak=True)(s), "fhourstones", [], empty(s), 1)


@row("chase-64")
def _(s):
    stdin = s.bench_input("chase-64")
    return pair_row("chase-64", "chase, n = 64, one start (3.4·10^7 positions)", "≤ 0.5", s,
                    [s.boyi, "solve", "chase"], "baseline", ["solve", "chase"], stdin, 20, same)


def dobutsu_file(s):
    """The file `dobutsu-build` left, or a build of its own."""
    return s.file("dobutsu.db", lambda path: run([s.boyi, "db", "build", "dobutsu", "--out", path]))


@row("dobutsu-build")
def _(s):
    """The build against gentb; its peak and its file come from the same runs."""
    ref = s.ref("gentb")
    mine, theirs, ratios, peaks, sizes = [], [], [], [], []
    for i in range(s.runs(3)):
        out = os.path.join(s.work, f"dobutsu-{i}.db")
        a = run([s.boyi, "db", "build", "dobutsu", "--out", out], peak=True)
        mine.append(a)
        size = os.path.getsize(out)
        if i == 0:
            os.replace(out, os.path.join(s.work, "dobutsu.db"))
            s.files["dobutsu.db"] = os.path.join(s.work, "dobutsu.db")
        else:
            os.remove(out)
        if ref:
            theirs_out = os.path.join(s.work, "gentb.tb")
            b = run(ref + ["-j", "2", theirs_out], cwd=s.work, peak=True)
            theirs.append(b)
            ratios.append(a.wall / b.wall)
            if a.peak and b.peak:
                peaks.append(a.peak / b.peak)
            sizes.append(size / os.path.getsize(theirs_out))
            their_size = os.path.getsize(theirs_out)
            os.remove(theirs_out)
    n = len(mine)
    peak = peak_of(mine)
    rows = [
        Row("dobutsu-build", "Dōbutsu Shōgi strongly solved, `db build`", secs(median_of(mine)), "", "", "≤ 0.5", n),
        Row("dobutsu-peak", "its peak memory", mib(peak), "", "", "≤ 1", n),
        Row("dobutsu-file", "its file (the positions stored)", f"{size:,} B", "", "", "≤ 1", n),
    ]
    if theirs:
        rows[0].ref, rows[0].ratio = secs(median_of(theirs)), ratio(ratios)
        rows[1].ref, rows[1].ratio = mib(peak_of(theirs)), ratio(peaks) if peaks else ""
        rows[2].ref, rows[2].ratio = f"{their_size:,} B", ratio(sizes)
    else:
        for r in rows:
            r.ref = missing("gentb")
    return rows


@row("dobutsu-lookup")
def _(s):
    plain = dobutsu_file(s)
    packed = os.path.join(s.work, "dobutsu.zst.db")
    run([s.boyi, "db", "compress", plain, "--out", packed])
    n = s.runs(3)
    out = run([s.boyi, "--db", packed, "bench", "--runs", str(n)]).out
    # the row of lookups by position, not the header's column of that name
    cells = next(cells for cells in (line.split(" | ") for line in out.splitlines()) if cells[1:2] == ["positions"])
    size = os.path.getsize(packed)
    return Row("dobutsu-lookup", "a lookup by position in its compressed file (zstd blocks of 1,024)",
               f"{int(cells[4]) / 1000:.2f} µs; file {size / 1e6:.1f} MB", "gentb's table under xz: 27.7 MB",
               f"{size / 27.7e6:.2f} (file)", "≤ 5 µs; file ≤ 1", n)


@row("chase-40-db", quick=True)
def _(s):
    db = os.path.join(s.work, "chase-40.db")
    built = [run([s.boyi, "db", "build", "chase", "n=40", "--out", db]) for _ in range(s.runs(5))]
    mine, theirs = [], []
    for _ in range(s.runs(10)):
        mine.append(run([s.boyi, "--db", db, "analyze", "chase", "n=40"]))
        theirs.append(run([s.boyi, "analyze", "chase", "n=40"]))
    ratios = [a.wall / b.wall for a, b in zip(mine, theirs)]
    return Row("chase-40-db", f"chase, n = 40: analyze from the file (built in {secs(median_of(built))})",
               secs(median_of(mine)), f"by solving: {secs(median_of(theirs))}", ratio(ratios), "", len(mine))


def parts(id, target, counts, what, runs):
    @row(id)
    def measure(s):
        n = s.runs(runs)
        out = run([s.boyi, "bench", target, "--parts"] + [str(c) for c in counts] + ["--runs", str(n)]).out
        cells = {line.split(" | ")[0].lstrip("| "): line.split(" | ") for line in out.splitlines()}
        whole = cells["one process"][1]
        split = ", ".join(f"{c} part{'s' if c > 1 else ''} {cells[f'{c} parts'][2]}" for c in counts)
        return Row(id, what, f"one process {whole}; / one process: {split}", "", "", "", n)


parts("parts-chase-64", "chase-64", [1, 2, 4], "chase, n = 64, in parts (threads of one process)", 5)
parts("parts-young-chess", "young-chess-14x14", [1, 2], "young-chess 14×14 by the table solver, in parts", 3)


# ---- the sitting -------------------------------------------------------------------------------


def machine():
    cores = os.cpu_count()
    memory = "?"
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/meminfo") as f:
            memory = f"{int(f.readline().split()[1]) / 2**20:.1f} GiB"
        with open("/proc/cpuinfo") as f:
            found = re.search(r"model name\s*:\s*(.*)", f.read())
            model = found.group(1) if found else model
    except OSError:
        pass
    return f"{cores} cores ({model}), {memory}"


def commit():
    try:
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True)
        return head.stdout.strip() + (" with changes" if dirty.stdout.strip() else "")
    except OSError:
        return "?"


def table(rows, s, started, quick):
    out = [
        f"measured {started:%Y-%m-%d %H:%M} UTC{' (--quick)' if quick else ''}; boyi at {commit()}; "
        f"machine: {machine()}",
        "",
        "Whole process unless said; each figure the median of its runs, each ratio boyi / reference, the median "
        "of the pairs' ratios (range).",
        "",
        "| row | what | boyi | reference | ratio | goal | runs |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(f"| {r.id} | {r.what} | {r.boyi} | {r.ref} | {r.ratio} | {r.goal} | {r.runs} |")
    if s.missing:
        out += ["", "Not installed (set the variable to time it beside boyi):", ""]
        out += [f"- `{ref.var}`: {ref.what}" for ref in s.missing.values()]
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--only")
    p.add_argument("--runs", type=int)
    p.add_argument("--out")
    p.add_argument("--no-build", action="store_true")
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    if args.list:
        for id, quick, _ in ROWS:
            print(f"{id:28} {'quick' if quick else ''}")
        print()
        for ref in REFS.values():
            names = f" (or {', '.join(ref.names)} on PATH)" if ref.names else ""
            print(f"{ref.var}{names}: {ref.what}")
        return 0
    only = set(args.only.split(",")) if args.only else None
    unknown = (only or set()) - {id for id, _, _ in ROWS}
    if unknown:
        say(f"measure.py: no row is called {', '.join(sorted(unknown))}; --list names them")
        return 2
    chosen = [(id, f) for id, quick, f in ROWS if (only is None or id in only) and (quick or not args.quick)]

    boyi = os.environ.get("BOYI_BIN")
    if not boyi:
        boyi = os.path.join(ROOT, "target", "release", "boyi")
        if not args.no_build:
            say("building target/release/boyi")
            subprocess.run(["cargo", "build", "--release", "-p", "boyi-cli"], cwd=ROOT, check=True,
                           stdout=sys.stderr)
    started = datetime.datetime.now(datetime.timezone.utc)
    rows = []
    with tempfile.TemporaryDirectory(prefix="boyi-measure-") as work:
        s = Sitting(boyi, args.runs, args.quick, work)
        for id, measure in chosen:
            say(f"{id} ...")
            t0 = time.perf_counter()
            try:
                got = measure(s)
            except Failed as e:
                got = Row(id, "failed", str(e))
            except Exception as e:  # a sitting is minutes long: one row's mistake must not lose the others
                got = Row(id, "failed", f"{type(e).__name__}: {e}")
            rows += got if isinstance(got, list) else [got]
            say(f"{id}: {time.perf_counter() - t0:.1f} s")
    text = table(rows, s, started, args.quick)
    sys.stdout.write(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 1 if any(r.what == "failed" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
