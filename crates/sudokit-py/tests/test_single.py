"""The one-puzzle API: solve, count, check, solutions, canon, generate, on every kind of input."""

from __future__ import annotations

import itertools
import json
import warnings

import numpy as np
import pytest

import sudokit
from conftest import P1, P295, S1, TEST_DATA, corpus, run_cli


@pytest.mark.parametrize("puzzle,expected,solution", list(corpus(TEST_DATA / "regression.txt")))
def test_regression_corpus(puzzle, expected, solution):
    # The seed examples of the project (tests/data/regression.txt): exact counts and solutions.
    assert sudokit.count(puzzle, limit=None) == expected
    verdict = sudokit.check(puzzle)
    if expected == 0:
        assert verdict.kind in ("no solution", "invalid")
        with pytest.raises((sudokit.NoSolutionError, sudokit.InvalidPuzzleError)):
            sudokit.solve(puzzle)
    elif expected == 1:
        assert verdict.is_unique and verdict.kind == "unique"
        if solution:
            assert verdict.solution == solution
            assert sudokit.solve(puzzle) == solution
    else:
        assert verdict.kind == "multiple"
        assert verdict.solution != verdict.second


def test_the_295_solution_puzzle():
    assert sudokit.count(P295) == 295
    assert sudokit.count(P295, limit=100) == 100
    found = list(sudokit.solutions(P295))
    assert len(found) == 295 and len(set(found)) == 295
    for s in found:
        assert all(p in (".", c) for p, c in zip(P295, s))
        assert sudokit.check(s).is_unique
    assert list(sudokit.solutions(P295, limit=7)) == found[:7]
    verdict = sudokit.check(P295)
    assert verdict.kind == "multiple" and not verdict.is_unique
    assert verdict.solution in found and verdict.second in found
    # As `sudokit check` prints it: the line, then both solutions indented.
    line = "multiple: solutions differ at " + " ".join(verdict.differ)
    assert str(verdict) == f"{line}\n  {verdict.solution}\n  {verdict.second}"
    diff = [i for i, (a, b) in enumerate(zip(verdict.solution, verdict.second)) if a != b]
    assert verdict.differ == [f"r{i // 9 + 1}c{i % 9 + 1}" for i in diff]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = sudokit.solve(P295)
    assert first == found[0]
    assert [str(w.message) for w in caught] == ["puzzle 1, line 1: more than one solution; returned the first"]
    assert issubclass(caught[0].category, sudokit.MultipleSolutionsWarning)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sudokit.solve(P295, first=True) == first


def test_solutions_iterator_stops_early_and_can_be_dropped():
    empty = "." * 81
    it = sudokit.solutions(empty, limit=None)
    first = list(itertools.islice(it, 1000))
    assert len(set(first)) == 1000
    del it  # the search thread stops


def test_solutions_of_a_puzzle_without_solution_is_empty():
    no = next(p for p, n, _ in corpus(TEST_DATA / "regression.txt") if n == 0)
    assert list(sudokit.solutions(no)) == []


def test_layouts_read_like_the_cli():
    grid = "\n".join(" ".join("0" if c == "." else c for c in P1[r * 9 : r * 9 + 9]) for r in range(9))
    compact = "\n".join(P1[r * 9 : r * 9 + 9] for r in range(9))
    for text in (P1, P1.replace(".", "0"), grid, compact, f"# a comment\n\n{P1} 3.4 rating\n"):
        assert sudokit.solve(text) == S1
    assert sudokit.solve(grid, format="grid").splitlines()[0] == "8 1 2 7 5 3 6 4 9"
    textbook = (TEST_DATA / "textbook.txt").read_text()
    assert sudokit.solve(textbook, format="grid") + "\n" == (TEST_DATA / "textbook.solution.txt").read_text()
    board = (TEST_DATA / "leetcode.json").read_text()
    assert json.loads(sudokit.solve(board, format="json")) == json.loads(
        (TEST_DATA / "leetcode.solution.json").read_text()
    )
    assert sudokit.solve(P1.encode()) == S1


