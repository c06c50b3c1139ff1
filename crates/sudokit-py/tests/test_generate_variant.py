"""generate(variant=...) and generate_batch(variant=...): variant puzzles as the command line writes
them, unique under their own rules, reproducible from the seed."""

from __future__ import annotations

import json

import numpy as np
import pytest

import sudokit
from conftest import run_cli


def test_x_puzzle_is_unique_under_x_and_reproducible():
    p = sudokit.generate(seed=4, variant="x")
    assert isinstance(p, str) and len(p) == 81
    assert sudokit.count(p, variant="x") == 1
    assert p == sudokit.generate(seed=4, variant=["x"])
    assert p != sudokit.generate(seed=4, index=1, variant="x")
    # Other layouts work as for classic puzzles.
    assert sudokit.count(sudokit.generate(seed=4, variant="x", format="grid"), variant="x") == 1


def test_hyper_goes_up_to_16x16():
    p = sudokit.generate(seed=3, size=16, variant="hyper")
    assert len(p) == 256
    assert sudokit.count(p, variant="hyper") == 1
    full = sudokit.solve("." * 256, variant="hyper", first=True)
    assert full and "." not in full
    with pytest.raises(ValueError, match="up to 16x16, not 25x25|up to 16×16, not 25×25"):
        sudokit.generate(seed=3, size=25, variant="hyper")


def test_jigsaw_puzzle_carries_its_region_map():
    p = sudokit.generate(seed=4, variant="jigsaw")
    givens, regions = p.split(" ")
    assert len(givens) == 81 and len(regions) == 81
    assert sudokit.count(p, variant="jigsaw") == 1
    cells = [0 if c == "." else int(c) for c in givens]
    assert sudokit.count(cells, variant="jigsaw", regions=regions) == 1
    assert p == sudokit.generate(seed=4, variant="jigsaw")
    small = sudokit.generate(seed=2, size=6, variant="x,jigsaw")
    assert sudokit.count(small, variant="x,jigsaw") == 1


def test_jigsaw_text_needs_no_variant():
    # A region map after the givens makes the text jigsaw, as on the command line (read as
    # classic, these givens have many solutions).
    p = sudokit.generate(seed=4, variant="jigsaw")
    assert sudokit.count(p) == 1
    assert sudokit.solve(p, format="line") == sudokit.solve(p, variant="jigsaw", format="line")
    # An array row holds a plain grid only: the map is not dropped without a word.
    with pytest.warns(sudokit.errors.UnreadableWarning, match="variant rules"):
        puzzles, status = sudokit.read_batch(f"{p}\n{p}\n".encode())
    assert status.tolist() == [sudokit.UNREADABLE] * 2
    assert not puzzles.any()


def test_jigsaw_drawn_with_walls_reads_back_as_that_jigsaw():
    line = sudokit.generate(seed=4, variant="jigsaw")
    drawn = sudokit.generate(seed=4, variant="jigsaw", format="pretty")
    assert drawn.startswith("+---+---+") and "|" in drawn
    # The walls carry the regions: no variant= needed, and the solution is the line's.
    assert sudokit.count(drawn) == 1
    assert sudokit.solve(drawn, format="line") == sudokit.solve(line, variant="jigsaw", format="line")
    # Answers in pretty draw the same walls.
    assert sudokit.solve(line, variant="jigsaw", format="pretty").count("+") == drawn.count("+")


def test_killer_puzzle_is_a_puzzle_object():
    p = sudokit.generate(seed=4, variant="killer")
    assert isinstance(p, dict)
    assert p["variants"] == ["killer"] and p["cages"]
    assert sudokit.count(json.dumps(p)) == 1
    assert p == sudokit.generate(seed=4, variant="killer")


def test_items_are_the_command_lines(cli):
    for variant, seed in [("x", 6), ("jigsaw", 6), ("killer", 6)]:
        out = run_cli(cli, ["generate", "puzzle", "--variant", variant, "--seed", str(seed), "-n", "2"])
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        for index, line in enumerate(lines):
            item = sudokit.generate(seed=seed, index=index, variant=variant)
            assert (json.loads(line) if variant == "killer" else line) == item


