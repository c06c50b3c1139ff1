#!/usr/bin/env bash
# The human-style step path and the HoDoKu rating: sudokit (`bench --mode explain` and
# `--mode rate`, CPU-time clock) against hodoku-py (HoDoKu 2.2 in Python, GPL: a measuring stick
# installed in its own venv under target/, never a dependency), on the same sample in the same run,
# alternating the programs round by round (see hodoku_bench.py).
#
# Usage: scripts/peers/hodoku-py-bench.sh [--every N] [--rounds R] [FILE...]
#   default files: top1465 and forum_hardest_1106 from ../shared/datasets; default --every 30.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/hodoku-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import hodoku" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "hodoku-py==0.2.1"
fi
cargo build --release --quiet -p sudokit-cli --manifest-path "$root/Cargo.toml"
exec "$venv/bin/python" "$root/scripts/peers/hodoku_bench.py" "$root/target/release/sudokit" "$@"
