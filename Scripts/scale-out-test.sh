#!/usr/bin/env bash
# The sign-up service on several machines' worth of processes, with real components: a
# PostgreSQL cluster, SERVERS `braid-demo serve --postgres` processes, and nginx's TCP stream
# proxy in front of them, all on loopback. CLIENTS clients sign up through nginx, a fifth of
# them racing for a name; one server is killed (SIGKILL) right after it stores a sign-up and
# before it answers, and its clients reconnect and send their sign-ups again with their
# request ids. The database is then checked against every client's answer.
#
# Usage: Scripts/scale-out-test.sh WORKDIR [SERVERS (3)] [CLIENTS (600)] [--no-kill]
# BRAID_SCALE_OUT_STORE=sqlite keeps the users in one SQLite file instead (one machine only),
# for Scripts/scale-out-figures.sh's comparison.
# Leaves the stopped cluster in WORKDIR/postgres, and the logs and results in WORKDIR.
# Prints `scale-out ok: …` last, or exits non-zero saying what failed.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 1 ]] || { echo "usage: $0 WORKDIR [SERVERS] [CLIENTS] [--no-kill]" >&2; exit 2; }
work=$(realpath -m "$1")
servers=${2:-3}
clients=${3:-600}
kill_one=true
[[ "${4:-}" == "--no-kill" ]] && kill_one=false
demo=${BRAID_DEMO:-}
if [[ -z "$demo" ]]; then
  echo "scale-out: building braid-demo in release mode (about 90 s on 2 cores when nothing is built yet)"
  swift build -c release --product braid-demo >/dev/null
  demo="$(swift build -c release --show-bin-path)/braid-demo"
fi
pg_bin=$(pg_config --bindir)
stream_module=/usr/lib/nginx/modules/ngx_stream_module.so
for needed in "$pg_bin/initdb" "$pg_bin/pg_ctl" /usr/sbin/nginx "$stream_module" "$demo"; do
  [[ -e "$needed" ]] || { echo "scale-out: $needed is missing (apt-get install postgresql nginx libnginx-mod-stream)" >&2; exit 1; }
done

# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user, who
# must be able to enter WORKDIR.
as_postgres() { if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

pids=()
cluster_started=false
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if $cluster_started; then as_postgres "$pg_bin/pg_ctl" -D "$work/postgres/data" -m fast -w stop >/dev/null || true; fi
}
trap cleanup EXIT

rm -rf "$work/postgres" "$work/nginx" "$work"/serve-*.log "$work/results.json"
mkdir -p "$work/postgres" "$work/nginx"
chmod a+x "$work"
[[ $(id -u) == 0 ]] && chown postgres: "$work/postgres"
as_postgres "$pg_bin/initdb" -D "$work/postgres/data" --encoding=UTF8 --locale=C.UTF-8 --auth=trust -U postgres >/dev/null
as_postgres "$pg_bin/pg_ctl" -D "$work/postgres/data" -l "$work/postgres/log" -w \
  -o "-k $work/postgres -c listen_addresses='' -c max_connections=100" start >/dev/null
cluster_started=true
url="postgresql://postgres@/postgres?host=$work/postgres"
store=(--postgres "$url")
[[ "${BRAID_SCALE_OUT_STORE:-postgres}" == sqlite ]] && store=(--database "$work/users.sqlite")
rm -f "$work/users.sqlite"

echo "scale-out: starting PostgreSQL, $servers server(s) and nginx in $work"
# The first server dies after storing its 40th sign-up: in the thick of the run.
server_ports=()
for index in $(seq "$servers"); do
  fault=()
  [[ $index == 1 && $kill_one == true ]] && fault=(env BRAID_SERVE_FAULT=kill-after-commit:40)
  "${fault[@]}" "$demo" serve --port 0 "${store[@]}" >"$work/serve-$index.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do grep -q "listening" "$work/serve-$index.log" && break; sleep 0.1; done
  port=$(sed -n 's/.*listening on 127.0.0.1 port \([0-9]*\).*/\1/p' "$work/serve-$index.log")
  [[ -n "$port" ]] || { cat "$work/serve-$index.log" >&2; echo "scale-out: server $index printed no port" >&2; exit 1; }
  server_ports+=("$port")
done
first_server=${pids[0]}

balancer_port=$(free_port)
{
  echo "load_module $stream_module;"
  echo "worker_processes 1;"
  echo "worker_rlimit_nofile 8192;"
  echo "pid $work/nginx/nginx.pid;"
  echo "error_log $work/nginx/error.log warn;"
  echo "events { worker_connections 4096; }"
  echo "stream {"
  echo "  upstream braid {"
  for port in "${server_ports[@]}"; do echo "    server 127.0.0.1:$port max_fails=1 fail_timeout=30s;"; done
  echo "  }"
  echo "  server {"
  echo "    listen 127.0.0.1:$balancer_port;"
  echo "    proxy_pass braid;"
  echo "    proxy_connect_timeout 5s;"
  echo "    proxy_timeout 10m;"
  echo "  }"
  echo "}"
} >"$work/nginx/nginx.conf"
/usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" -g "daemon off;" &
pids+=($!)
for _ in $(seq 100); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $balancer_port), 0.2)" 2>/dev/null && break
  sleep 0.1
