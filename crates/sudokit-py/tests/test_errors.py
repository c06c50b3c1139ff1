"""Bad input: the command line's messages as Python exceptions, never a crash."""

from __future__ import annotations

import inspect
import re
import sys

import numpy as np
import pytest

import sudokit
from conftest import P1, TEST_DATA

BAD = TEST_DATA / "bad"


def bad_corpus_rows():
    """(file, args, stdout, stderr text) of each row of tests/data/bad/README.md, the command line's
    contract (stdout with `\\n` for line ends, as the table writes it)."""
    rows = []
    for line in (BAD / "README.md").read_text().splitlines():
        m = re.match(r"^\| `([^`]+)` \| `([^`]*)` \| \d+ \| `(.*)` \| `(.*)` \|$", line)
        if m:
            rows.append(m.groups())
    assert len(rows) > 20
    return rows


def call(command: str, data: bytes, options: dict):
    return {"solve": sudokit.solve, "count": sudokit.count, "check": sudokit.check}[command](data, **options)


@pytest.mark.parametrize("name,args,stdout,stderr", bad_corpus_rows())
def test_bad_corpus_gives_the_cli_messages(name, args, stdout, stderr):
    words = args.split()
    options = {}
    if "--variant" in words:
        options["variant"] = words[words.index("--variant") + 1]
    if "-i" in words:
        options["layout"] = words[words.index("-i") + 1]
    data = (BAD / name).read_bytes()
    if stdout.count("\\n") > 1:
        # Several records: the one-puzzle functions refuse them (the batch functions take many).
        with pytest.raises(sudokit.ParseError, match="a second record starts here") as caught:
            call(words[0], data, options)
        assert caught.value.puzzle == 2 and caught.value.line is not None
        return
    if words[0] == "check":
        verdict = call("check", data, options)
        assert verdict.kind == "invalid"
        assert str(verdict) + "\\n" == stdout
        return
    with pytest.raises(sudokit.SudokitError) as caught:
        call(words[0], data, options)
    assert stderr in str(caught.value)
    if isinstance(caught.value, sudokit.ParseError):
        e = caught.value
        assert isinstance(e, ValueError)
        if e.puzzle is not None:
            column = f", column {e.column}" if e.column else ""
            assert str(e).startswith(f"puzzle {e.puzzle}, line {e.line}{column}: ")


def test_parse_error_positions():
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.solve(P1[:40] + "x" + P1[41:])
    e = caught.value
    assert (e.puzzle, e.line, e.column) == (1, 1, 41)
    assert str(e) == (
        "puzzle 1, line 1, column 41: invalid character 'x' (digits are 1-9; blanks are '.', '0', '_', '-' or '*')"
    )
    grid = "\n".join(" ".join(P1[r * 9 : r * 9 + 9]) for r in range(9)).replace(".", "0")
    lines = grid.splitlines()
    lines[4] = lines[4][:6] + "?" + lines[4][7:]
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.solve("\n".join(lines))
    assert (caught.value.line, caught.value.column) == (5, 7)
    # Bytes-like objects are text, as bytes are.
    solved = sudokit.solve(P1)
    assert sudokit.solve(bytearray(P1.encode())) == sudokit.solve(memoryview(P1.encode())) == solved
    # A lone surrogate is a character that cannot be read, at its place.
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.solve(P1[:40] + "\ud800" + P1[41:])
    assert (caught.value.puzzle, caught.value.line, caught.value.column) == (1, 1, 41)
    # A line after the puzzle is a second record, whatever it holds.
    with pytest.raises(sudokit.ParseError, match="puzzle 2, line 2: a second record starts here") as caught:
        sudokit.solve(P1 + "\nhello")
    assert (caught.value.puzzle, caught.value.line) == (2, 2)


