#!/usr/bin/env bash
# Builds the web page (scripts/build-web.sh) and serves target/web/ on http://127.0.0.1:8000/
# (another port with `scripts/serve-web.sh PORT`). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8000}"
scripts/build-web.sh
echo "open http://127.0.0.1:$port/"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory target/web
