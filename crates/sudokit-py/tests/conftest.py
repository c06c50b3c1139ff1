"""Shared fixtures: the repository's test data, the shared datasets and the `sudokit` binary.

The datasets are read from `../shared/datasets` beside the repository (never copied into it). Like the
Rust tests, a missing folder skips the tests that need it, or fails them when
SUDOKIT_REQUIRE_DATASETS=1 (as CI sets it). The command line is found through SUDOKIT_BIN, else in
target/release or target/debug; `scripts/python-test.sh` builds it and sets SUDOKIT_BIN.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Callable, List, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[3]
TEST_DATA = ROOT / "tests" / "data"
DATASETS = ROOT.parent / "shared" / "datasets"

#: The puzzle of the founding issue with one given changed: 295 solutions.
P295 = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4.."
#: The founding issue's puzzle and its unique solution.
P1 = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
S1 = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def require_datasets() -> bool:
    return os.environ.get("SUDOKIT_REQUIRE_DATASETS") == "1"


@pytest.fixture(scope="session")
def datasets() -> Path:
    if not DATASETS.is_dir():
        message = f"the shared datasets are not at {DATASETS}"
        if require_datasets():
            pytest.fail(message + " (SUDOKIT_REQUIRE_DATASETS=1)")
        pytest.skip(message)
    return DATASETS


@pytest.fixture(scope="session")
def cli() -> Path:
    candidates = [os.environ.get("SUDOKIT_BIN")] + [
        str(ROOT / "target" / profile / "sudokit") for profile in ("release", "debug")
    ]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    message = "the sudokit binary was not found (set SUDOKIT_BIN or build crates/sudokit-cli)"
    if os.environ.get("SUDOKIT_REQUIRE_CLI") == "1":
        pytest.fail(message)
    pytest.skip(message)


def run_cli(cli: Path, args: List[str], stdin: str = "") -> subprocess.CompletedProcess:
    """Runs the command line; its exit status is left to the caller."""
    return subprocess.run(
        [str(cli), *args], input=stdin, capture_output=True, text=True, timeout=300, check=False
    )


def corpus(path: Path):
    """(puzzle, count, solution or None) of each `puzzle:count[:solution]` line."""
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(":")
        yield parts[0], int(parts[1]), (parts[2] if len(parts) > 2 else None)


def to_rows(lines: List[str]):
    """An (N, 81) uint8 array of one-line puzzles."""
    import numpy as np

    table = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(len(lines), 81)
    digits = table - ord("0")
    return np.where((table >= ord("1")) & (table <= ord("9")), digits, 0).astype(np.uint8)


def to_line(row) -> str:
    return "".join("." if v == 0 else str(int(v)) for v in row)


def while_another_thread_counts(call: Callable[[], Any]) -> Tuple[Any, int, float]:
    """Runs `call` while a Python thread keeps counting; returns its result, how far the other thread
    counted meanwhile and the seconds it took. With the GIL held for the whole call the thread could
    not count at all until the call returned."""
    ticks = [0]
    done = threading.Event()
    started = threading.Event()

    def spin():
        started.set()
        while not done.is_set():
            ticks[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    started.wait()
    time.sleep(0.01)
    begin = time.perf_counter()
    before = ticks[0]
    result = call()
    during = ticks[0] - before
    elapsed = time.perf_counter() - begin
    done.set()
    t.join()
    return result, during, elapsed
