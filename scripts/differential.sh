#!/usr/bin/env bash
# Differential test over every puzzle of the shared datasets (../shared/datasets beside the
# repository): each engine solves each puzzle, every solution is checked, and the engines' uniqueness
# verdicts must agree. Skips with a note when the datasets are not there.
#
#   scripts/differential.sh [CARGO TEST ARGS...]
#
# Runs the `#[ignore]`d full test of crates/sudokit/tests/differential.rs in the test profile (which
# is optimised, see the root Cargo.toml); the default `cargo test` runs a 1-in-200 sample instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/datasets ]; then
    echo "note: ../shared/datasets not found; skipping the full differential test"
    exit 0
fi
start=$(date +%s)
cargo test -p sudokit --test differential "$@" -- --ignored --nocapture datasets_full_agree_across_engines
echo "full differential test: $(( $(date +%s) - start ))s"
