"""check(minimal=True): whether a unique puzzle is minimal, and which givens can each go, as
`sudokit check --minimal` says it; minimize: a minimal puzzle from any unique one, as `sudokit
minimize` prints it."""

from __future__ import annotations

import json

import numpy as np
import pytest

import sudokit
from conftest import run_cli


def test_generated_puzzles_are_minimal_and_added_givens_can_go(cli):
    p = sudokit.generate(seed=12)
    v = sudokit.check(p, minimal=True)
    assert v.is_unique and v.is_minimal and v.redundant == [] and str(v) == "unique, minimal"
    assert sudokit.check(p).redundant is None and sudokit.check(p).is_minimal is None
    solution = v.solution
    blanks = [i for i, c in enumerate(p) if c == "."][:2]
    more = "".join(solution[i] if i in blanks else c for i, c in enumerate(p))
    v = sudokit.check(more, minimal=True)
    assert v.is_unique and v.is_minimal is False
    assert {f"r{i // 9 + 1}c{i % 9 + 1}" for i in blanks} <= set(v.redundant)
    for i, c in enumerate(more):
        if c != ".":
            less = more[:i] + "." + more[i + 1 :]
            name = f"r{i // 9 + 1}c{i % 9 + 1}"
            assert sudokit.check(less).is_unique == (name in v.redundant), name
    r = run_cli(cli, ["check", "--minimal", "-o", "json"], more + "\n")
    record = json.loads(r.stdout)
    assert record["redundant"] == v.redundant and record["minimal"] is False
    assert str(v) == "unique, " + record["detail"]
    assert "redundant=" in repr(v)


def test_minimal_leaves_other_verdicts_alone():
    loose = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4.."
    v = sudokit.check(loose, minimal=True)
    assert v.kind == "multiple" and v.redundant is None and v.is_minimal is None
    assert str(v).startswith("multiple: solutions differ at")
    # As `sudokit check` prints it: the line, then both solutions indented.
    assert str(v).split("\n")[1:] == ["  " + v.solution, "  " + v.second]
    assert set(v.differ) == {f"r{i // 9 + 1}c{i % 9 + 1}" for i in range(81) if v.solution[i] != v.second[i]}
    x = sudokit.generate(seed=3, variant="x")
    assert str(sudokit.check(x, variant="x", minimal=True)) == "unique, minimal"


def test_minimize_agrees_with_the_command_line(cli):
    solution = sudokit.solve(sudokit.generate(seed=5))
    p = sudokit.generate(seed=6)
    more = "".join(sudokit.solve(p)[i] if i in (0, 40, 80) else c for i, c in enumerate(p))
    text = "\n".join([solution, more]) + "\n"
    for seed_args, seed in (([], None), (["--seed", "4"], 4)):
        lines = run_cli(cli, ["minimize", *seed_args], text).stdout.splitlines()
        for index, (puzzle, line) in enumerate(zip([solution, more], lines)):
            got = sudokit.minimize(puzzle, seed=seed, index=index)
            assert got == line
            assert str(sudokit.check(got, minimal=True)) == "unique, minimal"
            assert all(c in (".", g) for c, g in zip(got, puzzle)), (got, puzzle)
            assert sudokit.solve(got) == sudokit.solve(puzzle)
    # A minimal puzzle comes back as it is; other layouts answer in the layout asked.
    assert sudokit.minimize(p) == p and sudokit.minimize(p, seed=1) == p
    grid = run_cli(cli, ["minimize", "-o", "grid"], more + "\n").stdout.rstrip("\n")
    assert sudokit.minimize(more, format="grid") == grid and grid.count("\n") == 8
    x = sudokit.generate(seed=3, variant="x", grid=True)
    reduced = sudokit.minimize(x, variant="x", seed=2)
    assert str(sudokit.check(reduced, variant="x", minimal=True)) == "unique, minimal"


