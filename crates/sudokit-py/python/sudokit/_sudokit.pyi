"""Type stubs of the native module ``sudokit._sudokit`` (re-exported by ``sudokit``)."""

import os
from typing import IO, Any, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

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
PARTIAL: int
UNREADABLE: int

#: HoDoKu's levels, easiest first: ``rate_batch``'s level codes index this tuple.
LEVELS: Tuple[str, str, str, str, str]
#: The human solver's techniques by name, in the order of ``explain_batch``'s columns.
TECHNIQUES: Tuple[str, ...]
#: Sudoku Explainer's techniques by name, in the order of ``explain_batch(scale="se")``'s columns.
SE_TECHNIQUES: Tuple[str, ...]

#: A puzzle: text in any layout ``sudokit solve`` reads (``str``, or ``bytes``, ``bytearray`` or a
#: ``memoryview`` of a file's text), a list of rows, a flat list of cells, or a numpy array (``0``,
#: ``"."`` or ``None`` for a blank).
PuzzleLike = Union[
    str,
    bytes,
    bytearray,
    memoryview,
    Sequence[Sequence[Union[int, str, None]]],
    Sequence[Union[int, str, None]],
    npt.ArrayLike,
]
#: A box shape: ``"2x3"`` or ``(2, 3)``.
BoxLike = Union[str, Tuple[int, int]]
#: Variant rules: ``"x"``, ``"hyper"``, ``"jigsaw"``, comma-separated or as a list.
VariantLike = Union[str, Sequence[str]]
#: The rules of generated puzzles: the names above and ``"killer"``, as ``"x,killer"`` or a list.
GenVariantLike = Union[str, Sequence[str]]
#: A layout name: ``"line"``, ``"grid"``, ``"compact"``, ``"pretty"`` (output only), ``"art"`` (input only), ``"json"``.
Layout = str
#: The scales ``rate`` and ``rate_batch`` rate on: both, or Sudoku Explainer's or HoDoKu's alone.
Scale = Literal["both", "se", "hodoku"]

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
    redundant: Optional[List[str]]
    """With ``check(minimal=True)`` on a unique puzzle: the givens that can each go, alone, with
    the solution staying unique (``[]`` for a minimal puzzle); else ``None``."""
    why: Optional[str]
    """For ``no solution``, why, where a short argument shows it: the singles that follow from the
    givens, or every case of one cell or digit, run into a dead end, e.g.
    ``"r1c9 has no candidate left"``; else ``None``."""
    @property
    def is_unique(self) -> bool:
        """Whether the puzzle has exactly one solution."""
    @property
    def is_minimal(self) -> Optional[bool]:
        """Whether the puzzle is minimal (with ``check(minimal=True)`` on a unique puzzle)."""

