"""The result objects pickle and copy (so that multiprocessing sends them back from its workers) and
compare by value."""

from __future__ import annotations

import copy
import multiprocessing
import pickle

import pytest

import sudokit
from conftest import P1

#: Singles only.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: serate 1.2.1.3 rates it 4.2/1.2/1.2, an XY-Wing its hardest step.
XY = ".72......3......8.1....53....54.1...8..5......1..6..2..6.....42..9..3.75......9.."


def results():
    """One result of every class, in the states that differ most (steps with patterns, a Hint with
    its step on either scale, a Verdict with two solutions, a Rating of a puzzle not rated)."""
    explanation = sudokit.explain(XY, grids=True)
    path = sudokit.se_path(XY)
    return [
        sudokit.check(P1),
        sudokit.check("." * 81),
        sudokit.check(P1, minimal=True),
        explanation,
        explanation[0],
        sudokit.hint(XY),
        sudokit.hint(XY, "nudge"),
        sudokit.hint(XY, scale="se"),
        sudokit.rate(XY),
        sudokit.rate("." * 81),
        sudokit.rate("1.3.4.2.3.1.2.4."),
        path,
        path[0],
    ]


@pytest.mark.parametrize("protocol", [0, pickle.HIGHEST_PROTOCOL])
def test_every_result_pickles_as_itself(protocol):
    for result in results():
        back = pickle.loads(pickle.dumps(result, protocol=protocol))
        assert type(back) is type(result)
        assert back == result, repr(result)
        assert (str(back), repr(back)) == (str(result), repr(result))
        if hasattr(result, "to_dict"):
            assert back.to_dict() == result.to_dict()


def test_results_copy_and_compare_by_value():
    first, again = results(), results()
    assert first == again, "two calls on the same puzzle give equal results"
    for result in first:
        assert copy.copy(result) == result
        assert copy.deepcopy(result) == result
    rating = sudokit.rate(XY)
    assert rating != sudokit.rate(EASY)
    assert rating != "4.2/1.2/1.2"
    explanation = sudokit.explain(XY)
    assert explanation != sudokit.explain(XY, grids=True), "grids are part of the explanation"
    assert list(pickle.loads(pickle.dumps(explanation))) == list(explanation)


def test_a_pool_sends_results_back():
    puzzles = [XY, EASY, "." * 81]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        ratings = pool.map(sudokit.rate, puzzles)
        verdicts = pool.map(sudokit.check, puzzles)
    assert ratings == [sudokit.rate(p) for p in puzzles]
    assert verdicts == [sudokit.check(p) for p in puzzles]
    assert str(ratings[0]).startswith("4.2/1.2/1.2")


def test_a_state_that_is_no_result_is_refused():
    with pytest.raises(ValueError, match="no result class"):
        sudokit._sudokit._restore("Grid", "{}")
    with pytest.raises(ValueError, match="not the state of a pickled Rating"):
        sudokit._sudokit._restore("Rating", "[1, 2]")
