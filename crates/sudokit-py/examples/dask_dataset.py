"""A Sudoku dataset made on a Dask cluster: generation and solving run as tasks, the result is
reproducible from one seed.

The dataset is cut into shards by index: shard ``k`` holds items ``k * shard_size`` to
``(k + 1) * shard_size - 1`` of the run ``seed`` (``sudokit.generate_batch(shard_size, seed,
start=k * shard_size)``), and item ``i`` of a run is made from its own random stream. So the same seed
gives the same dataset whatever the number of workers or threads, and the same as one
``generate_batch`` call on one machine. Each shard is then solved by a second task
(``sudokit.check_batch``: every puzzle must have exactly its generated solution), and the shards are
put together in shard order.

Run on this machine (a LocalCluster on 127.0.0.1)::

    python dask_dataset.py --shards 8 --shard-size 1000 --seed 42 --out sudoku.npz

Run on a real cluster: start ``dask scheduler`` and ``dask worker tcp://SCHEDULER:8786`` on each
machine (each needs ``pip install sudokit``), then pass ``--scheduler tcp://SCHEDULER:8786``.
"""

from __future__ import annotations

import argparse
import hashlib
import operator
from typing import Any, Optional, Tuple

import numpy as np

import sudokit


def build(client, seed: int, shards: int, shard_size: int, threads: Optional[int] = None,
          **options: Any) -> Tuple[np.ndarray, np.ndarray]:
    """The dataset ``(puzzles, solutions)`` of ``shards * shard_size`` items, made on the cluster of
    ``client``, rows in index order.

    The tasks are sudokit's own functions, so the workers need nothing but ``pip install sudokit``:
    a generation task per shard (``generate_batch``), then a solving task per shard (``check_batch``)
    that must find every generated puzzle unique with its generated solution.
    """
    made = [
        client.submit(sudokit.generate_batch, shard_size, seed, start=k * shard_size, threads=threads,
                      key=f"generate-{seed}-{shard_size}-{k}", **options)
        for k in range(shards)
    ]
    puzzles = [client.submit(operator.itemgetter(0), m, key=f"puzzles-{seed}-{shard_size}-{k}")
               for k, m in enumerate(made)]
    checked = [client.submit(sudokit.check_batch, p, threads=threads, key=f"check-{seed}-{shard_size}-{k}")
               for k, p in enumerate(puzzles)]
    parts = client.gather(made)
    checks = client.gather(checked)
    for k, ((_, solutions, status), (found, verdict)) in enumerate(zip(parts, checks)):
        made_ok = status == sudokit.OK
        agree = (verdict == sudokit.OK) & (found == solutions).all(axis=1)
        if not (agree | ~made_ok).all():
            raise ValueError(f"shard {k}: a generated puzzle is not unique or has another solution")
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def digest(puzzles: np.ndarray, solutions: np.ndarray) -> str:
    """A short fingerprint of a dataset, to compare runs."""
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(puzzles).tobytes())
    h.update(np.ascontiguousarray(solutions).tobytes())
    return h.hexdigest()[:16]


def local_cluster(workers: int, processes: bool = True):
    """A Dask cluster on this machine that listens on the loopback interface only."""
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=processes,
        # TCP even for workers in this process (whose default is an in-process transport), so that
        # every cluster of the example talks as a real one does.
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
        worker_dashboard_address="127.0.0.1:0",
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--shard-size", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2, help="local workers (without --scheduler)")
    parser.add_argument("--scheduler", help="address of a running scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--symmetry", default="none")
    parser.add_argument("--out", help="write the dataset to this .npz file")
    args = parser.parse_args(argv)

    from distributed import Client

    cluster = None if args.scheduler else local_cluster(args.workers)
    with Client(args.scheduler or cluster) as client:
        # One thread per task on a local cluster: the workers share this machine's cores.
        threads = 1 if cluster else None
        puzzles, solutions = build(client, args.seed, args.shards, args.shard_size, threads,
                                   symmetry=args.symmetry)
    if cluster:
        cluster.close()
    print(f"{len(puzzles)} puzzles, digest {digest(puzzles, solutions)}")
    if args.out:
        np.savez_compressed(args.out, puzzles=puzzles, solutions=solutions)


if __name__ == "__main__":
    main()
