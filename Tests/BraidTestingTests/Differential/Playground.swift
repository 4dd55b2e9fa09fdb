import Braid

/// The sample features the differential harness drives. Together they use every effect kind: a
/// counter with `.run` and `.send`, a debounced search on a `TestClock`, `forEach` rows with
/// timers and removal, an `ifLet` child with a long-lived `subscribe` client, throttle and
/// retry. None of them races: at any moment at most one effect can send (the harness settles the
/// effects after every step, and a `TestClock` wakes its sleepers one at a time).
struct Playground: Reducer {
  struct State: Equatable {
    var count = 0
    var query = ""
    var results: [String] = []
    var rows: IdentifiedArrayOf<Row.State> = []
    var nextRowID = 0
    var child: Child.State?
    var throttled = 0
    var fetched: [Int] = []
    var fetchFailures = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
    case incrementTwice
    case queryChanged(String)
    case searchResponse(String)
    case addRow
    case removeRow(Int)
    case rows(IdentifiedAction<Int, Row.Action>)
    case toggleChild
    case child(Child.Action)
    case throttledTap
    case throttledFired
    case fetch(failures: Int)
    case fetched(Int)
    case fetchFailed
  }

  struct SearchID: Hashable, Sendable {}
  struct ThrottleID: Hashable, Sendable {}

  let clock: TestClock<Duration>
  let feed: Feed
  let log: TraceLog

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .run { [log] send in
          log.effect("incrementLater", .started)
          await send(.increment)
          log.effect("incrementLater", .finished)
        }
      case .incrementTwice:
        return .concatenate(.send(.increment), .send(.increment))
      case .queryChanged(let query):
        state.query = query
        return .run { [log] send in
          log.effect("search", .started)
          await send(.searchResponse(query.uppercased()))
          log.effect("search", .finished)
        }
        .debounce(id: SearchID(), for: .milliseconds(300), clock: clock)
      case .searchResponse(let result):
        state.results.append(result)
        return .none
      case .addRow:
        state.rows.append(Row.State(id: state.nextRowID))
        state.nextRowID += 1
        return .none
      case .removeRow(let id):
        state.rows.remove(id: id)
        return .none
      case .rows:
        return .none
      case .toggleChild:
        state.child = state.child == nil ? Child.State() : nil
        return .none
      case .child:
        return .none
      case .throttledTap:
        return .send(.throttledFired).throttle(id: ThrottleID(), for: .seconds(1), clock: clock, latest: true)
      case .throttledFired:
        state.throttled += 1
        return .none
      case .fetch(let failures):
        let attempts = Attempts()
        return .run { [log] send in
          log.effect("fetch", .started)
          let attempt = attempts.next()
          guard attempt > failures else {
            log.effect("fetch", .failed)
            throw FetchError()
          }
          await send(.fetched(attempt))
          log.effect("fetch", .finished)
        } catch: { _, send in
          await send(.fetchFailed)
        }
        .retry(2)
      case .fetched(let attempt):
        state.fetched.append(attempt)
        return .none
      case .fetchFailed:
        state.fetchFailures += 1
        return .none
      }
    }
    .forEach(\.rows, action: /Action.rows) { Row(clock: clock, log: log) }
    .ifLet(\.child, action: /Action.child) { Child(feed: feed, log: log) }
  }

  struct FetchError: Error {}
}

/// A row with a repeating timer.
struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
    var isTiming = false
  }

  enum Action: Equatable, Sendable {
    case startTimer
    case stopTimer
    case tick
  }

  struct TimerID: Hashable, Sendable {}

  let clock: TestClock<Duration>
  let log: TraceLog

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      state.isTiming = true
      let name = "timer \(state.id)"
      return .run { [clock, log] send in
        log.effect(name, .started)
        for await _ in clock.timer(interval: .milliseconds(700)) {
          await send(.tick)
        }
        log.effect(name, Task.isCancelled ? .cancelled : .finished)
      }
      .cancellable(id: TimerID(), cancelInFlight: true)
    case .stopTimer:
      state.isTiming = false
      return .cancel(id: TimerID())
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A child that, once it appears, listens to a callback-style ``Feed`` until it is dismissed.
struct Child: Reducer {
  struct State: Equatable {
    var values: [Int] = []
    var isListening = false
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case value(Int)
  }

  struct FeedID: Hashable, Sendable {}

  let feed: Feed
  let log: TraceLog

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      guard !state.isListening else { return .none }
      state.isListening = true
      return .subscribe { [feed, log] subscriber in
        log.effect("feed", .started)
        let token = feed.add { subscriber.send(.value($0)) }
        return AnyCancellable {
          feed.remove(token)
          log.effect("feed", .cancelled)
        }
      }
      .cancellable(id: FeedID())
    case .value(let value):
      state.values.append(value)
      return .none
    }
  }
}

/// Counts a retried effect's attempts.
final class Attempts: Sendable {
  private let count = SanitizerVisibleMutex(0)

  /// The number of this attempt, from 1.
  func next() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
}
