"""Sudoku Explainer's ratings (serate) against `sudokit rate` on the same puzzles.

Run through serate-check.sh, which compiles serate and sudokit first:

    serate_check.py SUDOKIT SERATE_CLASSES [--every N] [--count N] [--timeout S] [--jobs J] [FILE...]

Takes every Nth puzzle of each file (at most --count in all), rates the sample with `sudokit rate
-j 1`, then each puzzle with serate in a JVM of its own, so that a puzzle past --timeout seconds
is stopped alone (serate gives up on none: the hardest take it tens of minutes). --jobs runs that
many serates at once; serate is single-threaded. Prints one line per puzzle as serate finishes,
then how many ratings agree and every disagreement; exits 1 if any ER, EP or ED differs.

The times are each program's own: serate's `%e` (the rating alone, without the JVM's start) and
the wall clock of `sudokit rate -j 1` over the sample, which gives HoDoKu's rating as well.
"""

import argparse
import concurrent.futures
import pathlib
import re
import subprocess
import sys
import time

DATASETS = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def sample(files, every, count):
    """Every `every`th puzzle of each file (the first column of non-comment lines)."""
    puzzles = []
    for path in files:
        lines = [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
        puzzles += lines[::every]
    return puzzles[:count]


def sudokit_ratings(binary, puzzles):
    """`sudokit rate -o csv -j 1` on the puzzles: per puzzle (ER, EP, ED, hardest) or None where
    it gave no Sudoku Explainer rating, and the wall-clock seconds of the run."""
    start = time.perf_counter()
    run = subprocess.run(
        [binary, "rate", "-o", "csv", "-j", "1"],
        input="\n".join(puzzles) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    rows = run.stdout.splitlines()[1:]
    if len(rows) != len(puzzles):
        sys.exit(f"error: sudokit rate gave {len(rows)} records for {len(puzzles)} puzzles:\n{run.stderr}")
    ratings = []
    for row in rows:
        # Only the last field, the technique's name, could hold a comma.
        _, er, ep, ed, _, _, hardest = row.split(",", 6)
        ratings.append((er, ep, ed, hardest) if er else None)
    return ratings, seconds


def serate_seconds(text):
    """serate's `%e`: `12.34s`, `3m05s` or `1h02m`."""
    m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?", text)
    if not m or not text:
        return None
    h, mi, s = (float(g) if g else 0.0 for g in m.groups())
    return h * 3600 + mi * 60 + s


def serate(classes, puzzle, timeout):
    """serate's (ER, EP, ED) and its own seconds, or a reason it gave none."""
    command = ["java", "-Xmx2g", "-cp", str(classes), "diuf.sudoku.test.serate", "--format=%r/%p/%d %e", puzzle]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, f"timeout after {timeout} s"
    fields = run.stdout.split()
    if run.returncode != 0 or len(fields) != 2:
        return None, f"serate failed (exit status {run.returncode}): {run.stderr.strip()[-200:]}"
    rating = tuple(fields[0].split("/"))
    # 0.0 is serate's processing error, 20.0 a puzzle it cannot solve.
    if rating[0] in ("0.0", "20.0"):
        return None, f"serate rated it {rating[0]}"
    return (rating, serate_seconds(fields[1])), None


def tenths(value):
    return round(float(value) * 10)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sudokit")
    parser.add_argument("classes")
    parser.add_argument("files", nargs="*", type=pathlib.Path)
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--count", type=int, default=sys.maxsize)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_intermixed_args()
    files = args.files or [DATASETS / "puzzles6_forum_hardest_1106.txt"]
    puzzles = sample(files, max(args.every, 1), args.count)
    if not puzzles:
        sys.exit("error: no puzzles in the sample")
    ours, sudokit_time = sudokit_ratings(args.sudokit, puzzles)
    print(f"{len(puzzles)} puzzles; sudokit rate -j 1 took {sudokit_time:.1f} s; serate, {args.jobs} at a time:")

    agree = {"ER": 0, "ER ±0.1": 0, "ER ±0.5": 0, "EP": 0, "ED": 0}
    compared, serate_time, unrated, differ = 0, 0.0, [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        runs = {pool.submit(serate, args.classes, p, args.timeout): i for i, p in enumerate(puzzles)}
        for done, run in enumerate(concurrent.futures.as_completed(runs), 1):
            i = runs[run]
            theirs, why = run.result()
            mine = ours[i]
            if theirs is None or mine is None:
                reason = why or "sudokit gave no Sudoku Explainer rating"
                unrated.append((i, reason))
                print(f"[{done}/{len(puzzles)}] #{i + 1} {puzzles[i]}: {reason}", flush=True)
                continue
            (er, ep, ed), seconds = theirs
            serate_time += seconds or 0.0
            compared += 1
            gap = abs(tenths(er) - tenths(mine[0]))
            agree["ER"] += gap == 0
            agree["ER ±0.1"] += gap <= 1
            agree["ER ±0.5"] += gap <= 5
            agree["EP"] += ep == mine[1]
            agree["ED"] += ed == mine[2]
            same = (er, ep, ed) == mine[:3]
            if not same:
                differ.append((i, (er, ep, ed), mine))
            mark = "=" if same else "DIFFERS"
            print(
                f"[{done}/{len(puzzles)}] #{i + 1} {puzzles[i]} serate {er}/{ep}/{ed} ({seconds} s), "
                f"sudokit {'/'.join(mine[:3])} {mine[3]} {mark}",
                flush=True,
            )

    print(f"\ncompared {compared} of {len(puzzles)} (no rating from one side: {len(unrated)})")
    for name, n in agree.items():
        share = 100 * n / compared if compared else 0
        print(f"  {name:8} {n:5} {share:6.1f}%")
    if compared and sudokit_time > 0:
        print(f"serate took {serate_time:.1f} s on the puzzles compared; sudokit rate -j 1 {sudokit_time:.1f} s on all")
    for i, theirs, mine in differ:
        print(f"differs: #{i + 1} {puzzles[i]} serate {'/'.join(theirs)}, sudokit {'/'.join(mine[:3])} ({mine[3]})")
    for i, reason in unrated:
        print(f"not compared: #{i + 1} {puzzles[i]}: {reason}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