def test_lists_and_arrays():
    board = json.loads((TEST_DATA / "leetcode.json").read_text())
    expected = json.loads((TEST_DATA / "leetcode.solution.json").read_text())
    assert sudokit.solve(board, format="json").replace(" ", "") == json.dumps(expected).replace(" ", "")
    numbers = [[0 if c == "." else int(c) for c in row] for row in board]
    solution = "".join("".join(row) for row in expected)
    assert sudokit.solve(numbers) == solution
    assert sudokit.solve(tuple(map(tuple, numbers))) == solution
    flat = [v for row in numbers for v in row]
    assert sudokit.solve(flat) == solution
    assert sudokit.solve([None if v == 0 else v for v in flat]) == solution
    for dtype in (np.uint8, np.int64, np.int32):
        assert sudokit.solve(np.array(numbers, dtype=dtype)) == solution
        assert sudokit.solve(np.array(flat, dtype=dtype)) == solution
    assert sudokit.check(np.array(numbers)).is_unique
    assert sudokit.count(numbers) == 1
    # Lists of numpy integers, as `list(array)` makes them.
    assert sudokit.solve(list(np.array(flat, dtype=np.int64))) == solution
    assert sudokit.solve([list(row) for row in np.array(numbers, dtype=np.uint8)]) == solution
    # Float arrays, as pandas gives them: whole numbers, NaN for a blank.
    floats = np.array([np.nan if v == 0 else v for v in flat], dtype=float)
    assert sudokit.solve(floats) == solution
    assert sudokit.solve(floats.reshape(9, 9)) == solution
    # Lists of numpy's narrower floats, which are no Python floats.
    for dtype in (np.float32, np.float16):
        assert sudokit.solve(list(floats.astype(dtype))) == solution
    with pytest.raises(sudokit.ParseError):
        sudokit.solve([np.float32(0.5)] + [0] * 80)
    with pytest.raises(sudokit.ParseError):
        sudokit.solve([0.5] + [0.0] * 80)
    with pytest.raises(sudokit.ParseError, match="a cell is an int"):
        sudokit.solve([np.bool_(True)] + [0] * 80)
    # Rows as strings, and a 0-d array of a puzzle's string.
    rows = ["".join(row) for row in board]
    assert sudokit.solve(rows) == solution
    assert sudokit.solve(tuple(rows)) == solution
    assert sudokit.solve(np.array(P1)) == S1
    with pytest.raises(sudokit.ParseError, match="row 2 is not a string like the first"):
        sudokit.solve([rows[0], list(rows[1])] + rows[2:])


def test_sizes_and_variants():
    assert sudokit.count("." * 16, limit=None) == 288
    assert sudokit.count([[0] * 4] * 4, limit=None) == 288
    assert sudokit.count("." * 36, box="2x3", limit=10) == 10
    assert sudokit.count("." * 36, box=(3, 2), limit=10) == 10
    assert sudokit.count("." * 36, size=6, box="2x3", limit=10) == 10
    board16 = (TEST_DATA / "boards" / "16x16.txt").read_text().splitlines()
    puzzle16 = next(l for l in board16 if l and not l.startswith("#"))
    solution16 = sudokit.solve(puzzle16)
    assert len(solution16) == 256 and "." not in solution16
    assert sudokit.check(puzzle16).is_unique
    # X sudoku: the diagonals hold every digit, so an X solution has them distinct.
    x = sudokit.solve("." * 81, variant="x", first=True)
    assert len(set(x[i * 10] for i in range(9))) == 9
    assert len(set(x[8 + i * 8] for i in range(9))) == 9
    assert sudokit.solve("." * 81, variant=["x", "hyper"], first=True)
    with pytest.raises(sudokit.InvalidPuzzleError, match="main diagonal"):
        sudokit.solve("5" + "." * 79 + "5", variant="x")
    # Jigsaw with regions given beside a list: 4×4, regions as the boxes reversed in each band.
    regions = "AABB" "AABB" "CCDD" "CCDD"
    assert sudokit.count([[0] * 4] * 4, variant="jigsaw", regions=regions, limit=None) == 288
    killer = json.dumps({"size": 4, "givens": "." * 16, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]})
    assert sudokit.count(killer, limit=None) < 288


