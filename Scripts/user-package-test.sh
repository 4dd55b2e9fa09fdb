#!/usr/bin/env bash
# Braid as a user meets it: a package of its own, outside this repository, that depends on
# Braid by path, with a feature that is none of the examples (a workout whose child stopwatch
# runs a cancellable timer on its clock dependency), an executable that records a session of
# it, and a tool executable that is a feature catalog and one call to BraidTools.main. Then, as
# the user would: record a session, replay it, emit a test from it into the package's tests and
# run them, explore the feature (no violation), and explore a copy with a bug planted (found
# and shrunk). Prints "user package ok" last.
#
#   Scripts/user-package-test.sh WORKDIR     WORKDIR must not exist yet; it is left for a look
set -euo pipefail
work=${1:?usage: $0 WORKDIR (a folder that does not exist yet)}
[ ! -e "$work" ] || { echo "user-package-test: $work exists; give a new folder" >&2; exit 64; }
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
package=$work/Workout
mkdir -p "$package"/Sources/{WorkoutFeature,WorkoutCatalog,workout-session,workout-tools} "$package"/Tests/WorkoutTests
cd "$package"

cat >Package.swift <<EOF
// swift-tools-version: 6.2
import PackageDescription

let braid: [Target.Dependency] = [.product(name: "Braid", package: "$(basename "$repo")")]
func product(_ name: String) -> Target.Dependency { .product(name: name, package: "$(basename "$repo")") }

let package = Package(
  name: "Workout",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$repo")],
  targets: [
    .target(name: "WorkoutFeature", dependencies: braid),
    .target(name: "BuggyWorkoutFeature", dependencies: braid),
    .target(name: "WorkoutCatalog", dependencies: braid + [product("BraidExploration"), product("BraidTools"), "WorkoutFeature"]),
    .target(name: "BuggyWorkoutCatalog", dependencies: braid + [product("BraidExploration"), product("BraidTools"), "BuggyWorkoutFeature"]),
    .executableTarget(name: "workout-session", dependencies: braid + [product("BraidTools"), "WorkoutFeature"]),
    .executableTarget(name: "workout-tools", dependencies: [product("BraidTools"), "WorkoutCatalog", "BuggyWorkoutCatalog"]),
    .testTarget(name: "WorkoutTests", dependencies: braid + [product("BraidTesting"), "WorkoutFeature"]),
  ],
  swiftLanguageModes: [.v6]
)
EOF

cat >Sources/WorkoutFeature/Workout.swift <<'EOF'
import Braid

/// A stopwatch: started, it ticks every second on its clock until it is stopped.
public struct Stopwatch: Reducer {
  public struct State: Equatable, Codable, Sendable {
    public var isRunning = false
    public var seconds = 0
    public init() {}
  }

  public enum Action: Equatable, Codable, Sendable {
    case startTapped, stopTapped, tick
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      guard !state.isRunning else { return .none }
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: "ticking", cancelInFlight: true)
    case .stopTapped:
      state.isRunning = false
      return .cancel(id: "ticking")
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}

/// A workout: laps taken from its stopwatch, which finishing stops.
public struct Workout: Reducer {
  public struct State: Equatable, Codable, Sendable {
    public var stopwatch = Stopwatch.State()
    public var laps: [Int] = []
    public var isFinished = false
    public init() {}
  }

  public enum Action: Equatable, Codable, Sendable {
    case stopwatch(Stopwatch.Action)
    case lapTapped
    case finishTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.stopwatch, action: /Action.stopwatch) { Stopwatch() }
    Reduce { state, action in
      switch action {
      case .lapTapped:
        state.laps.append(state.stopwatch.seconds)
        return .none
      case .finishTapped:
        state.isFinished = true
        state.stopwatch.isRunning = false
        return .cancel(id: "ticking")
      case .stopwatch:
        return .none
      }
    }
  }
}
EOF

cat >Sources/WorkoutCatalog/WorkoutCatalog.swift <<'EOF'
import Braid
import BraidExploration
import BraidTools
import WorkoutFeature

/// The workout under the tools: replayed with an immediate clock (replay runs no effect), and
/// explored with its stopwatch's ticks answered and the rule that it ticks exactly while it runs.
@MainActor
public enum WorkoutCatalog {
  public static let name = "Workout"

  public static var entry: CatalogEntry {
    CatalogEntry(
      name, module: "WorkoutFeature", reducer: "Workout()", { Workout() },
      dependencies: DependencySetup("$0.continuousClock = ImmediateClock()") { $0.continuousClock = ImmediateClock() },
      exploration: FeatureExploration(node: { $0.stopwatch.isRunning ? "running" : "stopped" }) {
        Exploration(
          initialState: Workout.State(), reducer: Workout(),
          actions: [
            .action("start", weight: 2, .stopwatch(.startTapped)),
            .action("stop", .stopwatch(.stopTapped)),
            .action("lap", .lapTapped),
            .action("finish", .finishTapped),
          ],
          answers: { effect, _ in effect.cancellationIDs == ["ticking"] ? .repeatedly([.stopwatch(.tick)]) : .never },
          invariants: [
            .effects("the stopwatch ticks exactly while it runs") { state, effects in
              state.stopwatch.isRunning == effects.contains { $0.cancellationIDs == ["ticking"] }
            }
          ]
        ) { $0.continuousClock = ImmediateClock() }
      })
  }
}
EOF

