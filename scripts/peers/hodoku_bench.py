"""sudokit's human-style path and HoDoKu rating against hodoku-py, in one run.

For each file, a sample (every N-th puzzle) is written to a temporary file. Each round runs, in
turn: `sudokit bench --mode explain`, hodoku-py, `sudokit bench --mode rate` (the order flips every
round, so that drift of the machine hits both sides alike). sudokit times itself
by thread CPU time (`--cpu-time --seconds 0`: one pass); hodoku-py is timed per puzzle by process
CPU time around `hodoku.Solver().solve(puzzle)` in one warm process, which is HoDoKu's whole path and
rating at once. Two ratios are printed: hodoku-py's mean time per puzzle over sudokit's, and the
same for the median puzzle; a hodoku-py puzzle past the CPU-time limit counts at the limit, and the
ratios are then marked as lower bounds.

Usage: hodoku_bench.py SUDOKIT [--every N] [--rounds R] [--limit S] [FILE...]
"""

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import hodoku


def sample(path, every):
    with open(path) as f:
        lines = [l.split()[0] for l in f if l.strip()]
    return lines[::every]


def sudokit_bench(exe, mode, path):
    out = subprocess.run(
        [exe, "bench", "--mode", mode, "--cpu-time", "--seconds", "0", path],
        check=True, capture_output=True, text=True,
    ).stdout
    fields = dict(re.findall(r"(\w+)=(\S+)", out))
    return fields


class Timeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise Timeout()


def hodoku_times(puzzles, limit):
    """CPU seconds per puzzle; None where the puzzle used more than `limit` CPU seconds (a CPU-time
    timer, so that a busy machine does not cut puzzles short)."""
    solver = hodoku.Solver()
    times = []
    signal.signal(signal.SIGPROF, on_alarm)
    for p in puzzles:
        signal.setitimer(signal.ITIMER_PROF, limit)
        t = time.process_time()
        try:
            solver.solve(p)
            times.append(time.process_time() - t)
        except Timeout:
            times.append(None)
            solver = hodoku.Solver()
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    return times


def dist(values):
    v = sorted(values)
    at = lambda q: v[round((len(v) - 1) * q)]
    return f"median {at(0.5):.1f}, p99 {at(0.99):.1f}, max {at(1.0):.1f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sudokit")
    ap.add_argument("--every", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--limit", type=int, default=60, help="hodoku-py CPU seconds per puzzle")
    ap.add_argument("files", nargs="*")
    a = ap.parse_intermixed_args()
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.path.join(here, "..", "..", "..", "shared", "datasets")
    files = a.files or [
        os.path.join(shared, "puzzles3_magictour_top1465.txt"),
        os.path.join(shared, "puzzles6_forum_hardest_1106.txt"),
    ]
    print(f"hodoku-py {getattr(hodoku, '__version__', '?')}, every {a.every}th puzzle, {a.rounds} round(s)")
    for path in files:
        puzzles = sample(path, a.every)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as tmp:
            tmp.write("\n".join(puzzles) + "\n")
        name = os.path.basename(path)
        sk = {"explain": [], "rate": []}
        hd = []
        try:
            for r in range(a.rounds):
                steps = ["explain", "hodoku", "rate"]
                if r % 2 == 1:
                    steps.reverse()
                for s in steps:
                    if s == "hodoku":
                        hd.append(hodoku_times(puzzles, a.limit))
                    else:
                        sk[s].append(sudokit_bench(a.sudokit, s, tmp.name))
        finally:
            os.unlink(tmp.name)
        # A puzzle past the limit counts at the limit: the ratio is then a lower bound.
        done = [t for run in hd for t in run if t is not None]
        timeouts = sum(t is None for run in hd for t in run)
        counted = done + [float(a.limit)] * timeouts
        h_mean = statistics.mean(counted) * 1e6 if counted else float("nan")
        h_median = statistics.median(counted) * 1e6 if counted else float("nan")
        bound = ">=" if timeouts else ""
        print(f"\n{name}: {len(puzzles)} puzzles")
        print(f"  hodoku-py: mean {h_mean / 1e3:.1f} ms/puzzle ({dist([t * 1e3 for t in done])} ms; "
              f"{timeouts} over {a.limit} CPU s, counted at the limit)")
        for mode, runs in sk.items():
            usec = statistics.mean(float(f["usec_per_puzzle"]) for f in runs)
            med = statistics.mean(float(f["median_usec"]) for f in runs)
            p99 = statistics.mean(float(f["p99_usec"]) for f in runs)
            mx = max(float(f["max_usec"]) for f in runs)
            print(f"  sudokit {mode}: mean {usec / 1e3:.2f} ms/puzzle (median {med / 1e3:.2f}, p99 {p99 / 1e3:.2f}, "
                  f"max {mx / 1e3:.2f} ms); hodoku-py / sudokit = {bound}{h_mean / usec:.0f}x by the mean, "
                  f"{bound}{h_median / med:.0f}x by the median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
