#!/usr/bin/env bash
# Counts instructions per operation of braid-count's workloads with callgrind (Debian package
# valgrind): each runs at N and 2N operations, and (I(2N) - I(N)) / N cancels start-up and setup.
# Counts do not move when the machine is busy, unlike times. Valgrind 3.19 cannot read Swift
# 6.3's DWARF 5 debug info, so it runs on a stripped copy. Prints a Markdown table.
#
#   Benchmarks/instructions.sh [N]               (default N = 20000; effect rows use N / 4)
#   Benchmarks/instructions.sh --check           counts only the gated rows and fails (exit 1) when
#                                                one is past its tolerance in instruction-baselines.txt
#   Benchmarks/instructions.sh --update-baselines [KERNEL...]
#                                                counts each gated row (or only the named ones) five
#                                                times and rewrites their lines of
#                                                instruction-baselines.txt (its commit must say why)
set -euo pipefail
# A count that fails inside $(...) must stop the script, not leave an empty or stale number.
shopt -s inherit_errexit
cd "$(dirname "$0")"
mode=table
case "${1:-}" in
  --check) mode=check ;;
  --update-baselines) mode=update ;;
  -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "instructions.sh: unknown option '$1' (--check, --update-baselines or a count N)" >&2; exit 2 ;;
esac
n=20000
if [ "$mode" = table ] && [ -n "${1:-}" ]; then n=$1; fi
# The rows --update-baselines recounts: those named after it, else every gated row.
only=()
if [ "$mode" = update ]; then only=("${@:2}"); fi
baselines=instruction-baselines.txt
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
# The build's errors go to its standard output: show them when it fails, not an exit status alone.
if ! build_log=$(swift build -c release --product braid-count 2>&1); then
  echo "$build_log" | tail -40 >&2
  echo "FAIL: instructions.sh could not build braid-count" >&2
  exit 1
fi
binary=$(mktemp)
trap 'rm -f "$binary" "$binary".out "$binary".out-*' EXIT
cp .build/release/braid-count "$binary"
strip -g "$binary"
chmod +x "$binary"

# total KERNEL COUNT -> the instructions of the whole run. A kernel named KERNEL@main is counted
# on the main thread only (callgrind's --separate-threads, thread 1): the thread that sends, and
# starts and cancels the effects, without the executor threads whose share moves with scheduling.
total() {
  local kernel=$1
  shift
  # The previous run's files must not stand in for a run that crashed.
  rm -f "$binary.out" "$binary".out-*
  local options=() file="$binary.out"
  if [[ $kernel == *@main ]]; then
    kernel=${kernel%@main}
    options=(--separate-threads=yes)
    file="$binary.out-01"
  fi
  if ! valgrind --tool=callgrind "${options[@]}" --callgrind-out-file="$binary.out" "$binary" "$kernel" "$@" \
    >/dev/null 2>&1; then
    echo "FAIL: braid-count $kernel $* did not finish under valgrind" >&2
    return 1
  fi
  sed -n 's/^summary: //p' "$file"
}

# measured KERNEL COUNT -> a gated row's instructions per operation: one count, or for a
# KERNEL@main row (whose thread still meets the executor's at varying points) the median of 3.
measured() {
  local kernel=$1 count=$2
  if [[ $kernel != *@main ]]; then
    format=%.1f per_operation 1 "$count" "$kernel"
    return
  fi
  local counts=()
  for _ in 1 2 3; do counts+=("$(format=%.1f per_operation 1 "$count" "$kernel")"); done
  printf '%s\n' "${counts[@]}" | sort -g | sed -n 2p
}

# per_operation OPERATIONS_PER_COUNT COUNT ARGS... -> instructions per operation
per_operation() {
  local operations=$1 count=$2
  shift 2
  local once twice
  once=$(total "$@" "$count")
  twice=$(total "$@" "$((2 * count))")
  awk -v a="$once" -v b="$twice" -v n="$count" -v ops="$operations" -v format="${format:-%.0f}" \
    'BEGIN { printf format, (b - a) / (n * ops) }'
}

