"""The human-style solver and the ratings: explain, hint, candidates, rate, rate_batch and se_path,
against the command line's `-o json` records on a small sample, with bad input, batch order and status
codes."""

from __future__ import annotations

import collections
import csv
import functools
import json
import re

import numpy as np
import pytest

import sudokit
from conftest import P1, S1, TEST_DATA, corpus, run_cli, to_rows, while_another_thread_counts

#: Singles only: HoDoKu rates it easy.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: serate 1.2.1.3 rates it 4.2/1.2/1.2, an XY-Wing its hardest step.
XY = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."
#: Rows of every kind that rate() does not rate, with the status `sudokit rate -o json` gives them.
UNRATED = [("." * 81, "multiple"), ("55" + "." * 79, "invalid")]
#: A 4x4 puzzle: neither scale rates it; its path with HoDoKu's techniques takes 8 steps.
MINI = "1.3.4.2.3.1.2.4."


def no_solution_puzzle() -> str:
    return next(p for p, n, _ in corpus(TEST_DATA / "regression.txt") if n == 0)


def rated_sample(datasets, n=8, max_er=8.0):
    """A few puzzles of the rating dataset, easy to hard, each rated within a fraction of a second."""
    with open(datasets / "ratings" / "se-dev.tsv", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    picked = [r["puzzle"] for r in rows[::40] if float(r["ER"]) <= max_er]
    return picked[:n]


def json_lines(cli, args, puzzles):
    run = run_cli(cli, args, "\n".join(puzzles) + "\n")
    return [json.loads(line) for line in run.stdout.splitlines()], run


def answers(records, inputs, key="puzzle"):
    """The command's own fields of each record, after checking the fields every record starts with:
    the input's number, the status `ok` and the input itself."""
    assert [list(r)[:3] for r in records] == [["index", "status", key]] * len(inputs)
    assert [(r["index"], r["status"], r[key]) for r in records] == [
        (i + 1, "ok", p) for i, p in enumerate(inputs)
    ]
    return [{k: v for k, v in r.items() if k not in ("index", "status", key)} for r in records]


def test_explain_solves_step_by_step():
    steps = sudokit.explain(EASY)
    assert steps.solved and len(steps) == len(steps.steps) > 40
    assert all(isinstance(s, sudokit.Step) for s in steps)
    assert str(steps[0]) == steps[0].text == "Naked Single: r5c6=4" and steps[0].code == "0003"
    assert steps[-1] is not None and steps[-1].text == steps.steps[-1].text
    # The placements fill the grid with its solution.
    grid = list(EASY)
    for step in steps:
        for row, col, digit in step.placements:
            grid[(row - 1) * 9 + col - 1] = str(digit)
    assert "".join(grid) == sudokit.solve(EASY)
    assert str(steps).endswith(f"solved in {len(steps)} steps")


def test_explain_of_killer_puzzles_is_right_step_by_step():
    # Uniqueness techniques do not hold under killer cages (a swap changes cage totals): no step
    # may remove a digit of the solution, and `rate` rates.
    for seed in range(4):
        puzzle = json.dumps(sudokit.generate(seed=seed, variant="killer"))
        solution = sudokit.solve(puzzle)
        steps = sudokit.explain(puzzle)
        assert steps.solved
        for step in steps:
            for row, col, digit in step.placements:
                assert solution[(row - 1) * 9 + col - 1] == str(digit), step.text
            for row, col, digit in step.eliminations:
                assert solution[(row - 1) * 9 + col - 1] != str(digit), step.text
        assert sudokit.rate(puzzle).status in ("ok", "unsupported"), seed
        # The cages' sums do the work: Cage Combination and the rule of 45, with the total.
        used = {step.technique for step in steps}
        assert "Cage Combination" in used, used
        cage = next(s for s in steps if s.technique == "Cage Combination").to_dict()
        assert cage["houses"][0].startswith("k") and isinstance(cage["total"], int)


def test_technique_names_as_one_string():
    # A string of names with commas, as the command line's --techniques takes them, or a list.
    hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    as_string = sudokit.explain(hard, exclude="bf")
    assert [s.text for s in as_string] == [s.text for s in sudokit.explain(hard, exclude=["bf"])]
    assert not as_string.solved
    assert len(sudokit.explain(hard, techniques="fh, n1,h1")) == len(sudokit.explain(hard, techniques=["fh", "n1", "h1"]))
    with pytest.raises(TypeError, match="a string such as 'bf,xy' or a list of strings, not int"):
        sudokit.explain(hard, techniques=3)


def test_explain_stuck_and_techniques():
    # Without brute force and with singles only, a hard puzzle stops with its pencil marks.
    stuck = sudokit.explain(P1, techniques=["fh", "n1", "h1"])
    assert not stuck.solved and len(stuck.candidates) == 729
    assert "stuck after" in str(stuck)
    steps = sudokit.explain(P1, exclude=["bf"], grids=True)
    assert steps.grids is not None and len(steps.grids) == len(steps)
    assert all(s.technique != "Brute Force" for s in steps)


def test_explain_hint_candidates_agree_with_the_cli(datasets, cli):
    puzzles = [EASY] + rated_sample(datasets, n=5)
    records, run = json_lines(cli, ["explain", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    assert [sudokit.explain(p).to_dict() for p in puzzles] == answers(records, puzzles)
    for level in ("nudge", "technique", "step"):
        records, _ = json_lines(cli, ["hint", "--level", level, "-o", "json"], puzzles)
        assert [sudokit.hint(p, level).to_dict() for p in puzzles] == answers(records, puzzles)
    records, _ = json_lines(cli, ["candidates", "-o", "json"], puzzles)
    own = answers(records, puzzles)
    assert [sudokit.candidates(p, format="line") for p in puzzles] == [r["candidates"] for r in own]
    text = run_cli(cli, ["candidates"], EASY + "\n").stdout
    assert sudokit.candidates(EASY) == text.rstrip("\n")
    # A jigsaw's candidate grid draws the regions' walls, as the command line's does.
    jigsaw = sudokit.generate(seed=9, variant="jigsaw")
    text = run_cli(cli, ["candidates", "--variant", "jigsaw"], jigsaw + "\n").stdout
    assert sudokit.candidates(jigsaw, variant="jigsaw") == text.rstrip("\n")
    assert text.splitlines()[1].count("|") > 2


def test_hint_levels_and_a_solved_grid():
    assert sudokit.hint(EASY, "nudge").text == "Look at r5c6"
    h = sudokit.hint(EASY, level="technique")
    assert (h.text, h.technique, h.step) == ("Try Naked Single", "Naked Single", None)
    h = sudokit.hint(EASY)
    assert h.level == "step" and h.step == sudokit.explain(EASY)[0] and str(h) == h.step.text
    assert sudokit.hint(S1) is None


def test_pencil_marks_take_the_boxes_asked_for():
    # A 6×6 puzzle on 3×2 boxes: its marks in the line form draw no boxes, box= gives them.
    puzzle = sudokit.generate(seed=1, size=6, box="3x2")
    marks = sudokit.candidates(puzzle, format="line", techniques=["fh"], box="3x2")
    path = sudokit.explain(marks, pencil=True, box="3x2")
    assert path.solved and len(path) > 0
    solution = sudokit.solve(puzzle, box="3x2")
    for step in path:
        for row, col, digit in step.placements:
            assert solution[(row - 1) * 6 + col - 1] == str(digit), step.text
        for row, col, digit in step.eliminations:
            assert solution[(row - 1) * 6 + col - 1] != str(digit), step.text
    # On the squarest boxes (2×3) the same marks contradict themselves.
    with pytest.raises(sudokit.InvalidPuzzleError, match="contradict themselves"):
        sudokit.explain(marks, pencil=True)


def test_hex_in_hex_out_for_the_step_solver(cli):
    # As `sudokit candidates --symbols hex` and `explain --symbols hex`: the marks drawn and the steps
    # written in hex, where `0` is the digit 1; the drawn marks read back without symbols=.
    standard = sudokit.generate(seed=1, size=16)
    hex_puzzle = standard.translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))
    marks = sudokit.candidates(hex_puzzle, symbols="hex")
    assert "0" in marks and "G" not in marks
    assert marks == run_cli(cli, ["candidates", "--symbols", "hex"], hex_puzzle).stdout.rstrip("\n")
    assert sudokit.candidates(marks, pencil=True) == marks
    steps = sudokit.explain(hex_puzzle, symbols="hex")
    assert str(steps) == run_cli(cli, ["explain", "--symbols", "hex"], hex_puzzle).stdout.rstrip("\n")
    for step, plain in zip(steps, sudokit.explain(standard)):
        assert step.placements == plain.placements, step.text
        for _, _, digit in step.placements:
            assert step.text.endswith("=" + "0123456789ABCDEF"[digit - 1]), step.text
        assert step.to_dict()["text"] == step.text
    hint = sudokit.hint(marks, pencil=True)
    assert hint.text == sudokit.hint(marks, pencil=True, symbols="hex").text
    assert hint.step.text == hint.text and "=G" not in hint.text
    # Marks that contradict themselves are named in hex: a digit taken out of row 1.
    lines = marks.split("\n")
    placed = {t for t in lines[1].split() if len(t) == 1}
    gone = next(c for c in "0123456789ABCDEF" if c not in placed)
    lines[1] = " ".join(t if len(t) <= 1 else t.replace(gone, "") for t in lines[1].split(" "))
    with pytest.raises(sudokit.InvalidPuzzleError, match=f"{gone} has no place left in row 1"):
        sudokit.hint("\n".join(lines), pencil=True)
    # The verdicts too: row 1 lacks E and F, and F is in columns 15 and 16 further down.
    none = "0123456789ABCD.." + "." * 14 + "F." + "." * 47 + "F" + "." * 176
    assert sudokit.check(none, symbols="hex").why == "F has no place left in row 1"
    with pytest.raises(sudokit.NoSolutionError, match="F has no place left in row 1"):
        sudokit.solve(none, symbols="hex")
    assert sudokit.check("00" + none[2:], symbols="hex").conflicts[0] == "0 twice in row 1 (r1c1 and r1c2)"
    with pytest.raises(sudokit.InvalidPuzzleError, match="0 twice in row 1"):
        sudokit.explain("00" + none[2:], symbols="hex")
    in_letters = EASY.translate(str.maketrans("123456789", "ABCDEFGHI"))
    rated = sudokit.rate("EE" + in_letters[2:], symbols="letters")
    assert rated.status == "invalid" and "E twice in row 1 (r1c1 and r1c2)" in rated.messages[0]
    # Letters (`A` is 1) on 9x9, on Sudoku Explainer's scale too.
    to_letters = str.maketrans("123456789", "ABCDEFGHI")
    lettered = XY.translate(to_letters)
    path = sudokit.se_path(lettered, symbols="letters")
    cli_text = run_cli(cli, ["explain", "--scale", "se", "--symbols", "letters"], lettered).stdout
    assert str(path) == cli_text.rstrip("\n")
    plain = sudokit.se_path(XY)
    assert len(path) == len(plain) > 40
    def letter(d):
        return chr(ord("@") + int(d))

    for step, number in zip(path, plain):
        # Only the digits of a pattern (`7 in r2c9,r3c9`) and after `=` and `<>` are letters; rows,
        # columns and difficulties keep numbers.
        head, _, rest = number.text.partition("): ")
        pattern, arrow, results = rest.rpartition(" => ")
        if " in " in pattern:
            digits, _, cells = pattern.partition(" in ")
            pattern = "/".join(map(letter, digits.split("/"))) + " in " + cells
        lettered = head + "): " + pattern + arrow + re.sub(r"(=|<>)(\d)", lambda m: m[1] + letter(m[2]), results)
        assert step.text == lettered
        assert step.placements == number.placements and step.to_dict()["text"] == step.text


def test_pencil_marks_as_the_cli_reads_them(datasets, cli):
    puzzle = rated_sample(datasets)[3]
    marks = sudokit.candidates(puzzle, format="line", techniques=["fh"], exclude=["fh"])
    assert len(marks) == 729
    records, run = json_lines(cli, ["explain", "--pencil", "-o", "json"], [marks])
    assert run.returncode == 0, run.stderr
    [own] = answers(records, [marks], key="pencil")
    assert sudokit.explain(marks, pencil=True).to_dict() == own
    # The boxed candidate grid reads too.
    boxed = sudokit.candidates(puzzle, techniques=["fh"], exclude=["fh"])
    assert sudokit.explain(boxed, pencil=True).to_dict() == own
    assert sudokit.hint(marks, "technique", pencil=True).to_dict() == sudokit.hint(puzzle, "technique").to_dict()
    # So do the command line's JSON records: a --pencil record by its `pencil`, a `candidates` one by
    # its `candidates`.
    [line] = run.stdout.splitlines()
    assert sudokit.explain(line, pencil=True).to_dict() == own
    [after] = run_cli(cli, ["candidates", "-o", "json"], puzzle + "\n").stdout.splitlines()
    assert sudokit.hint(after, pencil=True) == sudokit.hint(json.loads(after)["candidates"], pencil=True)
    # A line of HoDoKu's library format gives its state, as the command line reads it.
    # Its first row's open cells are placed (`+`) from the solution.
    solution = sudokit.solve(puzzle)
    row = "".join(c if c != "." else "+" + s for c, s in zip(puzzle[:9], solution))
    library = ":0000:x:" + row + puzzle[9:] + ":::"
    [record], run = json_lines(cli, ["explain", "--pencil", "-o", "json"], [library])
    assert run.returncode == 0, run.stderr
    assert sudokit.explain(library, pencil=True).to_dict() == {
        k: v for k, v in record.items() if k not in ("index", "status", "pencil")
    }
    assert sudokit.explain(library, pencil=True).to_dict() == sudokit.explain(record["pencil"], pencil=True).to_dict()
    with pytest.raises(sudokit.ParseError, match="puzzle 1, line 1: not a line of HoDoKu's library format"):
        sudokit.explain(library[:-10] + ":::", pencil=True)
    with pytest.raises(sudokit.ParseError, match="puzzle 1, line 1: a JSON record without pencil marks"):
        sudokit.explain('{"index": 1, "status": "unreadable", "pencil": null}', pencil=True)
    with pytest.raises(sudokit.ParseError, match="puzzle 1, line 1, column 2: not a JSON record"):
        sudokit.explain("{bad", pencil=True)


def test_rate_agrees_with_the_cli(datasets, cli):
    puzzles = [EASY] + rated_sample(datasets) + [p for p, _ in UNRATED] + [no_solution_puzzle()]
    records, run = json_lines(cli, ["rate", "-o", "json"], puzzles)
    assert len(records) == len(puzzles)
    ratings = [sudokit.rate(p) for p in puzzles]
    for rating, record in zip(ratings, records):
        expected = {k: v for k, v in record.items() if k not in ("index", "puzzle")}
        assert rating.to_dict() == expected
    # The messages are the command line's, in order.
    messages = [m for r in ratings for m in r.messages]
    assert run.stderr.splitlines() == [
        "sudokit: <stdin>: " + m.replace("puzzle 1, line 1", f"puzzle {i + 1}, line {i + 1}")
        for i, r in enumerate(ratings)
        for m in r.messages
    ]
    assert len(messages) == 3
    assert [r.status for r in ratings[-3:]] == ["multiple", "invalid", "no_solution"]
    assert str(ratings[-1]) == "!no solution"
    assert all(r.is_rated for r in ratings[:-3])
    # Another board (a file of its own: the board's side is read from a file's first puzzle).
    [record], run = json_lines(cli, ["rate", "-o", "json"], [MINI])
    mini = sudokit.rate(MINI)
    assert mini.to_dict() == {k: v for k, v in record.items() if k not in ("index", "puzzle")}
    assert run.stderr.splitlines() == ["sudokit: <stdin>: " + m for m in mini.messages]


def test_rate_on_pencil_marks_agrees_with_the_cli(datasets, cli):
    puzzles = [XY] + rated_sample(datasets)
    # A puzzle's starting marks (its givens placed, their digits gone from the peers) rate as it does,
    # where no open cell has one candidate (which the marks cannot tell from a given).
    starting = [sudokit.candidates(p, format="line", techniques=["fh"], exclude=["fh"]) for p in puzzles]
    compared = 0
    for p, marks in zip(puzzles, starting):
        if any(c == "." and len(marks[i * 9:i * 9 + 9].replace(".", "")) == 1 for i, c in enumerate(p)):
            continue
        assert sudokit.rate(marks, pencil=True).to_dict() == sudokit.rate(p).to_dict()
        compared += 1
    assert compared >= 6
    # After the singles: the rest of the path, rated from there.
    after = sudokit.candidates(XY, format="line")
    rest = sudokit.rate(after, pencil=True)
    assert (rest.er, rest.ep, rest.ed, rest.hardest) == (4.2, 4.2, 2.6, "XY-Wing")
    path = sudokit.se_path(after, pencil=True)
    assert (rest.er, rest.ep, rest.ed, rest.step_count) == (path.er, path.ep, path.ed, len(path))
    # Marks it does not rate keep their place, with the command line's status and messages.
    open_marks = "123456789" * 81
    twin = "1........1........" + "123456789" * 79
    mini = sudokit.candidates(MINI, format="line")
    inputs = starting[:3] + [after, open_marks, twin, mini]
    records, run = json_lines(cli, ["rate", "--pencil", "-o", "json"], inputs)
    assert len(records) == len(inputs)
    ratings = [sudokit.rate(m, pencil=True) for m in inputs]
    for rating, record, marks in zip(ratings, records, inputs):
        assert record["pencil"] == marks
        assert rating.to_dict() == {k: v for k, v in record.items() if k not in ("index", "pencil")}
    assert [r.status for r in ratings[-3:]] == ["multiple", "invalid", "unsupported"]
    assert run.stderr.splitlines() == [
        "sudokit: <stdin>: " + m.replace("puzzle 1, line 1", f"puzzle {i + 1}, line {i + 1}")
        for i, r in enumerate(ratings)
        for m in r.messages
    ]
    assert "r1c1 and r1c2 can only be 1" in ratings[-2].messages[0]
    with pytest.raises(sudokit.ParseError, match="not a pencil-mark grid"):
        sudokit.rate("12345", pencil=True)


def test_rate_values_and_statuses():
    r = sudokit.rate(EASY)
    assert (r.status, r.er, r.ep, r.ed, r.score, r.level, r.hardest, r.step_count) == (
        "ok", 1.2, 1.2, 1.2, 196, "easy", "Hidden Single", 49)
    assert str(r) == "1.2/1.2/1.2 196 easy Hidden Single"
    for puzzle, status in UNRATED:
        r = sudokit.rate(puzzle)
        assert r.status == status and not r.is_rated and r.er is None and r.score is None
        assert str(r) == f"!{status}"
    # Other boards: no rating, but the human solver's path in brief, as `sudokit rate` gives it.
    r = sudokit.rate(MINI)
    assert (r.status, r.er, r.score, r.hardest, r.step_count) == ("unsupported", None, None, "Naked Single", 8)
    assert str(r) == "?/?/? ? ? Naked Single" and not r.is_rated
    assert r.to_dict()["step_count"] == 8 and "not 4×4 boards" in r.messages[0]
    r = sudokit.rate("." * 16)
    assert r.status == "unsupported" and "not 4×4 boards" in r.messages[0]
    assert (r.hardest, r.step_count, str(r)) == (None, None, "!unsupported")
    assert "no step count or hardest technique: more than one solution" in r.messages[1]


@pytest.mark.parametrize("scale", ["se", "hodoku"])
def test_rate_on_one_scale_agrees_with_the_cli_and_with_both(datasets, cli, scale):
    puzzles = [XY, EASY] + rated_sample(datasets, n=4) + [p for p, _ in UNRATED]
    records, _ = json_lines(cli, ["rate", "-o", "json", "--scale", scale], puzzles)
    own, other = (("er", "ep", "ed"), ("score", "level")) if scale == "se" else (("score", "level"), ("er", "ep", "ed"))
    for p, record in zip(puzzles, records):
        alone, both = sudokit.rate(p, scale=scale), sudokit.rate(p)
        assert alone.to_dict() == {k: v for k, v in record.items() if k not in ("index", "puzzle")}
        assert (alone.status, alone.scale, both.scale) == (both.status, scale, "both")
        assert all(getattr(alone, k) == getattr(both, k) for k in own), p
        assert all(getattr(alone, k) is None for k in other), p
    if scale == "se":
        assert str(sudokit.rate(XY, scale="se")) == "4.2/1.2/1.2 XY-Wing"
    else:
        # HoDoKu's path is the one `explain` shows.
        r = sudokit.rate(EASY, scale="hodoku")
        assert (str(r), r.step_count) == ("196 easy Naked Single", len(sudokit.explain(EASY)))
    marks = sudokit.candidates(XY, format="line", techniques=["fh"], exclude=["fh"])
    assert sudokit.rate(marks, pencil=True, scale=scale).to_dict() == sudokit.rate(XY, scale=scale).to_dict()
    with pytest.raises(ValueError, match="unknown scale 'serate'"):
        sudokit.rate(XY, scale="serate")


@pytest.mark.parametrize("scale", ["se", "hodoku"])
def test_rate_batch_on_one_scale_matches_rate(datasets, scale):
    puzzles = [XY, EASY] + rated_sample(datasets, n=4) + [p for p, _ in UNRATED]
    rows = to_rows(puzzles)
    er, ep, ed, score, level, status, hardest, steps = sudokit.rate_batch(rows, scale=scale, details=True)
    for i, p in enumerate(puzzles):
        r = sudokit.rate(p, scale=scale)
        assert status[i] == (sudokit.OK if r.is_rated else getattr(sudokit, r.status.upper())), p
        assert (hardest[i], int(steps[i])) == (r.hardest, -1 if r.step_count is None else r.step_count), p
        if scale == "se":
            want = (r.er, r.ep, r.ed) if r.is_rated else (np.nan,) * 3
            assert (er[i], ep[i], ed[i]) == pytest.approx(want, nan_ok=True)
        else:
            assert (int(score[i]), int(level[i])) == ((r.score, sudokit.LEVELS.index(r.level)) if r.is_rated else (-1, -1))
    if scale == "se":
        assert score.tolist() == [-1] * len(puzzles) and level.tolist() == [-1] * len(puzzles)
    else:
        assert np.isnan(er).all() and np.isnan(ep).all() and np.isnan(ed).all()
    marks = marks_array([sudokit.candidates(XY, format="line", techniques=["fh"], exclude=["fh"])])
    alone = sudokit.rate_batch(marks, pencil=True, scale=scale)
    both = sudokit.rate_batch(rows[:1], scale=scale)
    assert all(np.array_equal(a, b, equal_nan=a.dtype.kind == "f") for a, b in zip(alone, both))
    with pytest.raises(ValueError, match="unknown scale"):
        sudokit.rate_batch(rows, scale="SE+HoDoKu")


def test_se_path_agrees_with_the_cli_and_with_rate(datasets, cli):
    puzzles = [EASY] + rated_sample(datasets)
    records, run = json_lines(cli, ["explain", "--scale", "se", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    assert len(records) == len(puzzles)
    for puzzle, record in zip(puzzles, answers(records, puzzles)):
        path = sudokit.se_path(puzzle)
        assert path.to_dict() == record
        # The path's rating is the one rate gives.
        rating = sudokit.rate(puzzle)
        assert (path.er, path.ep, path.ed, path.hardest) == (rating.er, rating.ep, rating.ed, rating.hardest)
        assert path.solved and path.stopped is None
        assert max(step.difficulty for step in path) == path.er
        text = run_cli(cli, ["explain", "--scale", "se"], puzzle + "\n").stdout
        assert str(path) + "\n" == text


def test_summaries_agree_with_the_cli(datasets, cli):
    puzzles = [EASY, XY] + rated_sample(datasets, n=5)
    records, run = json_lines(cli, ["explain", "--summary", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    for puzzle, record in zip(puzzles, answers(records, puzzles)):
        explanation = sudokit.explain(puzzle)
        assert explanation.summary() == record["summary"]
        assert sum(c["count"] for c in record["summary"]) == len(explanation) == record["step_count"]
        # HoDoKu's score is the sum of the steps' base scores.
        assert sum(c["count"] * c["score"] for c in record["summary"]) == sudokit.rate(puzzle).score
    records, run = json_lines(cli, ["explain", "--scale", "se", "--summary", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    for puzzle, record in zip(puzzles, answers(records, puzzles)):
        path = sudokit.se_path(puzzle)
        assert path.summary() == record["summary"]
        assert sum(c["count"] for c in record["summary"]) == len(path)
        assert record["summary"][-1]["difficulty"] == path.er


def test_se_path_steps():
    path = sudokit.se_path(EASY)
    assert len(path) == len(path.steps) and path[-1] == path.steps[-1]
    first = path[0]
    text = "Hidden Single (1.2): r2c2=6"
    assert (first.technique, first.difficulty, str(first)) == ("Hidden Single", 1.2, text)
    assert first.placements == [(2, 2, 6)] and first.eliminations == []
    assert first.to_dict() == {
        "technique": "Hidden Single", "difficulty": 1.2, "text": text, "digits": [], "cells": [],
        "chains": [], "placements": [{"cell": "r2c2", "digit": 6}], "eliminations": [],
    }
    assert [s.text for s in path] == [s.text for s in path.steps]
    assert repr(path) == f"SePath({len(path)} steps, ER 1.2, Hidden Single)"
    with pytest.raises(IndexError):
        path[len(path)]
    # A removal, as (row, column, digit).
    xy = sudokit.se_path(XY)
    assert (xy.er, xy.hardest) == (4.2, "XY-Wing")
    assert xy[8].eliminations == [(4, 9, 7), (5, 9, 7), (6, 9, 7)]
    assert (xy[8].to_dict()["digits"], xy[8].to_dict()["cells"]) == ([7], ["r2c9", "r3c9"])


def test_se_chain_steps_show_their_chain():
    # Made with `sudokit generate puzzle --er 6.6..7.1 --seed 3`: its hardest step is a Turbot Fish.
    puzzle = "5...16..8...928....6....7..3......5.9.1.....3..82..19.18...42.5.....137...5......"
    path = sudokit.se_path(puzzle)
    turbot = next(s for s in path if s.technique == "Turbot Fish")
    assert turbot.text == "Turbot Fish (6.6): (9)r1c2-(9)r3c3=(9)r3c9-(9)r8c9=(9)r8c2-(9)r1c2 => r1c2<>9"
    chain = turbot.to_dict()["chains"]
    cells = ["r1c2", "r3c3", "r3c9", "r8c9", "r8c2", "r1c2"]
    assert chain == [{
        "nodes": [{"cells": [c], "digits": [9]} for c in cells],
        "links": ["weak", "strong", "weak", "strong", "weak"],
    }]


def test_se_hint_agrees_with_the_cli_and_with_se_path(datasets, cli):
    puzzles = [EASY, XY] + rated_sample(datasets)
    for level in ("nudge", "technique", "step"):
        records, run = json_lines(cli, ["hint", "--scale", "se", "--level", level, "-o", "json"], puzzles)
        assert run.returncode == 0, run.stderr
        for puzzle, record in zip(puzzles, answers(records, puzzles)):
            h = sudokit.hint(puzzle, level, scale="se")
            assert h.to_dict() == record
            assert str(h) + "\n" == run_cli(cli, ["hint", "--scale", "se", "--level", level], puzzle + "\n").stdout
    for puzzle in puzzles:
        # The first step of the path, with its difficulty.
        h = sudokit.hint(puzzle, scale="se")
        first = sudokit.se_path(puzzle)[0]
        assert (h.step, h.technique, h.difficulty, h.text) == (first, first.technique, first.difficulty, first.text)
    h = sudokit.hint(XY, "technique", scale="se")
    assert (h.text, h.technique, h.difficulty, h.step) == ("Try Hidden Single (1.2)", "Hidden Single", 1.2, None)
    assert sudokit.hint(XY, "nudge", scale="se").text == "Look at b3"
    assert sudokit.hint(S1, scale="se") is None


def test_se_hint_on_pencil_marks(cli):
    # After the singles, the ninth step of the path: the pointing that removes three 7s.
    marks = sudokit.candidates(XY, format="line")
    h = sudokit.hint(marks, pencil=True, scale="se")
    assert h.step == sudokit.se_path(XY)[8]
    assert h.step.eliminations == [(4, 9, 7), (5, 9, 7), (6, 9, 7)]
    # The nudge points at the pattern (the 7s of box 3), not at what it removes.
    assert sudokit.hint(marks, "nudge", pencil=True, scale="se").text == "Look at r2c9, r3c9"
    # The path from there: the rest of the puzzle's, rated from there.
    rest = sudokit.se_path(marks, pencil=True)
    records, run = json_lines(cli, ["explain", "--scale", "se", "--pencil", "-o", "json"], [marks])
    assert run.returncode == 0, run.stderr
    assert [rest.to_dict()] == answers(records, [marks], key="pencil")
    assert list(rest) == list(sudokit.se_path(XY))[8:]
    assert (rest.er, rest.ep, rest.ed, rest.hardest) == (4.2, 4.2, 2.6, "XY-Wing")
    with pytest.raises(ValueError, match="classic 9×9 puzzles only, not 4×4 boards"):
        sudokit.se_path(sudokit.candidates("1.3.4.2.3.1.2.4.", format="line"), pencil=True)


def test_all_steps_agree_with_the_cli_and_each_is_right(datasets, cli):
    puzzles = [EASY] + rated_sample(datasets, n=3)
    records, run = json_lines(cli, ["hint", "--all", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    for puzzle, own in zip(puzzles, answers(records, puzzles)):
        steps = sudokit.all_steps(puzzle)
        assert [s.to_dict() for s in steps] == own["steps"]
        solution = sudokit.solve(puzzle)
        for step in steps:
            assert all(solution[(r - 1) * 9 + c - 1] == str(d) for r, c, d in step.placements), step
            assert all(solution[(r - 1) * 9 + c - 1] != str(d) for r, c, d in step.eliminations), step
    steps = sudokit.all_steps(EASY)
    assert sudokit.hint(EASY).step in steps
    assert not any(s.technique.startswith("Forcing") for s in steps)
    chains = sudokit.all_steps(EASY, techniques=["fcc"])
    assert chains and {s.technique for s in chains} == {"Forcing Chain Contradiction"}
    assert sudokit.all_steps(S1) == []
    with pytest.raises(ValueError):
        sudokit.all_steps(EASY, techniques=["no such technique"])
    with pytest.raises(sudokit.MultipleSolutionsError):
        sudokit.all_steps("." * 81)


def test_se_all_steps_agree_with_the_cli_and_each_is_right(datasets, cli):
    nishio = "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5"
    puzzles = [EASY, XY, nishio] + rated_sample(datasets, n=2)
    records, run = json_lines(cli, ["hint", "--all", "--scale", "se", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    for puzzle, own in zip(puzzles, answers(records, puzzles)):
        steps = sudokit.all_steps(puzzle, scale="se")
        assert [s.to_dict() for s in steps] == own["steps"]
        assert steps[0] == sudokit.hint(puzzle, scale="se").step
        solution = sudokit.solve(puzzle)
        for step in steps:
            assert all(solution[(r - 1) * 9 + c - 1] == str(d) for r, c, d in step.placements), step
            assert all(solution[(r - 1) * 9 + c - 1] != str(d) for r, c, d in step.eliminations), step
    chains = sudokit.all_steps(nishio, scale="se")
    assert {s.technique for s in chains} >= {"Nishio Forcing Chains"}
    assert all(s.difficulty >= 6.5 for s in chains)
    assert sudokit.all_steps(S1, scale="se") == []
    with pytest.raises(ValueError, match="takes no techniques"):
        sudokit.all_steps(EASY, scale="se", techniques=["ns"])
    with pytest.raises(ValueError, match="scale="):
        sudokit.all_steps(EASY, scale="serate")
    with pytest.raises(ValueError, match="classic 9×9"):
        sudokit.all_steps("1.3.4.2.3.1.2.4.", scale="se")
    with pytest.raises(sudokit.MultipleSolutionsError):
        sudokit.all_steps("." * 81, scale="se")


def test_hint_without_an_allowed_technique_is_none():
    # Not solved: explain says where it is stuck.
    assert sudokit.hint(XY, techniques=["Naked Single"]) is None
    assert not sudokit.explain(XY, techniques=["Naked Single"]).solved


def test_rate_batch_keeps_order_and_matches_rate(datasets):
    puzzles = [EASY] + rated_sample(datasets)
    rows = to_rows(puzzles)
    er, ep, ed, score, level, status = sudokit.rate_batch(rows)
    assert (er.dtype, ep.dtype, ed.dtype, score.dtype, level.dtype, status.dtype) == (
        np.float32, np.float32, np.float32, np.int32, np.int8, np.uint8)
    for i, p in enumerate(puzzles):
        r = sudokit.rate(p)
        assert status[i] == sudokit.OK
        assert (er[i], ep[i], ed[i]) == pytest.approx((r.er, r.ep, r.ed))
        assert int(score[i]) == r.score and sudokit.LEVELS[level[i]] == r.level
    # Reversed input, reversed answers; one worker or all of them, the same.
    again = sudokit.rate_batch(rows[::-1].copy(), threads=1)
    assert again[3].tolist() == score[::-1].tolist() and again[0].tolist() == er[::-1].tolist()
    # (N, 9, 9) works too.
    assert sudokit.rate_batch(rows.reshape(-1, 9, 9))[3].tolist() == score.tolist()


def test_rate_batch_details_match_rate(datasets):
    puzzles = [EASY] + rated_sample(datasets, n=4) + [p for p, _ in UNRATED]
    rows = to_rows(puzzles)
    plain = sudokit.rate_batch(rows)
    both = sudokit.rate_batch(rows, details=True, threads=1)
    assert len(plain) == 6 and len(both) == 8
    # The first six are the plain call's, whatever the number of workers.
    for a, b in zip(plain, both):
        assert np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    hardest, steps = both[6:]
    assert (hardest.dtype, steps.dtype) == (np.dtype(object), np.int32)
    for i, p in enumerate(puzzles):
        r = sudokit.rate(p)
        if r.er is None:
            assert (hardest[i], int(steps[i])) == (None, -1), p
        else:
            assert (hardest[i], int(steps[i])) == (r.hardest, r.step_count), p
    assert hardest[0] == "Hidden Single" and hardest[-1] is None


@pytest.mark.parametrize("call", [
    lambda: sudokit.explain(EASY, techniques=[]),
    lambda: sudokit.hint(EASY, techniques=[]),
    lambda: sudokit.all_steps(EASY, techniques=[]),
    lambda: sudokit.candidates(EASY, techniques=[]),
    lambda: sudokit.explain_batch(to_rows([EASY]), techniques=[]),
])
def test_an_empty_technique_list_is_refused(call):
    # As `--techniques ''` is: an empty list used to mean the default set, and solve the puzzle.
    with pytest.raises(ValueError, match=r"techniques=\[\] allows no technique"):
        call()


def test_a_solved_grid_rates_as_no_step():
    # Not a path cut short: 0.0 on Sudoku Explainer's scale, score 0 (easy) on HoDoKu's.
    r = sudokit.rate(S1)
    assert (r.status, r.er, r.ep, r.ed, r.score, r.level, r.step_count) == ("ok", 0.0, 0.0, 0.0, 0, "easy", 0)
    assert r.is_rated and not r.messages and str(r) == "0.0/0.0/0.0 0 easy"
    er, ep, ed, score, level, status = sudokit.rate_batch(to_rows([S1]))
    assert (status.tolist(), score.tolist(), er.tolist()) == ([sudokit.OK], [0], [0.0])


def test_rate_batch_status_codes():
    rows = to_rows([EASY] + [p for p, _ in UNRATED] + [no_solution_puzzle()])
    rows = np.vstack([rows, np.full((1, 81), 10, dtype=np.uint8)])
    er, ep, ed, score, level, status = sudokit.rate_batch(rows)
    assert status.tolist() == [sudokit.OK, sudokit.MULTIPLE, sudokit.INVALID, sudokit.NO_SOLUTION,
                               sudokit.BAD_VALUE]
    assert np.isnan(er[1:]).all() and np.isnan(ep[1:]).all() and np.isnan(ed[1:]).all()
    assert score[1:].tolist() == [-1] * 4 and level[1:].tolist() == [-1] * 4
    assert sudokit.Status(int(status[1])) is sudokit.Status.MULTIPLE
    # The codes' names, fixed: tuples, as the stubs say, not lists any importer could change.
    assert sudokit.LEVELS == ("easy", "medium", "hard", "unfair", "extreme")
    assert isinstance(sudokit.TECHNIQUES, tuple)


def marks_array(lines):
    """729-character pencil-mark lines as an ``(N, 81, 9)`` bool array: ``True`` for each candidate."""
    return np.array([[c != "." for c in line] for line in lines], dtype=bool).reshape(-1, 81, 9)


def test_rate_batch_on_pencil_marks_matches_rate(datasets):
    puzzles = [XY] + rated_sample(datasets)
    starting = [sudokit.candidates(p, format="line", techniques=["fh"], exclude=["fh"]) for p in puzzles]
    after = sudokit.candidates(XY, format="line")
    twin = "1........1........" + "123456789" * 79
    lines = starting + [after, "123456789" * 81, twin]
    marks = marks_array(lines)
    er, ep, ed, score, level, status, hardest, steps = sudokit.rate_batch(marks, pencil=True, details=True)
    for i, line in enumerate(lines):
        r = sudokit.rate(line, pencil=True)
        assert sudokit.Status(int(status[i])).name.lower() == r.status, line
        if r.er is None:
            assert np.isnan(er[i]) and (int(score[i]), int(level[i]), hardest[i]) == (-1, -1, None)
            continue
        assert (er[i], ep[i], ed[i]) == pytest.approx((r.er, r.ep, r.ed))
        assert (int(score[i]), sudokit.LEVELS[level[i]]) == (r.score, r.level)
        assert (hardest[i], int(steps[i])) == (r.hardest, r.step_count)
    assert status[-2:].tolist() == [sudokit.MULTIPLE, sudokit.INVALID]
    assert (er[len(starting)], hardest[len(starting)]) == (pytest.approx(4.2), "XY-Wing")
    # The other shapes, uint8 with any nonzero value for a candidate, one worker: the same answers.
    weighted = marks.astype(np.uint8) * np.arange(1, 10, dtype=np.uint8)
    for same in (marks.reshape(-1, 729), marks.reshape(-1, 9, 9, 9), weighted):
        again = sudokit.rate_batch(same, pencil=True, threads=1)
        assert again[5].tolist() == status.tolist() and again[3].tolist() == score.tolist()
        assert np.array_equal(again[0], er, equal_nan=True)


@pytest.mark.parametrize(
    "arr",
    [
        np.ones((2, 81), dtype=bool),
        np.ones((2, 81, 9), dtype=np.int64),
        np.ones((9, 81, 2), dtype=bool).T,
        np.ones((2, 16, 4), dtype=bool),
        [[True] * 729],
    ],
)
def test_rate_batch_on_bad_pencil_arrays(arr):
    with pytest.raises(ValueError):
        sudokit.rate_batch(arr, pencil=True)


@pytest.mark.parametrize(
    "arr",
    [
        np.zeros((2, 81), dtype=np.int64),
        np.zeros((2, 16), dtype=np.uint8),
        np.zeros((81, 2), dtype=np.uint8).T,
        [[0] * 81],
    ],
)
def test_rate_batch_bad_arrays(arr):
    with pytest.raises(ValueError):
        sudokit.rate_batch(arr)


def summary_counts(record):
    """A record of ``sudokit explain --summary -o json`` as ``{technique: count}``."""
    return {c["technique"]: c["count"] for c in record["summary"]}


def test_explain_batch_counts_as_explain_summary(datasets, cli):
    puzzles = [EASY, XY] + rated_sample(datasets)
    rows = to_rows(puzzles)
    counts, status = sudokit.explain_batch(rows)
    assert (counts.dtype, status.dtype) == (np.int32, np.uint8)
    assert counts.shape == (len(puzzles), len(sudokit.TECHNIQUES)) == (len(puzzles), len(set(sudokit.TECHNIQUES)))
    assert status.tolist() == [sudokit.OK] * len(puzzles)
    records, run = json_lines(cli, ["explain", "--summary", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    for row, record in zip(counts, records):
        assert {t: int(n) for t, n in zip(sudokit.TECHNIQUES, row) if n} == summary_counts(record)
        assert int(row.sum()) == record["step_count"]
    # One worker, reversed input: the same rows, reversed.
    again, _ = sudokit.explain_batch(rows[::-1].copy(), threads=1)
    assert np.array_equal(again, counts[::-1])
    # Techniques as `explain` takes them: singles alone leave XY stuck, with the counts so far.
    singles, status = sudokit.explain_batch(rows[:2], techniques=["fh", "n1", "h1"])
    assert status.tolist() == [sudokit.OK, sudokit.PARTIAL]
    records, _ = json_lines(cli, ["explain", "--summary", "-o", "json", "--techniques", "fh,n1,h1"], [XY])
    assert {t: int(n) for t, n in zip(sudokit.TECHNIQUES, singles[1]) if n} == summary_counts(records[0])
    without, _ = sudokit.explain_batch(rows[1:2], exclude=["xy"])
    assert without[0, sudokit.TECHNIQUES.index("XY-Wing")] == 0 and without[0].sum() > 0


def test_explain_batch_status_codes_and_other_boards(cli):
    rows = to_rows([EASY] + [p for p, _ in UNRATED] + [no_solution_puzzle()])
    rows = np.vstack([rows, np.full((1, 81), 10, dtype=np.uint8)])
    counts, status = sudokit.explain_batch(rows)
    assert status.tolist() == [sudokit.OK, sudokit.MULTIPLE, sudokit.INVALID, sudokit.NO_SOLUTION,
                               sudokit.BAD_VALUE]
    assert counts[0].sum() > 0 and not counts[1:].any()
    # A 4x4 batch, as `explain --summary` counts it.
    mini_rows = np.array([[int(c) if c != "." else 0 for c in MINI]], dtype=np.uint8)
    mini, status = sudokit.explain_batch(mini_rows)
    records, _ = json_lines(cli, ["explain", "--summary", "-o", "json"], [MINI])
    assert status.tolist() == [sudokit.OK]
    assert {t: int(n) for t, n in zip(sudokit.TECHNIQUES, mini[0]) if n} == summary_counts(records[0])
    with pytest.raises(ValueError):
        sudokit.explain_batch(rows, techniques=["no such technique"])
    with pytest.raises(ValueError):
        sudokit.explain_batch(np.zeros((2, 81), dtype=np.int64))


def test_explain_batch_counts_sudoku_explainers_path(datasets):
    puzzles = [EASY, XY] + rated_sample(datasets)
    rows = to_rows(puzzles)
    counts, status = sudokit.explain_batch(rows, scale="se")
    width = len(sudokit.SE_TECHNIQUES)
    assert counts.shape == (len(puzzles), width) and width == len(set(sudokit.SE_TECHNIQUES))
    assert status.tolist() == [sudokit.OK] * len(puzzles)
    for puzzle, row in zip(puzzles, counts):
        path = sudokit.se_path(puzzle)
        named = collections.Counter(step.technique for step in path)
        assert {t: int(n) for t, n in zip(sudokit.SE_TECHNIQUES, row) if n} == dict(named)
    # Bad rows answer in place; the flags of HoDoKu's path and other boards are refused.
    bad = to_rows([p for p, _ in UNRATED] + [no_solution_puzzle()])
    bad = np.vstack([bad, np.full((1, 81), 10, dtype=np.uint8)])
    counts, status = sudokit.explain_batch(bad, scale="SE")
    assert status.tolist() == [sudokit.MULTIPLE, sudokit.INVALID, sudokit.NO_SOLUTION, sudokit.BAD_VALUE]
    assert not counts.any()
    for refused in ({"techniques": ["fh"]}, {"exclude": ["xy"]}, {"all_at_once": True}, {"scale": "serate"}):
        with pytest.raises(ValueError):
            sudokit.explain_batch(rows[:1], **{"scale": "se", **refused})
    with pytest.raises(ValueError):
        sudokit.explain_batch(np.array([[int(c) if c != "." else 0 for c in MINI]], dtype=np.uint8), scale="se")


def test_bad_input():
    with pytest.raises(sudokit.ParseError):
        sudokit.explain("not a puzzle")
    with pytest.raises(sudokit.ParseError):
        sudokit.rate("1234")
    with pytest.raises(sudokit.ParseError):
        sudokit.se_path("1234")
    with pytest.raises(ValueError, match="unknown"):
        sudokit.explain(EASY, techniques=["no such technique"])
    with pytest.raises(ValueError, match="level"):
        sudokit.hint(EASY, level="all")
    with pytest.raises(ValueError, match="format"):
        sudokit.candidates(EASY, format="json")
    # What needs exactly one solution raises the same way.
    se_hint = functools.partial(sudokit.hint, scale="se")
    se_hint.__name__ = "hint(scale='se')"
    with pytest.raises(sudokit.InvalidPuzzleError) as clash:
        sudokit.solve("55" + "." * 79)
    assert len(clash.value.conflicts) == 2 and "givens break the rules" in str(clash.value)
    for f in (sudokit.explain, sudokit.hint, sudokit.candidates, sudokit.se_path, se_hint):
        many = "puzzle 1, line 1: .*more than one solution"
        with pytest.raises(sudokit.MultipleSolutionsError, match=many):
            f("." * 81)
        with pytest.raises(sudokit.InvalidPuzzleError) as e:
            f("55" + "." * 79)
        # Every clash named, in the words `solve` uses.
        assert str(e.value) == str(clash.value) and e.value.conflicts == clash.value.conflicts, f.__name__
        with pytest.raises(sudokit.NoSolutionError):
            f(no_solution_puzzle())
    # The ratings' scales are for classic 9x9 puzzles.
    with pytest.raises(ValueError, match="classic 9×9 puzzles only, not 4×4 boards"):
        sudokit.se_path("." * 16)
    with pytest.raises(ValueError, match="variant rules"):
        sudokit.se_path(EASY, variant="x")
    with pytest.raises(ValueError, match="classic 9×9 puzzles only, not 4×4 boards"):
        se_hint("." * 16)
    with pytest.raises(ValueError, match="variant rules"):
        se_hint(EASY, variant="x")
    with pytest.raises(ValueError, match="no techniques or exclude"):
        se_hint(EASY, exclude=["bf"])
    with pytest.raises(ValueError, match="scale"):
        sudokit.hint(EASY, scale="hodoku2")
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.explain("1" * 700, pencil=True)
    assert (e.value.puzzle, e.value.line) == (1, 1) and "not a pencil-mark grid" in str(e.value)
    with pytest.raises(ValueError):
        sudokit.explain([[1, 2], [3, 4]], pencil=True)


def test_the_gil_is_released_while_rate_batch_runs(datasets):
    # The first reference puzzle rated ER 9.2 (dynamic forcing chains), rated a few times over on one
    # worker: tenths of a second of work. A Python thread keeps counting meanwhile; with the GIL held
    # it could not count at all until the call returned. How long the call takes is not asserted: it
    # shrinks whenever the rater gets faster.
    with open(datasets / "ratings" / "se-dev.tsv", newline="") as f:
        row = next(r for r in csv.DictReader(f, delimiter="\t") if r["ER"] == "9.2")
    copies = 4
    (er, _, _, score, level, status), during, elapsed = while_another_thread_counts(
        lambda: sudokit.rate_batch(to_rows([row["puzzle"]] * copies), threads=1)
    )
    assert status.tolist() == [sudokit.OK] * copies and (score > 0).all()
    assert [round(float(e), 1) for e in er] == [9.2] * copies
    assert during > 10_000, f"the other thread ran {during} times in {elapsed:.2f} s"


def test_help_is_useful():
    functions = (sudokit.explain, sudokit.hint, sudokit.all_steps, sudokit.candidates, sudokit.rate,
                 sudokit.rate_batch, sudokit.explain_batch)
    for f in (*functions, sudokit.se_path):
        assert len(f.__doc__ or "") > 300, f.__name__
        assert f.__text_signature__ and "puzzle" in f.__text_signature__


def test_backdoors_agree_with_the_cli_and_open_the_puzzle(datasets, cli):
    hardest = (datasets / "puzzles6_forum_hardest_1106.txt").read_text().split()[:3]
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    puzzles = [P1, easy, *hardest]
    records, run = json_lines(cli, ["backdoor", "-o", "json"], puzzles)
    assert run.returncode == 0, run.stderr
    for p, r in zip(puzzles, records):
        size, doors = sudokit.backdoors(p)
        assert size == r["backdoor_size"]
        names = [[f"r{row}c{col}={d}" for row, col, d in door] for door in doors]
        assert names == r["backdoors"]
        for door in doors:
            # Given its backdoor's digits, the puzzle is solved by singles alone: its hint path
            # then has nothing harder than a single.
            cells = list(p)
            for row, col, d in door:
                cells[(row - 1) * 9 + col - 1] = str(d)
            steps = sudokit.explain("".join(cells), techniques=["fh", "n1", "h1"])
            assert steps.solved, door
    assert sudokit.backdoors(easy) == (0, [])
    assert sudokit.backdoors(P1, max_size=1) == (None, [])
    assert len(sudokit.backdoors(P1)[1]) == 7


def test_backdoors_refuse_puzzles_without_one_solution():
    with pytest.raises(sudokit.errors.MultipleSolutionsError):
        sudokit.backdoors("." * 81)
    with pytest.raises(sudokit.ParseError):
        sudokit.backdoors("12x")
    with pytest.raises(sudokit.errors.InvalidPuzzleError):
        sudokit.backdoors("11" + "." * 79)
    # Other boards: a 4×4 puzzle.
    size, doors = sudokit.backdoors("1.3.4.2.3.1.2.4.")
    assert size == 0 and doors == []


def test_pencil_marks_play_under_their_rules(cli):
    """`variant=` or a record's own `variants` rule pencil marks, as `--pencil` reads them."""
    x = sudokit.generate(seed=2, variant="x")
    record = run_cli(cli, ["candidates", "--variant", "x", "-o", "json"], x + "\n").stdout
    marks = json.loads(record)["candidates"]
    with pytest.raises(sudokit.MultipleSolutionsError):
        sudokit.explain(marks, pencil=True)
    flagged = sudokit.explain(marks, pencil=True, variant="x")
    own = sudokit.explain(record, pencil=True)
    assert flagged.solved and own == flagged
    assert str(flagged) == run_cli(cli, ["explain", "--pencil"], record).stdout.rstrip("\n")
    # Each placement is the X puzzle's solution.
    solution = sudokit.solve(x, variant="x")
    for step in flagged:
        for row, col, digit in step.placements:
            assert solution[(row - 1) * 9 + col - 1] == str(digit), step
    rating = sudokit.rate(record, pencil=True)
    assert rating.status == "unsupported"
    with pytest.raises(ValueError, match="regions= does not go with pencil=True"):
        sudokit.explain(marks, pencil=True, regions="A" * 81)


def test_explanations_and_se_paths_are_sequences():
    from collections.abc import Sequence

    for path in (sudokit.explain(EASY), sudokit.se_path(XY)):
        steps = list(path)
        assert isinstance(path, Sequence)
        assert path[1:3] == steps[1:3] and path[::-1] == steps[::-1] and path[-1] == steps[-1]
        assert list(reversed(path)) == steps[::-1]
        assert steps[2] in path and path.index(steps[2]) == steps.index(steps[2])
        assert path.count(steps[0]) == steps.count(steps[0])
        assert "not a step" not in path
        with pytest.raises(ValueError):
            path.index("not a step")
        with pytest.raises(IndexError):
            path[len(steps)]