# The copy with a bug planted: finishing forgets to cancel the stopwatch's timer.
mkdir -p Sources/BuggyWorkoutFeature Sources/BuggyWorkoutCatalog
awk '/case .finishTapped:/ { finishing = 1 }
  finishing && /return .cancel\(id: "ticking"\)/ { sub(/return .cancel\(id: "ticking"\)/, "return .none"); finishing = 0 }
  { print }' Sources/WorkoutFeature/Workout.swift >Sources/BuggyWorkoutFeature/Workout.swift
sed 's/WorkoutFeature/BuggyWorkoutFeature/g; s/WorkoutCatalog/BuggyWorkoutCatalog/g; s/name = "Workout"/name = "BuggyWorkout"/' \
  Sources/WorkoutCatalog/WorkoutCatalog.swift >Sources/BuggyWorkoutCatalog/BuggyWorkoutCatalog.swift
[ "$(diff Sources/WorkoutFeature/Workout.swift Sources/BuggyWorkoutFeature/Workout.swift | grep -c '^[<>]')" = 2 ] ||
  { echo "user-package-test: the bug was not planted" >&2; exit 1; }

cat >Sources/workout-session/WorkoutSession.swift <<'EOF'
import Braid
import BraidTools
import WorkoutFeature

/// Records one workout to the trace file its argument names.
@main enum WorkoutSession {
  static func main() async throws {
    let recording = try SessionRecording<Workout.State, Workout.Action>(
      feature: "Workout", initialState: Workout.State(), path: CommandLine.arguments[1])
    try await recording.session { await run(recording.inspector) }
  }

  @MainActor static func run(_ inspector: StoreInspector<Workout.State, Workout.Action>) async {
    let store = Store(initialState: Workout.State(), inspector: inspector) { Workout() }
    let actions: [Workout.Action] = [
      .stopwatch(.startTapped), .lapTapped, .stopwatch(.stopTapped), .stopwatch(.startTapped), .finishTapped,
    ]
    // Sent one after another; the timer a start starts runs until a stop, finish or the
    // store's release cancels it.
    for action in actions { store.send(action) }
  }
}
EOF

cat >Sources/workout-tools/WorkoutTools.swift <<'EOF'
import BraidTools
import BuggyWorkoutCatalog
import WorkoutCatalog

/// replay, --emit-test, --html and explore for the workout, and for a copy with a bug planted.
@main enum WorkoutTools {
  @MainActor static func main() async {
    await BraidTools.main(catalog: FeatureCatalog([WorkoutCatalog.entry, BuggyWorkoutCatalog.entry]))
  }
}
EOF
[ "$(wc -l <Sources/workout-tools/WorkoutTools.swift)" -le 15 ] || { echo "the tool is over 15 lines" >&2; exit 1; }

cat >Tests/WorkoutTests/StopwatchTests.swift <<'EOF'
import Braid
import BraidTesting
import Testing
import WorkoutFeature

@MainActor struct StopwatchTests {
  @Test func finishingStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Workout.State()) { Workout() } withDependencies: { $0.continuousClock = clock }
    await store.send(.stopwatch(.startTapped)) { $0.stopwatch.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatch(.tick)) { $0.stopwatch.seconds = 1 }
    await store.send(.finishTapped) {
      $0.isFinished = true
      $0.stopwatch.isRunning = false
    }
  }
}
EOF

echo "== build the user package (Braid by path: $repo)"
swift build --build-tests 2>&1 | tail -3
bin=$(swift build --show-bin-path)

echo "== record a session"
"$bin/workout-session" "$work/session.trace"
[ "$(stat -c %a "$work/session.trace")" = 600 ] || { echo "the trace is not 0600" >&2; exit 1; }

echo "== replay it"
replayed=$("$bin/workout-tools" replay "$work/session.trace")
echo "$replayed"
[[ "$replayed" == "verified: 5 action(s) reach their recorded states"* ]] || { echo "the replay did not verify" >&2; exit 1; }
"$bin/workout-tools" replay "$work/session.trace" --html "$work/session.html"

echo "== emit a test from it and run the package's tests"
"$bin/workout-tools" replay "$work/session.trace" --emit-test --test-name recordedWorkout \
  >Tests/WorkoutTests/RecordedWorkout.swift
tests=$(swift test 2>&1) || { echo "$tests"; echo "the package's tests failed" >&2; exit 1; }
echo "$tests" | grep -E "recordedWorkout|Test run with"
echo "$tests" | grep -q "Test recordedWorkout() passed" || { echo "the emitted test did not run" >&2; exit 1; }

echo "== explore the workout: its rule holds"
"$bin/workout-tools" explore workout --steps 2000

echo "== explore the copy with the bug planted: found and shrunk"
set +e
found=$("$bin/workout-tools" explore buggyworkout --steps 2000)
status=$?
set -e
echo "$found"
[ "$status" = 1 ] || { echo "the planted bug was not found (exit $status)" >&2; exit 1; }
grep -q "violated: the stopwatch ticks exactly while it runs" <<<"$found" || { echo "wrong violation" >&2; exit 1; }
shrunk=$(sed -n 's/^after \([0-9]*\) step(s):$/\1/p' <<<"$found")
[ -n "$shrunk" ] && [ "$shrunk" -le 4 ] || { echo "the counterexample was not shrunk to 4 steps or fewer" >&2; exit 1; }

echo "user package ok"
