import Braid
import Foundation

/// Turns a trace into a Swift Testing test that a user can paste into their suite: the recorded
/// session as `TestStore` steps, with effects described rather than run.
///
/// The file holds the test, which runs the session against the feature's reducer, and the session
/// as a function of a reducer, so that another test can run it against a changed feature and see
/// it fail. The session starts a `TestStore` with `effects: .described` from the recorded initial
/// state, then follows the trace:
/// - each action sent from outside is a `send`, with its change of state asserted;
/// - each effect start is an `effectStarted(kind, ids:)`, each cancellation an
///   `effectCancelled`, each client command an `effectCommanded`, and each end an
///   `await store.complete(effect)`;
/// - the feature's dismount is a `dismount()`;
/// - each action an effect fed back is given as that effect's answer (`answer(_:with:)`), then
///   asserted with `receive`.
///
/// A trace in which an effect a timing operator built (a `debounce`'s or a `throttle`'s wait,
/// marked with its timing from format version 2) ran and started another gives a test with a
/// `TestClock` as the store's `continuousClock` and `effects: .describedExceptTiming`: those
/// waits run on it, the test moves it on by the recorded gaps (`await clock.advance(by:
/// .milliseconds(300))`), and what a wait starts once it is over is asserted after the advance
/// that reaches its recorded time. Its effects are then named by the trace's numbers
/// (`effect1_1` for the trace's `1.1`). (An exploration's trace, whose effects were described
/// and answered directly, gives a test that describes them too.)
///
/// Actions and changed fields are written as Swift literals where their structure allows
/// (strings, numbers, optionals, arrays and enum cases of these), else decoded from their JSON.
/// The test needs no live client and is deterministic.
///
/// ```swift
/// let source = try TraceTestEmitter(
///   testName: "recordedSignUp", imports: ["SignUpFeature"], reducer: "SignUpForm()"
/// ).emit(path: "signup.trace", feature: SignUpForm())
/// ```
public struct TraceTestEmitter: Sendable {
  /// The name of the emitted test function.
  public var testName: String
  /// The modules the test imports besides Braid, BraidTesting, Foundation and Testing: the
  /// feature's module.
  public var imports: [String]
  /// The Swift expression that makes the feature's reducer, as the test writes it.
  public var reducer: String
  /// Statements that set up the test store's dependencies (`$0.client = .noop`), one per
  /// element: what the reducer reads while reducing or captures for its effects.
  public var dependencies: [String]
  /// A comment put at the top of the emitted file, one line per element, each prefixed with `// `.
  public var header: [String]

  /// An emitter.
  ///
  /// - Parameters:
  ///   - testName: The name of the emitted test function.
  ///   - imports: The modules the test imports besides Braid, BraidTesting, Foundation and
  ///     Testing.
  ///   - reducer: The Swift expression that makes the feature's reducer.
  ///   - dependencies: Statements that set up the test store's dependencies (`$0.client = .noop`).
  ///   - header: Comment lines for the top of the file.
  public init(
    testName: String, imports: [String], reducer: String, dependencies: [String] = [], header: [String] = []
  ) {
    self.testName = testName
    self.imports = imports
    self.reducer = reducer
    self.dependencies = dependencies
    self.header = header
  }

  /// The test for the trace at `path`.
  ///
  /// - Parameters:
  ///   - path: The trace.
  ///   - feature: The feature that recorded it: the trace is replayed with it to get the state
  ///     after each step.
  ///   - prepareDependencies: As for ``TraceReplay``.
  /// - Returns: The source of one Swift file.
  /// - Throws: A ``TraceError``: the trace cannot be replayed, its replay diverges (the test
  ///   would fail), or it holds what an emitted test cannot express (values the reducer read
  ///   while reducing, a concatenated effect).
  public func emit<Feature: Reducer>(
    path: String,
    feature: Feature,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) throws(TraceError) -> String where Feature.State: Codable, Feature.Action: Codable & Sendable {
    var replay = try TraceReplay(path: path, feature: feature, withDependencies: prepareDependencies)
    let initial = replay.state
    var steps: [TraceReplay<Feature>.Step] = []
    while let step = try replay.forward() {
      if let mismatch = step.mismatch {
        throw .cannotEmit(
          line: step.line, reason: "the replay diverges at step \(step.number) (\(mismatch)); the test would fail")
      }
      steps.append(step)
    }
    // A trace whose timing operators' effects ran runs them on a test clock, moved on as recorded.
    var clock = try Self.ranTimedEffects(path: path) ? EmittedClock() : nil
    var body = SourceLines()
    body.append("let initialState = \(try Self.expression(for: initial, line: 2))")
    if clock != nil { body.append("let clock = TestClock()") }
    body.append("let store = TestStore(")
    body.append("  initialState: initialState,")
    body.append("  effects: \(clock == nil ? ".described" : ".describedExceptTiming")")
    body.append(") {")
    body.append("  reducer")
    let statements = (clock == nil ? [] : ["$0.continuousClock = clock"]) + dependencies
    if statements.isEmpty {
      body.append("}")
    } else {
      body.append("} withDependencies: {")
      for statement in statements { body.append("  \(statement)") }
      body.append("}")
    }
    try appendEvents(of: path, steps: steps, clock: &clock, into: &body)
    body.append("await store.finish()")
    body.unbindUnusedEffects()
    return file(
      body: body, state: String(reflecting: Feature.State.self), action: String(reflecting: Feature.Action.self))
  }

