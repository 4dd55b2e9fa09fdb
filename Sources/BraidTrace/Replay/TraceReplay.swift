import Braid
import Foundation

/// Re-runs a feature's reducer on the actions of a trace, in the recorded order, and checks that
/// it reaches the recorded states.
///
/// Effects are not run (Elm's rule): every action an effect fed back is in the trace, and is
/// replayed as it was recorded. The `uuid`, `date`, random and clock `now` values the reducer
/// read while reducing are given back from the trace. A replay checks the digest of the state after every
/// action, and stops at the first that differs:
///
/// ```swift
/// var replay = try TraceReplay(path: "signup.trace", feature: SignUp())
/// switch try replay.verify() {
/// case .verified(let steps, _): print("\(steps) actions replayed")
/// case .diverged(let divergence): print(divergence)
/// }
/// ```
///
/// It also steps: ``forward()``, ``back()``, ``jump(to:)``, from the nearest keyframe. The trace
/// is read as a stream, so a trace of any size replays in bounded memory.
public struct TraceReplay<Feature: Reducer> where Feature.State: Codable, Feature.Action: Codable & Sendable {
  /// The header of the trace.
  public let header: TraceHeader
  /// The number of actions replayed so far: the step the replay stands at (0 before the first).
  public private(set) var step = 0
  /// The state at ``step``.
  public private(set) var state: Feature.State
  /// The action that led to ``state``, as replayed: `nil` at step 0.
  public private(set) var current: Step?
  /// Set once the replay has read the trace's last line: whether that line was cut off (the
  /// recording was killed mid-write).
  public private(set) var endedMidLine = false
  /// Whether the replay has read the line that says the recorded store was released: its
  /// recording was closed, not cut short (a process killed with SIGKILL leaves no such line).
  public private(set) var reachedRelease = false

  private let feature: Feature
  private let prepareDependencies: (inout DependencyValues) -> Void
  let reader: TraceReader
  let reads = RecordedReads()
  /// Where each keyframe seen so far starts: its step, line number and offset (step 0 is the
  /// initial state's line).
  /// Where replaying can start again: each recorded state's step, line, offset and event number.
  private var keyframes: [(step: Int, line: Int, offset: Int64, sequence: UInt64)] = []
  /// The number of the last event read: each next event line must carry the one after it.
  private var sequence: UInt64 = 0

  /// Opens the trace at `path` and checks that `feature` can replay it.
  ///
  /// - Parameters:
  ///   - path: The trace file.
  ///   - feature: The feature to replay it with; its `State` and `Action` must have the
  ///     recorded schema.
  ///   - prepareDependencies: Sets up the dependencies the reducer reads while reducing (a
  ///     client it captures for its effects, say; effects are not run). `uuid`, `date` and
  ///     `withRandomNumberGenerator` are set from the trace after it.
  /// - Throws: A ``TraceError`` naming the line: an empty file, a header that is not a Braid
  ///   trace of a known version, a schema that changed (with what changed), a trace recorded
  ///   without `Codable` actions, or an unreadable initial state.
  public init(
    path: String,
    feature: Feature,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) throws(TraceError) {
    self.feature = feature
    self.prepareDependencies = prepareDependencies
    reader = try TraceReader(path: path)
    let header = try TraceHeader.read(from: reader)
    guard header.replayable else { throw .notReplayable(feature: header.feature) }
    let schema = TraceSchema(state: Feature.State.self, action: Feature.Action.self)
    let changes = schema.differences(from: header.schema)
    guard changes.isEmpty else { throw .schemaMismatch(feature: header.feature, changes: changes) }
    self.header = header
    guard let initial = try reader.nextLine() else {
      throw .invalidLine(line: 2, reason: "the trace ends before its initial state")
    }
    switch try TraceLine(initial).event {
    case .initial(_, .recorded): break
    case .initial:
      throw .invalidLine(line: initial.number, reason: "the initial state was recorded as a dump only")
    case let other:
      throw .invalidLine(line: initial.number, reason: "expected the initial state, found \(other.name)")
    }
    state = try Self.state(of: initial)
    keyframes = [(0, initial.number, initial.offset, 0)]
  }

  /// One replayed action.
  public struct Step {
    /// Its number, from 1.
    public let number: Int
    /// The line of its `action` event.
    public let line: Int
    /// The action.
    public let action: Feature.Action
    /// Where it came from, as recorded (`external`, `effect:3`, …).
    public let origin: String
    /// The state before it.
    public let before: Feature.State
    /// The state the replay reached.
    public let after: Feature.State
    /// The state the recording wrote at this step, when the step has a keyframe.
    public let recorded: Feature.State?
    /// Why the replayed state is not the recorded one, or `nil` when it is.
    public let mismatch: String?
    /// The effect the replayed reducer returned, not run.
    let effect: Effect<Feature.Action>
  }

