"""read_batch: puzzle files in any layout into the arrays the batch functions take, one row per
record in input order, unreadable records kept as rows of zeros with their status and messages."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

import sudokit
from conftest import P1, P295, S1, TEST_DATA, corpus, run_cli, to_line, to_rows


def quiet(*args, **kwargs):
    """read_batch with any warning turned into a failure: for inputs every record of which reads."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return sudokit.read_batch(*args, **kwargs)


def test_one_row_per_record_in_order_and_unreadable_ones_named(tmp_path):
    bad = P1[:80] + "x"
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# a comment\n{P1}\n{bad}\n\n{P295}\n{P1[:40]}\n")
    with pytest.warns(sudokit.UnreadableWarning) as caught:
        puzzles, status = sudokit.read_batch(path)
    assert puzzles.dtype == np.uint8 and status.dtype == np.uint8
    assert puzzles.shape == (4, 81) and status.shape == (4,)
    assert status.tolist() == [sudokit.OK, sudokit.UNREADABLE, sudokit.OK, sudokit.UNREADABLE]
    assert (puzzles[[0, 2]] == to_rows([P1, P295])).all()
    assert (puzzles[[1, 3]] == 0).all()
    message = str(caught[0].message)
    assert message.startswith("2 of 4 records could not be read"), message
    # The command line's messages, with their positions.
    assert "puzzle 2, line 3, column 81: invalid character 'x'" in message, message
    assert "puzzle 4, line 6: 40 cells on the line" in message, message


def test_the_same_records_unreadable_as_the_command_line_finds(tmp_path, cli):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{P1}\nx\n{P295}\n\n[[1,2]]\n{P1}\n")
    _, status = sudokit.read_batch(path, errors="ignore")
    records = [json.loads(l) for l in run_cli(cli, ["check", "-o", "json", str(path)]).stdout.splitlines()]
    assert len(records) == len(status) == 5
    assert [r["status"] == "unreadable" for r in records] == [s == sudokit.UNREADABLE for s in status]


def test_bytes_paths_and_path_strings_read_alike(tmp_path):
    text = f"{P1}\n{P295}\n".encode()
    path = tmp_path / "p.txt"
    path.write_bytes(text)
    a, _ = quiet(text)
    b, _ = quiet(path)
    c, _ = quiet(str(path))
    assert (a == b).all() and (b == c).all()


def test_open_files_text_binary_and_compressed_read_as_their_path(tmp_path):
    import gzip
    import io

    text = f"# two puzzles\n{P1}\n{P295}\n"
    path = tmp_path / "p.txt.gz"
    with gzip.open(path, "wt") as f:
        f.write(text)
    want, _ = quiet(text.encode())
    with gzip.open(path, "rb") as f:
        assert (quiet(f)[0] == want).all()
    assert (quiet(io.StringIO(text))[0] == want).all()
    assert (quiet(io.BytesIO(text.encode()))[0] == want).all()

    class Odd:
        def read(self):
            return 42

    with pytest.raises(ValueError, match="neither bytes nor str"):
        sudokit.read_batch(Odd())


def test_gzip_paths_and_bytes_read_as_their_text(tmp_path):
    import gzip

    text = f"# two puzzles\n{P1}\n{P295}\n"
    want, _ = quiet(text.encode())
    path = tmp_path / "p.txt.gz"
    path.write_bytes(gzip.compress(text.encode()))
    assert (quiet(path)[0] == want).all()
    assert (quiet(gzip.compress(text.encode()))[0] == want).all()
    # Told by its bytes, not by its name; members one after another, as `cat a.gz b.gz` makes.
    twice = tmp_path / "twice.data"
    twice.write_bytes(gzip.compress(text.encode()) + gzip.compress(text.encode()))
    assert (quiet(twice)[0] == np.concatenate([want, want])).all()
    # A damaged file is an error, not a short array; it says how far the reading went.
    cut = tmp_path / "cut.gz"
    cut.write_bytes(gzip.compress((text * 500).encode())[:300])
    with pytest.raises(OSError, match=r"cut.gz: read error after \d+ puzzles: "):
        sudokit.read_batch(cut)
    with pytest.raises(OSError, match=r"^read error after \d+ puzzles: "):
        sudokit.read_batch(gzip.compress((P1 + "\n").encode() * 200)[:-20])


def test_kaggle_csv_with_solutions_goes_on_to_solve_batch(tmp_path):
    lines = [p for p, n, _ in corpus(TEST_DATA / "regression.txt") if n == 1][:50]
    solutions, _ = sudokit.solve_batch(to_rows(lines))
    rows = [f"{p.replace('.', '0')},{to_line(s)}" for p, s in zip(lines, solutions)]
    path = tmp_path / "sudoku.csv"
    path.write_text("quizzes,solutions\n" + "\n".join(rows) + "\n")
    puzzles, given, status = quiet(path, solutions=True)
    assert (status == sudokit.OK).all()
    assert (puzzles == to_rows(lines)).all()
    solved, status = sudokit.solve_batch(puzzles)
    assert (status == sudokit.OK).all() and (solved == given).all()
    # Without solutions=True the pair, as the other batch functions give.
    assert len(quiet(path)) == 2