# The gated rows: kernel, N, what it is. Braid's own counts only: a floor or reference whose
# count moves with thread scheduling would fail the gate for no change of ours.
gated=(
  "root-send 20000 root send, 1 observer"
  "scoped-plain-10 20000 scoped store send, plain, depth 10"
  "scoped-generic-10 20000 scoped store send, generic, depth 10"
  "foreach-1000 20000 forEach row send by id, 1000 rows"
  "iflet-child 20000 ifLet child send, 1 observer"
  "send-chain 20000 .send chain, per action"
  "cancellable@main 5000 cancellable start + cancel, the sending thread's instructions (median of 3)"
  "large-state 20000 1,000-element state changed in place"
  "large-state-inspected 20000 1,000-element state changed in place, a no-op inspector attached"
  "teststore-step 2000 TestStore step (send + receive), the store on an actor of its own"
  "shared-read 20000 @Shared read, in memory"
  "shared-write 20000 @Shared withLock, in memory"
)

if [ "$mode" = check ]; then
  # A misspelt kernel must fail rather than count nothing.
  if "$binary" no-such-kernel 1 >/dev/null 2>&1; then
    echo "FAIL: braid-count accepted an unknown kernel name" >&2
    exit 1
  fi
  [ -f "$baselines" ] || { echo "FAIL: no $baselines (make it with --update-baselines)" >&2; exit 1; }
  failed=0
  for entry in "${gated[@]}"; do
    read -r kernel count label <<<"$entry"
    line=$(awk -v k="$kernel" -v n="$count" '$1 == k && $2 == n { print; exit }' "$baselines")
    if [ -z "$line" ]; then
      echo "FAIL: $label ($kernel, N = $count): no baseline in $baselines" >&2
      failed=1
      continue
    fi
    read -r _ _ baseline tolerance _ <<<"$line"
    measured=$(measured "$kernel" "$count")
    verdict=$(awk -v m="$measured" -v b="$baseline" -v t="$tolerance" \
      'BEGIN { d = m - b; print (d > t ? "more" : (-d > t ? "fewer" : "ok")) }')
    summary=$(awk -v m="$measured" -v b="$baseline" -v t="$tolerance" -v l="$label" -v k="$kernel" \
      'BEGIN { printf "%s (%s): baseline %.1f, measured %.1f (%+.1f %%), tolerance ±%.1f (%.1f %%)", l, k, b, m, 100 * (m - b) / b, t, 100 * t / b }')
    case $verdict in
      ok) echo "ok   $summary" ;;
      more) echo "FAIL $summary: more instructions than the baseline allows" >&2; failed=1 ;;
      fewer)
        echo "FAIL $summary: fewer instructions than the baseline; if the saving is meant, record it with --update-baselines" >&2
        failed=1
        ;;
    esac
  done
  if [ "$failed" != 0 ]; then
    echo "instruction counts are past their tolerance (baselines: Benchmarks/$baselines)" >&2
    exit 1
  fi
  echo "instruction counts within their baselines"
  exit 0
fi

if [ "$mode" = update ]; then
  new=$(mktemp)
  trap 'rm -f "$binary" "$binary".out "$new"' EXIT
  cat >"$new" <<'HEADER'
