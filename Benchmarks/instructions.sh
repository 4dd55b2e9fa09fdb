#!/usr/bin/env bash
# Counts instructions per operation of braid-count's workloads with callgrind (Debian package
# valgrind): each runs at N and 2N operations, and (I(2N) - I(N)) / N cancels start-up and setup.
# Counts do not move when the machine is busy, unlike times. Valgrind 3.19 cannot read Swift
# 6.3's DWARF 5 debug info, so it runs on a stripped copy. Prints a Markdown table.
#
#   Benchmarks/instructions.sh [N]     (default N = 20000; effect rows use N / 4)
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

# per_operation OPERATIONS_PER_COUNT COUNT ARGS... -> instructions per operation
per_operation() {
  local operations=$1 count=$2
  shift 2
  local once twice
  once=$(total "$@" "$count")
  twice=$(total "$@" "$((2 * count))")
  awk -v a="$once" -v b="$twice" -v n="$count" -v ops="$operations" 'BEGIN { printf "%.0f", (b - a) / (n * ops) }'
}

# row LABEL REFERENCE_LABEL KERNEL [REFERENCE_KERNEL] [COUNT]: Braid, reference, ratio
row() {
  local label=$1 reference=$2 kernel=$3 against=${4:-} count=${5:-$n}
  local braid other="—" ratio="—"
  braid=$(per_operation 1 "$count" "$kernel")
  if [ -n "$against" ]; then
    other=$(per_operation 1 "$count" "$against")
    ratio=$(awk -v a="$braid" -v b="$other" 'BEGIN { printf "%.2f×", a / b }')
  fi
  printf '| %s | %s | %s | %s | %s |\n' "$label" "$braid" "$reference" "$other" "$ratio"
}

echo "| Workload | Braid instructions/op | Compared with | its instructions/op | Ratio |"
echo "|---|---:|---|---:|---:|"
row "root send, 1 observer" "closure store" root-send root-send.peer
row "root send, 1 observer" "hand-written floor" root-send root-send.floor
row "root send, store with a dependency override" "root send" root-send-dependencies root-send
for kind in plain generic; do
  for depth in 1 5 10; do
    row "scoped store send, $kind, depth $depth" "root send of the embedded action" \
      "scoped-$kind-$depth" "embedded-$kind-$depth"
  done
done
for rows in 10 1000 100000; do
  row "forEach row send by id, $rows rows" "root send" "foreach-$rows" root-send
done
row "IdentifiedArray [id:] write" "array + dictionary" identified-write identified-write.floor
row "IdentifiedArray [id:] read" "array + dictionary" identified-read identified-read.floor
for count in 1 10 100; do
  row "$count derived observers by key path, 1 changes" "hand-written floor" "observers-$count" "observers-$count.floor"
  row "$count derived observers by closure, 1 changes" "hand-written floor" "closure-observers-$count" "observers-$count.floor"
done
row ".send chain, per action" "root send" send-chain root-send
row "100 merged .none" "one .none" merged-none-100 merged-none-1
effects=$((n / 4))
row "cancellable start + cancel" "Task.detached + cancel" cancellable cancellable.floor "$effects"
row "cancellable start + cancel, store with a dependency override" "store without" cancellable-dependencies cancellable "$effects"
row "cancelInFlight churn" "cancel previous Task, start new" cancel-in-flight cancel-in-flight.floor "$effects"
echo
echo "StoreActor send, in an isolated function: $(per_operation 1 "$n" actor-send) instructions per operation"
echo "StoreActor request + response (.run sends one back), K=1: $(per_operation 2 "$n" actor-effects 1) per action"
echo "StoreActor request + response, K=8: $(per_operation 16 "$n" actor-effects 8) per action"
