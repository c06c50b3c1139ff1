#!/usr/bin/env bash
# The full dataset suite: every puzzle of the shared datasets (../shared/datasets beside the
# repository) by every engine and by the `sudoku` crate as a reference; every solution is checked and
# the uniqueness verdicts must agree. Skips with a note when the datasets are not there, unless
# SUDOKIT_REQUIRE_DATASETS=1, which makes a missing folder a failure.
#
#   scripts/differential.sh [CARGO TEST ARGS...]
#
# Runs the `#[ignore]`d full test of crates/sudokit/tests/datasets.rs with the same packages, features
# and profile as the README's test command (`cargo test --workspace --all-features`), so that it reuses
# that build instead of compiling again; the default run samples every 200th puzzle for the slower
# engines instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/datasets ]; then
    if [ "${SUDOKIT_REQUIRE_DATASETS:-}" = 1 ]; then
        echo "error: ../shared/datasets not found and SUDOKIT_REQUIRE_DATASETS=1" >&2
        exit 1
    fi
    echo "note: ../shared/datasets not found; skipping the full dataset suite"
    exit 0
fi
start=$(date +%s)
cargo test --workspace --all-features --test datasets "$@" -- --ignored --nocapture datasets_full_agree_across_engines
echo "full dataset suite: $(( $(date +%s) - start ))s"
