"""The exceptions and warnings of sudokit.

Every exception derives from :class:`SudokitError`. Messages are those of the ``sudokit`` command line:
``puzzle 1, line 1, column 5: invalid character 'x' (digits are 1-9; blanks are ...)``; the position
is also in the attributes ``puzzle``, ``line`` and ``column``. A puzzle given as a list or an array is
puzzle 1 on line 1, and the message names the row and cell.
"""

from __future__ import annotations

from typing import List, Optional

__all__ = [
    "SudokitError",
    "ParseError",
    "InvalidPuzzleError",
    "NoSolutionError",
    "MultipleSolutionsError",
    "TimedOutError",
    "GenerateError",
    "MultipleSolutionsWarning",
    "ClueTargetWarning",
    "UnreadableWarning",
]


class SudokitError(Exception):
    """Base class of every sudokit exception."""


class ParseError(SudokitError, ValueError):
    """A puzzle that cannot be read: a bad character, a wrong length, no known layout.

    ``puzzle``, ``line`` and ``column`` (1-based; ``None`` when unknown) say where.
    """

    def __init__(
        self,
        message: str,
        puzzle: Optional[int] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.puzzle = puzzle
        self.line = line
        self.column = column


class InvalidPuzzleError(SudokitError, ValueError):
    """Givens that break the rules (two equal digits in a house); ``conflicts`` names each pair."""

    def __init__(self, message: str, conflicts: Optional[List[str]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.conflicts = list(conflicts or [])


class NoSolutionError(SudokitError):
    """The givens obey the rules, but the puzzle has no solution."""


class MultipleSolutionsError(SudokitError, ValueError):
    """The puzzle has more than one solution, and the answer needs exactly one (``explain``, ``hint``,
    ``candidates``: the step solver; ``se_path``: Sudoku Explainer's path)."""


class TimedOutError(SudokitError, TimeoutError):
    """The ``timeout`` ran out before the answer was known."""


class GenerateError(SudokitError):
    """No puzzle of the asked difficulty was found within the attempts."""


class MultipleSolutionsWarning(UserWarning):
    """``solve`` returned the first of several solutions."""


class ClueTargetWarning(UserWarning):
    """``generate`` missed the clue target and returned the closest puzzle it found."""


class UnreadableWarning(UserWarning):
    """``read_batch`` could not read some records: their rows are zeros with status ``UNREADABLE``; the
    message counts them and quotes the first, with the command line's positions."""