def test_generate_batch_gives_the_items_of_generate():
    items, solutions, status = sudokit.generate_batch(3, seed=8, variant="jigsaw", threads=2)
    assert (status == sudokit.OK).all()
    assert items == [sudokit.generate(seed=8, index=i, variant="jigsaw") for i in range(3)]
    assert solutions.shape == (3, 81) and solutions.dtype == np.uint8
    again, _, _ = sudokit.generate_batch(3, seed=8, variant="jigsaw", threads=1)
    assert again == items
    killers, _, _ = sudokit.generate_batch(2, seed=8, size=6, variant="killer")
    assert all(isinstance(k, dict) and sudokit.count(json.dumps(k)) == 1 for k in killers)


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(size=6, variant="hyper"), "hyper windows need square boxes and a side of 9 or more"),
        (dict(size=16, variant="jigsaw"), "jigsaw puzzles are generated on boards up to 12×12, not 16×16"),
        (dict(variant="x", difficulty="singles"), "difficulty classes are defined for classic puzzles only"),
        (dict(variant="killer", symmetry="rotate180"), "killer puzzles take no symmetry"),
        (dict(variant="sandwich"), "unknown variant `sandwich` (expected x, hyper, jigsaw or killer)"),
        (dict(variant="killer", grid=True), "variant killer makes puzzles"),
        (dict(grid=True, level="hard"), "level shape puzzles: not with grid=True, which makes complete"),
        (dict(grid=True, symmetry="rotate180", clues=25, require="X-Wing"), "symmetry, clues, require shape"),
        (dict(variant="jigsaw", format="grid"), "format='line'"),
    ],
)
def test_bad_combinations_raise_the_library_message(options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        sudokit.generate(seed=1, **options)
    if "format" not in options:
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            sudokit.generate_batch(1, seed=1, **options)


def test_a_batch_too_big_for_memory_raises_at_once():
    """The memory a batch needs is taken before anything is made: too much raises MemoryError, and
    the interpreter goes on."""
    with pytest.raises(MemoryError, match="a batch of 1152921504606846976 puzzles needs more memory"):
        sudokit.generate_batch(2**60, seed=1)
    puzzles, _, codes = sudokit.generate_batch(1, seed=1)
    assert puzzles.shape == (1, 81) and codes[0] == 0


def test_by_rating_as_the_command_line(cli):
    """level, er, require and exclude keep the puzzles --level, --er, --require and --exclude keep:
    the same items, and each meets its target when rated or explained again."""
    classic = sudokit.generate(seed=3, level="hard")
    assert classic == run_cli(cli, ["generate", "puzzle", "--seed", "3", "--level", "hard"]).stdout.strip()
    assert sudokit.rate(classic).level == "hard"
    er = sudokit.generate(seed=3, er="2.0..4.0")
    assert 2.0 <= sudokit.rate(er).er <= 4.0
    killer = sudokit.generate(seed=2, variant="killer", require="innies", exclude=["bf"])
    line = run_cli(
        cli, ["generate", "puzzle", "--seed", "2", "--variant", "killer", "--require", "innies", "--exclude", "bf"]
    ).stdout
    assert killer == json.loads(line)
    used = {s.technique for s in sudokit.explain(json.dumps(killer))}
    assert "Innies" in used and "Brute Force" not in used, used
    items, _, status = sudokit.generate_batch(2, seed=2, variant="killer", require="innies", exclude="bf")
    assert items[0] == killer and (status == sudokit.OK).all()
    with pytest.raises(ValueError, match="the level and ER targets are for classic 9×9 puzzles only, not killer puzzles"):
        sudokit.generate(seed=1, variant="killer", level="easy")
    with pytest.raises(ValueError, match="Innies works on killer cages"):
        sudokit.generate(seed=1, require="innies")
    with pytest.raises(ValueError, match="level: "):
        sudokit.generate(seed=1, level="fiendish")
    with pytest.raises(ValueError, match="bad ER range"):
        sudokit.generate(seed=1, er="7..x")
    with pytest.raises(sudokit.GenerateError, match="no puzzle meeting the target"):
        sudokit.generate(seed=1, size=4, require="x-wing", attempts=5)


def test_families_of_techniques_as_the_command_line(cli):
    """A family in ``require`` asks for any of its techniques, in ``exclude`` for none of them, and
    in ``explain``'s ``techniques`` for all of them, as the command line reads it."""
    made = sudokit.generate(seed=3, require="Unique Rectangle", exclude="Simple Colors")
    line = run_cli(
        cli, ["generate", "puzzle", "--seed", "3", "--require", "Unique Rectangle", "--exclude", "Simple Colors"]
    ).stdout
    assert made == line.strip()
    used = {s.technique for s in sudokit.explain(made)}
    assert used & ({f"Uniqueness Test {n}" for n in range(1, 7)} | {"Hidden Rectangle"}), used
    assert not used & {"Simple Colors Trap", "Simple Colors Wrap"}, used
    by_family = sudokit.explain(made, techniques="singles,locked candidates")
    by_name = sudokit.explain(made, techniques=["fh", "n1", "h1", "lc1", "lc2"])
    assert [s.text for s in by_family] == [s.text for s in by_name]
    with pytest.raises(ValueError, match='did you mean "X-Wing"'):
        sudokit.explain(made, exclude="X Wings")
