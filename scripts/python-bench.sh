#!/usr/bin/env bash
# Throughput of the Python package against `sudokit bench` and the Python alternatives on PyPI, in one
# run (scripts/python-bench.py says what is measured). Release builds of the wheel and the command
# line; a fresh virtual environment under target/python-bench with packages from PyPI only.
#
# Usage: scripts/python-bench.sh [--puzzles N] [--rounds R] [--seconds S]
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
dir=target/python-bench
venv=$dir/venv
unset PIP_FIND_LINKS PIP_NO_INDEX
export PIP_DISABLE_PIP_VERSION_CHECK=1

rm -rf "$venv" "$dir/wheels"
mkdir -p "$dir"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet "maturin>=1.9.4,<2" numpy rustoku sudoku-solver-rs py-sudoku
cargo build --quiet --release -p sudokit-cli
"$venv/bin/maturin" build --quiet --release --manifest-path crates/sudokit-py/Cargo.toml \
    --interpreter "$venv/bin/python" --out "$dir/wheels"
"$venv/bin/python" -m pip install --quiet --no-deps "$dir"/wheels/sudokit-*.whl
cd "$dir"
"$OLDPWD/$venv/bin/python" "$OLDPWD/scripts/python-bench.py" --cli "$OLDPWD/target/release/sudokit" "$@"
