#!/usr/bin/env bash
# FerretDB v1 (a MongoDB wire-protocol server on SQLite) for the Mongo test pass and local runs.
#
#   bash .ci/ferretdb.sh build          # builds .tools/ferretdb-$VERSION once (cached, git-ignored)
#   bash .ci/ferretdb.sh start [port]   # starts it on 127.0.0.1:<port> (default 27018) with a fresh
#                                       # SQLite directory; prints MONGODB_URL=… and the pid file
#   bash .ci/ferretdb.sh stop [port]
#
# Version: v1.24.1 is not served by this machine's Go module proxy (403), so the newest v1 it serves,
# v1.24.0, is pinned. `go install …@version` cannot be used here (its deprecation check needs the
# proxy's version list, which is refused) and the module's source carries an empty
# build/version/version.txt, so the source is copied from the module cache, the version file written,
# and the command built from that copy. Any failure exits non-zero: a pass never runs without it.
set -euo pipefail

VERSION=v1.24.0
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/.tools/ferretdb-$VERSION"

build() {
  # Output captured whole (a reader that stops early would kill the writer with SIGPIPE under pipefail).
  if [[ -x "$BIN" ]]; then
    local have
    have="$("$BIN" --version 2>/dev/null || true)"
    [[ "$have" == *"version: $VERSION"* ]] && return 0
  fi
  command -v go >/dev/null || { echo "error: go is required to build FerretDB" >&2; exit 1; }
  local work
  work="$(mktemp -d)"
  echo "building FerretDB $VERSION from the Go module proxy (once; cached in .tools/)"
  (
    cd "$work"
    export GOSUMDB=off GOFLAGS=-mod=mod
    go mod init ferretbuild >/dev/null 2>&1
    go get "github.com/FerretDB/FerretDB@$VERSION" >/dev/null
    src="$(go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB)"
    cp -r "$src" "$work/src"
    chmod -R u+w "$work/src"
    echo "$VERSION" > "$work/src/build/version/version.txt"
    cd "$work/src"
    mkdir -p "$ROOT/.tools"
    go build -o "$BIN" ./cmd/ferretdb
  )
  rm -rf "$work"
  local built
  built="$("$BIN" --version)"
  echo "${built%%$'\n'*}"
}

start() {
  local port="${1:-27018}"
  build
  local dir="${TMPDIR:-/tmp}/ferretdb-$port"
  stop "$port" >/dev/null 2>&1 || true
  rm -rf "$dir"
  mkdir -p "$dir/data" "$dir/state"
  nohup "$BIN" --handler=sqlite --sqlite-url="file:$dir/data/" --state-dir="$dir/state" \
    --listen-addr="127.0.0.1:$port" --debug-addr=- --telemetry=disable --log-level=WARN \
    >"$dir/ferretdb.log" 2>&1 &
  echo $! >"$dir/pid"
  for _ in $(seq 1 60); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "FerretDB $VERSION is up on 127.0.0.1:$port (pid $(cat "$dir/pid"), log $dir/ferretdb.log)"
      echo "MONGODB_URL=mongodb://127.0.0.1:$port/"
      return 0
    fi
    if ! kill -0 "$(cat "$dir/pid")" 2>/dev/null; then break; fi
    sleep 0.5
  done
  echo "error: FerretDB did not start on 127.0.0.1:$port; its log:" >&2
  cat "$dir/ferretdb.log" >&2 || true
  exit 1
}

stop() {
  local port="${1:-27018}"
  local dir="${TMPDIR:-/tmp}/ferretdb-$port"
  if [[ -f "$dir/pid" ]]; then kill "$(cat "$dir/pid")" 2>/dev/null || true; rm -f "$dir/pid"; fi
}

case "${1:-}" in
  build) build ;;
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 build|start [port]|stop [port]" >&2; exit 2 ;;
esac