def test_minimize_refuses_puzzles_without_one_solution():
    loose = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4.."
    with pytest.raises(sudokit.MultipleSolutionsError, match="more than one solution"):
        sudokit.minimize(loose)
    with pytest.raises(sudokit.InvalidPuzzleError):
        sudokit.minimize("11" + loose[2:])
    with pytest.raises(sudokit.ParseError):
        sudokit.minimize("not a puzzle")
    with pytest.raises(ValueError, match="names no symmetry"):
        sudokit.minimize(loose, symmetry="random")


def test_minimize_keeps_a_symmetry(cli):
    grids = [sudokit.solve(sudokit.generate(seed=s, symmetry="rotate90")) for s in range(3)]
    lines = run_cli(cli, ["minimize", "--symmetry", "rotate90", "--seed", "2"], "\n".join(grids) + "\n")
    rows = np.array([[int(c) for c in g] for g in grids], dtype=np.uint8)
    minimal, status = sudokit.minimize_batch(rows, symmetry="rotate90", seed=2)
    assert list(status) == [sudokit.OK] * 3
    for i, (g, line) in enumerate(zip(grids, lines.stdout.splitlines())):
        got = sudokit.minimize(g, symmetry="rotate90", seed=2, index=i)
        assert got == line == "".join(str(v) if v else "." for v in minimal[i])
        # A quarter turn maps (r, c) to (c, 8 - r): the pattern is unchanged.
        assert all((got[r * 9 + c] == ".") == (got[c * 9 + 8 - r] == ".") for r in range(9) for c in range(9))
        assert sudokit.solve(got) == g


def test_minimize_batch_answers_each_row_as_minimize_does():
    grids = [sudokit.solve(sudokit.generate(seed=s)) for s in range(4)]
    puzzles = grids + [sudokit.generate(seed=9)]
    rows = np.array([[int(c) if c != "." else 0 for c in p] for p in puzzles], dtype=np.uint8)
    for seed in (None, 8):
        minimal, status = sudokit.minimize_batch(rows, seed=seed, threads=2)
        assert minimal.shape == rows.shape and list(status) == [sudokit.OK] * len(puzzles)
        for i, p in enumerate(puzzles):
            line = "".join(str(v) if v else "." for v in minimal[i])
            assert line == sudokit.minimize(p, seed=seed, index=i)
        one, _ = sudokit.minimize_batch(rows, seed=seed, threads=1)
        assert (one == minimal).all()
        # A minimal row comes back as it is: the generated puzzle's.
        assert (minimal[-1] == rows[-1]).all()
        assert ((minimal > 0) <= (rows > 0)).all()
    # 9×9 boards as (N, 9, 9), and bad rows in their places.
    bad = rows.copy()
    bad[0, 0] = 12
    bad[1] = 0
    bad[2, :2] = [5, 5]
    minimal, status = sudokit.minimize_batch(bad.reshape(-1, 9, 9))
    assert minimal.shape == (len(puzzles), 9, 9)
    assert list(status[:3]) == [sudokit.BAD_VALUE, sudokit.MULTIPLE, sudokit.INVALID]
    assert not minimal[:3].any() and list(status[3:]) == [sudokit.OK, sudokit.OK]
    # Other boards and rules go through the library's puzzle batch.
    six = sudokit.generate(seed=2, size=6, grid=True)
    row = np.array([[int(c) for c in six]], dtype=np.uint8)
    minimal, status = sudokit.minimize_batch(row, size=6, seed=1)
    line = "".join(str(v) if v else "." for v in minimal[0])
    assert status[0] == sudokit.OK and line == sudokit.minimize(six, size=6, seed=1)
    x = sudokit.generate(seed=3, variant="x", grid=True)
    minimal, status = sudokit.minimize_batch(np.array([[int(c) for c in x]], dtype=np.uint8), variant="x")
    line = "".join(str(v) if v else "." for v in minimal[0])
    assert str(sudokit.check(line, variant="x", minimal=True)) == "unique, minimal"
