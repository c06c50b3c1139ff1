#!/usr/bin/env bash
# Sudoku Explainer's own ratings against `sudokit rate`, puzzle by puzzle: serate (Sudoku Explainer
# 1.2.1 with gsf's command-line rater, LGPL: a measuring stick compiled from a local checkout into
# target/serate, never a dependency) and sudokit on the same sample, ER/EP/ED compared (see
# serate_check.py). It extends the checks of the development set in ../shared/datasets/ratings,
# which stops at ER 9.9, to any puzzle file, the nested forcing chains of forum_hardest included.
#
# Usage: scripts/peers/serate-check.sh SE_SOURCE [--every N] [--count N] [--timeout S] [--jobs J] [FILE...]
#   SE_SOURCE: a checkout of Sudoku Explainer with serate (the repository and commit named in
#   ../shared/datasets/ratings/README.md); only serate and what it uses are compiled (javac 17).
#   Default FILE: forum_hardest_1106 from ../shared/datasets; default --every 25, --timeout 600.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ $# -lt 1 ] || [ ! -f "$1/diuf/sudoku/test/serate.java" ]; then
    echo "usage: $0 SE_SOURCE [--every N] [--count N] [--timeout S] [--jobs J] [FILE...]" >&2
    echo "SE_SOURCE must hold diuf/sudoku/test/serate.java (Sudoku Explainer with serate)" >&2
    exit 2
fi
source_dir="$(cd "$1" && pwd)"
shift
classes="$root/target/serate/classes"
# Compiled again for another checkout or commit (delete target/serate to force it).
stamp="$source_dir $(git -C "$source_dir" rev-parse HEAD 2>/dev/null || echo unversioned)"
if [ ! -f "$classes/.stamp" ] || [ "$(cat "$classes/.stamp")" != "$stamp" ]; then
    rm -rf "$classes"
    mkdir -p "$classes"
    # Through -sourcepath, javac compiles serate and only the classes it uses (not the GUI, which
    # some commits of the checkout do not compile as they are).
    javac -encoding ISO-8859-1 -nowarn -sourcepath "$source_dir" -d "$classes" \
        "$source_dir/diuf/sudoku/test/serate.java" 2>&1 | grep -v '^Note:' || true
    [ -f "$classes/diuf/sudoku/test/serate.class" ] || { echo "error: serate did not compile" >&2; exit 1; }
    echo "$stamp" > "$classes/.stamp"
fi
cargo build --release --quiet -p sudokit-cli --manifest-path "$root/Cargo.toml"
exec python3 "$root/scripts/peers/serate_check.py" "$root/target/release/sudokit" "$classes" "$@"
