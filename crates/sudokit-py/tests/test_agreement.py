"""The Python answers agree with the Rust command line's on a sample of the shared datasets."""

from __future__ import annotations

import pytest

import sudokit
from conftest import corpus, run_cli, to_line, to_rows

SAMPLE = 200
FILES = [
    "puzzles2_17_clue.txt",
    "puzzles5_forum_hardest_1905_11+.txt",
    "puzzles6_forum_hardest_1106.txt",
    "puzzles7_serg_benchmark.txt",
]


def sample(path, n=SAMPLE):
    lines = [l[:81] for l in path.read_text().splitlines() if l and not l.startswith("#")]
    step = max(1, len(lines) // n)
    return lines[::step][:n]


@pytest.mark.parametrize("name", FILES)
def test_batches_agree_with_the_cli(datasets, cli, name):
    lines = sample(datasets / name)
    rows = to_rows(lines)
    text = "\n".join(lines) + "\n"

    solutions, status = sudokit.solve_batch(rows)
    cli_first = run_cli(cli, ["solve", "--first"], text).stdout.split()
    assert [to_line(s) if st == sudokit.OK else "!" for s, st in zip(solutions, status)] == [
        s if not s.startswith("!") else "!" for s in cli_first
    ]

    counts, status = sudokit.count_batch(rows, limit=50)
    cli_counts = run_cli(cli, ["count", "--limit", "50"], text).stdout.split()
    assert [str(c) + ("+" if st == sudokit.AT_LIMIT else "") for c, st in zip(counts, status)] == cli_counts

    _, status = sudokit.check_batch(rows)
    cli_check = [l.split(":")[0] for l in run_cli(cli, ["check"], text).stdout.splitlines() if not l.startswith("  ")]
    names = {sudokit.OK: "unique", sudokit.MULTIPLE: "multiple", sudokit.NO_SOLUTION: "no solution",
             sudokit.INVALID: "invalid"}
    assert [names[int(s)] for s in status] == cli_check

    # The one-puzzle API gives the same as the batch on a few of them.
    for line, s in list(zip(lines, solutions))[:10]:
        assert sudokit.solve(line, first=True) == to_line(s)


def test_tdoku_counts(datasets):
    # tdoku's solver test file: exact counts (0, 1 and several up to 847) and solutions.
    cases = list(corpus(datasets / "peer-tests" / "tdoku_test_puzzles.txt"))
    assert len(cases) == 43
    rows = to_rows([p for p, _, _ in cases])
    counts, status = sudokit.count_batch(rows, limit=None)
    assert counts.tolist() == [n for _, n, _ in cases]
    solutions, status = sudokit.check_batch(rows)
    for (p, n, s), got, st in zip(cases, solutions, status):
        if n == 1 and s:
            assert st == sudokit.OK and to_line(got) == s
        if n > 1:
            assert st == sudokit.MULTIPLE
