#!/usr/bin/env bash
# Runs the whole test suite N times and lists every test that failed at least once: the
# flakiness gauge. Odd-numbered runs are pinned to one core (taskset -c 0) to squeeze
# scheduling; even-numbered runs use every core. The suite is built once, then each run uses
# --skip-build. Logs of failing runs are kept in .build/repeat-tests/.
#
#   Scripts/repeat-tests.sh 100
set -u
runs=${1:-10}
case "$runs" in '' | *[!0-9]*) echo "usage: $0 [N]  (N runs, default 10)" >&2; exit 64 ;; esac
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null || { echo "repeat-tests: the build failed" >&2; exit 1; }
logs=.build/repeat-tests
rm -rf "$logs" && mkdir -p "$logs"
pin=""
command -v taskset >/dev/null && pin="taskset -c 0"
[ -z "$pin" ] && echo "repeat-tests: taskset not found; every run uses every core" >&2

failed_runs=0
reached=0
start=$(date +%s)
for i in $(seq 1 "$runs"); do
  if [ $((i % 2)) -eq 1 ] && [ -n "$pin" ]; then mode="one core"; prefix=$pin; else mode="all cores"; prefix=""; fi
  log="$logs/run-$i.log"
  $prefix swift test --skip-build >"$log" 2>&1
  status=$?
  reached=$i
  # Swift Testing: "✘ Test name() failed"; XCTest: "Test Case '…' failed".
  failures=$(grep -E "^✘ Test .* failed|Test Case '.*' failed" "$log" | sed -E "s/ after [0-9.]+ seconds.*//; s/ \([0-9.]+ seconds\)//")
  if [ "$status" -ne 0 ] || [ -n "$failures" ]; then
    failed_runs=$((failed_runs + 1))
    echo "run $i ($mode): FAILED (exit $status)"
    [ -n "$failures" ] && echo "$failures" | sed 's/^/    /' | tee -a "$logs/failures.txt" >/dev/null
    [ -z "$failures" ] && echo "    (no failing test named; see $log)" | tee -a "$logs/failures.txt" >/dev/null
  else
    echo "run $i ($mode): passed"
    rm -f "$log"
  fi
done
elapsed=$(( $(date +%s) - start ))

echo
echo "runs reached: $reached of $runs (odd runs on one core), $failed_runs failed, ${elapsed}s"
if [ -s "$logs/failures.txt" ]; then
  echo "tests that failed at least once (count):"
  sort "$logs/failures.txt" | uniq -c | sort -rn
  exit 1
fi
echo "no test failed"