def test_canon():
    p = P1
    rotated = "".join(p[(8 - c) * 9 + r] for r in range(9) for c in range(9))
    assert sudokit.canon(p) == sudokit.canon(rotated)
    assert sudokit.canon(p) != sudokit.canon(P295)
    assert len(sudokit.canon(p)) == 81


def test_canon_matches_the_cli(cli):
    assert sudokit.canon(P1) == run_cli(cli, ["canon"], P1 + "\n").stdout.strip()


def test_canon_refuses_variant_rules():
    # A JSON puzzle brings its own rules; their symmetries are not the classic ones.
    x = json.dumps({"puzzle": P1, "variants": ["x"]})
    with pytest.raises(ValueError, match="classic rules only"):
        sudokit.canon(x)


def test_generate_is_reproducible_and_unique():
    a = sudokit.generate(seed=42)
    assert a == sudokit.generate(seed=42)
    assert a != sudokit.generate(seed=42, index=1)
    assert sudokit.check(a).is_unique
    sym = sudokit.generate(seed=3, symmetry="rotate180")
    assert all((sym[i] == ".") == (sym[80 - i] == ".") for i in range(81))
    grid = sudokit.generate(seed=5, grid=True)
    assert "." not in grid and sudokit.check(grid).is_unique
    small = sudokit.generate(seed=1, size=4)
    assert len(small) == 16 and sudokit.count(small) == 1
    easy = sudokit.generate(seed=9, difficulty="singles")
    assert sudokit.check(easy).is_unique
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        closest = sudokit.generate(seed=1, clues=17, attempts=1)
    assert sudokit.check(closest).is_unique
    assert caught and issubclass(caught[0].category, sudokit.ClueTargetWarning)
    assert "no puzzle with exactly 17 clues in 1 attempts" in str(caught[0].message)


def test_generate_matches_the_cli(cli):
    out = run_cli(cli, ["generate", "puzzle", "-n", "3", "--seed", "11", "--symmetry", "mirror"]).stdout.split()
    assert out == [sudokit.generate(seed=11, index=i, symmetry="mirror") for i in range(3)]
    puzzles, solutions, status = sudokit.generate_batch(3, seed=11, symmetry="mirror")
    from conftest import to_line

    assert [to_line(r) for r in puzzles] == out
    grids = run_cli(cli, ["generate", "grid", "-n", "2", "--seed", "4", "--size", "6"]).stdout.split()
    assert grids == [sudokit.generate(seed=4, index=i, grid=True, size=6) for i in range(2)]


def test_timeout_and_verdict_of_a_timed_out_search():
    # Counting every 9×9 grid never ends: the timeout stops it.
    with pytest.raises(sudokit.TimedOutError, match="timed out after"):
        sudokit.count("." * 81, limit=None, timeout=0.05)
    assert isinstance(sudokit.TimedOutError("x"), TimeoutError)


def test_verdict_value_semantics():
    v = sudokit.check(P1)
    assert v == sudokit.check(P1)
    assert str(v) == "unique" and repr(v).startswith('Verdict("unique"')
    assert v.differ == [] and v.conflicts == [] and v.second is None


def test_help_is_useful():
    for f in (sudokit.solve, sudokit.count, sudokit.check, sudokit.minimize, sudokit.solutions,
              sudokit.generate, sudokit.canon,
              sudokit.solve_batch, sudokit.count_batch, sudokit.check_batch, sudokit.generate_batch):
        doc = f.__doc__ or ""
        assert len(doc) > 200, f.__name__
        assert f.__text_signature__ and "puzzle" in f.__text_signature__ or f.__name__.startswith("generate")


def test_docstring_examples_run():
    # The examples in the docstrings (```python blocks of the functions, and the package's own) are
    # doctests: they must give what they show.
    import doctest
    import re

    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    texts = [("sudokit", sudokit.__doc__)]
    for name in sudokit.__all__:
        obj = getattr(sudokit, name)
        if callable(obj) and obj.__doc__:
            texts += [(name, block) for block in re.findall(r"```python\n(.*?)```", obj.__doc__, re.S)]
    examples = 0
    for name, text in texts:
        test = parser.get_doctest(text, {"sudokit": sudokit}, name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    assert examples >= 15
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see the output above)"


