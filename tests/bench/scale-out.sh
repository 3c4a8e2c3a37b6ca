#!/usr/bin/env bash
# Several app processes over one PostgreSQL, as a state deploys them (docs/operations.md, "Several app
# processes"): PgBouncer in transaction pooling before PostgreSQL, two app processes (RUN_WORKERS=false)
# and one `npm run worker` on the demo data, nginx balancing the two. tests/bench/scale-out.ts then
# proves sign-in, live notifications, limits, uploads and jobs across the processes and measures saves
# per second with two processes against one; last, the API suite runs once through PgBouncer.
#
#   bash tests/bench/scale-out.sh        SKIP_API_SUITE=1 leaves the suite out; BENCH_* as scale-out.ts
#
# Needs root for apt (Debian's nginx and pgbouncer are installed when missing) and PostgreSQL on
# 127.0.0.1:5432 with trust authentication for postgres. Ports 3400-3402 and 6432 must be free.
set -euo pipefail
cd "$(dirname "$0")/../.."

WORK=$(mktemp -d /tmp/scale-out.XXXXXX)
DB=ap_scale_out
DIRECT="postgres://postgres@127.0.0.1:5432"
POOLED="postgres://postgres@127.0.0.1:6432"
PIDS=()

cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && nginx -p "$WORK" -c "$WORK/nginx.conf" -s stop 2>/dev/null || true
  [ -f "$WORK/pgbouncer.pid" ] && kill "$(cat "$WORK/pgbouncer.pid")" 2>/dev/null || true
  sleep 2
  psql "$DIRECT/postgres" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  echo "logs kept in $WORK"
}
trap cleanup EXIT

if ! command -v nginx >/dev/null || ! command -v pgbouncer >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx pgbouncer >/dev/null
fi

echo "== database $DB: migrated, the demo loaded, analyzed"
psql "$DIRECT/postgres" -qc "drop database if exists $DB with (force)" -c "create database $DB"
# PgBouncer passes no startup parameter it does not know: the app's jit=off is set on the database instead.
psql "$DIRECT/postgres" -qc "alter database $DB set jit = off"
DATABASE_URL="$DIRECT/$DB" SEED_DEMO=true npm run -s db:seed >"$WORK/seed.log"

echo "== PgBouncer (transaction pooling) on 6432"
cat >"$WORK/pgbouncer.ini" <<EOF
[databases]
* = host=127.0.0.1 port=5432
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = 6432
unix_socket_dir = $WORK
auth_type = trust
auth_file = $WORK/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
ignore_startup_parameters = extra_float_digits,jit
pidfile = $WORK/pgbouncer.pid
logfile = $WORK/pgbouncer.log
EOF
echo '"postgres" ""' >"$WORK/userlist.txt"
chown -R postgres "$WORK"
pgbouncer -d -u postgres "$WORK/pgbouncer.ini"

echo "== build, two app processes, one worker"
node -e 'import("./scripts/build-stamp.mjs").then((m) => m.buildIfNeeded({}))'
mkdir -p "$WORK/data"
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true SEED_DEMO=false
export DATABASE_URL="$POOLED/$DB" DATABASE_POOLER=transaction DATABASE_SESSION_URL="$DIRECT/$DB"
export DATA_DIR="$WORK/data" NEXTAUTH_SECRET="scale-out-secret-0123456789abcdef0123456789" NEXTAUTH_URL="http://localhost:3400"
export TRUSTED_PROXIES=1 LOG_LEVEL=warn
start() {
  setsid "$@" >"$WORK/$LOG.log" 2>&1 &
  PIDS+=($!)
}
LOG=app-a RUN_WORKERS=false start node_modules/.bin/next start -p 3401 -H 127.0.0.1
LOG=app-b RUN_WORKERS=false start node_modules/.bin/next start -p 3402 -H 127.0.0.1
LOG=worker start npm run -s worker

echo "== nginx balancing A and B on 3400"
cat >"$WORK/nginx.conf" <<EOF
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  upstream app { server 127.0.0.1:3401; server 127.0.0.1:3402; keepalive 64; }
  server {
    listen 127.0.0.1:3400;
    client_max_body_size 60m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # Server-sent events: pass each event on at once, hold the stream open.
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
EOF
nginx -p "$WORK" -c "$WORK/nginx.conf"

for port in 3401 3402 3400; do
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/en/api/v1/health" >/dev/null && break; sleep 1; done
  curl -sf "http://127.0.0.1:$port/en/api/v1/health" >/dev/null || { echo "port $port did not answer; see $WORK"; exit 1; }
done

echo "== across the processes (load $(cut -d' ' -f1-3 /proc/loadavg))"
LB=http://localhost:3400 A=http://localhost:3401 B=http://localhost:3402 DIRECT_URL="$DIRECT/$DB" npx tsx tests/bench/scale-out.ts

if [ -z "${SKIP_API_SUITE:-}" ]; then
  echo "== the API suite through PgBouncer (each file's statements pooled, its session work direct)"
  env -u DATABASE_URL -u DATABASE_POOLER -u DATABASE_SESSION_URL -u NODE_ENV -u DATA_DIR -u NEXTAUTH_URL -u NEXTAUTH_SECRET -u TRUSTED_PROXIES \
    TEST_DATABASE_URL="$DIRECT/postgres" TEST_DATABASE_POOLER_URL="$POOLED/postgres" npx vitest run tests/api
fi
