#!/usr/bin/env bash
# Builds the `sudokit` Python package (crates/sudokit-py) into a fresh virtual environment under
# target/python-test and runs its pytest suite (crates/sudokit-py/tests), with the command line built
# beside it for the tests that compare the two.
#
# Packages come from PyPI only (maturin, numpy, pytest, dask[distributed]). The extension is built
# with cargo's dev profile, the quickest to build: the workspace optimises the engine crate even there
# (see Cargo.toml), so the tests run at full solving speed. Benchmarks use a release wheel instead
# (scripts/python-bench.sh). The command line is `cargo build -p sudokit-cli`'s, or SUDOKIT_BIN when
# set: a debug build of it from `cargo test` will do (CI passes that one, since a build of the
# command line on its own resolves its dependencies' features apart from the extension's and so
# compiles the library once more).
#
# Usage: scripts/python-test.sh [--env-only | --env-ready] [pytest arguments]
#   --env-only   only makes the fresh virtual environment with the packages from PyPI
#   --env-ready  uses the environment a `--env-only` run just made (CI makes it early, in the
#                background, while the Rust builds run, since it is mostly downloading)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in
--env-only) mode=env; shift ;;
--env-ready) mode=test; shift ;;
esac

python=${PYTHON:-python3}
dir=target/python-test
venv=$dir/venv
cli=${CARGO_TARGET_DIR:-$PWD/target}/debug/sudokit
build_cli=1
if [ -n "${SUDOKIT_BIN:-}" ]; then
    [ -x "$SUDOKIT_BIN" ] || { echo "error: SUDOKIT_BIN=$SUDOKIT_BIN is not an executable" >&2; exit 1; }
    # The tests run from another folder.
    cli=$(realpath "$SUDOKIT_BIN")
    build_cli=0
fi
start=$SECONDS

# PyPI only: no local wheel folders.
unset PIP_FIND_LINKS PIP_NO_INDEX
export PIP_DISABLE_PIP_VERSION_CHECK=1

make_env() {
    rm -rf "$venv"
    mkdir -p "$dir"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet "maturin>=1.9.4,<2" numpy pytest "dask[distributed]"
}

rm -rf "$dir/wheels"
case "$mode" in
env)
    make_env
    echo "python-test: environment ready in $((SECONDS - start)) s"
    exit 0
    ;;
test)
    [ -x "$venv/bin/maturin" ] || { echo "error: no environment in $venv (run with --env-only first)" >&2; exit 1; }
    [ "$build_cli" = 0 ] || cargo build --quiet -p sudokit-cli
    ;;
all)
    # The command line builds while pip downloads.
    cli_build=
    if [ "$build_cli" = 1 ]; then
        cargo build --quiet -p sudokit-cli &
        cli_build=$!
    fi
    make_env
    [ -z "$cli_build" ] || wait "$cli_build"
    ;;
esac
"$venv/bin/maturin" build --quiet --manifest-path crates/sudokit-py/Cargo.toml \
    --interpreter "$venv/bin/python" --out "$dir/wheels"
# Forced: pip skips a wheel of the version already installed, and with --env-ready the environment
# may hold the build of an earlier run.
"$venv/bin/python" -m pip install --quiet --no-deps --force-reinstall "$dir"/wheels/sudokit-*.whl
echo "python-test: environment and build ready in $((SECONDS - start)) s"

# Run from outside the source folder, so that the installed package is the one imported.
cd "$dir"
SUDOKIT_BIN="$cli" SUDOKIT_REQUIRE_CLI=1 \
    "$OLDPWD/$venv/bin/python" -m pytest "$OLDPWD/crates/sudokit-py/tests" -q -p no:cacheprovider "$@"
echo "python-test: done in $((SECONDS - start)) s"
