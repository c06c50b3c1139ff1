#!/usr/bin/env bash
# The web page in a real browser: installs what the test needs (npm packages of web/test from its
# lockfile, Debian's chromium when /usr/bin/chromium is missing), builds the page (scripts/build-web.sh)
# and drives it headless with playwright-core (web/test/run.mjs). Screenshots of the main states go to
# target/web-screenshots/. Fails when any check fails or the page logs an error.
#
#   scripts/web-test.sh           the browser test (what CI runs)
#   scripts/web-test.sh --install only installs what the test needs (CI starts it early, in the
#                                 background, since it is mostly downloading)
#   scripts/web-test.sh --bench   then times solve and check in the page against the native
#                                 `sudokit bench` on the same 100 hard puzzles, and ratings in the page
#                                 against the native `sudokit rate -j 1` on every 50th puzzle of the
#                                 ratings reference (builds the release CLI), alternating the two three
#                                 times
set -euo pipefail
cd "$(dirname "$0")/.."
bench=0
install_only=0
case "${1:-}" in
--bench) bench=1 ;;
--install) install_only=1 ;;
esac

if [ ! -x /usr/bin/chromium ]; then
    echo "installing Debian's chromium"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x web/test/node_modules/.bin/wasm-opt ] || [ ! -d web/test/node_modules/playwright-core ]; then
    (cd web/test && npm ci --no-audit --no-fund --loglevel=error)
fi
[ "$install_only" = 1 ] && exit 0

start=$(date +%s)
scripts/build-web.sh
node web/test/run.mjs
echo "web test: $(( $(date +%s) - start ))s"

if [ "$bench" = 1 ]; then
    puzzles=../shared/datasets/puzzles6_forum_hardest_1106.txt
    [ -f "$puzzles" ] || { echo "error: $puzzles not found" >&2; exit 1; }
    cargo build --release -p sudokit-cli --quiet
    sample=target/web-bench-puzzles.txt
    grep -v '^#' "$puzzles" | cut -c1-81 | head -100 >"$sample"
    rated=target/web-bench-rate-puzzles.txt
    tail -n +2 ../shared/datasets/ratings/se-dev.tsv | cut -f1 | awk 'NR % 50 == 1' >"$rated"
    for round in 1 2 3; do
        rate_start=$(date +%s%N)
        target/release/sudokit rate "$rated" -j 1 >/dev/null
        native_rate=$(( ($(date +%s%N) - rate_start) / 1000000 ))
        native_first=$(target/release/sudokit bench "$sample" --mode first --seconds 2 | sed -n 's/.*usec_per_puzzle=\([0-9.]*\).*/\1/p')
        native_unique=$(target/release/sudokit bench "$sample" --mode unique --seconds 2 | sed -n 's/.*usec_per_puzzle=\([0-9.]*\).*/\1/p')
        BENCH_ONLY=1 BENCH_PUZZLES="$sample" RATE_PUZZLES="$rated" BENCH_OUT=target/web-bench.json node web/test/run.mjs >/dev/null
        python3 - "$native_first" "$native_unique" "$round" "$native_rate" "$(wc -l <"$rated")" <<'PY'
import json, sys
first, unique, round_ = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
native_rate = float(sys.argv[4]) / int(sys.argv[5])
page = json.load(open("target/web-bench.json"))
print(f"round {round_}: {page['puzzles']} puzzles, µs per puzzle (page with performance.now() / native sudokit bench, wall clock):")
print(f"  solve (first solution): page {page['solveMicros']:.1f} / native {first:.1f} = {page['solveMicros'] / first:.1f}x")
print(f"  check (unique):         page {page['checkMicros']:.1f} / native {unique:.1f} = {page['checkMicros'] / unique:.1f}x")
print(f"  of which reading the puzzle and building the JSON answer in the page: {page['parseMicros']:.1f}")
print(f"  rate ({page['ratePuzzles']} puzzles, ms per puzzle; native includes starting the process): page {page['rateMillis']:.1f} / native {native_rate:.1f} = {page['rateMillis'] / native_rate:.1f}x")
PY
    done
fi