  /// Replays the next action.
  ///
  /// - Returns: The step, or `nil` at the end of the trace.
  /// - Throws: A ``TraceError`` for a line that is not what the format allows, or a gap where
  ///   the recorder dropped events.
  public mutating func forward() throws(TraceError) -> Step? {
    var pending: (line: Int, action: Feature.Action, origin: String, sequence: UInt64)?
    reads.reset()
    while let line = try reader.nextLine() {
      guard line.isComplete else {
        endedMidLine = true
        return nil
      }
      if line.bytes.isEmpty { continue }
      let event = try TraceLine(line)
      if let number = event.seq {
        // A line that does not take its place in the sequence (repeated, inserted, moved)
        // would otherwise be skipped or reduced out of order without a word.
        guard number == sequence + 1 else {
          throw .invalidLine(
            line: line.number,
            reason:
              "event number \(number) where \(sequence + 1) was due: a line repeated, inserted or moved")
        }
        sequence = number
      }
      switch event.event {
      case .action(let origin, .recorded):
        guard let action = try Self.payload(of: line, as: Feature.Action.self, Feature.State.self).action else {
          throw .invalidLine(line: line.number, reason: "the action is null")
        }
        pending = (line.number, action, origin, event.seq ?? 0)
      case .action:
        throw .invalidLine(line: line.number, reason: "the action was recorded as a dump only; it cannot be replayed")
      case .read(let read):
        guard pending != nil else { continue }
        switch read {
        case .uuid(let text):
          guard let uuid = UUID(uuidString: text) else {
            throw .invalidLine(line: line.number, reason: "a uuid read that is not a UUID")
          }
          reads.add(uuid: uuid)
        case .date(let date): reads.add(date: Date(timeIntervalSinceReferenceDate: date))
        case .random(let numbers): reads.add(numbers: numbers)
        case .now(let seconds, let attoseconds):
          reads.add(clockOffset: Duration(secondsComponent: seconds, attosecondsComponent: attoseconds))
        }
      case .state(let digest, let keyframe):
        guard let (actionLine, action, origin, actionSequence) = pending else {
          throw .invalidLine(line: line.number, reason: "a state event without an action before it")
        }
        let before = state
        let effect = withDependencies {
          prepareDependencies(&$0)
          reads.install(in: &$0)
        } operation: {
          reads.reducing { feature.reduce(into: &state, action: action) }
        }
        step += 1
        let hasKeyframe = if case .recorded? = keyframe { true } else { false }
        if hasKeyframe, !keyframes.contains(where: { $0.step == step }) {
          keyframes.append((step, line.number, line.offset, sequence))
        }
        let recorded = hasKeyframe ? try Self.state(of: line) : nil
        var mismatch: String?
        let problems = reads.mismatches
        if !problems.isEmpty {
          mismatch = problems.joined(separator: "; ")
        } else if StateDigest.of(state) != digest {
          mismatch = "the state's digest is \(StateDigest.of(state)); the recording's is \(digest)"
        } else {
          mismatch = try effectMismatch(effect, startedBy: actionSequence, after: line)
        }
        current = Step(
          number: step, line: actionLine, action: action, origin: origin, before: before, after: state,
          recorded: recorded, mismatch: mismatch, effect: effect)
        return current
      case .dropped(let count):
        throw .invalidLine(
          line: line.number,
          reason: "the recorder dropped \(count) event(s) here; the trace cannot be replayed past it")
      case .initial:
        throw .invalidLine(line: line.number, reason: "a second initial state")
      case .released:
        reachedRelease = true
      case .mounted, .dismounted, .releasing, .effectStarted, .effectFinished, .effectCancelled, .effectFailed,
        .effectRetrying,
        .resource:
        continue
      }
    }
    return nil
  }

  /// Goes to the state after action `target` (0: the initial state), replaying from the
  /// nearest keyframe before it (at it, for step 0), so that ``current`` is its action.
  ///
  /// - Parameter target: The step to stand at.
  /// - Returns: Whether the trace has that many actions.
  @discardableResult
  public mutating func jump(to target: Int) throws(TraceError) -> Bool {
    let start = keyframes.last { $0.step <= max(0, target - 1) } ?? keyframes[0]
    if target < step || start.step > step {
      try reader.seek(toLine: start.line, at: start.offset)
      guard let line = try reader.nextLine() else { return false }
      state = try Self.state(of: line)
      step = start.step
      sequence = start.sequence
      current = nil
    }
    while step < target {
      guard try forward() != nil else { return false }
    }
    return true
  }

  /// Goes back one action.
  ///
  /// - Returns: Whether there was one to go back over.
  @discardableResult
  public mutating func back() throws(TraceError) -> Bool {
    guard step > 0 else { return false }
    return try jump(to: step - 1)
  }

  // MARK: - Lines

  /// The state a line holds; a line whose `state` is `null` is refused.
  private static func state(of line: TraceReader.Line) throws(TraceError) -> Feature.State {
    guard let state = try payload(of: line, as: Feature.Action.self, Feature.State.self).state else {
      throw .invalidLine(line: line.number, reason: "the state is null")
    }
    return state
  }

  private static func payload<A: Decodable, S: Decodable>(
    of line: TraceReader.Line, as action: A.Type, _ state: S.Type
  ) throws(TraceError) -> TracePayload<A, S> {
    do {
      return try TraceJSON.decoder().decode(TracePayload<A, S>.self, from: Data(line.bytes))
    } catch {
      throw .invalidLine(
        line: line.number, reason: "cannot decode it with the feature's types (\(traceDecodingReason(error)))")
    }
  }

}
