#!/usr/bin/env bash
# Times the 64 TestStore tests of ParallelTestStoreTests (test stores on actors of their own,
# run side by side) against the same 64 tests in MainActorTestStoreTests (test stores on the
# main actor), alternating, RUNS times each (default 5), and prints each suite's median wall time
# as Swift Testing reports it, and their ratio.
#
#   swift build --build-tests && Benchmarks/parallel-tests.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"

suite_seconds() {
  swift test --skip-build --filter "BraidTestingTests.$1" 2>&1 |
    sed -n 's/.*Test run with .* passed after \([0-9.]*\) seconds.*/\1/p'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

actor_times=()
main_times=()
for _ in $(seq "$runs"); do
  actor=$(suite_seconds ParallelTestStoreTests)
  main=$(suite_seconds MainActorTestStoreTests)
  [[ -n "$actor" && -n "$main" ]] || { echo "a suite failed; run it alone to see why" >&2; exit 1; }
  actor_times+=("$actor")
  main_times+=("$main")
done
actor_median=$(printf '%s\n' "${actor_times[@]}" | median)
main_median=$(printf '%s\n' "${main_times[@]}" | median)
echo "64 TestClock-driven TestStore tests, median of $runs runs on $(nproc) cores:"
echo "  test stores on actors of their own: ${actor_median} s  (${actor_times[*]})"
echo "  test stores on the main actor:      ${main_median} s  (${main_times[*]})"
awk -v a="$actor_median" -v m="$main_median" 'BEGIN { printf "  main actor / own actors: %.2fx\n", m / a }'
