#!/usr/bin/env bash
# Runs the OpenID Foundation's conformance suite, unmodified, against this service (issue 36;
# docs/oidc.md "Running the OpenID conformance suite"). Not part of .ci/run: CI cannot download
# the suite. Run it before a release, from the repository root:
#
#   bash scripts/oidf/run.sh                       # all five plans, results in <run>/summary.md
#   OIDF_PLANS="sso-basic sso-config" bash scripts/oidf/run.sh      # a subset (aliases below)
#   OIDF_KEEP=1 bash scripts/oidf/run.sh           # leave everything running afterwards
#
# What it does:
#  1. Brings the suite's source (git, OIDF_SUITE_GIT at OIDF_SUITE_REF) into $OIDF_DIR and builds it
#     once with Maven and a JDK 21+ (reused while the commit is the same). The build uses a copy of
#     the pom (pom.oidf-local.xml) where multipaz 0.99.0, not served by Maven Central, is 0.101.0;
#     the suite's code is not touched.
#  2. Starts a MongoDB for the suite: de.bwaldvogel's mongo-java-server in memory (default), or
#     the project's FerretDB (OIDF_MONGO=ferretdb, .ci/ferretdb.sh); then the suite (dev mode, so
#     its API needs no token) and this service on a fresh embedded store, each behind a self-signed
#     https front (tls-proxy.ts): the Config plan fails any endpoint that is not https.
#  3. Registers an application, a test user and three confidential clients per plan through our API
#     (setup.ts), with `requirePkce: false` (OIDF_REQUIRE_PKCE=true to leave it out), and writes
#     each plan's config: the static clients, and the "browser" script that fills our hosted pages.
#  4. Runs each plan with the suite's scripts/run-test-plan.py (CONFORMANCE_DEV_MODE=1).
#  5. Writes <run>/summary.md (summarize.ts): per plan, each module's PASSED / FAILED / WARNING /
#     REVIEW, and the FAILURE and WARNING entries of its log.
#
# Plans (alias: plan):
#   sso-basic        oidcc-basic-certification-test-plan (discovery, static client)
#   sso-config       oidcc-config-certification-test-plan
#   sso-formpost     oidcc-formpost-basic-certification-test-plan (response_mode=form_post)
#   sso-rp-logout    oidcc-rp-initiated-logout-certification-test-plan (response_type=code)
#   sso-backchannel  oidcc-backchannel-rp-initiated-logout-certification-test-plan
#
# Needs: git, a JDK 21+ (OIDF_JAVA_HOME, else the newest found under /usr/lib/jvm or /opt), mvn,
# python3 (a venv with the suite's httpx and pyparsing is made in $OIDF_DIR), openssl, and the
# project's node_modules (bun). Maven, the suite and the JVMs run under `nice` (OIDF_NICE=15).
#
# Settings (environment):
#   OIDF_DIR          cache and runs ($HOME/.cache/sso-oidf)
#   OIDF_SUITE_GIT    the suite's git URL or a local clone (GitHub's openid-certification mirror)
#   OIDF_SUITE_REF    commit to build (the one this script was last run with; "HEAD" for newest)
#   OIDF_PLANS        aliases to run (all five)
#   OIDF_SUITE_PORT / OIDF_SUITE_HTTP_PORT   the suite's https front / its own port (18443 / 18080)
#   OIDF_OP_PORT / OIDF_OP_HTTP_PORT         our https front / our own port (19443 / 19080)
#   OIDF_MONGO_PORT   27019
#   OIDF_REQUIRE_PKCE "false" (default, sends requirePkce: false) or "true" (sends nothing)
#   OIDF_FIRST_PARTY  "true" (default; no consent page) or "false" (the script clicks Allow)
#   OIDF_KEEP         1: do not stop the services at the end (their pids are in <run>/pids)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/scripts/oidf"
OIDF_DIR="${OIDF_DIR:-$HOME/.cache/sso-oidf}"
SUITE_GIT="${OIDF_SUITE_GIT:-https://github.com/openid-certification/conformance-suite.git}"
SUITE_REF="${OIDF_SUITE_REF:-12f2a4dac6462f8a4e95968bc7e478e02881e1a7}"
PLANS="${OIDF_PLANS:-sso-basic sso-config sso-formpost sso-rp-logout sso-backchannel}"
SUITE_PORT="${OIDF_SUITE_PORT:-18443}"
SUITE_HTTP_PORT="${OIDF_SUITE_HTTP_PORT:-18080}"
OP_PORT="${OIDF_OP_PORT:-19443}"
OP_HTTP_PORT="${OIDF_OP_HTTP_PORT:-19080}"
MONGO_PORT="${OIDF_MONGO_PORT:-27019}"
NICE="nice -n ${OIDF_NICE:-15}"
# Two host names, so the browser's cookies for the suite and for us never mix (cookies ignore
# ports): the suite on 127.0.0.1, our service on localhost. Both resolve without /etc/hosts edits.
SUITE_URL="https://127.0.0.1:$SUITE_PORT"
OP_URL="https://localhost:$OP_PORT"
BUN="$ROOT/node_modules/.bin/bun"
SUITE="$OIDF_DIR/conformance-suite"
RUN="$OIDF_DIR/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN/logs" "$RUN/exports"
: >"$RUN/pids"

