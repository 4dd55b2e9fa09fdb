#!/usr/bin/env bash
# Counts instructions per operation of braid-count's workloads with callgrind (Debian package
# valgrind): each runs at N and 2N operations, and (I(2N) - I(N)) / N cancels start-up and setup.
# Counts do not move when the machine is busy, unlike times. Valgrind 3.19 cannot read Swift
# 6.3's DWARF 5 debug info, so it runs on a stripped copy.
#
#   Benchmarks/instructions.sh [N]     (default N = 20000)
set -euo pipefail
cd "$(dirname "$0")"
n="${1:-20000}"
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product braid-count >/dev/null
binary=$(mktemp)
trap 'rm -f "$binary" "$binary".out' EXIT
cp .build/release/braid-count "$binary"
strip -g "$binary"
chmod +x "$binary"

total() {
  valgrind --tool=callgrind --callgrind-out-file="$binary.out" "$binary" "$@" >/dev/null 2>&1
  sed -n 's/^summary: //p' "$binary.out"
}

per_operation() {
  local label=$1 operations=$2
  shift 2
  local once twice
  once=$(total "$@" "$n")
  twice=$(total "$@" "$((2 * n))")
  awk -v a="$once" -v b="$twice" -v n="$n" -v ops="$operations" -v label="$label" \
    'BEGIN { printf "%-58s %8.0f instructions per operation\n", label, (b - a) / (n * ops) }'
}

per_operation "StoreActor send, in an isolated function" 1 actor-send
per_operation "StoreActor request + response (.run sends one back), K=1" 2 actor-effects 1
per_operation "StoreActor request + response, K=8 (8 actors, N each)" 16 actor-effects 8