# Instructions per operation of the rows `instructions.sh --check` gates, counted by callgrind as
# (I(2N) - I(N)) / N on a stripped release braid-count. Written by
# `Benchmarks/instructions.sh --update-baselines`, which counts each row five times: the
# baseline is the median, the tolerance the larger of 2 % and three times the spread (largest
# minus smallest) of the five. A commit that changes this file must say why the counts moved.
#
# Only Braid's own counts are gated: floors and references that move with thread scheduling are
# not. The cancellable row counts the sending thread only (cancellable@main: callgrind's thread
# 1), each count the median of 3, gated at 5 %; the TestStore step includes the executor
# threads' work, so its spread is wider than the synchronous rows'. The TestStore step runs with the store on an
# actor of its own, because valgrind cannot follow tasks queued to the main actor; braid-bench
# times it on the main actor, so the two are not the same configuration.
#
# kernel  N  instructions/op  tolerance  spread  the five counts
HEADER
  for name in "${only[@]}"; do
    if ! printf '%s\n' "${gated[@]}" | awk -v k="$name" '$1 == k { found = 1 } END { exit !found }'; then
      echo "FAIL: --update-baselines: '$name' is not a gated row" >&2
      exit 2
    fi
  done
  for entry in "${gated[@]}"; do
    read -r kernel count label <<<"$entry"
    if [ "${#only[@]}" -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qxF "$kernel"; then
      # Not recounted: its line stays as committed.
      awk -v k="$kernel" -v n="$count" '$1 == k && $2 == n { print; exit }' "$baselines" >>"$new"
      continue
    fi
    counts=()
    for _ in 1 2 3 4 5; do counts+=("$(measured "$kernel" "$count")"); done
    echo "$label: ${counts[*]}" >&2
    # A median-of-3 row (KERNEL@main) is gated at 5 %: its single counts spread about 3 %.
    fixed=0
    if [[ $kernel == *@main ]]; then fixed=0.05; fi
    printf '%s\n' "${counts[@]}" | sort -g | awk -v k="$kernel" -v n="$count" -v fixed="$fixed" '
      { c[NR] = $1 }
      END {
        median = c[3]; spread = c[5] - c[1]; tolerance = 3 * spread
        if (tolerance < 0.02 * median) tolerance = 0.02 * median
        if (fixed > 0) tolerance = fixed * median
        printf "%s %s %.1f %.1f %.1f %s %s %s %s %s\n", k, n, median, tolerance, spread, c[1], c[2], c[3], c[4], c[5]
      }' >>"$new"
  done
  chmod 644 "$new"
  mv "$new" "$baselines"
  echo "wrote Benchmarks/$baselines; commit it saying why the counts moved"
  exit 0
fi

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
row "root send, a no-op inspector attached" "root send" root-send-inspected root-send
row "1,000-element state changed in place, a no-op inspector attached" "no inspector" large-state-inspected large-state
row "root send, a trace recorder attached" "no recorder" recorded-send recorded-send.base "$((n / 10))"
row "sign-up keystroke, a trace recorder attached (password redacted)" "no recorder" recorded-keystroke \
  recorded-keystroke.base "$((n / 10))"
for kind in plain generic; do
  for depth in 1 5 10; do
    row "scoped store send, $kind, depth $depth" "root send of the embedded action" \
      "scoped-$kind-$depth" "embedded-$kind-$depth"
  done
done
for depth in 1 5 10; do
  row "scoped store send, plain, depth $depth" "closure store, depth $depth" \
    "scoped-plain-$depth" "scoped-plain-$depth.peer"
done
for rows in 10 1000 100000; do
  row "forEach row send by id, $rows rows" "root send" "foreach-$rows" root-send
done
row "ifLet child send, 1 observer" "root send" iflet-child root-send
row "@Presents child send, 1 observer" "ifLet child send" presents-child iflet-child
row "stack element send (top of 3), 1 observer" "ifLet child send" stack-element iflet-child
row "IdentifiedArray [id:] write" "array + dictionary" identified-write identified-write.floor
row "IdentifiedArray [id:] read" "array + dictionary" identified-read identified-read.floor
for count in 1 10 100; do
  row "$count derived observers by key path, 1 changes" "hand-written floor" "observers-$count" "observers-$count.floor"
  row "$count derived observers by closure, 1 changes" "hand-written floor" "closure-observers-$count" "observers-$count.floor"
done
row "@Shared read, in memory" "Mutex-guarded read in a final class" shared-read shared-read.floor
row "@Shared withLock, in memory" "Mutex.withLock in a final class" shared-write shared-write.floor
row ".send chain, per action" "root send" send-chain root-send
row "100 merged .none" "one .none" merged-none-100 merged-none-1
effects=$((n / 4))
row "cancellable start + cancel" "Task.detached + cancel" cancellable cancellable.floor "$effects"
row "cancellable start + cancel, store with a dependency override" "store without" cancellable-dependencies cancellable "$effects"
row "cancellable start + cancel, a no-op inspector attached" "store without" cancellable-inspected cancellable "$effects"
row "cancelInFlight churn" "cancel previous Task, start new" cancel-in-flight cancel-in-flight.floor "$effects"
echo
echo "StoreActor send, in an isolated function: $(per_operation 1 "$n" actor-send) instructions per operation"
echo "StoreActor request + response (.run sends one back), K=1: $(per_operation 2 "$n" actor-effects 1) per action"
echo "StoreActor request + response, K=8: $(per_operation 16 "$n" actor-effects 8) per action"
echo "TestStore step (send + receive), the store on an actor of its own: $(per_operation 1 "$((n / 10))" teststore-step) instructions per step"
