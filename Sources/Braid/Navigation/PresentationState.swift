/// The state of a child feature that a parent presents: a sheet, a destination, an alert.
///
/// Declare it with `@Presents` (TCA's spelling) and run the child with
/// ``Reducer/ifLet(_:action:destination:fileID:line:)`` on its projected value:
///
/// ```swift
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
///   case editTapped
/// }
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in
///     if case .editTapped = action { state.destination = .edit(Edit.State()) }
///     return .none
///   }
///   .ifLet(\.$destination, action: /Action.destination) { Destination() }
/// }
/// ```
///
/// Reads and writes of the property see the child's state, an optional. Each presentation also
/// has a number, which ``Reducer/ifLet(_:action:destination:fileID:line:)`` gives it (1, 2, 3…
/// for each presentation at this place in the state): the child's effects run under it, so that
/// ending one presentation never cancels the effects of the next. Writing a child of another identity (another enum case, or another `id` of an
/// `Identifiable` child) ends the presentation, as writing `nil` does. The number takes no part in
/// equality, hashing, coding or test dumps.
@propertyWrapper
public struct PresentationState<State> {
  @usableFromInline var storage: State?
  /// The presentation's number, or `nil` until `ifLet` gives it one.
  @usableFromInline var session: UInt64?
  /// How many presentations `ifLet` has numbered here: the next one is this plus one. Numbers
  /// follow the actions, so they are the same in every run of the same sends.
  @usableFromInline var numbered: UInt64 = 0

  /// A presentation of `wrappedValue`, or none when it is `nil`.
  ///
  /// - Parameter wrappedValue: The child's state, if it is presented.
  public init(wrappedValue: State?) {
    storage = wrappedValue
  }

  /// The presented child's state, or `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { storage }
    set {
      if !PresentationIdentity.same(storage, newValue) { session = nil }
      storage = newValue
    }
  }

  /// Gives a presented child without a number the next one; returns it when it is new.
  @usableFromInline
  mutating func numberIfNeeded() -> UInt64? {
    guard storage != nil, session == nil else { return nil }
    numbered += 1
    session = numbered
    return numbered
  }

  /// The presentation itself, for ``Reducer/ifLet(_:action:destination:fileID:line:)``:
  /// `\.$destination`.
  public var projectedValue: Self {
    _read { yield self }
    _modify { yield &self }
  }
}

/// TCA's name for the property wrapper: `@Presents var destination: Destination.State?`.
public typealias Presents<State> = PresentationState<State>

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal children, or neither presents one.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage == rhs.storage
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the child's state only.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the child's state, an optional; the decoded presentation has no number yet.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the child's state as an optional, without the presentation's number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(storage)
  }
}

extension PresentationState: CustomDumpReflectable {
  /// Dumps as the child's optional state.
  public var customDumpMirror: Mirror {
    Mirror(reflecting: storage as Any)
  }
}

extension PresentationState: DumpsUnderWrappedName {}

/// A property wrapper whose storage (`_child`) dumps under the wrapped property's name (`child`).
protocol DumpsUnderWrappedName {}

extension PresentationState: CustomStringConvertible {
  /// The child's optional state, as `String(describing:)` gives it.
  public var description: String {
    storage.map { String(describing: $0) } ?? "nil"
  }
}
