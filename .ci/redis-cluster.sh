#!/usr/bin/env bash
# A real Redis Cluster (3 masters + 3 replicas) from Debian's redis-server on loopback, for the
# cluster contract run, the HTTP suites on a cluster and the failover test.
#
#   bash .ci/redis-cluster.sh start [base]     # ports base..base+5 (default 7101..7106); prints
#                                              # REDIS_CLUSTER_NODES=… when cluster_state:ok
#   bash .ci/redis-cluster.sh stop [base]
#   bash .ci/redis-cluster.sh kill-node <port> [base]     # SIGKILL one node (failover tests)
#   bash .ci/redis-cluster.sh restart-node <port> [base]  # starts a killed node again (same nodes.conf)
#   bash .ci/redis-cluster.sh wait-ok [base] [seconds]    # waits until cluster_state:ok, every replica attached
#
# Data lives in a temp dir (no persistence: --save "" --appendonly no). Masters refuse writes
# without a connected replica (min-replicas-to-write 1) and a replica takes over 2 s after its
# master stops answering (cluster-node-timeout 2000), whatever its replication lag
# (cluster-replica-validity-factor 0). docs/sessions.md ("Redis Cluster and Sentinel") explains why.
set -euo pipefail

cmd="${1:-}"
shift || true

source "$(dirname "${BASH_SOURCE[0]}")/redis-lib.sh"
dir_of() { echo "${TMPDIR:-/tmp}/sso-redis-cluster-$1"; }

node_up() { [[ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" == "PONG" ]]; }

start_node() { # start_node <port> <dir>
  local port="$1" dir="$2"
  mkdir -p "$dir/$port"
  (
    cd "$dir/$port"
    redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --pidfile "$dir/$port/pid" --logfile "$dir/$port/log" \
      --dir "$dir/$port" --save "" --appendonly no \
      --cluster-enabled yes --cluster-config-file nodes.conf --cluster-node-timeout 2000 \
      --cluster-replica-validity-factor 0 --cluster-require-full-coverage no \
      --min-replicas-to-write 1 --min-replicas-max-lag 10 --repl-diskless-sync-delay 0
  )
  for _ in $(seq 1 100); do node_up "$port" && return 0; sleep 0.1; done
  echo "error: redis-server on 127.0.0.1:$port did not start (log: $dir/$port/log)" >&2
  exit 1
}

cluster_ok() {
  local port
  for port in "$@"; do
    redis-cli -h 127.0.0.1 -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok' || return 1
  done
  # Every master has its replica attached (min-replicas-to-write 1 needs it for writes).
  # (flags are the third field: "slave" or "myself,slave"; none may be failing)
  [[ "$(redis-cli -h 127.0.0.1 -p "$1" cluster nodes 2>/dev/null | awk '$3 ~ /slave/ && $3 !~ /fail/' | wc -l)" == 3 ]] || return 1
  for port in "$@"; do
    if redis-cli -h 127.0.0.1 -p "$port" role 2>/dev/null | head -1 | grep -q master; then
      # A "good" replica (one that acknowledged recently): what min-replicas-to-write counts.
      [[ "$(redis-cli -h 127.0.0.1 -p "$port" info replication | tr -d '\r' | grep '^min_slaves_good_slaves:' | cut -d: -f2)" -ge 1 ]] || return 1
    fi
  done
}

wait_ok() {
  local secs="$1"
  shift
  for _ in $(seq 1 $((secs * 5))); do cluster_ok "$@" && return 0; sleep 0.2; done
  return 1
}

case "$cmd" in
  start)
    base="${1:-7101}"
    command -v redis-server >/dev/null && command -v redis-cli >/dev/null || { echo "error: redis-server and redis-cli are required (apt-get install -y redis-server)" >&2; exit 1; }
    dir="$(dir_of "$base")"
    bash "$0" stop "$base" >/dev/null 2>&1 || true
    rm -rf "$dir"
    mkdir -p "$dir"
    ports=()
    for i in 0 1 2 3 4 5; do ports+=($((base + i))); done
    for p in "${ports[@]}"; do start_node "$p" "$dir"; done
    hosts=()
    for p in "${ports[@]}"; do hosts+=("127.0.0.1:$p"); done
    redis-cli --cluster create "${hosts[@]}" --cluster-replicas 1 --cluster-yes >"$dir/create.log" 2>&1 || {
      cat "$dir/create.log" >&2
      exit 1
    }
    if ! wait_ok 60 "${ports[@]}"; then
      echo "error: the cluster on ${ports[0]}..${ports[5]} did not reach cluster_state:ok with every replica attached within 60 s" >&2
      for p in "${ports[@]}"; do redis-cli -p "$p" cluster info | head -1 >&2 || true; done
      exit 1
    fi
    echo "REDIS_CLUSTER_NODES=$(IFS=,; echo "${hosts[*]}")"
    ;;
  stop)
    base="${1:-7101}"
    stop_all "$(dir_of "$base")"
    ;;
  kill-node)
    kill_node "$1" "$(dir_of "${2:-7101}")"
    ;;
  restart-node)
    port="$1"
    dir="$(dir_of "${2:-7101}")"
    # Back empty (no persistence): a replica's last full sync left an RDB it would otherwise load.
    rm -f "$dir/$port/dump.rdb"
    start_node "$port" "$dir"
    ;;
  wait-ok)
    base="${1:-7101}"
    ports=()
    for i in 0 1 2 3 4 5; do ports+=($((base + i))); done
    wait_ok "${2:-60}" "${ports[@]}" || { echo "error: the cluster is not ok" >&2; exit 1; }
    ;;
  *)
    echo "usage: $0 start|stop [base] | kill-node|restart-node <port> [base] | wait-ok [base] [seconds]" >&2
    exit 2
    ;;
esac
