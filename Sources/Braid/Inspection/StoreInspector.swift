/// Receives, in order, everything a store does: the actions it reduces and where each came from,
/// the state after each, the effects it starts and how each ends, its mount, dismount and release.
///
/// Attach one when creating a ``Store``, a ``StoreActor`` or a `TestStore`, or to a running
/// store with ``Store/addInspector(_:)`` (several may be attached, each removed by its
/// ``InspectorToken``):
///
/// ```swift
/// let store = Store(
///   initialState: Feature.State(),
///   inspector: StoreInspector { event in print(event) }
/// ) {
///   Feature()
/// }
/// ```
///
/// Events come in the order they happen, each with a ``StoreEvent/sequence`` number one greater
/// than the last. Events of the store itself (actions, states, effects starting or being
/// cancelled, mount, dismount) are delivered on the store's isolation: the main actor for a
/// ``Store``, the store's own actor for a ``StoreActor``. An effect's end or failure is delivered
/// from the effect's task. Deliveries never overlap: one event is delivered at a time.
///
/// A store without an inspector pays nothing for the feature (the instruction-count rows of
/// `Benchmarks/instructions.sh` guard it).
///
/// ## What an inspector may do
///
/// - Read the event and keep what it needs. Keeping a ``StoreEvent/Kind/state(before:after:)``
///   value keeps a copy of the state alive: the store's next change to a shared buffer then
///   copies it. Copy out what you need instead.
/// - It may send to the store it inspects from inside ``receive``. A send made while the store
///   reduces is queued and reduced after the current action, as any send made during a send is.
///   One made at any other time is reduced at once, and its events are delivered right after the
///   current one, in order: never inside it, never dropped.
/// - It should be quick: the store waits for each delivery.
public struct StoreInspector<State, Action: Sendable>: Sendable {
  /// Whether the store keeps the state from before each action for
  /// ``StoreEvent/Kind/state(before:after:)``. Off, `before` is `nil`, and reducing an action
  /// copies nothing.
  public let needsStateBefore: Bool
  /// Receives each event.
  public let receive: @Sendable (StoreEvent<State, Action>) -> Void
  /// The time since the inspector was made, on its clock.
  @usableFromInline let elapsed: @Sendable () -> Duration
  /// Whether the store it is attached to sets ``elapsed`` from its own clock
  /// (``onStoreClock(needsStateBefore:receive:)``).
  let stampsOnStoreClock: Bool

  /// Creates an inspector that hands every event to `receive`.
  ///
  /// - Parameters:
  ///   - needsStateBefore: Whether state events carry the state from before the action too.
  ///     It costs a copy of the state per action, and a copy of any buffer the reducer then
  ///     changes.
  ///   - clock: The clock that stamps each event's ``StoreEvent/time``, from when the inspector
  ///     is made; a `TestClock` in tests.
  ///   - receive: Called with each event, in order, one at a time.
  public init<C: Clock<Duration>>(
    needsStateBefore: Bool = false,
    clock: C,
    receive: @escaping @Sendable (_ event: StoreEvent<State, Action>) -> Void
  ) {
    self.needsStateBefore = needsStateBefore
    self.receive = receive
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    stampsOnStoreClock = false
  }

  private init(
    needsStateBefore: Bool, stampsOnStoreClock: Bool, elapsed: @escaping @Sendable () -> Duration,
    receive: @escaping @Sendable (StoreEvent<State, Action>) -> Void
  ) {
    self.needsStateBefore = needsStateBefore
    self.stampsOnStoreClock = stampsOnStoreClock
    self.elapsed = elapsed
    self.receive = receive
  }

  /// An inspector that hands every event to `receive`, stamped by the clock of the store it is
  /// attached to: each event's ``StoreEvent/time`` is the time on the store's
  /// `continuousClock` dependency since that clock's zero.
  ///
  /// With a ``TestClock`` (in tests, replay and exploration) that is the test clock's own time,
  /// which moves only when the test advances it, so a recording made twice has the same times.
  /// Live, it is the time since the process first used the continuous clock. With a clock that
  /// cannot say (an ``UnimplementedClock``, a clock of another type), it is the time on the
  /// continuous clock since the inspector was attached.
  ///
  /// - Parameters:
  ///   - needsStateBefore: Whether state events carry the state from before the action too.
  ///   - receive: Called with each event, in order, one at a time.
  /// - Returns: The inspector.
  public static func onStoreClock(
    needsStateBefore: Bool = false,
    receive: @escaping @Sendable (_ event: StoreEvent<State, Action>) -> Void
  ) -> Self {
    Self(needsStateBefore: needsStateBefore, stampsOnStoreClock: true, elapsed: { .zero }, receive: receive)
  }

  /// This inspector as a store with `dependencies` attaches it: stamped on the store's clock
  /// when it asks to be.
  func attached(to dependencies: DependencyValues?) -> Self {
    guard stampsOnStoreClock else { return self }
    let elapsed = dependencies.map { $0.continuousClockOffset() } ?? DependencyValues().continuousClockOffset()
    return Self(needsStateBefore: needsStateBefore, stampsOnStoreClock: true, elapsed: elapsed, receive: receive)
  }

  /// Creates an inspector whose events are not stamped (their time is zero), for a harness's
  /// own records, which need no clock.
  init(unstamped receive: @escaping @Sendable (_ event: StoreEvent<State, Action>) -> Void) {
    needsStateBefore = false
    elapsed = { Duration.zero }
    stampsOnStoreClock = false
    self.receive = receive
  }

  /// Creates an inspector that hands every event to `receive`, stamped by the continuous clock.
  ///
  /// - Parameters:
  ///   - needsStateBefore: Whether state events carry the state from before the action too.
  ///   - receive: Called with each event, in order, one at a time.
  public init(
    needsStateBefore: Bool = false,
    receive: @escaping @Sendable (_ event: StoreEvent<State, Action>) -> Void
  ) {
    self.init(needsStateBefore: needsStateBefore, clock: ContinuousClock(), receive: receive)
  }
}
