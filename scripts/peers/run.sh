#!/usr/bin/env bash
# Uniqueness checks on the 16×16 and 25×25 benchmark sets: sudokit against pencilmark and python-sat,
# measured in one run (see bench.py). The peers live in their own venv under target/, never as a
# dependency of the project.
#
# Usage: scripts/peers/run.sh [FILE...]   (default: the generated sets in tests/data/boards/)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/peer-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    # pencilmark is a release candidate: --pre.
    "$venv/bin/pip" install --quiet --pre pencilmark python-sat
fi
cargo build --release --quiet -p sudokit-cli --manifest-path "$root/Cargo.toml"
if [ $# -eq 0 ]; then
    set -- "$root/tests/data/boards/generated-16x16.txt" "$root/tests/data/boards/generated-25x25.txt"
fi
exec "$venv/bin/python" "$root/scripts/peers/bench.py" "$root/target/release/sudokit" "$@"