class Solutions(Iterator[str]):
    """Solutions found on a thread of their own, a few ahead of the loop; dropping it stops the search."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> str: ...

class Step:
    """One step of the human solver: what a technique found and what it proves (``str(step)``: the
    step in HoDoKu's notation)."""

    technique: str
    """The technique's name, e.g. ``"X-Wing"``."""
    code: Optional[str]
    """The technique's library code, e.g. ``"0300"`` (``None`` for brute force)."""
    text: str
    """The step in HoDoKu's notation, e.g. ``"Naked Single: r3c4=7"``."""
    placements: List[Tuple[int, int, int]]
    """Cells solved: ``(row, column, digit)``, 1-based."""
    eliminations: List[Tuple[int, int, int]]
    """Candidates removed: ``(row, column, digit)``, 1-based."""
    def to_dict(self) -> Dict[str, Any]:
        """The step as ``sudokit explain -o json`` writes it, pattern included."""

class Explanation(Sequence[Step]):
    """The steps that solve a puzzle (a sequence of ``Step``; ``str()``: the text ``sudokit explain``
    prints)."""

    steps: List[Step]
    """The steps, in order."""
    solved: bool
    """Whether the steps solve the puzzle (``False``: no allowed technique applies any more)."""
    candidates: str
    """The pencil marks after the last step (729-character line form)."""
    grids: Optional[List[str]]
    """With ``grids=True``: the pencil marks before each step."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> List[Step]: ...
    def __iter__(self) -> Iterator[Step]: ...
    def __reversed__(self) -> Iterator[Step]: ...
    def __contains__(self, step: object) -> bool: ...
    def index(self, step: Any, start: int = 0, stop: int = ...) -> int: ...
    def count(self, step: Any) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudokit explain -o json`` after ``index``, ``status`` and ``puzzle``:
        ``{"solved": ..., "steps": [...]}``."""
    def summary(self) -> List[Dict[str, Any]]:
        """How many steps use each technique, easiest first, as ``sudokit explain --summary -o json``
        lists them: ``{"technique", "count", "score", "level"}`` (HoDoKu's base score of one such
        step, the technique's level)."""

class Hint:
    """The next step, told at a level of detail (``str()``: the text ``sudokit hint`` prints)."""

    level: str
    """``"nudge"``, ``"technique"`` or ``"step"``."""
    text: str
    """``"Look at r5c6"`` (or a house: ``"Look at b3"``), ``"Try X-Wing"`` or the whole step."""
    technique: Optional[str]
    """The technique's name (levels ``"technique"`` and ``"step"``)."""
    difficulty: Optional[float]
    """Sudoku Explainer's difficulty of the step (``scale="se"``, levels ``"technique"`` and ``"step"``)."""
    step: Optional[Union[Step, SeStep]]
    """The step (level ``"step"``): an ``SeStep`` with ``scale="se"``."""
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudokit hint -o json`` after ``index``, ``status`` and ``puzzle``."""

class Rating:
    """A puzzle's difficulty on Sudoku Explainer's and HoDoKu's scales (``str()``: the line ``sudokit
    rate`` prints)."""

    status: str
    """``"ok"``, ``"partial"`` (one scale only), ``"multiple"``, ``"no_solution"``, ``"invalid"``,
    ``"unsupported"`` (not classic 9x9) or ``"timeout"``: the status of ``sudokit rate -o json``."""
    er: Optional[float]
    """Sudoku Explainer's ER: the hardest step."""
    ep: Optional[float]
    """Sudoku Explainer's EP: the hardest step up to the first placement."""
    ed: Optional[float]
    """Sudoku Explainer's ED: the first step."""
    score: Optional[int]
    """HoDoKu's score."""
    level: Optional[str]
    """HoDoKu's level: ``"easy"``, ``"medium"``, ``"hard"``, ``"unfair"`` or ``"extreme"``."""
    hardest: Optional[str]
    """Sudoku Explainer's name of the hardest step (``scale="hodoku"``: HoDoKu's; on other boards,
    the human solver's)."""
    step_count: Optional[int]
    """The steps of Sudoku Explainer's path (``scale="hodoku"``: of HoDoKu's; on other boards, of
    the human solver's)."""
    messages: List[str]
    """Why a scale is missing, as ``sudokit rate`` writes it to stderr."""
    scale: Scale
    """The scales asked for: ``"both"``, ``"se"`` or ``"hodoku"``."""
    @property
    def is_rated(self) -> bool:
        """Whether every scale asked for rated the puzzle."""
    def to_dict(self) -> Dict[str, Any]:
        """The ``sudokit rate -o json`` record without ``index`` and ``puzzle``."""

class SeStep:
    """One step of Sudoku Explainer's path (``str()``: ``"Pointing (2.6): 7 in r2c9,r3c9 => r4c9<>7"``:
    the pattern, if the technique has one, then the result)."""

    technique: str
    """Sudoku Explainer's name of the technique."""
    difficulty: float
    """The step's difficulty, rounded as ``serate`` prints it."""
    text: str
    """The technique, the difficulty and the result in forum notation."""
    placements: List[Tuple[int, int, int]]
    """Cells solved: ``(row, column, digit)``, 1-based."""
    eliminations: List[Tuple[int, int, int]]
    """Candidates removed: ``(row, column, digit)``, 1-based."""
    def to_dict(self) -> Dict[str, Any]:
        """The step as ``sudokit explain --scale se -o json`` writes it, the pattern's ``digits`` and
        ``cells`` included."""

