#!/usr/bin/env bash
# Builds the web page into target/web/: the WebAssembly module (crates/sudokit-wasm, profile `wasm`),
# shrunk with wasm-opt when web/test/node_modules has it (npm package `binaryen`), and the static
# files of web/. Prints the module's size.
#
#   scripts/build-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
cargo build -p sudokit-wasm --target wasm32-unknown-unknown --profile wasm --quiet
out=target/web
rm -rf "$out"
mkdir -p "$out"
cp web/index.html web/style.css web/app.js web/sudokit.js web/worker.js "$out"/
module=target/wasm32-unknown-unknown/wasm/sudokit_wasm.wasm
opt=web/test/node_modules/.bin/wasm-opt
if [ -x "$opt" ]; then
    # -Oz: smallest; the bulk-memory and sign-extension features are what rustc's wasm32 target emits.
    "$opt" -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
        "$module" -o "$out/sudokit.wasm"
else
    cp "$module" "$out/sudokit.wasm"
fi
echo "target/web/sudokit.wasm: $(wc -c <"$out/sudokit.wasm") bytes (cargo's: $(wc -c <"$module"))"
