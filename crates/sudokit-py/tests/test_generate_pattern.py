"""generate(pattern=...) and generate_batch(pattern=...): puzzles whose givens sit on a pattern
chosen beforehand, the same items the command line's --pattern makes."""

from __future__ import annotations

import numpy as np
import pytest

import sudokit
from conftest import run_cli, to_line


def blanks(puzzle: str) -> list:
    return [c == "." for c in puzzle]


def test_puzzles_keep_the_pattern_and_match_the_command_line(cli):
    known = sudokit.generate(seed=9)
    rows = "\n".join(known[i : i + 9].replace(".", "_") for i in range(0, 81, 9))
    made = [sudokit.generate(seed=3, index=i, pattern=known) for i in range(4)]
    for p in made:
        assert blanks(p) == blanks(known)
        assert sudokit.check(p).is_unique
    assert len(set(made)) == 4 and known not in made
    # The pattern as rows with `_` blanks reads the same.
    assert made[0] == sudokit.generate(seed=3, pattern=rows)
    r = run_cli(cli, ["generate", "puzzle", "--pattern", known, "--seed", "3", "-n", "4"])
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == made


def test_generate_batch_on_a_pattern(cli):
    known = sudokit.generate(seed=9)
    puzzles, solutions, status = sudokit.generate_batch(5, seed=3, pattern=known, threads=2)
    assert (status == sudokit.OK).all()
    mask = np.array([c != "." for c in known])
    assert ((puzzles != 0) == mask).all()
    assert ((puzzles == 0) | (puzzles == solutions)).all()
    assert [to_line(r) for r in puzzles[:2]] == [sudokit.generate(seed=3, index=i, pattern=known) for i in range(2)]
    minimal, _, status = sudokit.generate_batch(2, seed=3, pattern=known, minimal=True)
    assert (status == sudokit.OK).all()
    r = run_cli(cli, ["generate", "puzzle", "--pattern", known, "--seed", "3", "-n", "2", "--minimal"])
    assert r.stdout.split() == [to_line(row) for row in minimal]


def test_a_pattern_brings_its_board():
    six = "x.x.x.x..x..x.x.x..x.x.x.x.x.x.x.x.x"
    p = sudokit.generate(seed=1, pattern=six)
    assert len(p) == 36 and blanks(p) == [c == "." for c in six]
    assert sudokit.count(p, size=6) == 1
    with pytest.raises(ValueError, match="pattern: the pattern has 36 cells, but a 9×9 board has 81"):
        sudokit.generate(seed=1, pattern=six, size=9)


def test_patterns_that_cannot_work_are_refused():
    two_empty_rows = "x" * 27 + "." * 18 + "x" * 36
    with pytest.raises(ValueError, match="rows 4 and 5 are empty and in the same band"):
        sudokit.generate(seed=1, pattern=two_empty_rows)
    with pytest.raises(ValueError, match="this one has 3"):
        sudokit.generate(pattern="x.x")
    with pytest.raises(ValueError, match="takes no symmetry"):
        sudokit.generate(pattern="x" * 81, symmetry="mirror")
    with pytest.raises(ValueError, match="not with grid=True or variant"):
        sudokit.generate(pattern="x" * 81, variant="x")
    sparse = "".join("x" if i % 5 == 0 else "." for i in range(81))
    with pytest.raises(sudokit.GenerateError, match="no puzzle with one solution found on the pattern in 1 attempts"):
        sudokit.generate(seed=2, pattern=sparse, attempts=1)
    _, _, status = sudokit.generate_batch(2, seed=2, pattern=sparse, attempts=1)
    assert (status == sudokit.NOT_FOUND).all()
