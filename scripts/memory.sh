#!/usr/bin/env bash
# Peak memory (RSS) of the runs that must stay bounded whatever their input (issue #22):
#   - `solve --all --limit 0` on an empty 9×9 board for a few seconds (billions of solutions),
#   - a top-level JSON array of 300,000 boards, on one line as Python's json.dump writes it, and with
#     one board per line,
#   - the same boards one per line, for comparison.
# Prints one line per run: its peak RSS in MB. Needs GNU time (/usr/bin/time) and python3.
#
#   scripts/memory.sh [SUDOKIT_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/sudokit}
if [ ! -x "$bin" ]; then
    cargo build --release -p sudokit-cli --quiet
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
peak() { # label, command...
    local label=$1; shift
    /usr/bin/time -f "%M" -o "$tmp/rss" "$@" > /dev/null 2>&1 || true
    printf '%-44s %8.1f MB\n' "$label" "$(tail -n 1 "$tmp/rss" | awk '{print $1 / 1024}')"
}
printf '%s\n' "................................................................................." > "$tmp/empty.txt"
peak "solve --all --limit 0, empty board, 5 s" timeout -s INT 5 "$bin" solve --all --limit 0 "$tmp/empty.txt"
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
p = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
board = [[c for c in p[r * 9:(r + 1) * 9]] for r in range(9)]
with open(f"{tmp}/array.json", "w") as f:
    json.dump([board] * 300_000, f)
with open(f"{tmp}/array-lines.json", "w") as f:
    f.write("[\n" + ",\n".join([json.dumps(board)] * 300_000) + "\n]\n")
with open(f"{tmp}/lines.json", "w") as f:
    line = json.dumps(board)
    f.write((line + "\n") * 300_000)
PY
peak "300,000 boards, one JSON array, one line" "$bin" solve -o line "$tmp/array.json"
peak "300,000 boards, one JSON array, a line each" "$bin" solve -o line "$tmp/array-lines.json"
peak "300,000 boards, one JSON board per line" "$bin" solve -o line "$tmp/lines.json"