def test_bad_lists_and_arrays():
    board = [[0] * 9 for _ in range(9)]
    board[1][2] = 10
    with pytest.raises(sudokit.ParseError, match=r"row 2, cell 3: 10 is not a digit of a 9×9 board"):
        sudokit.solve(board)
    board[1][2] = "x"
    with pytest.raises(sudokit.ParseError, match=r'row 2, cell 3: "x" is not a digit'):
        sudokit.solve(board)
    board[1][2] = -1
    with pytest.raises(sudokit.ParseError, match="row 2, cell 3"):
        sudokit.solve(board)
    board[1][2] = object()
    with pytest.raises(sudokit.ParseError, match="row 2, cell 3: a cell is an int"):
        sudokit.solve(board)
    with pytest.raises(sudokit.ParseError, match="row 3 has 8 cells, expected 9"):
        sudokit.solve([[0] * 9, [0] * 9, [0] * 8] + [[0] * 9] * 6)
    with pytest.raises(sudokit.ParseError, match="80 cells is no supported board size"):
        sudokit.solve([0] * 80)
    with pytest.raises(sudokit.ParseError):
        sudokit.solve(np.full((9, 9), 12, dtype=np.uint8))
    with pytest.raises(sudokit.ParseError, match="not float"):
        sudokit.solve(3.5)
    # A flat list of one-character strings whose first cell is longer: that cell is named.
    with pytest.raises(sudokit.ParseError, match='row 1, cell 1: "10" is not a digit of a 9×9 board'):
        sudokit.solve(["10"] + ["."] * 80)
    with pytest.raises(sudokit.ParseError, match="no puzzle found"):
        sudokit.solve("")
    with pytest.raises(sudokit.ParseError, match="no puzzle found"):
        sudokit.solve("# only a comment\n")
    with pytest.raises(sudokit.ParseError, match="not JSON|is not closed|not a board|unknown"):
        sudokit.solve("[[1,2],")


def test_a_batch_given_to_a_one_puzzle_function():
    rows = np.array([[int(c) if c != "." else 0 for c in P1]] * 2, dtype=np.uint8)
    for batch in (rows[:1], rows):
        n = len(batch)
        with pytest.raises(sudokit.ParseError, match=f"{n} rows of 81 cells are {n} puzzles, not one board"):
            sudokit.solve(batch)
        with pytest.raises(sudokit.ParseError, match="use the batch functions"):
            sudokit.check(batch.tolist())
    assert sudokit.solve(rows[0]) == sudokit.solve(P1)
    # A 9x9 board of rows stays one board, as does a 4x4 one.
    assert sudokit.solve(rows[0].reshape(9, 9)) == sudokit.solve(P1)
    assert sudokit.solve([[1, 0, 3, 0], [4, 0, 2, 0], [3, 0, 1, 0], [2, 0, 4, 0]]) == "1234432134122143"


def test_bad_options_are_value_errors():
    for kwargs in (
        {"symbols": "klingon"},
        {"layout": "poster"},
        {"variant": "diagonal"},
        {"box": "2by3"},
        {"box": "2x3", "size": 9},
        {"size": 7},
        {"timeout": -1.0},
        {"format": "html"},
    ):
        with pytest.raises(ValueError):
            sudokit.solve(P1, **kwargs)
    with pytest.raises(ValueError, match=r"unknown symmetry `bogus` \(expected none, rotate180, rotate90, mirror, flip, diagonal\)"):
        sudokit.minimize(P1, symmetry="bogus")
    with pytest.raises(ValueError, match="names no symmetry to keep: name one of none, rotate180"):
        sudokit.minimize(P1, symmetry="random")
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sudokit.count(P1, limit=0)
    with pytest.raises(ValueError, match=r"timeout=1e300 is too long: at most about 1.8e19 seconds"):
        sudokit.solve(P1, timeout=1e300)
    with pytest.raises(ValueError, match="scale=.both.: expected 'hodoku' or 'se'"):
        sudokit.hint(P1, scale="both")
    assert sudokit.hint(P1, scale="SE").text == sudokit.hint(P1, scale="se").text
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudokit.generate(seed=1, difficulty="fiendish")
    with pytest.raises(ValueError, match="not both"):
        sudokit.generate(seed=1, clues=20, max_clues=25)
    with pytest.raises(ValueError, match="minimal=False needs"):
        sudokit.generate(seed=1, minimal=False)