def test_the_peer_tests_file_with_its_counts_and_solutions(datasets):
    path = datasets / "peer-tests" / "tdoku_test_puzzles.txt"
    lines = [l for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    puzzles, given, status = quiet(path, solutions=True)
    assert puzzles.shape == (len(lines), 81) and (status == sudokit.OK).all()
    assert (puzzles == to_rows([l.split(":")[0] for l in lines])).all()
    unique = [i for i, l in enumerate(lines) if l.split(":")[1] == "1"]
    assert unique, "the file has puzzles with one solution"
    solved, status = sudokit.solve_batch(puzzles[unique])
    assert (status == sudokit.OK).all()
    assert (solved == given[unique]).all(), "the solutions the file gives"
    others = [i for i in range(len(lines)) if i not in unique]
    assert (given[others] == 0).all(), "no solution given beside a puzzle without exactly one"


def test_benchmark_file_every_line_a_row(datasets):
    path = datasets / "puzzles3_magictour_top1465.txt"
    lines = [l.split()[0] for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    puzzles, status = quiet(path)
    assert puzzles.shape == (len(lines), 81) and (status == sudokit.OK).all()
    assert (puzzles == to_rows(lines)).all()


def test_errors_raise_or_ignore():
    text = f"{P1}\n{P1[:80]}x\n".encode()
    with pytest.raises(sudokit.ParseError) as raised:
        sudokit.read_batch(text, errors="raise")
    assert (raised.value.puzzle, raised.value.line, raised.value.column) == (2, 2, 81)
    _, status = quiet(text, errors="ignore")
    assert status.tolist() == [sudokit.OK, sudokit.UNREADABLE]
    with pytest.raises(ValueError, match="errors='loud'"):
        sudokit.read_batch(text, errors="loud")


def test_a_long_list_of_bad_records_is_counted_not_quoted():
    text = ("x\n" * 12 + P1 + "\n").encode()
    with pytest.warns(sudokit.UnreadableWarning) as caught:
        puzzles, status = sudokit.read_batch(text)
    message = str(caught[0].message)
    assert message.startswith("12 of 13 records") and message.endswith("and 7 more"), message
    # The rows before the board was known are 9x9 rows of zeros too.
    assert puzzles.shape == (13, 81) and (puzzles[:12] == 0).all()
    assert to_line(puzzles[12]) == P1


def test_other_boards_and_variant_rules_are_unreadable_rows():
    mini = "1.34341221434321"
    objects = [
        json.dumps({"puzzle": P1}),
        json.dumps({"puzzle": mini}),
        json.dumps({"puzzle": P1, "variants": ["x"]}),
        json.dumps({"puzzle": P295, "solution": S1}),
    ]
    with pytest.warns(sudokit.UnreadableWarning) as caught:
        puzzles, given, status = sudokit.read_batch("\n".join(objects).encode(), solutions=True)
    assert status.tolist() == [sudokit.OK, sudokit.UNREADABLE, sudokit.UNREADABLE, sudokit.OK]
    message = str(caught[0].message)
    assert "puzzle 2, line 2: a 4×4" in message and "one board" in message, message
    assert "puzzle 3, line 3: a puzzle under variant rules" in message, message
    assert to_line(given[3]) == S1 and (given[:3] == 0).all()


def test_layouts_sizes_and_options(tmp_path):
    # A grid layout: one record of nine lines.
    grid = "\n".join(" ".join(c if c != "." else "0" for c in P1[r * 9:r * 9 + 9]) for r in range(9))
    puzzles, _ = quiet(grid.encode())
    assert puzzles.shape == (1, 81) and to_line(puzzles[0]) == P1
    # The files of Simple Sudoku and HoDoKu, borders and all, give the same puzzle as the .sdk one.
    formats = TEST_DATA / "formats"
    same = [quiet(formats / name)[0] for name in ["puzzle.sdk", "puzzle_bordered.ss", "hodoku_givens.txt"]]
    assert same[0].shape == (1, 81) and all((p == same[0]).all() for p in same)
    # A line of HoDoKu's library format gives its givens: the cells placed (`+`) are open.
    library = ":0000:x:" + "".join(c if c != "." else "+" + s for c, s in zip(P1[:9], S1)) + P1[9:] + ":::"
    puzzles, _ = quiet(library.encode())
    assert to_line(puzzles[0]) == P1
    # 16x16 rows.
    puzzles, status = quiet(TEST_DATA / "boards" / "16x16.txt")
    assert puzzles.shape[1] == 256 and (status == sudokit.OK).all()
    # Nothing to read: no rows, 9x9 ones unless told.
    assert quiet(b"# nothing\n")[0].shape == (0, 81)
    assert quiet(b"", size=4)[0].shape == (0, 16)
    # A CSV puzzle column by name.
    puzzles, _ = quiet(f"id,givens2\n1,{P1}\n".encode(), column="givens2")
    assert to_line(puzzles[0]) == P1
    # The input format forced.
    _, status = sudokit.read_batch(f"{P1}\n".encode(), layout="csv", errors="ignore")
    assert status.tolist() == [sudokit.UNREADABLE]


def test_bad_sources():
    # As `open` raises it, the file named.
    with pytest.raises(FileNotFoundError) as missing:
        sudokit.read_batch("no/such/file.txt")
    assert missing.value.filename == "no/such/file.txt"
    assert str(missing.value) == "[Errno 2] No such file or directory: 'no/such/file.txt'"
    with pytest.raises(IsADirectoryError):
        sudokit.read_batch(TEST_DATA)
    with pytest.raises(ValueError, match="source is a path"):
        sudokit.read_batch(42)
    with pytest.raises(ValueError):
        sudokit.read_batch(b"", symbols="nonsense")
