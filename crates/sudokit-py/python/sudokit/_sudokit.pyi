"""Type stubs of the native module ``sudokit._sudokit`` (re-exported by ``sudokit``)."""

from typing import Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

OK: int
NO_SOLUTION: int
INVALID: int
MULTIPLE: int
BAD_VALUE: int
TIMED_OUT: int
AT_LIMIT: int
NOT_FOUND: int
TARGET_MISSED: int

#: A puzzle: text in any layout ``sudokit solve`` reads, a list of rows, a flat list of cells, or a
#: numpy array (``0``, ``"."`` or ``None`` for a blank).
PuzzleLike = Union[str, Sequence[Sequence[Union[int, str, None]]], Sequence[Union[int, str, None]], npt.ArrayLike]
#: A box shape: ``"2x3"`` or ``(2, 3)``.
BoxLike = Union[str, Tuple[int, int]]
#: Variant rules: ``"x"``, ``"hyper"``, ``"jigsaw"``, comma-separated or as a list.
VariantLike = Union[str, Sequence[str]]
#: A layout name: ``"line"``, ``"grid"``, ``"compact"``, ``"pretty"`` (output only), ``"art"`` (input only), ``"json"``.
Layout = str

class Verdict:
    """The truth about a puzzle, as ``sudokit check`` prints it (``str(verdict)``)."""

    kind: str
    """``"unique"``, ``"multiple"``, ``"no solution"``, ``"invalid"`` or ``"timed out"``."""
    solution: Optional[str]
    """The solution (unique), the first solution (multiple), or one found before a timeout."""
    second: Optional[str]
    """A second solution (multiple)."""
    differ: List[str]
    """The cells where the two solutions differ (multiple), e.g. ``["r1c2", "r1c3"]``."""
    conflicts: List[str]
    """Each pair of equal givens in a house (invalid)."""
    @property
    def is_unique(self) -> bool:
        """Whether the puzzle has exactly one solution."""

class Solutions(Iterator[str]):
    """Solutions found on a thread of their own, a few ahead of the loop; dropping it stops the search."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> str: ...

def solve(
    puzzle: PuzzleLike,
    *,
    first: bool = False,
    format: Layout = "line",
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: str = "standard",
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> str:
    """The first solution of a puzzle; warns ``MultipleSolutionsWarning`` when it is not the only one
    (unless ``first=True``). Raises ``ParseError``, ``InvalidPuzzleError``, ``NoSolutionError``,
    ``TimedOutError``."""

def count(
    puzzle: PuzzleLike,
    limit: Optional[int] = 1000000,
    *,
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: str = "standard",
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> int:
    """The number of solutions, stopping at ``limit`` (``None``: no limit). Raises ``ParseError``,
    ``InvalidPuzzleError``, ``TimedOutError``."""

def check(
    puzzle: PuzzleLike,
    *,
    format: Layout = "line",
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: str = "standard",
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> Verdict:
    """A verdict: unique, multiple, no solution, invalid or timed out. Raises ``ParseError``."""

def solutions(
    puzzle: PuzzleLike,
    limit: Optional[int] = 10000,
    *,
    format: Layout = "line",
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: str = "standard",
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> Solutions:
    """An iterator over the solutions, up to ``limit`` (``None``: all). Raises ``ParseError`` and
    ``InvalidPuzzleError`` at once, ``TimedOutError`` at the end of the loop."""

def canon(
    puzzle: PuzzleLike,
    *,
    format: Layout = "line",
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: str = "standard",
    layout: Optional[Layout] = None,
) -> str:
    """The canonical (minlex) form, as ``sudokit canon`` prints it (sides up to 9)."""

def generate(
    *,
    seed: Optional[int] = None,
    index: int = 0,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symmetry: str = "none",
    clues: Optional[int] = None,
    max_clues: Optional[int] = None,
    minimal: bool = True,
    difficulty: Optional[str] = None,
    attempts: int = 1000,
    grid: bool = False,
    format: Layout = "line",
) -> str:
    """Item ``index`` of the run ``seed``: a unique puzzle (or a complete grid with ``grid=True``), as
    line ``index + 1`` of ``sudokit generate puzzle --seed SEED``. Raises ``GenerateError``; warns
    ``ClueTargetWarning``."""

def generate_batch(
    n: int,
    seed: Optional[int] = None,
    *,
    start: int = 0,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symmetry: str = "none",
    clues: Optional[int] = None,
    max_clues: Optional[int] = None,
    minimal: bool = True,
    difficulty: Optional[str] = None,
    attempts: int = 1000,
    grid: bool = False,
    threads: Optional[int] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Items ``start`` .. ``start + n - 1`` of the run ``seed`` on every core: ``(puzzles, solutions,
    status)``, the same whatever ``threads`` is."""

def solve_batch(
    puzzles: npt.NDArray[np.uint8],
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """The first solution of every row of an ``(N, 81)`` ``uint8`` array: ``(solutions, status)``."""

def check_batch(
    puzzles: npt.NDArray[np.uint8],
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """A verdict on every row: ``(solutions, status)`` with ``OK`` (unique) or ``MULTIPLE`` …"""

def count_batch(
    puzzles: npt.NDArray[np.uint8],
    limit: Optional[int] = 1000000,
    *,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
) -> Tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]:
    """The number of solutions of every row, up to ``limit``: ``(counts, status)``."""
