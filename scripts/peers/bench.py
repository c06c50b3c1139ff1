"""Uniqueness checks (count up to two solutions) on big boards: sudokit against peers, in one run.

Peers, each timed in this process by CPU time per puzzle, set-up (parsing, encoding) left out:
- pencilmark (PyPI, C++ core): its exhaustive search, `cbackend.brute_solve(limit=2)`;
- python-sat (PyPI): CaDiCaL on the classic CNF encoding, one solver per board with the givens as
  assumptions, then a second call with the first solution blocked (through an activation literal).

sudokit is timed by `sudokit bench --mode unique --cpu-time` (per-thread CPU time, one thread) on the
same file. Rounds alternate sudokit and the peers, so drift on a shared machine hits all alike; the
report gives, per file and solver, the mean and median time per puzzle over the best round, and
every answer is checked (exactly one solution, the same as sudokit's).

pencilmark's search takes 15 to 90 s on most 25×25 puzzles of the generated set, so `--first N` times
only the first N puzzles of each file (sudokit then benches the same N) and `--peers` picks the peers.

Usage: python bench.py SUDOKIT_BINARY FILE... [--rounds N] [--first N] [--peers pencilmark,sat]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVW"


def load(path):
    puzzles = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                puzzles.append(line)
    return puzzles


def side_of(puzzle):
    n = round(len(puzzle) ** 0.5)
    if n * n != len(puzzle):
        raise ValueError(f"not a square board: {len(puzzle)} cells")
    return n


def values(puzzle):
    return [0 if ch in ".0" else SYMBOLS.index(ch) + 1 for ch in puzzle]


def box_shape(n):
    rows = int(n**0.5)
    while n % rows:
        rows -= 1
    return rows, n // rows


def sudokit_solutions(binary, path):
    out = subprocess.run([binary, "solve", "--no-progress", path], capture_output=True, text=True, check=True)
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def sudokit_round(binary, path, seconds):
    out = subprocess.run(
        [binary, "bench", "--mode", "unique", "--cpu-time", "--seconds", str(seconds), path],
        capture_output=True,
        text=True,
        check=True,
    )
    m = re.search(r"usec_per_puzzle=([0-9.]+)", out.stdout)
    if not m:
        raise RuntimeError(f"unexpected bench output: {out.stdout}")
    return float(m.group(1)) / 1e3, out.stdout.strip()


class Pencilmark:
    name = "pencilmark"

    def __init__(self, puzzles):
        import pencilmark
        from pencilmark import cbackend

        self.cb = cbackend
        self.items = []
        for p in puzzles:
            engine_puzzle = pencilmark.load(p)
            self.items.append((engine_puzzle, cbackend.to_cpuzzle(engine_puzzle)))

    def check(self, i):
        p, cp = self.items[i]
        r = self.cb.brute_solve(p, limit=2, cpuzzle=cp, node_limit=10**9)
        if not r.complete:
            return None
        return r


class Sat:
    name = "python-sat (CaDiCaL)"

    def __init__(self, puzzles):
        from pysat.card import CardEnc, EncType
        from pysat.solvers import Solver

        n = side_of(puzzles[0])
        self.n = n
        br, bc = box_shape(n)

        def var(r, c, d):
            return (r * n + c) * n + d + 1

        clauses = []
        top = n * n * n

        def exactly_one(lits):
            nonlocal top
            enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
            top = max(top, enc.nv)
            clauses.extend(enc.clauses)

        for r in range(n):
            for c in range(n):
                exactly_one([var(r, c, d) for d in range(n)])
        for d in range(n):
            for i in range(n):
                exactly_one([var(i, c, d) for c in range(n)])
                exactly_one([var(r, i, d) for r in range(n)])
                r0, c0 = (i // (n // bc)) * br, (i % (n // bc)) * bc
                exactly_one([var(r0 + a, c0 + b, d) for a in range(br) for b in range(bc)])
        self.var = var
        self.top = top
        self.solver = Solver(name="cadical153", bootstrap_with=clauses)
        self.assumptions = []
        for p in puzzles:
            vs = values(p)
            self.assumptions.append([var(k // n, k % n, v - 1) for k, v in enumerate(vs) if v])

    def check(self, i):
        n, s = self.n, self.solver
        assume = self.assumptions[i]
        if not s.solve(assumptions=assume):
            return []
        model = s.get_model()
        chosen = [lit for lit in model if 0 < lit <= n * n * n]
        self.top += 1
        act = self.top
        s.add_clause([-act] + [-lit for lit in chosen])
        second = s.solve(assumptions=assume + [act])
        s.add_clause([-act])
        grid = [0] * (n * n)
        for lit in chosen:
            cell, d = divmod(lit - 1, n)
            grid[cell] = d + 1
        return [grid, None] if second else [grid]


def time_peer(peer, count):
    times, answers = [], []
    for i in range(count):
        t = time.process_time()
        r = peer.check(i)
        times.append(time.process_time() - t)
        answers.append(r)
    return times, answers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sudokit")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="sudokit bench time per round")
    ap.add_argument("--first", type=int, default=0, help="time only the first N puzzles of each file (0: all)")
    ap.add_argument("--peers", default="pencilmark,sat", help="comma-separated: pencilmark, sat")
    args = ap.parse_args()
    chosen = {"pencilmark": Pencilmark, "sat": Sat}
    for name in args.peers.split(","):
        if name not in chosen:
            sys.exit(f"unknown peer {name!r}: choose from {', '.join(chosen)}")
    for path in args.files:
        puzzles = load(path)
        label = path
        if args.first:
            puzzles = puzzles[: args.first]
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write("\n".join(puzzles) + "\n")
            path = f.name
            label = f"{label} (first {len(puzzles)})"
        n = side_of(puzzles[0])
        expected = [[SYMBOLS.index(ch) + 1 for ch in s] for s in sudokit_solutions(args.sudokit, path)]
        peers = [chosen[name](puzzles) for name in args.peers.split(",")]
        best = {}
        for rnd in range(args.rounds):
            ms, line = sudokit_round(args.sudokit, path, args.seconds)
            best["sudokit"] = (min(best.get("sudokit", (ms,))[0], ms), None)
            for peer in peers:
                times, answers = time_peer(peer, len(puzzles))
                for i, a in enumerate(answers):
                    if a is None:
                        sys.exit(f"{peer.name}: puzzle {i + 1} undecided")
                    if len(a) != 1 or list(a[0]) != expected[i]:
                        sys.exit(f"{peer.name}: puzzle {i + 1}: not the unique solution sudokit found")
                mean = statistics.fmean(times) * 1e3
                if peer.name not in best or mean < best[peer.name][0]:
                    best[peer.name] = (mean, times)
            print(f"# round {rnd + 1}: sudokit {line}", file=sys.stderr)
        ours = best["sudokit"][0]
        print(f"{label}: {len(puzzles)} puzzles, {n}x{n}, uniqueness check (count up to 2), best of {args.rounds} rounds")
        print(f"  {'sudokit':24} mean {ours:9.3f} ms/puzzle")
        for peer in peers:
            mean, times = best[peer.name]
            med, worst = statistics.median(times) * 1e3, max(times) * 1e3
            print(
                f"  {peer.name:24} mean {mean:9.3f} ms/puzzle, median {med:8.3f}, worst {worst:8.3f};"
                f" sudokit is {mean / ours:.2f}x faster"
            )
        if args.first:
            os.unlink(path)


if __name__ == "__main__":
    main()
