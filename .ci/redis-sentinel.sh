#!/usr/bin/env bash
# Redis with Sentinel from Debian's redis-server on loopback: a master, one replica and three
# sentinels (quorum 2) watching them, for the Sentinel contract run and the failover test.
#
#   bash .ci/redis-sentinel.sh start [master] [replica] [sentinel-base]
#        # defaults 7111, 7112, 26391 (sentinels 26391..26393); prints REDIS_SENTINELS=… and
#        # REDIS_SENTINEL_NAME=… when the master has its replica and every sentinel sees both
#   bash .ci/redis-sentinel.sh stop [master] [replica] [sentinel-base]
#   bash .ci/redis-sentinel.sh kill-node <port> [sentinel-base]     # SIGKILL one data node
#   bash .ci/redis-sentinel.sh restart-node <port> [sentinel-base]
#        # starts it again as a replica of the master the sentinels name now
#   bash .ci/redis-sentinel.sh master [sentinel-base]        # prints the current master's port
#   bash .ci/redis-sentinel.sh wait-ok [sentinel-base] [seconds]  # waits until healthy again
#
# No persistence (--save "" --appendonly no). The data nodes refuse writes without a connected
# replica (min-replicas-to-write 1); the sentinels call a master down after 2 s.
# The Debian package's redis-sentinel is `redis-server --sentinel`, used here directly.
set -euo pipefail

NAME=ssomaster
cmd="${1:-}"
shift || true

source "$(dirname "${BASH_SOURCE[0]}")/redis-lib.sh"
dir_of() { echo "${TMPDIR:-/tmp}/sso-redis-sentinel-$1"; }
up() { [[ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" == "PONG" ]]; }
wait_up() {
  for _ in $(seq 1 100); do up "$1" && return 0; sleep 0.1; done
  echo "error: redis on 127.0.0.1:$1 did not start (log: $2)" >&2
  exit 1
}

start_data() { # start_data <port> <dir> [replicaof-port]
  local port="$1" dir="$2" of="${3:-}"
  mkdir -p "$dir/$port"
  local extra=()
  [[ -n "$of" ]] && extra=(--replicaof 127.0.0.1 "$of")
  redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --pidfile "$dir/$port/pid" --logfile "$dir/$port/log" \
    --dir "$dir/$port" --save "" --appendonly no --min-replicas-to-write 1 --min-replicas-max-lag 10 --repl-diskless-sync-delay 0 \
    --replica-announce-ip 127.0.0.1 "${extra[@]}"
  wait_up "$port" "$dir/$port/log"
}

master_port() { # master_port <sentinel-base>
  redis-cli -h 127.0.0.1 -p "$1" sentinel get-master-addr-by-name "$NAME" 2>/dev/null | sed -n 2p
}

healthy() { # healthy <master> <sentinel-base>: master has a replica; each sentinel knows 1 replica and 2 other sentinels
  local m s
  m="$(master_port "$2")"
  [[ -n "$m" ]] || return 1
  # A "good" replica (one that acknowledged recently): what min-replicas-to-write counts.
  [[ "$(redis-cli -p "$m" info replication 2>/dev/null | tr -d '\r' | grep '^min_slaves_good_slaves:' | cut -d: -f2)" -ge 1 ]] || return 1
  for s in "$2" $(($2 + 1)) $(($2 + 2)); do
    [[ "$(master_port "$s")" == "$m" ]] || return 1
    redis-cli -p "$s" sentinel master "$NAME" 2>/dev/null | tr -d '\r' | grep -A1 '^num-slaves$' | tail -1 | grep -qx 1 || return 1
    redis-cli -p "$s" sentinel master "$NAME" 2>/dev/null | tr -d '\r' | grep -A1 '^num-other-sentinels$' | tail -1 | grep -qx 2 || return 1
  done
}

case "$cmd" in
  start)
    master="${1:-7111}" replica="${2:-7112}" sbase="${3:-26391}"
    command -v redis-server >/dev/null && command -v redis-cli >/dev/null || { echo "error: redis-server and redis-cli are required (apt-get install -y redis-server)" >&2; exit 1; }
    dir="$(dir_of "$sbase")"
    bash "$0" stop "$master" "$replica" "$sbase" >/dev/null 2>&1 || true
    rm -rf "$dir"
    mkdir -p "$dir"
    start_data "$master" "$dir"
    start_data "$replica" "$dir" "$master"
    for s in "$sbase" $((sbase + 1)) $((sbase + 2)); do
      mkdir -p "$dir/$s"
      cat >"$dir/$s/sentinel.conf" <<EOF
port $s
bind 127.0.0.1
daemonize yes
pidfile $dir/$s/pid
logfile $dir/$s/log
dir $dir/$s
sentinel announce-ip 127.0.0.1
sentinel monitor $NAME 127.0.0.1 $master 2
sentinel down-after-milliseconds $NAME 2000
sentinel failover-timeout $NAME 10000
sentinel parallel-syncs $NAME 1
EOF
      redis-server "$dir/$s/sentinel.conf" --sentinel
      wait_up "$s" "$dir/$s/log"
    done
    ok=0
    for _ in $(seq 1 150); do
      if healthy "$master" "$sbase"; then ok=1; break; fi
      sleep 0.2
    done
    [[ $ok == 1 ]] || { echo "error: the sentinels did not see the master with its replica within 30 s" >&2; exit 1; }
    echo "REDIS_SENTINELS=127.0.0.1:$sbase,127.0.0.1:$((sbase + 1)),127.0.0.1:$((sbase + 2))"
    echo "REDIS_SENTINEL_NAME=$NAME"
    ;;
  stop)
    sbase="${3:-26391}"
    stop_all "$(dir_of "$sbase")"
    ;;
  kill-node)
    kill_node "$1" "$(dir_of "${2:-26391}")"
    ;;
  restart-node)
    port="$1"
    dir="$(dir_of "${2:-26391}")"
    # Back empty (no persistence: a replica's last full sync left an RDB it would otherwise load),
    # as a replica of the master the sentinels name now (never an empty master in the meantime).
    rm -f "$dir/$port/dump.rdb"
    current="$(master_port "${2:-26391}")"
    if [[ -n "$current" && "$current" != "$port" ]]; then start_data "$port" "$dir" "$current"; else start_data "$port" "$dir"; fi
    ;;
  master)
    master_port "${1:-26391}"
    ;;
  wait-ok)
    sbase="${1:-26391}" secs="${2:-60}"
    for _ in $(seq 1 $((secs * 5))); do healthy "" "$sbase" && exit 0; sleep 0.2; done
    echo "error: the sentinel set-up is not healthy" >&2
    exit 1
    ;;
  *)
    echo "usage: $0 start|stop [master] [replica] [sentinel-base] | kill-node|restart-node <port> [sentinel-base] | master [sentinel-base] | wait-ok [sentinel-base] [seconds]" >&2
    exit 2
    ;;
esac
