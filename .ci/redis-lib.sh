# Shared by .ci/redis-cluster.sh and .ci/redis-sentinel.sh (sourced): every server of a set-up keeps
# its pid in <dir>/<port>/pid.

# stop_all <dir>: kills every server of the set-up and removes its directory.
stop_all() {
  local f
  for f in "$1"/*/pid; do
    [[ -f "$f" ]] && { kill -9 "$(cat "$f")" 2>/dev/null || true; }
  done
  rm -rf "$1"
}

# kill_node <port> <dir>: SIGKILLs one server (a failover test's crash).
kill_node() {
  kill -9 "$(cat "$2/$1/pid")"
  rm -f "$2/$1/pid"
}
