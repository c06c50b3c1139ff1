"""Throughput of the Python package against its peers, measured in the same run.

For each dataset (a sample of N puzzles, the same for every contender), in alternating rounds:
- `sudokit bench FILE --mode first --threads 1` (the command line, tdoku-style, on the same sample);
- `sudokit.solve_batch(arr, threads=1)` and `threads=None` (every core);
- a loop of `sudokit.solve(line, first=True)`, one call per puzzle;
- a loop of `rustoku.solve(line)` and of `sudoku_solver_rs.from_str_line(line)` (Python packages on
  PyPI with a Rust solver underneath; neither has a batch API);
- a loop of py-sudoku's `Sudoku(3).solve()` (pure Python) on the first few puzzles only.

Then ratings, on a sample of the rating dataset (`ratings/se-dev.tsv`, puzzles up to ER 8.0 so that a
round stays short), in alternating rounds: `sudokit rate FILE -o json --threads T` against
`sudokit.rate_batch(arr, threads=T)` for T = 1 (CPU time, the child's for the command line, and the wall
clock) and T = 2 (wall clock); the answers of both are compared outside the timed runs.

In the solving part every contender solves for the first solution. One-thread runs are timed by CPU time (the command
line's `--cpu-time`, `time.process_time()` here), runs on every core by the wall clock. Answers are
checked outside the timed runs. Each figure is the median of its rounds; ratios are of medians. Run through scripts/python-bench.sh, which
builds release builds of both the wheel and the command line.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import sudokit

ROOT = Path(__file__).resolve().parents[1]
DATASETS = ROOT.parent / "shared" / "datasets"
FILES = ["puzzles2_17_clue.txt", "puzzles5_forum_hardest_1905_11+.txt"]


def sample(path: Path, n: int):
    lines = [l[:81] for l in path.read_text().splitlines() if l and not l.startswith("#")]
    step = max(1, len(lines) // n)
    return lines[::step][:n]


def to_rows(lines):
    table = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(len(lines), 81)
    return np.where((table >= ord("1")) & (table <= ord("9")), table - ord("0"), 0).astype(np.uint8)


def timed(run, count: int, seconds: float, clock=time.perf_counter) -> float:
    """Puzzles per second of `run()` (which solves `count` puzzles), repeated for at least `seconds`
    of `clock`."""
    run()  # warm-up
    done, start = 0, clock()
    while True:
        run()
        done += count
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


#: The clock of one-thread runs: CPU time, far steadier than the wall clock on a shared machine (the
#: command line's `--cpu-time` is its counterpart). Runs on every core are timed by the wall clock.
CPU = time.process_time


def cli_rate(cli: str, file: str, seconds: float, threads: int, cpu: bool = True) -> float:
    cpu = ["--cpu-time"] if threads == 1 and cpu else []
    out = subprocess.run(
        [cli, "bench", file, "--mode", "first", "--threads", str(threads), "--seconds", str(seconds), *cpu],
        capture_output=True, text=True, check=True,
    ).stdout
    field = next(f for f in out.split() if f.startswith("puzzles_per_sec="))
    return float(field.split("=")[1])


def rate_sample(n: int):
    """Up to `n` puzzles of the rating dataset with ER at most 8.0, spread over the file."""
    with open(DATASETS / "ratings" / "se-dev.tsv", newline="") as f:
        rows = [r["puzzle"] for r in csv.DictReader(f, delimiter="\t") if float(r["ER"]) <= 8.0]
    step = max(1, len(rows) // n)
    return rows[::step][:n]


def cli_rate_once(cli: str, file: str, threads: int):
    """`sudokit rate FILE -o json --threads T`: (its records, CPU seconds of the child, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([cli, "rate", file, "-o", "json", "--threads", str(threads)],
                         capture_output=True, text=True, check=False).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return [json.loads(l) for l in out.splitlines()], cpu, wall


def bench_rate(cli: str, n: int, rounds: int) -> None:
    lines = rate_sample(n)
    rows = to_rows(lines)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        file = f.name
    # Answers first, outside the timed runs: the batch gives the command line's ratings.
    records, _, _ = cli_rate_once(cli, file, 2)
    er, ep, ed, score, level, status = sudokit.rate_batch(rows)
    assert len(records) == len(lines)
    for i, r in enumerate(records):
        assert r["status"] == "ok" and status[i] == sudokit.OK, r
        assert abs(r["er"] - float(er[i])) < 1e-4 and r["hodoku_score"] == int(score[i]), (r, er[i], score[i])
        assert r["hodoku_level"] == sudokit.LEVELS[level[i]]
    rates = {k: [] for k in ("cli1", "batch1", "cli1_wall", "batch1_wall", "cli2", "batch2")}
    for _ in range(rounds):
        _, cpu, wall = cli_rate_once(cli, file, 1)
        rates["cli1"].append(len(lines) / cpu)
        rates["cli1_wall"].append(len(lines) / wall)
        start, start_wall = time.process_time(), time.perf_counter()
        sudokit.rate_batch(rows, threads=1)
        rates["batch1"].append(len(lines) / (time.process_time() - start))
        rates["batch1_wall"].append(len(lines) / (time.perf_counter() - start_wall))
        _, _, wall = cli_rate_once(cli, file, 2)
        rates["cli2"].append(len(lines) / wall)
        start = time.perf_counter()
        sudokit.rate_batch(rows, threads=2)
        rates["batch2"].append(len(lines) / (time.perf_counter() - start))
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"\nratings/se-dev.tsv, ER <= 8.0 ({len(lines)} puzzles), rated on both scales")
    for k, label in (("cli1", "sudokit rate, 1 thread, CPU"), ("batch1", "rate_batch, 1 thread, CPU"),
                     ("cli1_wall", "sudokit rate, 1 thread, wall"), ("batch1_wall", "rate_batch, 1 thread, wall"),
                     ("cli2", "sudokit rate, 2 threads, wall"), ("batch2", "rate_batch, 2 threads, wall")):
        print(f"  {label:30} {med[k]:10.1f}   rounds: {', '.join(f'{r:.1f}' for r in rates[k])}")
    print(f"  ratio rate_batch / sudokit rate, 1 thread:           {med['batch1'] / med['cli1']:.2f}")
    print(f"  ratio rate_batch / sudokit rate, 2 threads:          {med['batch2'] / med['cli2']:.2f}")
    print(f"  ratio rate_batch 2 threads / 1 thread, wall:         {med['batch2'] / med['batch1_wall']:.2f}")
    print(f"  ratio sudokit rate 2 threads / 1 thread, wall:       {med['cli2'] / med['cli1_wall']:.2f}")
    Path(file).unlink()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True, help="the sudokit binary (a release build)")
    parser.add_argument("--puzzles", type=int, default=5000, help="sample size per dataset")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per contender per round")
    parser.add_argument("--pure-python", type=int, default=5, help="puzzles for the pure-Python peer")
    parser.add_argument("--rate-puzzles", type=int, default=100, help="sample size of the rating benchmark")
    parser.add_argument("--only", choices=["solve", "rate"], help="run one part only")
    args = parser.parse_args()

    try:
        import rustoku
    except ImportError:
        rustoku = None
    try:
        import sudoku_solver_rs
    except ImportError:
        sudoku_solver_rs = None
    try:
        from sudoku import Sudoku as PySudoku
    except ImportError:
        PySudoku = None

    print(f"sudokit {sudokit.__version__}; rustoku {'yes' if rustoku else 'missing'}; "
          f"py-sudoku {'yes' if PySudoku else 'missing'}; {args.rounds} alternating rounds of "
          f"{args.seconds} s per contender; first solution; puzzles/s (median); {os.cpu_count()} cores")
    for name in FILES if args.only != "rate" else []:
        lines = sample(DATASETS / name, args.puzzles)
        rows = to_rows(lines)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(lines) + "\n")
            file = f.name

        # Answers first, outside the timed runs.
        solutions, status = sudokit.solve_batch(rows)
        assert (status == sudokit.OK).all()
        sols = ["".join(map(str, r)) for r in solutions]
        if rustoku:
            for line, s in zip(lines[:500], sols):
                assert rustoku.solve(line) == s, "rustoku disagrees on a unique puzzle"

        if sudoku_solver_rs:
            for line, s in zip(lines[:500], sols):
                assert sudoku_solver_rs.from_str_line(line) == s, "sudoku_solver_rs disagrees"

        rates = {k: [] for k in ("cli1", "cli1_wall", "cli2", "batch1", "batch1_wall", "batch_all",
                                 "solve_loop", "rustoku", "solver_rs")}
        for _ in range(args.rounds):
            # Alternate A/B within each round so that drift of the machine hits every contender alike.
            rates["cli1"].append(cli_rate(args.cli, file, args.seconds, 1))
            rates["batch1"].append(timed(lambda: sudokit.solve_batch(rows, threads=1), len(rows), args.seconds, CPU))
            # Scaling: one thread and every core, both by the wall clock.
            rates["cli1_wall"].append(cli_rate(args.cli, file, args.seconds, 1, cpu=False))
            rates["cli2"].append(cli_rate(args.cli, file, args.seconds, 2))
            rates["batch1_wall"].append(
                timed(lambda: sudokit.solve_batch(rows, threads=1), len(rows), args.seconds))
            rates["batch_all"].append(timed(lambda: sudokit.solve_batch(rows), len(rows), args.seconds))
            rates["solve_loop"].append(
                timed(lambda: [sudokit.solve(l, first=True) for l in lines], len(lines), args.seconds, CPU))
            if rustoku:
                rates["rustoku"].append(
                    timed(lambda: [rustoku.solve(l) for l in lines], len(lines), args.seconds, CPU))
            if sudoku_solver_rs:
                rates["solver_rs"].append(timed(lambda: [sudoku_solver_rs.from_str_line(l) for l in lines],
                                                len(lines), args.seconds, CPU))
        med = {k: statistics.median(v) for k, v in rates.items() if v}

        pure = None
        if PySudoku:
            few = lines[: args.pure_python]
            start = time.perf_counter()
            for line in few:
                board = [[int(c) if c != "." else 0 for c in line[r * 9 : r * 9 + 9]] for r in range(9)]
                PySudoku(3, 3, board=board).solve()
            pure = len(few) / (time.perf_counter() - start)

        print(f"\n{name} ({len(lines)} puzzles)")
        for k, label in (("cli1", "sudokit bench, 1 thread"), ("cli2", "sudokit bench, 2 threads"),
                         ("batch1", "solve_batch, 1 thread"), ("batch_all", "solve_batch, every core"),
                         ("cli1_wall", "sudokit bench, 1 thread, wall"),
                         ("batch1_wall", "solve_batch, 1 thread, wall"),
                         ("solve_loop", "sudokit.solve loop"), ("rustoku", "rustoku.solve loop"),
                         ("solver_rs", "sudoku_solver_rs loop")):
            if k in med:
                print(f"  {label:28} {med[k]:12.0f}   rounds: {', '.join(f'{r:.0f}' for r in rates[k])}")
        if pure:
            print(f"  {'py-sudoku (pure Python)':28} {pure:12.1f}   ({len(few)} puzzles, once)")
        print(f"  ratio solve_batch(1 thread) / sudokit bench(1 thread): {med['batch1'] / med['cli1']:.2f}")
        print(f"  ratio solve_batch(every core) / (1 thread), wall:    {med['batch_all'] / med['batch1_wall']:.2f}")
        print(f"  ratio sudokit bench(2 threads) / (1 thread), wall:   {med['cli2'] / med['cli1_wall']:.2f}")
        if "rustoku" in med:
            print(f"  ratio solve_batch(1 thread) / rustoku loop:           {med['batch1'] / med['rustoku']:.2f}")
            print(f"  ratio sudokit.solve loop / rustoku loop:              {med['solve_loop'] / med['rustoku']:.2f}")
        if "solver_rs" in med:
            print(f"  ratio solve_batch(1 thread) / sudoku_solver_rs loop:  {med['batch1'] / med['solver_rs']:.2f}")
            print(f"  ratio sudokit.solve loop / sudoku_solver_rs loop:     {med['solve_loop'] / med['solver_rs']:.2f}")
        if pure:
            print(f"  ratio solve_batch(1 thread) / py-sudoku:              {med['batch1'] / pure:.0f}")
        Path(file).unlink()
    if args.only != "solve":
        bench_rate(args.cli, args.rate_puzzles, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
