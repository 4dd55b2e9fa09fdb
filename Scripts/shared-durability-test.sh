#!/usr/bin/env bash
# Kills a `.fileStorage` writer with SIGKILL at random moments and checks, after every kill,
# that the file decodes and holds at least the last value the writer acknowledged as saved.
#
#   Scripts/shared-durability-test.sh WORKDIR [KILLS]     (KILLS: 200 by default)
#
# The writer (Tests/SharedDurabilityWriter) increments a counter, saves it with
# `try await $count.save()` and prints `acked N`; a kill can land anywhere, mid-write included.
# Prints `shared state durable ok: …` last, or fails naming the first broken promise.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: Scripts/shared-durability-test.sh WORKDIR [KILLS]" >&2
  exit 2
fi
work=$1
kills=${2:-200}
cd "$(dirname "$0")/.."
swift build -c release --product shared-durability-writer >/dev/null
writer=$(swift build -c release --show-bin-path)/shared-durability-writer
mkdir -p "$work"
file="$work/count.json"
rm -f "$file" "$work"/.count.json.*.tmp "$work/out"
acked=0
lost=0
torn=0
for ((i = 1; i <= kills; i++)); do
  "$writer" "$file" >"$work/out" 2>&1 &
  pid=$!
  # A random moment: from at once to 150 ms, so kills land before, during and after saves.
  sleep "0.$(printf '%03d' $((RANDOM % 150)))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  last=$(grep -o '^acked [0-9]*' "$work/out" | tail -1 | cut -d' ' -f2 || true)
  [ -n "$last" ] && acked=$last
  loaded=$(grep -o '^loaded [0-9]*' "$work/out" | head -1 | cut -d' ' -f2 || true)
  if [ -f "$file" ]; then
    if ! value=$(python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); assert isinstance(v,int); print(v)' "$file" 2>/dev/null); then
      torn=$((torn + 1))
      echo "kill $i: $file does not decode: $(head -c 80 "$file")" >&2
      continue
    fi
  else
    value=0
  fi
  if [ "$value" -lt "$acked" ]; then
    lost=$((lost + 1))
    echo "kill $i: the file holds $value after $acked was acknowledged" >&2
  fi
  if [ -n "$loaded" ] && [ "$i" -gt 1 ] && [ "$loaded" -lt "$previous" ]; then
    lost=$((lost + 1))
    echo "kill $i: the writer loaded $loaded after $previous had been acknowledged" >&2
  fi
  previous=$acked
done
leftovers=$(find "$work" -name '.count.json.*.tmp' | wc -l)
echo "count $value after $kills kills; $leftovers temporary file(s) left (the next load removes a killed writer's)"
if [ "$lost" -ne 0 ] || [ "$torn" -ne 0 ]; then
  echo "shared state NOT durable: $kills kills, $lost acknowledged values lost, $torn torn files" >&2
  exit 1
fi
echo "shared state durable ok: $kills kills, 0 acknowledged values lost, 0 torn files"
