/// An enum whose values can be asked for a case and read or written through a case path, as
/// TCA code does with case key paths. Conform with one line: `enum Action: CasePathable { … }`.
///
/// ```swift
/// if action.is(/Action.child) { … }
/// let count = state[case: /Destination.counter]?.count
/// state[case: /Destination.counter]?.count += 1   // only while in that case
/// ```
///
/// Braid has no macros, so where TCA writes `\.child` (a case key path) Braid writes
/// `/Action.child`.
public protocol CasePathable {}

extension CasePathable {
  /// Whether this value is in the case `path` names.
  ///
  /// - Parameter path: The case.
  /// - Returns: `true` when the path extracts a value.
  @inlinable
  public func `is`<Value>(_ path: CasePath<Self, Value>) -> Bool {
    path.extract(from: self) != nil
  }

  /// The value in the case `path` names, or `nil` in another case. Setting a value puts this
  /// value in that case; setting `nil` changes nothing.
  ///
  /// - Parameter path: The case.
  @inlinable
  public subscript<Value>(case path: CasePath<Self, Value>) -> Value? {
    get { path.extract(from: self) }
    set {
      guard let newValue else { return }
      self = path.embed(newValue)
    }
  }
}
