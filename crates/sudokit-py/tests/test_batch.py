"""The numpy batch API: input order, status codes per row, bad arrays, threads and the GIL."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import sudokit
from conftest import P1, P295, S1, TEST_DATA, corpus, to_line, to_rows, while_another_thread_counts


def mixed_batch():
    """Rows of every kind, in a known order, with their status from solve_batch and check_batch."""
    rows = to_rows([P1, P295, "." * 81, "55" + "." * 79])
    no = next(p for p, n, _ in corpus(TEST_DATA / "regression.txt") if n == 0)
    rows = np.vstack([rows, to_rows([no]), np.full((1, 81), 10, dtype=np.uint8)])
    solve_status = [sudokit.OK, sudokit.OK, sudokit.OK, sudokit.INVALID, sudokit.NO_SOLUTION, sudokit.BAD_VALUE]
    check_status = [sudokit.OK, sudokit.MULTIPLE, sudokit.MULTIPLE, sudokit.INVALID, sudokit.NO_SOLUTION,
                    sudokit.BAD_VALUE]
    return rows, solve_status, check_status


def test_status_codes_per_row():
    rows, solve_status, check_status = mixed_batch()
    solutions, status = sudokit.solve_batch(rows)
    assert status.dtype == np.uint8 and solutions.dtype == np.uint8
    assert solutions.shape == rows.shape and status.shape == (len(rows),)
    assert status.tolist() == solve_status
    assert to_line(solutions[0]) == S1
    assert (solutions[3:] == 0).all()
    solutions, status = sudokit.check_batch(rows)
    assert status.tolist() == check_status
    assert to_line(solutions[0]) == S1
    assert sudokit.check(to_line(solutions[1])).is_unique
    counts, status = sudokit.count_batch(rows, limit=1000)
    assert counts.dtype == np.uint64
    assert counts.tolist() == [1, 295, 1000, 0, 0, 0]
    assert status.tolist() == [sudokit.OK, sudokit.OK, sudokit.AT_LIMIT, sudokit.INVALID, sudokit.OK,
                               sudokit.BAD_VALUE]
    assert sudokit.Status(int(status[2])) is sudokit.Status.AT_LIMIT


def test_order_is_kept_over_a_large_shuffled_batch():
    lines = [p for p, n, _ in corpus(TEST_DATA / "regression.txt") if n == 1]
    rng = np.random.default_rng(1)
    picks = rng.integers(0, len(lines), size=3000)
    rows = to_rows([lines[i] for i in picks])
    solutions, status = sudokit.solve_batch(rows)
    assert (status == sudokit.OK).all()
    expected = {p: s for p, n, s in corpus(TEST_DATA / "regression.txt") if n == 1}
    for i in range(0, 3000, 97):
        got = to_line(solutions[i])
        assert expected[lines[picks[i]]] in (None, got)
        assert all(a in (".", b) for a, b in zip(lines[picks[i]], got))


def test_threads_do_not_change_the_answers():
    rows, _, _ = mixed_batch()
    rows = np.repeat(rows, 50, axis=0)
    one = sudokit.check_batch(rows, threads=1)
    two = sudokit.check_batch(rows, threads=2)
    every = sudokit.check_batch(rows)
    for a, b in ((one, two), (one, every)):
        assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
    with pytest.raises(ValueError, match="threads must be at least 1"):
        sudokit.solve_batch(rows, threads=0)
    # Rules that fit no board of the rows are refused, not a BAD_VALUE on every row.
    for bad in (dict(regions="ABC"), dict(regions="A" * 81)):
        with pytest.raises(ValueError, match="the batch's rules: "):
            sudokit.solve_batch(rows[:2], **bad)
        with pytest.raises(ValueError, match="the batch's rules: "):
            sudokit.explain_batch(rows[:2], **bad)
    # Far more threads than cores spin without working: a slip such as 100000 is refused at once.
    for call in (sudokit.solve_batch, sudokit.rate_batch):
        with pytest.raises(ValueError, match=r"threads=100000: at most 1024 \(None: every core\)"):
            call(rows[:1], threads=100000)


def test_calls_side_by_side_and_one_after_another_give_the_same_answers():
    # Worker pools are kept between calls; calls at the same time must still each get their own.
    rows, _, _ = mixed_batch()
    rows = np.repeat(rows, 20, axis=0)
    want = sudokit.solve_batch(rows)
    with ThreadPoolExecutor(4) as ex:
        results = list(ex.map(lambda t: sudokit.solve_batch(rows, threads=t), [1, 2, 1, 2, 1, 1, 2, 1]))
    for got in results + [sudokit.solve_batch(rows, threads=1)]:
        assert (got[0] == want[0]).all() and (got[1] == want[1]).all()


def _solve_on_one_thread(rows):
    return sudokit.solve_batch(rows, threads=1)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_forked_child_starts_threads_of_its_own():
    # The parent keeps an idle one-thread pool; its thread does not exist in a forked child.
    rows, _, _ = mixed_batch()
    want = sudokit.solve_batch(rows, threads=1)
    with multiprocessing.get_context("fork").Pool(1) as pool:
        got = pool.apply_async(_solve_on_one_thread, (rows,)).get(timeout=60)
    assert (got[0] == want[0]).all() and (got[1] == want[1]).all()


def _default_pool_calls(rows, hard):
    return sudokit.solve_batch(rows), sudokit.rate(hard, scale="se").er


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_forked_child_runs_every_core_call_after_its_parent(datasets):
    # `threads=None` and the ratings that split their searches over threads, called in the parent
    # and then in a forked child (multiprocessing's default start on Linux): the child has none of
    # the parent's threads, and used to wait for them for ever.
    rows, _, _ = mixed_batch()
    # A top1465 puzzle: its rating reaches dynamic chains, whose searches are split over threads.
    hard = (datasets / "puzzles3_magictour_top1465.txt").read_text().split()[0][:81]
    want = _default_pool_calls(rows, hard)
    with multiprocessing.get_context("fork").Pool(1) as pool:
        got = pool.apply_async(_default_pool_calls, (rows, hard)).get(timeout=120)
    assert (got[0][0] == want[0][0]).all() and (got[0][1] == want[0][1]).all()
    assert got[1] == want[1] and want[1] > 7


def test_three_dimensional_and_other_boards():
    rows = to_rows([P1, P295]).reshape(2, 9, 9)
    solutions, status = sudokit.solve_batch(rows)
    assert solutions.shape == (2, 9, 9)
    assert to_line(solutions[0].ravel()) == S1
    empty4 = np.zeros((3, 16), dtype=np.uint8)
    empty4[2, :2] = 1
    counts, status = sudokit.count_batch(empty4, limit=None)
    assert counts.tolist() == [288, 288, 0]
    assert status.tolist() == [sudokit.OK, sudokit.OK, sudokit.INVALID]
    six = np.zeros((2, 36), dtype=np.uint8)
    _, status = sudokit.solve_batch(six, box="2x3")
    assert status.tolist() == [sudokit.OK, sudokit.OK]
    six[1, 0] = 7
    _, status = sudokit.solve_batch(six, box="2x3")
    assert status.tolist() == [sudokit.OK, sudokit.BAD_VALUE]
    x = np.zeros((1, 81), dtype=np.uint8)
    x[0, 0] = x[0, 80] = 5
    assert sudokit.solve_batch(x, variant="x")[1].tolist() == [sudokit.INVALID]
    assert sudokit.solve_batch(x)[1].tolist() == [sudokit.OK]


def test_bad_arrays_are_value_errors():
    good = to_rows([P1, P295])
    cases = [
        (good.astype(np.int64), "dtype uint8"),
        (good.astype(np.float32), "dtype uint8"),
        (good.reshape(2, 81, 1), "shape"),
        (good.ravel(), "shape"),
        (np.zeros((2, 80), dtype=np.uint8), "80 cells"),
        (np.asfortranarray(np.zeros((3, 81), dtype=np.uint8)), "C-contiguous"),
        (np.zeros((4, 162), dtype=np.uint8)[:, ::2], "C-contiguous"),
        ([[0] * 81], "numpy array"),
        ("." * 81, "numpy array"),
    ]
    for bad, message in cases:
        for f in (sudokit.solve_batch, sudokit.check_batch, sudokit.count_batch):
            with pytest.raises(ValueError, match=message):
                f(bad)
    with pytest.raises(ValueError, match="n must be at least 1"):
        sudokit.generate_batch(0, seed=1)
    with pytest.raises(ValueError, match="jigsaw needs regions"):
        sudokit.solve_batch(good, variant="jigsaw")


def test_an_empty_batch_gives_empty_answers():
    # A filter that keeps no row, or read_batch of an empty file, is a batch like any other.
    empty = np.zeros((0, 81), dtype=np.uint8)
    assert sudokit.read_batch(b"")[0].shape == (0, 81)
    for f in (sudokit.solve_batch, sudokit.check_batch, sudokit.count_batch, sudokit.minimize_batch,
              sudokit.explain_batch, sudokit.canon_batch, sudokit.backdoor_batch, sudokit.rate_batch):
        answers = f(empty)
        for part in answers if isinstance(answers, tuple) else (answers,):
            assert len(part) == 0, f.__name__
    solutions, status = sudokit.solve_batch(empty.reshape(0, 9, 9))
    assert solutions.shape == (0, 9, 9) and status.shape == (0,)
    assert sudokit.rate_batch(np.zeros((0, 81, 9), dtype=bool), pencil=True)[0].shape[0] == 0


def test_input_is_not_modified_and_read_only_arrays_work():
    rows = to_rows([P1, P295])
    before = rows.copy()
    rows.setflags(write=False)
    solutions, status = sudokit.solve_batch(rows)
    assert (rows == before).all() and status.tolist() == [sudokit.OK, sudokit.OK]


def test_budgets_give_timed_out_rows():
    rows = to_rows(["." * 81, P1])
    counts, status = sudokit.count_batch(rows, limit=None, nodes=1000)
    assert status.tolist()[0] == sudokit.TIMED_OUT
    _, status = sudokit.count_batch(rows, limit=None, timeout=0.05)
    assert status.tolist()[0] == sudokit.TIMED_OUT and status.tolist()[1] == sudokit.OK


def test_the_gil_is_released_while_a_batch_runs():
    # A Python thread keeps counting while the batch runs: with the GIL held for the whole call it
    # could not run at all until the call returned.
    rows = np.zeros((2, 81), dtype=np.uint8)
    (counts, status), during, elapsed = while_another_thread_counts(
        lambda: sudokit.count_batch(rows, limit=None, timeout=0.5, threads=1)
    )
    assert status.tolist() == [sudokit.TIMED_OUT, sudokit.TIMED_OUT]
    assert elapsed >= 0.9
    assert during > 10_000, f"the other thread ran {during} times in {elapsed:.2f} s"


def test_generate_batch_is_reproducible_and_sharded():
    puzzles, solutions, status = sudokit.generate_batch(12, seed=5)
    assert puzzles.shape == (12, 81) and (status == sudokit.OK).all()
    again = sudokit.generate_batch(12, seed=5, threads=1)
    assert (again[0] == puzzles).all() and (again[1] == solutions).all()
    shards = [sudokit.generate_batch(4, seed=5, start=4 * k, threads=1 + k % 2) for k in range(3)]
    assert (np.vstack([s[0] for s in shards]) == puzzles).all()
    assert [to_line(r) for r in puzzles[:3]] == [sudokit.generate(seed=5, index=i) for i in range(3)]
    check_solutions, check_status = sudokit.check_batch(puzzles)
    assert (check_status == sudokit.OK).all() and (check_solutions == solutions).all()
    assert ((puzzles == 0) | (puzzles == solutions)).all()
    grids, same, status = sudokit.generate_batch(3, seed=2, grid=True, size=4)
    assert grids.shape == (3, 16) and (grids == same).all() and (grids > 0).all()
    _, _, status = sudokit.generate_batch(2, seed=3, clues=17, attempts=1)
    assert set(status.tolist()) <= {sudokit.TARGET_MISSED, sudokit.OK}


def test_backdoor_batch_agrees_with_backdoors_one_by_one(datasets):
    lines = (datasets / "puzzles6_forum_hardest_1106.txt").read_text().split()[:12]
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    puzzles = to_rows([*lines, easy, "." * 81, "11" + "." * 79])
    size, count, status = sudokit.backdoor_batch(puzzles, threads=2)
    assert size.dtype == np.int8 and count.dtype == np.int32 and status.dtype == np.uint8
    for i, p in enumerate(lines + [easy]):
        want_size, doors = sudokit.backdoors(p)
        assert (int(size[i]), int(count[i]), int(status[i])) == (want_size, len(doors), sudokit.OK)
    assert status[-2:].tolist() == [sudokit.MULTIPLE, sudokit.INVALID]
    assert size[-2:].tolist() == [-1, -1]
    # Beyond max_size: AT_LIMIT and no size; a 4x4 board goes through the puzzles' path.
    size, count, status = sudokit.backdoor_batch(puzzles[:1], max_size=1)
    assert (int(size[0]), int(count[0]), int(status[0])) == (-1, 0, sudokit.AT_LIMIT)
    small = np.array([[int(c) if c != "." else 0 for c in "1.3.4.2.3.1.2.4."]], dtype=np.uint8)
    assert sudokit.backdoor_batch(small)[0].tolist() == [0]


def test_canon_batch_agrees_with_canon_and_joins_equivalent_puzzles(datasets):
    lines = (datasets / "puzzles3_magictour_top1465.txt").read_text().split()[::37][:40]
    grids = to_rows(lines).reshape(-1, 9, 9)
    # The same puzzles turned, mirrored and with their digits relabelled: symmetries of the rules.
    relabel = np.array([0, 4, 7, 1, 9, 2, 8, 3, 6, 5], dtype=np.uint8)
    moved = relabel[np.transpose(grids, (0, 2, 1))[:, ::-1, :]]
    rows = np.vstack([grids.reshape(-1, 81), np.ascontiguousarray(moved).reshape(-1, 81),
                      np.full((1, 81), 10, dtype=np.uint8)])
    forms, status = sudokit.canon_batch(rows, threads=2)
    assert forms.dtype == np.uint8 and forms.shape == rows.shape
    assert status.tolist() == [sudokit.OK] * 80 + [sudokit.BAD_VALUE]
    assert forms[-1].tolist() == [0] * 81
    for i, line in enumerate(lines):
        assert to_line(forms[i]) == sudokit.canon(line), line
    assert (forms[:40] == forms[40:80]).all()
    assert len(np.unique(forms[:80], axis=0)) == len(set(lines))
    one, _ = sudokit.canon_batch(rows, threads=1)
    assert (one == forms).all()
    square, _ = sudokit.canon_batch(rows[:2].reshape(2, 9, 9))
    assert square.shape == (2, 9, 9) and (square.reshape(2, 81) == forms[:2]).all()


def test_canon_batch_on_small_boards_and_the_boards_it_refuses():
    four = ["1.34341221434321", "4.21214334121234"]
    forms, status = sudokit.canon_batch(np.array([[int(c) if c != "." else 0 for c in p] for p in four],
                                                 dtype=np.uint8))
    assert status.tolist() == [sudokit.OK, sudokit.OK]
    assert [to_line(f) for f in forms] == [sudokit.canon(four[0])] * 2 == [".123234114323214"] * 2
    six = "1.....4..........2.......3..5......."
    row = np.array([[int(c) if c != "." else 0 for c in six]], dtype=np.uint8)
    forms, status = sudokit.canon_batch(row, box="2x3")
    assert int(status[0]) == sudokit.OK and to_line(forms[0]) == sudokit.canon(six, box="2x3")
    with pytest.raises(ValueError, match="sides up to 9"):
        sudokit.canon_batch(np.zeros((1, 256), dtype=np.uint8))
    with pytest.raises(ValueError, match="dtype uint8"):
        sudokit.canon_batch(np.zeros((1, 81), dtype=np.int64))
