"""check(minimal=True): whether a unique puzzle is minimal, and which givens can each go, as
`sudokit check --minimal` says it; minimize: a minimal puzzle from any unique one, as `sudokit
minimize` prints it."""

from __future__ import annotations

import json

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
