"""Scale-out on Dask: the example makes the same dataset on a local cluster of one or two workers as
one generate_batch call does. The clusters listen on 127.0.0.1 only."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import sudokit

distributed = pytest.importorskip("distributed")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_dataset.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_dataset", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dask_dataset"] = module
    spec.loader.exec_module(module)
    return module


def test_dataset_is_the_same_whatever_the_workers():
    example = load_example()
    seed, shards, size = 2024, 4, 25
    expected = sudokit.generate_batch(shards * size, seed, symmetry="rotate180")
    results = []
    for workers, processes in ((1, False), (2, True)):
        with example.local_cluster(workers, processes=processes) as cluster:
            assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
            with distributed.Client(cluster) as client:
                assert len(client.scheduler_info()["workers"]) == workers
                for w in client.scheduler_info()["workers"]:
                    assert w.startswith("tcp://127.0.0.1:")
                results.append(example.build(client, seed, shards, size, threads=1, symmetry="rotate180"))
    for puzzles, solutions in results:
        assert puzzles.shape == (shards * size, 81)
        assert (puzzles == expected[0]).all() and (solutions == expected[1]).all()
    assert example.digest(*results[0]) == example.digest(*results[1])
    # Another seed gives another dataset.
    other = sudokit.generate_batch(size, seed + 1)
    assert not (other[0] == expected[0][:size]).all()


def test_example_runs_as_a_script(tmp_path, capsys):
    example = load_example()
    out = tmp_path / "data.npz"
    example.main(["--seed", "7", "--shards", "2", "--shard-size", "10", "--workers", "2", "--out", str(out)])
    data = np.load(out)
    puzzles, solutions, _ = sudokit.generate_batch(20, 7)
    assert (data["puzzles"] == puzzles).all() and (data["solutions"] == solutions).all()
    assert f"digest {example.digest(puzzles, solutions)}" in capsys.readouterr().out
