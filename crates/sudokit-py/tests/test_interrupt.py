"""Ctrl-C stops a long call: each case runs in a child process that interrupts itself (SIGINT) while
the call runs. The calls chosen never end by themselves (or not for minutes), so the child can only
print its answer if the interrupt stopped the call."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is POSIX")

CHILD = """
import os, signal, threading
import numpy as np
import sudokit

# Python's own handler, which raises KeyboardInterrupt: a process started in the background by a
# shell inherits SIGINT ignored, and Python then keeps it ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    {call}
except KeyboardInterrupt:
    print("interrupted")
else:
    print("finished")
"""

# A hang here is a failure, not a wait without end: the child is given far longer than an interrupt
# needs, far less than the calls would take by themselves.
HANG_GUARD = 60

# A puzzle whose Sudoku Explainer rating needs nested forcing chains (ER 10.7).
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

# Makes `fifo`, a named pipe that a shell writes an empty puzzle to every 10 ms, without end (it
# stops when the pipe's reader is gone).
FIFO = (
    "import subprocess, tempfile; fifo = os.path.join(tempfile.mkdtemp(), 'puzzles'); os.mkfifo(fifo); "
    "subprocess.Popen(['sh', '-c', 'while :; do echo " + "." * 81 + "; sleep 0.01; done > ' + fifo], "
    "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
)

CALLS = {
    # Every solution of the empty board: more than 6.6e21.
    "count": 'sudokit.count("." * 81, limit=None)',
    "count_batch": "sudokit.count_batch(np.zeros((8, 81), dtype=np.uint8), limit=None, threads=2)",
    "count_batch_16x16": "sudokit.count_batch(np.zeros((2, 256), dtype=np.uint8), limit=None)",
    "count_batch_x": "sudokit.count_batch(np.zeros((4, 81), dtype=np.uint8), limit=None, variant='x')",
    # A million puzzles: minutes of work.
    "generate_batch": "sudokit.generate_batch(1_000_000, seed=1, threads=2)",
    # Minimising a complete 25×25 grid: more than a minute.
    "minimize_25x25": "sudokit.minimize(sudokit.generate(seed=1, size=25, grid=True), seed=1)",
    # Sudoku Explainer's nested chains, about a second a rating, a thousand times over (the rating
    # under way stops part way; the library's and the command line's tests check that).
    "rate": f"[sudokit.rate({HARD!r}) for _ in range(1000)]",
    "se_path": f"[sudokit.se_path({HARD!r}) for _ in range(1000)]",
    # A FIFO whose writer never stops: a puzzle every 10 ms, for ever.
    "read_batch": FIFO + "sudokit.read_batch(fifo)",
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_ctrl_c_stops_the_call(name: str) -> None:
    code = CHILD.format(call=CALLS[name])
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=HANG_GUARD
    )
    assert done.stdout.strip() == "interrupted", (done.returncode, done.stdout, done.stderr)
    assert done.returncode == 0, done.stderr


def test_an_interrupted_batch_leaves_the_pool_usable() -> None:
    code = textwrap.dedent(CHILD.format(call=CALLS["count_batch"])) + textwrap.dedent(
        """
        counts, status = sudokit.count_batch(np.zeros((2, 81), dtype=np.uint8), limit=3, threads=2)
        print(counts.tolist(), bool((status == sudokit.AT_LIMIT).all()))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.stdout.split("\n")[:2] == ["interrupted", "[3, 3] True"], (done.stdout, done.stderr)


def test_a_handler_that_does_not_raise_lets_the_call_go_on() -> None:
    # The check looks for signals; a handler that only notes one does not stop the work.
    code = textwrap.dedent(
        """
        import os, signal, threading
        import sudokit
        seen = []
        signal.signal(signal.SIGINT, lambda *_: seen.append(1))
        threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()
        print(sudokit.count("." * 81, limit=2_000_000), len(seen))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_GUARD)
    assert done.stdout.strip() == "2000000 1", (done.stdout, done.stderr)
