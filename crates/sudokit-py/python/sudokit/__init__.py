"""sudokit: a Sudoku toolkit. Solve, count, check and generate puzzles, one at a time or as numpy
batches on every core, with the speed and the messages of the ``sudokit`` command line.

One puzzle (a string in any layout ``sudokit solve`` reads, a list of rows, or a numpy array)::

    >>> import sudokit
    >>> p = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    >>> sudokit.solve(p)[:9]
    '812753649'
    >>> sudokit.count(p.replace("5", "8", 1)), sudokit.check(p).kind
    (295, 'unique')

Many puzzles (an ``(N, 81)`` ``uint8`` array, 0 for a blank)::

    puzzles, status = sudokit.read_batch("puzzles.txt")   # a file in any layout, one row per record
    solutions, status = sudokit.solve_batch(puzzles)   # status: sudokit.Status per row

Like a human (the steps of HoDoKu's techniques) and rated on Sudoku Explainer's and HoDoKu's scales::

    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> print(sudokit.explain(easy)[0])
    Naked Single: r5c6=4
    >>> sudokit.rate(easy).level
    'easy'
    >>> print(sudokit.se_path(easy)[0])   # Sudoku Explainer's steps, behind ER/EP/ED
    Hidden Single (1.2): r2c2=6

Functions: :func:`solve`, :func:`count`, :func:`check` (a :class:`Verdict`), :func:`minimize`,
:func:`solutions` (an iterator), :func:`generate`, :func:`canon`; :func:`explain` (an
:class:`Explanation` of :class:`Step`), :func:`hint` (a :class:`Hint`), :func:`candidates`,
:func:`rate` (a :class:`Rating`), :func:`se_path` (an :class:`SePath` of :class:`SeStep`),
:func:`backdoors`; :func:`solve_batch`, :func:`count_batch`, :func:`check_batch`,
:func:`minimize_batch`, :func:`generate_batch`, :func:`rate_batch`, :func:`backdoor_batch`,
:func:`explain_batch` (technique counts per puzzle, columns :data:`TECHNIQUES`, or
:data:`SE_TECHNIQUES` with ``scale="se"``),
:func:`canon_batch`;
:func:`read_batch` (a puzzle file in any layout into arrays for them). Errors: :mod:`sudokit.errors`.
"""

from __future__ import annotations

import collections.abc
import enum

from . import _sudokit
from ._sudokit import (
    AT_LIMIT,
    BAD_VALUE,
    INVALID,
    MULTIPLE,
    NO_SOLUTION,
    NOT_FOUND,
    LEVELS,
    OK,
    SE_TECHNIQUES,
    TECHNIQUES,
    PARTIAL,
    TARGET_MISSED,
    UNREADABLE,
    TIMED_OUT,
    Explanation,
    Hint,
    Rating,
    SePath,
    SeStep,
    Solutions,
    Step,
    Verdict,
    all_steps,
    backdoor_batch,
    backdoors,
    candidates,
    canon,
    canon_batch,
    check,
    check_batch,
    count,
    count_batch,
    explain,
    explain_batch,
    generate,
    generate_batch,
    hint,
    minimize,
    minimize_batch,
    rate,
    rate_batch,
    read_batch,
    se_path,
    solutions,
    solve,
    solve_batch,
)
from . import errors
from .errors import (
    ClueTargetWarning,
    GenerateError,
    InvalidPuzzleError,
    MultipleSolutionsError,
    MultipleSolutionsWarning,
    NoSolutionError,
    ParseError,
    SudokitError,
    TimedOutError,
    UnreadableWarning,
)

__version__: str = _sudokit.__version__

# Steps in order, with what a sequence has (slices, index, count, in, reversed): isinstance(…, Sequence)
# holds for them as for a list.
collections.abc.Sequence.register(Explanation)
collections.abc.Sequence.register(SePath)


class Status(enum.IntEnum):
    """The status code of one row of a batch (the arrays hold the plain numbers)."""

    OK = OK
    """Answered: solved, unique, counted in full, generated."""
    NO_SOLUTION = NO_SOLUTION
    """The givens obey the rules, but there is no solution."""
    INVALID = INVALID
    """Givens that break the rules (two equal digits in a house)."""
    MULTIPLE = MULTIPLE
    """More than one solution (check_batch; the row holds one of them)."""
    BAD_VALUE = BAD_VALUE
    """A value out of range for the board (above 9 on 9x9)."""
    TIMED_OUT = TIMED_OUT
    """The timeout or node budget ran out first."""
    AT_LIMIT = AT_LIMIT
    """count_batch stopped at the limit: at least that many solutions; backdoor_batch: more than
    max_size cells are needed."""
    NOT_FOUND = NOT_FOUND
    """generate_batch: no attempt reached the difficulty."""
    TARGET_MISSED = TARGET_MISSED
    """generate_batch: the closest puzzle to a missed clue target."""
    PARTIAL = PARTIAL
    """rate_batch: one scale rated the puzzle, the other could not (its values are missing);
    explain_batch: the techniques allowed ran out (the counts so far)."""
    UNREADABLE = UNREADABLE
    """read_batch: the record could not be read (the row is zeros)."""


__all__ = [
    "solve",
    "count",
    "check",
    "minimize",
    "solutions",
    "generate",
    "canon",
    "explain",
    "hint",
    "all_steps",
    "candidates",
    "rate",
    "se_path",
    "backdoors",
    "solve_batch",
    "count_batch",
    "check_batch",
    "minimize_batch",
    "generate_batch",
    "rate_batch",
    "backdoor_batch",
    "explain_batch",
    "canon_batch",
    "read_batch",
    "Verdict",
    "Step",
    "Explanation",
    "Hint",
    "Rating",
    "SePath",
    "SeStep",
    "Solutions",
    "Status",
    "OK",
    "NO_SOLUTION",
    "INVALID",
    "MULTIPLE",
    "BAD_VALUE",
    "TIMED_OUT",
    "AT_LIMIT",
    "NOT_FOUND",
    "TARGET_MISSED",
    "PARTIAL",
    "UNREADABLE",
    "LEVELS",
    "TECHNIQUES",
    "SE_TECHNIQUES",
    *errors.__all__,
    "__version__",
]
