#!/usr/bin/env bash
# Schemathesis against the live service (bounded): no 5xx, and every response matches its
# documented status, content type, headers and schema. `bash .ci/schemathesis.sh <env…>` starts the
# service with the given environment (embedded by default), signs in the bootstrap admin and runs.
# Checks left out, with the reason:
#   positive_data_acceptance: schema-valid input can still break a documented rule the schema cannot
#     express (reach, uniqueness, cross-field rules); those answers are the documented 400/403/409.
#   unsupported_method: a fixed path such as PUT /api/applications/quota also matches a
#     parameterized route (PUT /api/applications/{applicationId}) and is refused 400 for its id.
# Import operations are left out: the generator cannot build bodies for their one-of-two-targets
# rule; test/http/import.test.ts and the property pass (test/http/fuzz.test.ts) cover them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${ST_PORT:-29981}"
DATA="$(mktemp -d)"
env "$@" PORT="$PORT" HOST=127.0.0.1 SSO_ISSUER="http://127.0.0.1:$PORT" SSO_DATA_DIR="$DATA" SSO_LOG_LEVEL=warn SSO_RATE_LIMIT=off \
  SSO_BOOTSTRAP_ADMIN_EMAIL=st-admin@example.com SSO_BOOTSTRAP_ADMIN_PASSWORD=st-password-1 node_modules/.bin/bun src/main.ts > "$DATA/service.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; rm -rf "$DATA"' EXIT
ready=0
for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null; then ready=1; break; fi
  if ! kill -0 "$PID" 2>/dev/null; then break; fi
  sleep 0.5
done
if [[ $ready -ne 1 ]]; then
  echo "error: the service did not become ready on port $PORT (exited: $(kill -0 "$PID" 2>/dev/null && echo no || echo yes)); its log:" >&2
  tail -40 "$DATA/service.log" >&2
  curl -s "http://127.0.0.1:$PORT/readyz" >&2 || true
  exit 1
fi
LOGIN=$(curl -s "http://127.0.0.1:$PORT/api/auth/login" -H 'content-type: application/json' -d '{"email":"st-admin@example.com","password":"st-password-1"}' || true)
if ! TOKEN=$(printf '%s' "$LOGIN" | python3 -c 'import sys, json; print(json.load(sys.stdin)["accessToken"])' 2>/dev/null); then
  echo "error: the service did not sign the admin in: ${LOGIN:-no answer}" >&2
  tail -20 "$DATA/service.log" >&2
  exit 1
fi
# Schemathesis's own report goes to a file: CI prints one line of it, and the whole report on failure.
REPORT="$DATA/schemathesis.txt"
rc=0
timeout 600 st run "http://127.0.0.1:$PORT/openapi.json" -H "Authorization: Bearer $TOKEN" \
  --max-examples "${ST_EXAMPLES:-25}" --phases examples,coverage,fuzzing --request-timeout 10 --generation-deterministic \
  --exclude-checks positive_data_acceptance,unsupported_method --exclude-path-regex '^/api/import' --max-failures 20 \
  > "$REPORT" 2>&1 || rc=$?
if [[ $rc -ne 0 ]]; then
  cat "$REPORT"
  echo "schemathesis: exit $rc (report above)" >&2
  exit "$rc"
fi
cases=$(grep -Eo '[0-9]+ generated' "$REPORT" | tail -1 | grep -Eo '[0-9]+' || echo '?')
echo "schemathesis: $cases generated cases, no failure, no server error"