def test_negative_and_huge_counts_raise_value_error():
    """A count, size, seed or number of threads below 0, or past what the library takes, raises
    ValueError that says so (with the argument's name as a note from Python 3.11), as Python's own
    functions do; not OverflowError."""
    rows = np.zeros((1, 81), dtype=np.uint8)
    calls = {
        "limit": lambda v: sudokit.count(P1, limit=v),
        "size": lambda v: sudokit.solve(P1, size=v),
        "seed": lambda v: sudokit.generate(seed=v),
        "index": lambda v: sudokit.minimize(P1, index=v),
        "attempts": lambda v: sudokit.generate(seed=1, attempts=v),
        "n": lambda v: sudokit.generate_batch(v, seed=1),
        "start": lambda v: sudokit.generate_batch(1, seed=1, start=v),
        "max_size": lambda v: sudokit.backdoors(P1, max_size=v),
        "threads": lambda v: sudokit.solve_batch(rows, threads=v),
        "nodes": lambda v: sudokit.check_batch(rows, nodes=v),
    }
    for name, call in calls.items():
        with pytest.raises(ValueError, match=r"^-1 is negative: expected a whole number from 0") as e:
            call(-1)
        assert not isinstance(e.value, OverflowError), name
        if sys.version_info >= (3, 11):
            assert e.value.__notes__ == [f"while processing '{name}'"], name
        with pytest.raises(ValueError, match=r"is too large"):
            call(2**70)
    with pytest.raises(ValueError, match="^4294967296 is too large"):
        sudokit.generate(seed=1, attempts=2**32)
    with pytest.raises(TypeError):
        sudokit.count(P1, limit=1.5)
    assert sudokit.count(P1, limit=np.int64(1)) == 1


def test_signatures_show_their_defaults():
    """help() and inspect show every default as a value, and the signature takes every argument
    the function does."""
    for name in sudokit.__all__:
        f = getattr(sudokit, name)
        text = getattr(f, "__text_signature__", None)
        if not callable(f) or text is None or isinstance(f, type):
            continue
        assert "..." not in text, (name, text)
        inspect.signature(f)
    assert inspect.signature(sudokit.count).parameters["limit"].default == 1_000_000
    assert inspect.signature(sudokit.solutions).parameters["limit"].default == 10_000
    assert inspect.signature(sudokit.generate).parameters["attempts"].default == 1000
    assert inspect.signature(sudokit.backdoor_batch).parameters["max_size"].default == 3
    # The defaults shown are the ones the functions use.
    assert sudokit.generate(seed=5) == sudokit.generate(seed=5, index=0, attempts=1000)
    assert sudokit.backdoors(P1) == sudokit.backdoors(P1, max_size=3)


def test_exception_hierarchy():
    for cls in (sudokit.ParseError, sudokit.InvalidPuzzleError, sudokit.NoSolutionError, sudokit.TimedOutError,
                sudokit.GenerateError):
        assert issubclass(cls, sudokit.SudokitError)
    assert issubclass(sudokit.ParseError, ValueError)
    assert issubclass(sudokit.InvalidPuzzleError, ValueError)
    with pytest.raises(sudokit.InvalidPuzzleError) as caught:
        sudokit.count("55" + "." * 79)
    assert caught.value.conflicts[0] == "5 twice in row 1 (r1c1 and r1c2)"


def test_generate_error_for_an_unreachable_difficulty():
    # One attempt on 4×4 rarely needs a guess: ask for one on many seeds until one attempt fails.
    for seed in range(50):
        try:
            sudokit.generate(seed=seed, size=4, difficulty="guess", attempts=1)
        except sudokit.GenerateError as e:
            assert str(e) == "puzzle 1: no guess puzzle found in 1 attempts"
            return
    pytest.fail("every 4×4 puzzle needed a guess")