log() { printf '[oidf %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "error: $*"; exit 1; }

# ---- tools ------------------------------------------------------------------------------------
find_java() {
  local j
  for j in ${OIDF_JAVA_HOME:-} /usr/lib/jvm/temurin-*-jdk* /usr/lib/jvm/java-2[1-9]* /opt/*jdk*; do
    [[ -x "$j/bin/java" ]] || continue
    local v
    v="$("$j/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = //p')"
    [[ "${v%%.*}" -ge 21 ]] 2>/dev/null && { echo "$j"; return 0; }
  done
  return 1
}
export JAVA_HOME="${OIDF_JAVA_HOME:-$(find_java)}" || die "no JDK 21+ found (set OIDF_JAVA_HOME)"
JAVA="$JAVA_HOME/bin/java"
[[ -x "$BUN" ]] || die "$BUN missing: run npm install in the repository first"
for t in git mvn python3 openssl; do command -v "$t" >/dev/null || die "$t is required"; done

# ---- processes we start (stopped at the end unless OIDF_KEEP=1) ---------------------------------
started=()
start_bg() { # name, command…: runs in the background, output to $RUN/logs/<name>.log
  local name="$1"; shift
  nohup "$@" >"$RUN/logs/$name.log" 2>&1 &
  started+=("$!")
  echo "$name $!" >>"$RUN/pids"
}
stop_all() {
  if [[ "${OIDF_KEEP:-}" == 1 ]]; then
    log "OIDF_KEEP=1: still running (pids in $RUN/pids); suite UI $SUITE_URL/, our service $OP_URL"
    return
  fi
  local pid
  for pid in "${started[@]:-}"; do [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true; done
  [[ "${OIDF_MONGO:-}" == ferretdb ]] && bash "$ROOT/.ci/ferretdb.sh" stop "$MONGO_PORT" >/dev/null 2>&1 || true
}
trap stop_all EXIT
trap "exit 143" INT TERM

wait_http() { # url, seconds, what[, pid that must stay alive]
  local i
  for ((i = 0; i < $2; i++)); do
    curl -ksf -o /dev/null "$1" && return 0
    [[ -z "${4:-}" ]] || kill -0 "$4" 2>/dev/null || die "$3 exited (logs in $RUN/logs)"
    sleep 1
  done
  die "$3 did not answer at $1 within $2 s (logs in $RUN/logs)"
}

# ---- 1. the suite: source and build -----------------------------------------------------------
mkdir -p "$OIDF_DIR"
if [[ ! -d "$SUITE/.git" ]]; then
  log "cloning the conformance suite from $SUITE_GIT"
  git clone -q "$SUITE_GIT" "$SUITE"
fi
if [[ "$SUITE_REF" != HEAD ]] && ! git -C "$SUITE" cat-file -e "$SUITE_REF^{commit}" 2>/dev/null; then
  git -C "$SUITE" fetch -q origin || true
fi
[[ "$SUITE_REF" == HEAD ]] || git -C "$SUITE" checkout -q "$SUITE_REF"
commit="$(git -C "$SUITE" rev-parse HEAD)"
JAR="$SUITE/target/fapi-test-suite.jar"
if [[ ! -f "$JAR" || "$(cat "$SUITE/target/.oidf-built" 2>/dev/null)" != "$commit" ]]; then
  log "building the suite at ${commit:0:12} (several minutes the first time; log $RUN/logs/build.log)"
  # multipaz 0.99.0 is not served by Maven Central; 0.101.0 is. Only a copy of the pom changes.
  sed 's#<version>0\.99\.0</version>#<version>0.101.0</version>#' "$SUITE/pom.xml" >"$SUITE/pom.oidf-local.xml"
  (cd "$SUITE" && $NICE mvn -B -f pom.oidf-local.xml -Dmaven.test.skip -Dpmd.skip -Dcheckstyle.skip \
    clean package) >"$RUN/logs/build.log" 2>&1 || die "the suite's build failed: $RUN/logs/build.log"
  echo "$commit" >"$SUITE/target/.oidf-built"
fi
if [[ ! -x "$OIDF_DIR/venv/bin/python" ]]; then
  python3 -m venv "$OIDF_DIR/venv"
  "$OIDF_DIR/venv/bin/pip" install -q -r "$SUITE/scripts/requirements.txt"
fi

# ---- 2. TLS, Mongo, the suite, our service ----------------------------------------------------
TLS="$OIDF_DIR/tls"
if [[ ! -f "$TLS/server.pem" ]]; then
  mkdir -p "$TLS"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=sso-oidf test CA" \
    -keyout "$TLS/ca.key" -out "$TLS/ca.pem" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$TLS/server.key" \
    -out "$TLS/server.csr" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' >"$TLS/ext.cnf"
  openssl x509 -req -in "$TLS/server.csr" -CA "$TLS/ca.pem" -CAkey "$TLS/ca.key" -CAcreateserial \
    -days 3650 -extfile "$TLS/ext.cnf" -out "$TLS/server.pem" 2>/dev/null
fi

if [[ "${OIDF_MONGO:-}" == ferretdb ]]; then
  bash "$ROOT/.ci/ferretdb.sh" start "$MONGO_PORT" >"$RUN/logs/mongo.log" 2>&1 || die "FerretDB: $RUN/logs/mongo.log"
else
  MONGO_LIB="$OIDF_DIR/mongo-java-server/lib"
  if [[ ! -d "$MONGO_LIB" ]]; then
    mkdir -p "$OIDF_DIR/mongo-java-server"
    cat >"$OIDF_DIR/mongo-java-server/pom.xml" <<'EOF'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.oidf</groupId><artifactId>mongo-launcher</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>de.bwaldvogel</groupId><artifactId>mongo-java-server</artifactId><version>1.47.0</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId><version>2.0.17</version></dependency>
  </dependencies>
</project>
EOF
    (cd "$OIDF_DIR/mongo-java-server" && mvn -q -B dependency:copy-dependencies -DoutputDirectory=lib) \
      >"$RUN/logs/mongo-deps.log" 2>&1 || die "mongo-java-server: $RUN/logs/mongo-deps.log"
  fi
  start_bg mongo $NICE "$JAVA" -cp "$MONGO_LIB/*" "$HERE/MongoMemoryServer.java" "$MONGO_PORT"
  for _ in $(seq 1 60); do (exec 3<>"/dev/tcp/127.0.0.1/$MONGO_PORT") 2>/dev/null && break; sleep 1; done
fi
log "MongoDB on 127.0.0.1:$MONGO_PORT"

# The suite in dev mode (no login, API without token). Its external URL is the https front.
start_bg suite bash -c "cd '$SUITE' && exec $NICE '$JAVA' -jar '$JAR' --spring.profiles.active=dev \
  --server.address=127.0.0.1 --server.port=$SUITE_HTTP_PORT \
  --fintechlabs.base_url=$SUITE_URL --fintechlabs.base_mtls_url=$SUITE_URL \
  --spring.mongodb.uri=mongodb://127.0.0.1:$MONGO_PORT/test_suite \
  --openid.mongodb.targetFeatureCompatibilityVersion="
SUITE_PID="$!"
start_bg suite-tls "$BUN" "$HERE/tls-proxy.ts" "$SUITE_PORT" "http://127.0.0.1:$SUITE_HTTP_PORT" "$TLS/server.pem" "$TLS/server.key"

# Our service on a fresh embedded store. Back-channel logout tokens go to the suite on 127.0.0.1
# (SSO_WEBHOOK_ALLOW_PRIVATE) over https that our CA signed (NODE_EXTRA_CA_CERTS).
DATA="$RUN/sso-data"
mkdir -p "$DATA"
ADMIN_EMAIL=admin@oidf.test
ADMIN_PASSWORD="admin-$(openssl rand -hex 8)"
start_bg sso env -C "$ROOT" PORT="$OP_HTTP_PORT" HOST=127.0.0.1 SSO_ISSUER="$OP_URL" SSO_DATA_DIR="$DATA" \
  SSO_BOOTSTRAP_ADMIN_EMAIL="$ADMIN_EMAIL" SSO_BOOTSTRAP_ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  SSO_RATE_LIMIT=off SSO_WEBHOOK_ALLOW_PRIVATE=true SSO_MAILER="file:$RUN/mail" \
  NODE_EXTRA_CA_CERTS="$TLS/ca.pem" "$BUN" src/main.ts
SSO_PID="$!"
start_bg sso-tls "$BUN" "$HERE/tls-proxy.ts" "$OP_PORT" "http://127.0.0.1:$OP_HTTP_PORT" "$TLS/server.pem" "$TLS/server.key"
wait_http "http://127.0.0.1:$OP_HTTP_PORT/readyz" 120 "our service" "$SSO_PID"
wait_http "$OP_URL/.well-known/openid-configuration" 30 "our https front"
log "our service: $OP_URL ($(git -C "$ROOT" rev-parse --short HEAD))"
# (The suite answers 500 to plain http: it expects X-Forwarded-Proto https from its front.)
wait_http "$SUITE_URL/api/runner/available" 300 "the suite" "$SUITE_PID"
log "the suite: $SUITE_URL (${commit:0:12})"

# ---- 3. clients, user, plan configs -----------------------------------------------------------
OIDF_OP_URL="$OP_URL" OIDF_SUITE_URL="$SUITE_URL" OIDF_OUT="$RUN" \
  OIDF_ADMIN_EMAIL="$ADMIN_EMAIL" OIDF_ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  OIDF_USER_EMAIL=tester@oidf.test OIDF_USER_PASSWORD="tester-$(openssl rand -hex 8)" \
  NODE_EXTRA_CA_CERTS="$TLS/ca.pem" "$BUN" "$HERE/setup.ts" | tee "$RUN/logs/setup.log"

# ---- 4. the plans -----------------------------------------------------------------------------
while IFS=$'\t' read -r alias spec config; do
  [[ " $PLANS " == *" $alias "* ]] || continue
  log "plan $alias: $spec"
  # A module that ends INTERRUPTED (the suite stops at a condition that must hold) counts as "did
  # not run to completion": the script's circuit breaker would abort the plan after 3 in a row.
  (cd "$SUITE/scripts" && CONFORMANCE_SERVER="$SUITE_URL/" CONFORMANCE_DEV_MODE=1 \
    CONFORMANCE_MAX_CONSECUTIVE_FAILURES=100000 \
    $NICE "$OIDF_DIR/venv/bin/python" run-test-plan.py --export-dir "$RUN/exports" "$spec" "$config") \
    >"$RUN/logs/$alias.log" 2>&1 || log "plan $alias: run-test-plan.py exited non-zero (expected while modules fail)"
  grep -E "^.{20}Test \[" "$RUN/logs/$alias.log" | sed 's/\x1b\[[0-9;]*m//g' | cut -c21- || true
done <"$RUN/plans.tsv"

# ---- 5. summary -------------------------------------------------------------------------------
# Only the plans that ran.
awk -v p=" $PLANS " 'index(p, " " $1 " ")' "$RUN/plans.tsv" >"$RUN/plans.ran.tsv"
cp "$RUN/plans.tsv" "$RUN/plans.all.tsv" && mv "$RUN/plans.ran.tsv" "$RUN/plans.tsv"
"$BUN" "$HERE/summarize.ts" "$SUITE_URL" "$RUN"
log "done: $RUN/summary.md"
