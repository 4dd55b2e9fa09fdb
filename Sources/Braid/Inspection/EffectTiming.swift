/// How an effect waits on a clock, when one of Braid's timing operators built it: reported with
/// its start (``StoreEvent/EffectStart/timing``) and written into a trace, so that a reader can
/// tell the effects whose timing is the point from the ones that only wait for a client.
public struct EffectTiming: Sendable, Hashable, CustomStringConvertible {
  /// The operator that built the effect.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// ``Effect/debounce(id:for:clock:)``: the effect waits out a quiet time, then starts the
    /// effect it delays.
    case debounce
    /// ``Effect/throttle(id:for:clock:latest:)``: the effect waits until the interval since the
    /// last one has passed.
    case throttle
  }

  /// The operator.
  public let kind: Kind
  /// The time it waits (the debounce's quiet time, the throttle's interval), when its clock
  /// measures in `Swift.Duration`; `nil` for a clock of another duration type.
  public let interval: Duration?

  /// Creates a timing.
  ///
  /// - Parameters:
  ///   - kind: The operator.
  ///   - interval: The time it waits.
  public init(_ kind: Kind, interval: Duration?) {
    self.kind = kind
    self.interval = interval
  }

  /// The operator and its interval: `debounce 0.3 seconds`.
  public var description: String {
    interval.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
  }
}

extension Effect {
  /// This effect, marked as built by a timing operator: a run made here, not shared, carries
  /// `timing` to its start. Anything else is returned as it is.
  func timed(_ timing: EffectTiming) -> Self {
    if case .boxed(let box) = storage, let run = box as? RunEffectBox<Action> { run.timing = timing }
    return self
  }
}
