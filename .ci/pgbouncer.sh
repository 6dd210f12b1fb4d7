#!/usr/bin/env bash
# PgBouncer in transaction mode and a streaming read replica, both on loopback, in front of and
# beside the PostgreSQL cluster on 127.0.0.1:5432 (user postgres, password postgres), for the
# pooler and replica tests (test/process/pgbouncer.test.ts, docs/decisions.md "Behind PgBouncer").
#
#   bash .ci/pgbouncer.sh start   # PgBouncer on 127.0.0.1:6432 (pool_mode = transaction, every
#                                 # database: `* = host=127.0.0.1 port=5432`, scram-sha-256 with a
#                                 # userlist) and a hot standby on 127.0.0.1:5433 made with
#                                 # pg_basebackup -R (Debian cluster "<version>/replica"); prints
#                                 # the TEST_PG_POOLER_URL and TEST_PG_REPLICA_URL to export
#   bash .ci/pgbouncer.sh stop    # stops PgBouncer and drops the replica cluster
#
# Debian's packages: pgbouncer is installed when missing (its own system service is left disabled;
# this script runs its own instance from a private directory). PgBouncer refuses to run as root, so
# it runs as the postgres user. No replication slot is made: a stopped replica never holds WAL on
# the primary; one that fell behind is simply made again by the next `start`.
set -euo pipefail

PORT=6432
REPLICA_PORT=5433
PRIMARY_PORT=5432
PASSWORD="${PGPASSWORD:-postgres}"
# Not under $TMPDIR: the postgres user must be able to reach it.
DIR="/tmp/sso-pgbouncer-$PORT"

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }
# Runs a shell command as the postgres system user (the owner of the clusters and of PgBouncer here).
as_pg() { if [[ "$(id -un)" == postgres ]]; then sh -c "$1"; else as_root su postgres -s /bin/sh -c "$1"; fi; }
version() { pg_lsclusters -h | awk '$2 == "main" { print $1; exit }'; }
q() { PGPASSWORD="$PASSWORD" psql -h 127.0.0.1 -U postgres -d postgres -XAtq "$@"; }

install() {
  command -v pgbouncer >/dev/null 2>&1 && return 0
  echo "installing pgbouncer from Debian's packages"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null 2>&1 ||
    { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null; }
  # The package's own service (empty [databases], port 6432) would take our port on a systemd machine.
  if command -v systemctl >/dev/null 2>&1; then as_root systemctl disable --now pgbouncer >/dev/null 2>&1 || true; fi
}

start_pgbouncer() {
  stop_pgbouncer
  as_root mkdir -p "$DIR"
  as_root chown postgres:postgres "$DIR"
  as_pg "cat > '$DIR/userlist.txt' <<EOF
\"postgres\" \"$PASSWORD\"
EOF
chmod 600 '$DIR/userlist.txt'
cat > '$DIR/pgbouncer.ini' <<EOF
[databases]
* = host=127.0.0.1 port=$PRIMARY_PORT

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $DIR/userlist.txt
admin_users = postgres
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 8
; The server is shared: at most this many server connections from PgBouncer in all.
max_user_connections = 40
server_idle_timeout = 10
ignore_startup_parameters = extra_float_digits
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
EOF
pgbouncer -d -q '$DIR/pgbouncer.ini'"
  for _ in $(seq 1 50); do
    if q -p "$PORT" -c "select 1" >/dev/null 2>&1; then
      echo "PgBouncer $(pgbouncer --version | head -1 | awk '{print $2}') is up on 127.0.0.1:$PORT (pool_mode = transaction; log $DIR/pgbouncer.log)"
      return 0
    fi
    sleep 0.2
  done
  echo "error: PgBouncer did not answer on 127.0.0.1:$PORT; its log:" >&2
  as_root cat "$DIR/pgbouncer.log" >&2 || true
  exit 1
}

stop_pgbouncer() {
  if as_root test -f "$DIR/pgbouncer.pid"; then
    local pid
    pid="$(as_root cat "$DIR/pgbouncer.pid")"
    as_root kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do as_root kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    as_root rm -f "$DIR/pgbouncer.pid"
  fi
}

replica_streaming() {
  [[ "$(q -p "$REPLICA_PORT" -c "select pg_is_in_recovery()" 2>/dev/null)" == t ]] &&
    [[ "$(q -p "$PRIMARY_PORT" -c "select count(*) from pg_stat_replication where application_name = '$1/replica' and state = 'streaming'" 2>/dev/null)" == 1 ]]
}

start_replica() {
  local v
  v="$(version)"
  [[ -n "$v" ]] || { echo "error: no PostgreSQL cluster 'main' (pg_lsclusters)" >&2; exit 1; }
  if pg_lsclusters -h | awk '{ print $1 "/" $2 }' | grep -qx "$v/replica"; then
    as_root pg_ctlcluster --skip-systemctl-redirect "$v" replica start >/dev/null 2>&1 || true
    for _ in $(seq 1 20); do replica_streaming "$v" && break; sleep 0.5; done
    if replica_streaming "$v"; then
      # A test that paused replay and died leaves it paused.
      q -p "$REPLICA_PORT" -c "select pg_wal_replay_resume()" >/dev/null
      echo "replica $v/replica is streaming on 127.0.0.1:$REPLICA_PORT (kept)"
      return 0
    fi
    echo "replica $v/replica is not streaming; making it again"
    as_root pg_dropcluster --stop "$v" replica
  fi
  as_root pg_createcluster --start-conf=manual -p "$REPLICA_PORT" "$v" replica >/dev/null
  local data="/var/lib/postgresql/$v/replica"
  as_pg "rm -rf '$data' && PGPASSWORD='$PASSWORD' pg_basebackup -h 127.0.0.1 -p $PRIMARY_PORT -U postgres -D '$data' -R -X stream -c fast"
  as_root pg_ctlcluster --skip-systemctl-redirect "$v" replica start
  for _ in $(seq 1 60); do
    if replica_streaming "$v"; then
      echo "replica $v/replica is streaming on 127.0.0.1:$REPLICA_PORT (pg_basebackup -R from :$PRIMARY_PORT)"
      return 0
    fi
    sleep 0.5
  done
  echo "error: the replica on 127.0.0.1:$REPLICA_PORT is not streaming; its log:" >&2
  as_root tail -20 "/var/log/postgresql/postgresql-$v-replica.log" >&2 || true
  exit 1
}

stop_replica() {
  local v
  v="$(version)"
  if [[ -n "$v" ]] && pg_lsclusters -h | awk '{ print $1 "/" $2 }' | grep -qx "$v/replica"; then as_root pg_dropcluster --stop "$v" replica; fi
}

case "${1:-}" in
  start)
    install
    start_pgbouncer
    start_replica
    echo "TEST_PG_POOLER_URL=postgres://postgres:$PASSWORD@127.0.0.1:$PORT/"
    echo "TEST_PG_REPLICA_URL=postgres://postgres:$PASSWORD@127.0.0.1:$REPLICA_PORT/"
    ;;
  stop)
    stop_pgbouncer
    stop_replica
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
