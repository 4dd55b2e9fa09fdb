#!/usr/bin/env bash
# Kills a shared-state writer with SIGKILL at random moments, on a `.fileStorage` file and on a
# `.sqlite` key, and checks after every kill that the stored value decodes and holds at least
# the last value the writer acknowledged as saved. Then times two processes handing a value
# back and forth through each key.
#
#   Scripts/shared-durability-test.sh WORKDIR [KILLS] [HOPS]   (200 kills, 200 hops by default)
#
# The probe (Tests/SharedStateProbe) increments a counter, saves it with
# `try await $count.save()` and prints `acked N`; a kill can land anywhere, mid-write included.
# Prints `shared state durable ok: …` last, or fails naming the first broken promise.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: Scripts/shared-durability-test.sh WORKDIR [KILLS] [HOPS]" >&2
  exit 2
fi
work=$1
kills=${2:-200}
hops=${3:-200}
cd "$(dirname "$0")/.."
swift build -c release --product shared-state-probe >/dev/null
probe=$(swift build -c release --show-bin-path)/shared-state-probe
mkdir -p "$work"
work=$(cd "$work" && pwd)

# The stored value after a kill: a number, or `torn: …` when it does not decode.
stored_file() {
  [ -f "$1" ] || { echo 0; return; }
  python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); assert isinstance(v,int); print(v)' "$1" 2>/dev/null \
    || echo "torn: $(head -c 80 "$1")"
}
# A copy is read, with the journal a kill left: the next writer must roll it back itself.
stored_sqlite() {
  [ -f "$1" ] || { echo 0; return; }
  rm -rf "$work/inspect" && mkdir "$work/inspect"
  cp "$1"* "$work/inspect/"
  python3 - "$work/inspect/$(basename "$1")" <<'PY' 2>&1 || true
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
check = db.execute("PRAGMA integrity_check").fetchone()[0]
if check != "ok":
    print("torn: integrity_check says " + check); sys.exit()
if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'braid_shared'").fetchone():
    print(0); sys.exit()
row = db.execute("SELECT CAST(value AS TEXT) FROM braid_shared WHERE key = 'count'").fetchone()
try:
    v = json.loads(row[0]) if row else 0
    assert isinstance(v, int)
    print(v)
except Exception:
    print("torn: " + repr(row[0])[:80])
PY
}

total_lost=0
total_torn=0
# durability KIND NAME PROBE-ARGUMENTS…: the kill loop on one key.
durability() {
  local kind=$1 name=$2
  shift 2
  local acked=0 lost=0 torn=0 previous=0 value=0
  for ((i = 1; i <= kills; i++)); do
    "$probe" count "$@" >"$work/out" 2>&1 &
    local pid=$!
    # A random moment: from at once to 150 ms, so kills land before, during and after saves.
    sleep "0.$(printf '%03d' $((RANDOM % 150)))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    local last loaded
    last=$(grep -o '^acked [0-9]*' "$work/out" | tail -1 | cut -d' ' -f2 || true)
    [ -n "$last" ] && acked=$last
    loaded=$(grep -o '^loaded [0-9]*' "$work/out" | head -1 | cut -d' ' -f2 || true)
    value=$("stored_$kind" "$name")
    if [[ "$value" == torn:* ]]; then
      torn=$((torn + 1))
      echo "$kind kill $i: $name does not decode: ${value#torn: }" >&2
      continue
    fi
    if [ "$value" -lt "$acked" ]; then
      lost=$((lost + 1))
      echo "$kind kill $i: $name holds $value after $acked was acknowledged" >&2
    fi
    if [ -n "$loaded" ] && [ "$i" -gt 1 ] && [ "$loaded" -lt "$previous" ]; then
      lost=$((lost + 1))
      echo "$kind kill $i: the writer loaded $loaded after $previous had been acknowledged" >&2
    fi
    previous=$acked
  done
  echo "$kind: count $value after $kills kills; $lost acknowledged values lost, $torn torn"
  total_lost=$((total_lost + lost))
  total_torn=$((total_torn + torn))
}

# latency KIND PROBE-ARGUMENTS…: two probes hand a value back and forth; p50, p99 and the
# longest time from one's mutation to the other's delivery, which must stay under 100 ms at p99.
latency() {
  local kind=$1
  shift
  "$probe" ping second "$hops" "$@" >"$work/second.out" 2>&1 &
  local second=$!
  if ! timeout 120 "$probe" ping first "$hops" "$@" >"$work/first.out" 2>&1; then
    kill "$second" 2>/dev/null || true
    echo "$kind latency: the first probe failed: $(tail -n 1 "$work/first.out")" >&2
    return 1
  fi
  if ! wait "$second"; then
    echo "$kind latency: the second probe failed: $(tail -n 1 "$work/second.out")" >&2
    return 1
  fi
  local figures
  figures=$(cat "$work/first.out" "$work/second.out" | awk '/^latency_us/ { print $2 }' | sort -n | awk '
    { v[NR] = $1 }
    END {
      p50 = v[int((NR - 1) * 0.50) + 1]; p99 = v[int((NR - 1) * 0.99) + 1]
      printf "%d %.1f %.1f %.1f\n", NR, p50 / 1000, p99 / 1000, v[NR] / 1000
    }')
  read -r count p50 p99 longest <<<"$figures"
  echo "$kind: $count changes seen by the other process: p50 $p50 ms, p99 $p99 ms, max $longest ms"
  if [ "$count" -ne "$hops" ] || awk -v p="$p99" 'BEGIN { exit !(p >= 100) }'; then
    echo "$kind latency: $count of $hops changes seen, p99 $p99 ms (at most 100 ms wanted)" >&2
    return 1
  fi
}

rm -rf "${work:?}"/*
durability file "$work/count.json" file "$work/count.json"
durability sqlite "$work/count.sqlite" sqlite "$work/count.sqlite" count
leftovers=$(find "$work" -name '.count.json.*.tmp' | wc -l)
echo "$leftovers temporary file(s) left beside count.json (the next load removes a killed writer's)"
latency file file "$work/ping.json"
latency sqlite sqlite "$work/ping.sqlite" ping
if [ "$total_lost" -ne 0 ] || [ "$total_torn" -ne 0 ]; then
  echo "shared state NOT durable: $kills kills each, $total_lost acknowledged values lost, $total_torn torn" >&2
  exit 1
fi
echo "shared state durable ok: $kills kills, 0 acknowledged values lost, 0 torn files"
