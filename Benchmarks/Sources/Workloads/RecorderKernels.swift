import Braid
import BraidTrace
import Synchronization

// MARK: - Recording

/// A counter whose state and actions are `Codable`: what a trace recorder encodes, line by line.
public struct RecordedCounter: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var count = 0
    public var label = "counter"

    public init() {}
  }

  public enum Action: Codable, Equatable, Sendable {
    case increment
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// The seed's sign-up form with `Codable` state and actions and its password marked secret: a
/// keystroke recorded costs an encoded action, a redaction and a state digest.
public struct RecordedSignup: Reducer {
  public struct State: Codable, Equatable, Sendable, TraceRedactable {
    public var username = ""
    public var email = ""
    public var password = ""
    public var passwordVerification = ""

    public init() {}

    public mutating func redactSecrets(with redactor: inout SecretRedactor) {
      redactor.redact(&password)
      redactor.redact(&passwordVerification)
    }
  }

  public enum Action: Codable, Equatable, Sendable, TraceRedactable {
    case usernameChanged(String)
    case passwordChanged(String)

    public mutating func redactSecrets(with redactor: inout SecretRedactor) {
      if case .passwordChanged(let password) = self { self = .passwordChanged(redactor.placeholder(for: password)) }
    }
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .usernameChanged(let name): state.username = name
    case .passwordChanged(let password): state.password = password
    }
    return .none
  }
}

/// A sink that counts the bytes and lines a recorder writes.
public final class CountingSink: Sendable {
  private let counts = Mutex((bytes: 0, lines: 0))

  public init() {}

  public var sink: TraceSink {
    TraceSink { [self] written in
      let lines = written.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      counts.withLock {
        $0.bytes += written.count
        $0.lines += lines
      }
    }
  }

  public var total: Int { counts.withLock { $0.bytes } }
  public var lines: Int { counts.withLock { $0.lines } }
}

/// A recorder for `n` actions with room for all of them: the cost measured is the whole
/// recording's, never that of dropped lines.
func recorder<State, Action>(_ initial: State, _ n: Int, into sink: CountingSink) -> TraceRecorder<State, Action> {
  TraceRecorder(feature: "bench", initialState: initial, sink: sink.sink, bufferCapacity: 2 * n + 16)
}

/// `n` sends to a `RecordedCounter` store, with a trace recorder attached when `recording`;
/// returns the bytes written.
@MainActor
@discardableResult
public func recordedCounterSends(_ n: Int, recording: Bool) -> Int {
  let bytes = CountingSink()
  let trace: TraceRecorder<RecordedCounter.State, RecordedCounter.Action>? =
    recording ? recorder(RecordedCounter.State(), n, into: bytes) : nil
  let store = Store(initialState: RecordedCounter.State(), inspector: trace?.inspector) { RecordedCounter() }
  for _ in 0..<n { store.send(.increment) }
  precondition(store.state.count == n)
  try? trace?.close()
  // An action and a state line per send: nothing was dropped.
  precondition(!recording || bytes.lines >= 2 * n + 2, "the recorder dropped lines")
  return bytes.total
}

/// `n` keystrokes into a `RecordedSignup` store (a username and a password typed a character
/// at a time), with a trace recorder attached when `recording`; returns the bytes written.
@MainActor
@discardableResult
public func recordedKeystrokes(_ n: Int, recording: Bool) -> Int {
  let bytes = CountingSink()
  let trace: TraceRecorder<RecordedSignup.State, RecordedSignup.Action>? =
    recording ? recorder(RecordedSignup.State(), n, into: bytes) : nil
  let store = Store(initialState: RecordedSignup.State(), inspector: trace?.inspector) { RecordedSignup() }
  let name = Array("blobsmith")
  let password = Array("correct-horse-1")
  for index in 0..<n {
    let step = index % (name.count + password.count)
    if step < name.count {
      store.send(.usernameChanged(String(name[...step])))
    } else {
      store.send(.passwordChanged(String(password[...(step - name.count)])))
    }
  }
  try? trace?.close()
  precondition(!recording || bytes.lines >= 2 * n + 2, "the recorder dropped lines")
  return bytes.total
}

/// The recording kernels: `recorded-send` and `recorded-keystroke` with a recorder, each
/// `.base` without.
@MainActor
public let recorderKernels: [String: @MainActor (Int) -> Void] = [
  "recorded-send": { recordedCounterSends($0, recording: true) },
  "recorded-send.base": { recordedCounterSends($0, recording: false) },
  "recorded-keystroke": { recordedKeystrokes($0, recording: true) },
  "recorded-keystroke.base": { recordedKeystrokes($0, recording: false) },
]