  /// The trace's events after the initial state, as test steps.
  private func appendEvents<Feature: Reducer>(
    of path: String, steps: [TraceReplay<Feature>.Step], clock: inout EmittedClock?, into body: inout SourceLines
  ) throws(TraceError) where Feature.State: Codable, Feature.Action: Codable & Sendable {
    let reader = try TraceReader(path: path)
    var nextStep = steps.makeIterator()
    // The effects a described test store stands in for: those a reducer or a hook returned, and
    // (with a clock) those a running timed effect started. Any other effect another effect's
    // task started never starts there: what it sends is answered through the described effect
    // it descends from.
    var described: [TraceEffectNumber: TraceEffectNumber] = [:]
    // Each described effect's number in the test store, which numbers the effects it describes
    // 1, 2, … in start order, as a trace does from version 2 (version 1 counted every effect).
    // With a clock, the store also describes what a timed effect starts, which a trace numbers
    // under it ("1.1"): the variables then take the trace's numbers, as the timeline and
    // `replay --step` do.
    var names: [TraceEffectNumber: Int] = [:]
    let tracesNumbers = clock != nil
    func name(_ effect: TraceEffectNumber) -> String {
      if tracesNumbers { return "effect" + "\(effect)".replacingOccurrences(of: ".", with: "_") }
      return "effect\(names[effect].map(String.init) ?? "\(effect)")"
    }
    var running: [TraceEffectNumber] = []
    // Where each described effect runs and the ids it holds, for the commands that reach it.
    var holds: [TraceEffectNumber: (path: String?, ids: [String])] = [:]
    while let line = try reader.nextLine(), line.isComplete {
      guard line.number > 2, !line.bytes.isEmpty else { continue }
      let event = try TraceLine(line)
      let mark = body.lines.count
      defer {
        if let time = event.time, clock != nil { clock?.advance(to: time, before: mark, in: &body.lines) }
      }
      switch event.event {
      case .action:
        guard let step = nextStep.next() else { return }
        let answering = Self.answeringEffect(step.origin).map { origin in
          let root = described[origin] ?? origin
          // `replay --step` and the timeline name the trace's effect that sent it: said when
          // that is a task the described effect started.
          let note =
            origin == root ? nil : "// Sent by the trace's effect \(origin), which \(name(root))'s task started."
          return (name(root), note)
        }
        try appendAction(step, answering: answering, into: &body)
      case .read:
        throw .cannotEmit(
          line: line.number,
          reason: "the reducer read a uuid, a date or random numbers while reducing; emitted tests do not set them yet")
      case .effectStarted(let effect, _, _, _, let parent?, _)
      where !(clock?.timed.contains(parent) == true && described[parent] == parent):
        described[effect] = described[parent] ?? parent
      case .effectStarted(let effect, let kind, let ids, _, _, let timing):
        guard kind == "run" || kind == "subscribe" else {
          throw .cannotEmit(
            line: line.number,
            reason: "effect \(effect) is a \(kind) effect; emitted tests describe runs and subscriptions only")
        }
        let quoted = ids.map(SwiftLiteral.quoted).joined(separator: ", ")
        names[effect] = names.count + 1
        let numbered = "the test store numbers it #\(names[effect] ?? 0)."
        if let parent = effect.parent {
          body.append("// Started by \(name(parent)) once its wait was over; \(numbered)")
        } else if tracesNumbers, names[effect] != effect.root {
          body.append("// The trace's effect \(effect); \(numbered)")
        } else if !tracesNumbers, names[effect] != effect.root {
          body.append("// The trace's effect \(effect).")
        }
        if timing != nil { clock?.timed.insert(effect) }
        let timed = timing.map { ", timing: \(Self.expression(for: $0))" } ?? ""
        body.append(
          "let \(name(effect)) = store.effectStarted(.\(kind)\(ids.isEmpty ? "" : ", ids: [\(quoted)]")\(timed))")
        described[effect] = effect
        running.append(effect)
        holds[effect] = (event.path, ids)
      case .dismounted where event.path == nil:
        // The feature's own dismount (a child's follows from its state and is not a step).
        body.append("await store.dismount()")
      case .resource("commanded", let resource, let id, _):
        // A command reaches the newest running effect that holds its id where it starts, as
        // the described test store routes it.
        guard let effect = running.last(where: { holds[$0]?.path == event.path && holds[$0]?.ids.contains(id) == true })
        else {
          throw .cannotEmit(
            line: line.number,
            reason:
              "a \(resource) command under \(id) reached an effect that another effect started; emitted tests describe only the effects reducers and hooks return"
          )
        }
        body.append("store.effectCommanded(\(name(effect)))")
      case .effectCancelled(let effect) where running.contains(effect):
        running.removeAll { $0 == effect }
        body.append("store.effectCancelled(\(name(effect)))")
      case .effectFinished(let effect) where running.contains(effect):
        running.removeAll { $0 == effect }
        if clock?.timed.contains(effect) == true {
          body.append("// \(name(effect)) ends by itself, as what it started has ended.")
        } else {
          body.append("await store.complete(\(name(effect)))")
        }
      default:
        continue
      }
    }
    for effect in running {
      body.append("// Still running when the recording ended.")
      body.append("await store.complete(\(name(effect)))")
    }
  }

