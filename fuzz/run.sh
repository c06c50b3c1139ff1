#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS seconds each, at the lowest CPU priority,
# and prints the executions and findings of each. The targets are built first, all in one build;
# FUZZ_JOBS=N runs N targets at a time (default 1; CI runs one per core, since a libFuzzer run uses one).
#
#   fuzz/run.sh SECONDS [TARGET...]
#   fuzz/run.sh --build        only builds them (CI builds them early, beside other work)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). On a stable toolchain RUSTC_BOOTSTRAP=1 lets cargo-fuzz
# pass its unstable flags. No sanitizer is used by default, for speed; SANITIZER=address adds
# AddressSanitizer (the library's only `unsafe` is the AVX2 kernels of `solve/fast9/x86.rs`), and
# DEBUG_ASSERTIONS=1 builds with debug assertions and overflow checks (CI sets both). New inputs go to
# fuzz/work/TARGET (not committed); the seeds in fuzz/corpus/TARGET are only read. A crash is written to
# fuzz/artifacts/TARGET/ and stops the run of that target; replay it with
# `cargo fuzz run TARGET fuzz/artifacts/TARGET/crash-…`, then turn it into a regression test before
# fixing it.
set -euo pipefail

secs=${1:?usage: fuzz/run.sh SECONDS [TARGET...] | fuzz/run.sh --build}
shift
cd "$(dirname "$0")"
if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi
export RUSTC_BOOTSTRAP=1
sanitizer=${SANITIZER:-none}
checks=()
[ "${DEBUG_ASSERTIONS:-0}" = 1 ] && checks=(--debug-assertions)
jobs=${FUZZ_JOBS:-1}
nice -n 19 cargo fuzz build "${checks[@]}" -s "$sanitizer"
[ "$secs" = --build ] && exit 0

fuzz_one() {
    local t=$1
    local dict=()
    [ -f "dict/$t.dict" ] && dict=("-dict=dict/$t.dict")
    mkdir -p "work/$t" "artifacts/$t"
    # -timeout: an input slower than this is reported as a finding (a search that ran away);
    # -rss_limit_mb: so does an input that makes the reader hold too much memory.
    nice -n 19 cargo fuzz run "${checks[@]}" -s "$sanitizer" "$t" "work/$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
        "${dict[@]}" >"work/$t.log" 2>&1 || true
    # One write per target, as it ends, so that runs side by side do not mix their lines.
    local summary
    summary=$(grep -E '^(Done|stat::number_of_executed_units|==|SUMMARY|.*(panicked|deadly signal|Test unit written))' "work/$t.log" || true)
    printf '== %s: %ss\n%s\n' "$t" "$secs" "$summary"
}

running=0
for t in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    fuzz_one "$t" &
    running=$((running + 1))
done
wait

status=0
for t in "${targets[@]}"; do
    if grep -qE 'panicked|deadly signal|ERROR: libFuzzer' "work/$t.log"; then
        echo "!! $t: finding, see fuzz/work/$t.log and fuzz/artifacts/$t/"
        status=1
    fi
done
exit $status
