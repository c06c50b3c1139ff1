"""check(minimal=True): whether a unique puzzle is minimal, and which givens can each go, as
`sudokit check --minimal` says it."""

from __future__ import annotations

import json

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
