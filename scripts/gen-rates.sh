#!/usr/bin/env bash
# Puzzles per second of `sudokit generate puzzle` for each difficulty class (--difficulty) and each
# HoDoKu level (--level), plus two ER bands: one markdown table row per target.
#
# Each target runs for at most SECONDS (default 60) or COUNT puzzles (default 50), on every core,
# with a fixed seed; the rate is the puzzles made divided by the wall-clock time `--stats` reports.
# A target that times out still gives a rate (the puzzles finished before the time was up).
#
#   scripts/gen-rates.sh [SUDOKIT_BINARY] [COUNT] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/sudokit}
count=${2:-50}
seconds=${3:-60}
if [ ! -x "$bin" ]; then
    cargo build --release -p sudokit-cli --quiet
fi
echo "| target | puzzles | seconds | puzzles/s |"
echo "|---|---:|---:|---:|"
run() { # label, flags...
    local label=$1; shift
    local stats
    stats=$("$bin" generate puzzle -n "$count" --seed 1 --stats --no-progress --timeout "$seconds" "$@" \
        2>&1 >/dev/null | grep '^puzzles=' || true)
    local made secs rate
    made=$(sed -n 's/^puzzles=\([0-9]*\).*/\1/p' <<<"$stats")
    secs=$(sed -n 's/.* seconds=\([0-9.]*\).*/\1/p' <<<"$stats")
    rate=$(awk -v m="${made:-0}" -v s="${secs:-0}" 'BEGIN { if (s > 0) printf "%.1f", m / s; else print "-" }')
    echo "| $label | ${made:-0} | ${secs:--} | $rate |"
}
run "any (minimal)"
for d in singles no-guess guess; do run "--difficulty $d" --difficulty "$d"; done
for l in easy medium hard unfair extreme; do run "--level $l" --level "$l"; done
run "--er 1.0..2.5" --er 1.0..2.5
run "--er 7.0..8.5" --er 7.0..8.5