def test_answers_are_written_in_the_symbols_the_puzzle_was_read_with():
    # As `sudokit solve --symbols hex`: hex in, hex out. In hex, 0-F are the digits 1-16.
    standard = "1" + "." * 255
    hex_puzzle = "0" + "." * 255
    to_hex = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")
    solution = sudokit.solve(standard, first=True)
    assert set(solution) <= set("123456789ABCDEFG") and "G" in solution
    assert sudokit.solve(hex_puzzle, symbols="hex", first=True) == solution.translate(to_hex)
    grid = sudokit.solve(hex_puzzle, symbols="hex", first=True, format="grid")
    assert "G" not in grid and "0" in grid
    verdict = sudokit.check(hex_puzzle, symbols="hex")
    assert verdict.kind == "multiple"
    assert (verdict.solution, verdict.second) == (
        sudokit.check(standard).solution.translate(to_hex),
        sudokit.check(standard).second.translate(to_hex),
    )
    first_two = list(sudokit.solutions(hex_puzzle, 2, symbols="hex"))
    assert first_two == [s.translate(to_hex) for s in sudokit.solutions(standard, 2)]


def test_a_16x16_puzzle_that_reads_both_ways_is_refused_without_symbols():
    # As `sudokit solve` without `--symbols`: a `0` could be a blank or hex's digit 1.
    full = sudokit.solve("." * 256, first=True)
    to_hex = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")
    puzzle = "".join(c.translate(to_hex) if i % 2 == 0 else "." for i, c in enumerate(full))
    assert "0" in puzzle and "G" not in puzzle
    for given in (puzzle, puzzle.encode()):
        with pytest.raises(sudokit.ParseError, match="as hex '0' is 1 and 'F' is 16"):
            sudokit.solve(given)
    solved = sudokit.solve(puzzle, symbols="hex", first=True)
    assert all(p in ".0123456789ABCDEF" and (p == "." or p == s) for p, s in zip(puzzle, solved))
    assert sudokit.check(puzzle, symbols="standard").kind in ("unique", "multiple")
    # The same in files read by read_batch: the record is unreadable, with the same reason.
    with pytest.warns(sudokit.UnreadableWarning, match="as hex '0' is 1"):
        _, status = sudokit.read_batch((puzzle + "\n").encode())
    assert status.tolist() == [sudokit.UNREADABLE]
    _, status = sudokit.read_batch((puzzle + "\n").encode(), symbols="hex")
    assert status.tolist() == [sudokit.OK]


def test_why_a_puzzle_has_no_solution(cli):
    # Row 1 holds 1-8 and r2c9 is 9: r1c9 has nothing left, as `sudokit check` says.
    puzzle = "12345678.........9" + "." * 63
    verdict = sudokit.check(puzzle)
    assert (verdict.kind, verdict.why) == ("no solution", "r1c9 has no candidate left")
    assert str(verdict) == "no solution: r1c9 has no candidate left"
    assert str(verdict) == run_cli(cli, ["check"], puzzle + "\n").stdout.strip()
    assert repr(verdict) == 'Verdict("no solution", why="r1c9 has no candidate left")'
    calls = (sudokit.solve, sudokit.minimize, sudokit.backdoors, sudokit.se_path, sudokit.explain, sudokit.hint,
             sudokit.all_steps, sudokit.candidates)
    for call in calls:
        with pytest.raises(sudokit.NoSolutionError, match=r"^puzzle 1, line 1: no solution: r1c9 has no candidate left$"):
            call(puzzle)
    # `rate` does not raise: its message says it, as `sudokit rate` does.
    rating = sudokit.rate(puzzle)
    assert rating.messages == ["puzzle 1, line 1: no solution: r1c9 has no candidate left; not rated"]
    assert run_cli(cli, ["rate"], puzzle + "\n").stderr == f"sudokit: <stdin>: {rating.messages[0]}\n"
    # A given added to a hard puzzle: no short argument, the search alone shows it.
    deep = "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    verdict = sudokit.check(deep)
    assert (verdict.kind, verdict.why, str(verdict)) == ("no solution", None, "no solution")
    assert run_cli(cli, ["check"], deep + "\n").stdout.strip() == "no solution"
    # Only a puzzle with no solution has one.
    assert sudokit.check(P1).why is None