  private func appendAction<Feature: Reducer>(
    _ step: TraceReplay<Feature>.Step, answering: (effect: String, note: String?)?, into body: inout SourceLines
  ) throws(TraceError) where Feature.State: Codable, Feature.Action: Codable & Sendable {
    let action = try Self.expression(for: step.action, line: step.line)
    let changes = try Self.changes(from: step.before, to: step.after, line: step.line)
    let call: String
    if let (effect, note) = answering {
      if let note { body.append(note) }
      body.append("await store.answer(\(effect), with: \(action))")
      call = "await store.receive(\(action))"
    } else if step.origin == "send" {
      call = "await store.receive(\(action))"
    } else {
      call = "await store.send(\(action))"
    }
    guard !changes.isEmpty else {
      body.append(call)
      return
    }
    body.append("\(call) {")
    for change in changes { body.append("  \(change)") }
    body.append("}")
  }

  /// The effect an action came from, for `effect:N`, `mount:N` and `dismount:N`.
  private static func answeringEffect(_ origin: String) -> TraceEffectNumber? {
    guard let colon = origin.firstIndex(of: ":") else { return nil }
    return TraceEffectNumber(origin[origin.index(after: colon)...])
  }

  /// The file: the test, which runs the session against ``reducer``, and the session as a
  /// function of the reducer, so that a test can also show that a changed feature fails it.
  private func file(body: SourceLines, state: String, action: String) -> String {
    var lines = header.map { "// \($0)" }
    if !lines.isEmpty { lines.append("") }
    let modules = Set(["Braid", "BraidTesting", "Foundation", "Testing"] + imports).sorted()
    lines += modules.map { "import \($0)" }
    lines += ["", "@MainActor", "@Test func \(testName)() async throws {", "  try await \(testName)(\(reducer))", "}"]
    lines += [
      "", "/// The recorded session, step by step, against `reducer`.", "@MainActor",
      "func \(testName)(_ reducer: some Reducer<\(state), \(action)>) async throws {",
    ]
    lines += body.lines.map { "  \($0)" }
    lines += ["}", ""]
    return lines.joined(separator: "\n")
  }
}

/// Lines of Swift source, indented by their writer.
private struct SourceLines {
  var lines: [String] = []

  mutating func append(_ line: String) {
    lines.append(line)
  }

  /// Drops the name of each asserted effect no later statement uses (a timed effect that ends by
  /// itself): `store.effectStarted(…)  // effect1`, which the compiler takes without a warning.
  mutating func unbindUnusedEffects() {
    for (index, line) in lines.enumerated() where line.hasPrefix("let effect") {
      guard let equals = line.range(of: " = store.effectStarted(") else { continue }
      let name = line[line.index(line.startIndex, offsetBy: 4)..<equals.lowerBound]
      let used = lines[(index + 1)...].contains { later in
        !later.hasPrefix("//") && (later.contains("(\(name))") || later.contains("(\(name),"))
      }
      if !used { lines[index] = line[line.index(equals.lowerBound, offsetBy: 3)...] + "  // \(name)" }
    }
  }
}
