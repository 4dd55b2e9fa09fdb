#!/usr/bin/env bash
# Runs the whole test suite N times and lists every test that failed at least once: the
# flakiness gauge. Odd-numbered runs are pinned to one core (taskset -c 0) to squeeze
# scheduling; even-numbered runs use every core. The suite is built once, then each run uses
# --skip-build. Logs of failing runs are kept in .build/repeat-tests/.
#
#   Scripts/repeat-tests.sh 100
#   Scripts/repeat-tests.sh --filter aLiveGpsdClientHolds 200   one test (a swift test --filter
#                                                 pattern), 200 times; a run that matches no
#                                                 test counts as failed
#   Scripts/repeat-tests.sh --sanitize=thread 5   the thread-sanitizer build, tests one at a time
#                                                 as .ci/run runs them
set -u
sanitizer=""
filter=()
usage="usage: $0 [--sanitize=thread|address] [--filter PATTERN] [N]  (N runs, default 10)"
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize=thread | --sanitize=address) sanitizer=${1#--sanitize=}; shift ;;
    --filter) [ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }; filter=(--filter "$2"); shift 2 ;;
    *) break ;;
  esac
done
runs=${1:-10}
case "$runs" in '' | *[!0-9]*) echo "$usage" >&2; exit 64 ;; esac
cd "$(dirname "$0")/.."
flags=()
if [ -n "$sanitizer" ]; then
  flags=(--sanitize="$sanitizer" --scratch-path ".build-${sanitizer:0:1}san")
  export BRAID_SANITIZER=$sanitizer BRAID_DIFFERENTIAL_SEEDS=100
  [ "$sanitizer" = address ] && export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0"
fi
swift build --build-tests "${flags[@]}" >/dev/null || { echo "repeat-tests: the build failed" >&2; exit 1; }
[ -n "$sanitizer" ] && flags+=(--no-parallel)
logs=.build/repeat-tests${sanitizer:+-$sanitizer}
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
  $prefix swift test --skip-build "${flags[@]}" "${filter[@]}" >"$log" 2>&1
  status=$?
  # A filter that matches nothing passes vacuously: count it as a failure.
  if [ ${#filter[@]} -gt 0 ] && ! grep -qE "^✔ Test run with [1-9][0-9]* tests?" "$log"; then status=1; fi
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