class SePath(Sequence[SeStep]):
    """Sudoku Explainer's path, the steps behind ER/EP/ED (a sequence of ``SeStep``; ``str()``: the
    text ``sudokit explain --scale se`` prints)."""

    steps: List[SeStep]
    """The steps, in order."""
    solved: bool
    """Whether the path solves the puzzle (``False``: the work budget stopped it)."""
    er: Optional[float]
    """ER: the hardest step (``None`` where the path stops short)."""
    ep: Optional[float]
    """EP: the hardest step up to the first placement."""
    ed: Optional[float]
    """ED: the first step."""
    hardest: Optional[str]
    """Sudoku Explainer's name of the hardest step."""
    stopped: Optional[str]
    """Why the path stops short of the solution, as the command line says it."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> SeStep: ...
    @overload
    def __getitem__(self, index: slice) -> List[SeStep]: ...
    def __iter__(self) -> Iterator[SeStep]: ...
    def __reversed__(self) -> Iterator[SeStep]: ...
    def __contains__(self, step: object) -> bool: ...
    def index(self, step: Any, start: int = 0, stop: int = ...) -> int: ...
    def count(self, step: Any) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudokit explain --scale se -o json`` after ``index``, ``status`` and
        ``puzzle``."""
    def summary(self) -> List[Dict[str, Any]]:
        """How many steps use each technique at each difficulty, easiest first, as ``sudokit explain
        --scale se --summary -o json`` lists them: ``{"technique", "difficulty", "count"}``."""

def solve(
    puzzle: PuzzleLike,
    *,
    first: bool = False,
    format: Layout = "line",
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
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
    symbols: Optional[str] = None,
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
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
    minimal: bool = False,
) -> Verdict:
    """A verdict: unique, multiple, no solution, invalid or timed out. Raises ``ParseError``.
    ``minimal=True`` also lists, for a unique puzzle, the givens that can each go (``redundant``)."""

def minimize(
    puzzle: PuzzleLike,
    *,
    symmetry: str = "none",
    seed: Optional[int] = None,
    index: int = 0,
    format: Layout = "line",
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> str:
    """The puzzle reduced to a minimal one with the same solution, as ``sudokit minimize`` prints
    it: givens removed one at a time (reading order, or a random order from ``seed`` and
    ``index``; with ``symmetry``, each symmetric group together) while the solution stays unique.
    Raises ``MultipleSolutionsError`` and the exceptions of ``solve``."""

def solutions(
    puzzle: PuzzleLike,
    limit: Optional[int] = 10000,
    *,
    format: Layout = "line",
    timeout: Optional[float] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
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
    symbols: Optional[str] = None,
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
    minimal: Optional[bool] = None,
    difficulty: Optional[str] = None,
    attempts: int = 1000,
    grid: bool = False,
    pattern: Optional[str] = None,
    format: Layout = "line",
    variant: Optional[GenVariantLike] = None,
    level: Optional[str] = None,
    er: Optional[str] = None,
    require: Optional[Union[str, Sequence[str]]] = None,
    exclude: Optional[Union[str, Sequence[str]]] = None,
) -> Union[str, Dict[str, Any]]:
    """Item ``index`` of the run ``seed``: a unique puzzle (or a complete grid with ``grid=True``), as
    line ``index + 1`` of ``sudokit generate puzzle --seed SEED``. Raises ``GenerateError``; warns
    ``ClueTargetWarning``.

    ``variant`` (``"x"``, ``"hyper"``, ``"jigsaw"``, ``"killer"``, combined as ``"x,jigsaw"`` or a
    list) generates under those rules, as ``--variant``: X and hyper puzzles are strings in
    ``format``; jigsaw is ``"GIVENS REGIONS"``, or with ``format="pretty"`` a drawing of its regions'
    walls that reads back as that jigsaw (no other ``format``); killer is a ``dict``, the
    JSON puzzle object with its ``cages``. Boards the rules do not fit (hyper off 9×9, jigsaw or
    killer above 12×12, X above 16×16), a difficulty, or killer with a symmetry raise ``ValueError``
    with the library's message. A ``str`` result is always returned without ``variant="killer"``.

    ``level`` and ``er`` (classic 9x9 only), ``require`` and ``exclude`` (technique names, on every
    board and variant; a family such as ``"Unique Rectangle"`` in ``require`` asks for any of its
    techniques, in ``exclude`` for none) keep the puzzles whose rating or solution path meets them,
    as ``--level``, ``--er``, ``--require`` and ``--exclude``; ``GenerateError`` when no attempt
    does.

    ``pattern`` puts the givens on its cells only, as ``--pattern`` (``.``, ``0``, ``_`` or ``-``
    for an empty cell, anything else for a given, so a puzzle gives its own pattern). ``minimal``
    defaults to ``True``, but to ``False`` with a pattern, where it keeps only minimal puzzles."""

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
    minimal: Optional[bool] = None,
    difficulty: Optional[str] = None,
    attempts: int = 1000,
    grid: bool = False,
    pattern: Optional[str] = None,
    threads: Optional[int] = None,
    variant: Optional[GenVariantLike] = None,
    level: Optional[str] = None,
    er: Optional[str] = None,
    require: Optional[Union[str, Sequence[str]]] = None,
    exclude: Optional[Union[str, Sequence[str]]] = None,
) -> Tuple[
    Union[npt.NDArray[np.uint8], List[Union[str, Dict[str, Any], None]]],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
]:
    """Items ``start`` .. ``start + n - 1`` of the run ``seed`` on every core: ``(puzzles, solutions,
    status)``, the same whatever ``threads`` is. With ``variant``, ``puzzles`` is a list of the items
    as :func:`generate` gives them (``None`` where the status is ``NOT_FOUND``)."""

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
    """The first solution of every row of an ``(N, 81)`` ``uint8`` array: ``(solutions, status)``.
    ``timeout`` and ``nodes`` bound each search; classic 9x9 rows never time out (their engine looks
    at the limits between solutions only, and the first ends the search)."""

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