done

cpu_ticks() { # user + system ticks of the given processes
  local total=0
  for pid in "$@"; do
    [[ -r /proc/$pid/stat ]] && total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}
postmaster=$(head -n 1 "$work/postgres/data/postmaster.pid")
database_ticks() { # the cluster's processes, the exited ones included (reaped into cutime/cstime)
  local total
  total=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$postmaster/stat")
  echo $((total + $(cpu_ticks $(pgrep -P "$postmaster"))))
}
database_before=$(database_ticks)
if $kill_one; then
  echo "scale-out: $clients clients through nginx; server 1 kills itself (SIGKILL) after its 40th sign-up," \
    "as planned: a 'Killed' line from bash is that"
else
  echo "scale-out: $clients clients through nginx"
fi
python3 Scripts/scale-out-clients.py 127.0.0.1 "$balancer_port" "$clients" "$work/results.json"
serve_ticks=$(cpu_ticks "${pids[@]:0:$servers}")
database_ticks=$(($(database_ticks) - database_before))

killed=0
if $kill_one; then
  status=0
  # (bash reports the SIGKILL on standard error: the status below is the check.)
  { wait "$first_server" || status=$?; } 2>/dev/null
  [[ $status == 137 ]] || { echo "scale-out: server 1 was not killed by its fault point (status $status)" >&2; exit 1; }
  grep -q "fault point: killed after storing" "$work/serve-1.log" || { echo "scale-out: no fault point in server 1's log" >&2; exit 1; }
  killed=1
fi

query="SELECT username, username_key, coalesce(request_id, ''), password_hash FROM users"
if [[ "${store[0]}" == --database ]]; then
  sqlite3 -separator $'\t' "$work/users.sqlite" "$query" >"$work/users.tsv"
else
  psql "$url" -v ON_ERROR_STOP=1 -At -F $'\t' -c "$query" >"$work/users.tsv"
fi
python3 - "$work/results.json" "$work/users.tsv" "$killed" "$serve_ticks" "$(getconf CLK_TCK)" "$database_ticks" \
  "$work/figures.json" <<'PY'
import json, sys, unicodedata
results = json.load(open(sys.argv[1]))
killed, serve_ticks, tick, database_ticks = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
rows = [line.split("\t") for line in open(sys.argv[2]).read().splitlines()]
def key(name):  # the directory's rule, for these ASCII names: case folding
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
problems = []
by_key = {}
for username, username_key, request_id, _ in rows:
    if username_key in by_key:
        problems.append(f"{username_key} is stored twice")
    by_key[username_key] = (username, request_id)
clients = results["clients"]
wanted = {key(record["name"]) for record in clients}
if set(by_key) != wanted:
    problems.append(f"stored names {len(by_key)} differ from the {len(wanted)} names asked for")
ids = {record["requestId"] for record in clients}
for username_key, (username, request_id) in by_key.items():
    if request_id not in ids:
        problems.append(f"{username} has a request id no client sent: {request_id!r}")
answers = {}
for record in clients:
    answer = record.get("answer")
    answers[answer] = answers.get(answer, 0) + 1
    stored = by_key.get(key(record["name"]))
    if answer == "signedUp":
        if stored is None or stored[1] != record["requestId"]:
            problems.append(f"client {record['client']} was told signedUp, but {record['name']} is not its account: {stored}")
    elif answer == "usernameTaken":
        if stored is None or stored[1] == record["requestId"]:
            problems.append(f"client {record['client']} was told usernameTaken, but the account is its own or missing: {stored}")
    else:
        problems.append(f"client {record['client']} got no final answer it could trust: {answer} {record.get('message')} {record['errors'][-3:]}")
replayed = sum(1 for record in clients if record.get("stored"))
retried = sum(1 for record in clients if record["attempts"] > 1)
if killed and replayed < 1:
    problems.append("no retry was answered from its stored request id")
if problems:
    print("\n".join(problems[:20]), file=sys.stderr)
    sys.exit(1)
latencies = sorted(record["latency"] for record in clients if record.get("answer") == "signedUp")
def percentile(p):
    return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
signed_up = answers.get("signedUp", 0)
json.dump({"signUps": signed_up, "seconds": results["elapsed"], "p50": percentile(0.5), "p99": percentile(0.99),
           "serveCPU": serve_ticks / tick, "databaseCPU": database_ticks / tick,
           "hash": next(row[3] for row in rows)}, open(sys.argv[7], "w"))
print(f"figures: {signed_up} sign-ups in {results['elapsed']:.1f} s ({signed_up / results['elapsed']:.1f}/s), "
      f"p50 {percentile(0.5):.0f} ms, p99 {percentile(0.99):.0f} ms; serve CPU {serve_ticks / tick:.2f} s, "
      f"database CPU {database_ticks / tick:.2f} s; "
      f"{retried} clients reconnected, {replayed} answered from a stored request id")
print(f"scale-out ok: {len(clients)} clients, {len(by_key)} users stored once each, {killed} server{'s' if killed != 1 else ''} killed")
PY