def minimize_batch(
    puzzles: npt.NDArray[np.uint8],
    *,
    symmetry: str = "none",
    seed: Optional[int] = None,
    timeout: Optional[float] = None,
    nodes: Optional[int] = None,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every row reduced to a minimal puzzle with the same solution: ``(minimal, status)``; row
    ``i`` as ``minimize(row, seed=seed, index=i)``."""

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

def explain(
    puzzle: PuzzleLike,
    *,
    techniques: Optional[Sequence[str]] = None,
    exclude: Optional[Sequence[str]] = None,
    all_at_once: bool = False,
    grids: bool = False,
    pencil: bool = False,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> Explanation:
    """The steps that solve a puzzle like a human, simplest technique first, as ``sudokit explain``
    (``pencil=True``: a pencil-mark grid); ``techniques`` and ``exclude`` take technique names and
    families (``"Nice Loop"``). Raises ``ParseError``, ``InvalidPuzzleError``, ``NoSolutionError``,
    ``MultipleSolutionsError``, ``ValueError`` (unknown technique, with the names closest to it)."""

def hint(
    puzzle: PuzzleLike,
    level: str = "step",
    *,
    techniques: Optional[Sequence[str]] = None,
    exclude: Optional[Sequence[str]] = None,
    pencil: bool = False,
    scale: str = "hodoku",
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> Optional[Hint]:
    """The next step at ``level`` ``"nudge"``, ``"technique"`` or ``"step"``, as ``sudokit hint``;
    ``None`` when the puzzle is solved or none of the allowed techniques applies. Raises as
    ``explain``. ``scale="se"``: the next step of Sudoku Explainer's path, with its difficulty, as
    ``sudokit hint --scale se`` (no ``techniques`` or ``exclude``; ``ValueError`` for boards other
    than classic 9x9, ``TimedOutError`` where its work budget runs out)."""

@overload
def all_steps(
    puzzle: PuzzleLike,
    *,
    techniques: Optional[Sequence[str]] = None,
    exclude: Optional[Sequence[str]] = None,
    pencil: bool = False,
    scale: Literal["hodoku"] = "hodoku",
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> List[Step]:
    """Every step the allowed techniques find now, as HoDoKu's "All Steps" and ``sudokit hint
    --all``: technique by technique in the solver's order, each deduction once per technique;
    empty when solved or nothing applies. Without ``techniques``, HoDoKu's default set with Death
    Blossom, without forcing chains and nets and brute force. Raises as ``explain``."""

@overload
def all_steps(
    puzzle: PuzzleLike,
    *,
    pencil: bool = False,
    scale: Literal["se"],
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> List[SeStep]:
    """``scale="se"``: every step Sudoku Explainer's "Get all hints" lists, as ``sudokit hint --all
    --scale se``: its techniques before the chains, in its order; where they have none, its first
    group of chains, or the first level of nested chains that has any. Raises as
    ``hint(scale="se")``."""

def candidates(
    puzzle: PuzzleLike,
    *,
    format: str = "grid",
    techniques: Optional[Sequence[str]] = None,
    exclude: Optional[Sequence[str]] = None,
    pencil: bool = False,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> str:
    """The pencil marks after the singles (or ``techniques``), as ``sudokit candidates``:
    ``format="grid"`` (boxed; a jigsaw's regions drawn with walls) or ``"line"`` (729 characters).
    Raises as ``explain``."""

def rate(
    puzzle: PuzzleLike,
    *,
    pencil: bool = False,
    scale: Scale = "both",
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> Rating:
    """ER/EP/ED and HoDoKu's score and level, as ``sudokit rate``. Does not raise for a puzzle it can
    read: ``rating.status`` says ``"multiple"``, ``"invalid"``, … (``"unsupported"`` on other boards,
    with the human solver's hardest technique and step count). Raises ``ParseError``.
    ``pencil=True``: a pencil-mark grid (a Sukaku), rated from its candidates as they are, as
    ``sudokit rate --pencil``. ``scale="se"`` or ``"hodoku"``: that scale alone, in a part of the
    time, as ``sudokit rate --scale``."""

def backdoors(
    puzzle: PuzzleLike,
    *,
    max_size: int = 3,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> Tuple[Optional[int], List[List[Tuple[int, int, int]]]]:
    """The backdoor size (the fewest cells that, given their solution's digits, let singles solve the
    rest; ``None`` beyond ``max_size``) and every backdoor of that size, as ``(row, column, digit)``
    tuples, 1-based, as ``sudokit backdoor``. Raises ``ParseError``, ``InvalidPuzzleError``,
    ``NoSolutionError`` or ``MultipleSolutionsError``."""

def se_path(
    puzzle: PuzzleLike,
    *,
    pencil: bool = False,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    layout: Optional[Layout] = None,
) -> SePath:
    """Sudoku Explainer's path, step by step, as ``sudokit explain --scale se``; with ``pencil=True``
    from a pencil-mark grid (the rest of the path, rated from there). Raises ``ParseError``,
    ``InvalidPuzzleError``, ``NoSolutionError``, ``MultipleSolutionsError``, and ``ValueError`` for a
    puzzle that is not classic 9x9."""

@overload
def rate_batch(
    puzzles: Union[npt.NDArray[np.uint8], npt.NDArray[np.bool_]],
    *,
    pencil: bool = False,
    threads: Optional[int] = None,
    details: Literal[False] = False,
    scale: Scale = "both",
) -> Tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int8],
    npt.NDArray[np.uint8],
]:
    """Every row of an ``(N, 81)`` ``uint8`` array rated on every core: ``(er, ep, ed, score, level,
    status)``; ``nan``/``-1`` where not rated; status ``OK``, ``PARTIAL``, ``MULTIPLE``,
    ``NO_SOLUTION``, ``INVALID`` or ``BAD_VALUE``. ``pencil=True``: rows of pencil marks, a
    ``bool`` or ``uint8`` array ``(N, 81, 9)`` (``(N, 9, 9, 9)``, ``(N, 729)``), nonzero for an open
    candidate, rated as ``rate(marks, pencil=True)``; ``INVALID`` where the marks contradict
    themselves. ``scale="se"`` or ``"hodoku"``: that scale alone, as ``rate(scale=...)``; the other's
    arrays ``nan``/``-1``."""

@overload
def rate_batch(
    puzzles: Union[npt.NDArray[np.uint8], npt.NDArray[np.bool_]],
    *,
    pencil: bool = False,
    threads: Optional[int] = None,
    details: Literal[True],
    scale: Scale = "both",
) -> Tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.object_],
    npt.NDArray[np.int32],
]:
    """``details=True``: the six arrays, then ``hardest`` (``object``: the technique of Sudoku
    Explainer's hardest step, ``None`` where not rated) and ``steps`` (``int32``: the length of its
    path, ``-1`` where not rated; HoDoKu's path with ``scale="hodoku"``), as ``rate()``'s ``hardest``
    and ``step_count``."""

def explain_batch(
    puzzles: npt.NDArray[np.uint8],
    *,
    techniques: Optional[Sequence[str]] = None,
    exclude: Optional[Sequence[str]] = None,
    all_at_once: bool = False,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
    scale: str = "hodoku",
) -> Tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """How often each technique comes up along every puzzle's path with the human solver, on every
    core, as ``sudokit explain --summary`` counts them: ``(counts, status)``, ``counts`` of shape
    ``(N, len(TECHNIQUES))`` (column ``t`` for ``TECHNIQUES[t]``; zeros where there is no path),
    status ``OK`` (solved), ``PARTIAL`` (the techniques allowed ran out: the counts so far),
    ``MULTIPLE``, ``NO_SOLUTION``, ``INVALID`` or ``BAD_VALUE``. ``scale="se"`` counts Sudoku
    Explainer's path instead (classic 9×9 rows only; columns ``SE_TECHNIQUES``; ``PARTIAL`` where
    its work budget cuts the path short), and takes none of ``techniques``, ``exclude`` and
    ``all_at_once``."""

def canon_batch(
    puzzles: npt.NDArray[np.uint8],
    *,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """The canonical (minlex) form of every puzzle, on every core, as ``canon`` gives it:
    ``(forms, status)``, the forms in the input's dimensions (equivalent puzzles get equal rows),
    status ``OK`` or ``BAD_VALUE`` (the row is zeros). Classic rules on sides up to 9; a larger
    board raises ``ValueError``."""

def backdoor_batch(
    puzzles: npt.NDArray[np.uint8],
    *,
    max_size: int = 3,
    threads: Optional[int] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    variant: Optional[VariantLike] = None,
    regions: Optional[str] = None,
) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """The backdoor size of every puzzle, on every core: ``(size, count, status)``, ``size`` ``-1``
    where none of up to ``max_size`` cells was found (status ``AT_LIMIT``) or the row has none
    (``MULTIPLE``, ``NO_SOLUTION``, ``INVALID``, ``BAD_VALUE``), ``count`` the backdoors of that
    size."""

@overload
def read_batch(
    source: Union[str, os.PathLike[str], bytes, IO[bytes], IO[str]],
    *,
    layout: Optional[str] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    column: Optional[str] = None,
    solutions: Literal[False] = False,
    errors: Literal["warn", "raise", "ignore"] = "warn",
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """The puzzles of a file (a path, or an open file read to its end) or of ``bytes`` of its text,
    gzip-compressed or not, in any layout ``sudokit solve`` reads: ``(puzzles, status)``, an
    ``(N, cells)`` ``uint8`` array (``0`` for a blank) and status ``OK`` or ``UNREADABLE`` (a row
    of zeros), row ``i`` for record ``i + 1``. Records must be plain grids of one board. ``errors``: ``"warn"`` (one ``UnreadableWarning``), ``"raise"`` (``ParseError``
    for the first) or ``"ignore"``. ``OSError`` when the file cannot be read."""

@overload
def read_batch(
    source: Union[str, os.PathLike[str], bytes, IO[bytes], IO[str]],
    *,
    layout: Optional[str] = None,
    size: Optional[int] = None,
    box: Optional[BoxLike] = None,
    symbols: Optional[str] = None,
    column: Optional[str] = None,
    solutions: Literal[True],
    errors: Literal["warn", "raise", "ignore"] = "warn",
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``solutions=True``: ``(puzzles, solutions, status)``, with the solutions the input gives beside
    its puzzles (a CSV ``solution`` column, tdoku's ``puzzle:count:solution``, a JSON object's
    ``solution``), zeros where it gives none."""
