extension CasePath {
  /// A path through this path's case into a case of its value: a grandchild in one path.
  ///
  /// ```swift
  /// let dateChanged = (/AppAction.settings).appending(path: /SettingsAction.dateChanged)
  /// dateChanged.embed(now)  // AppAction.settings(.dateChanged(now))
  /// ```
  ///
  /// - Parameter path: A path from this path's value into one of its cases.
  /// - Returns: The composed path.
  @inlinable
  public func appending<Leaf>(path: CasePath<Value, Leaf>) -> CasePath<Root, Leaf> {
    let outer = self
    return CasePath<Root, Leaf>(
      embed: { outer.embed(path.embed($0)) },
      extract: { outer.extract(from: $0).flatMap(path.extract(from:)) }
    )
  }

  /// A path through `lhs`'s case into a case of its value:
  /// `(/AppAction.settings) .. (/SettingsAction.dateChanged)`.
  ///
  /// Keep the parentheses: Swift reads two bare `/` on one line as a regular-expression literal.
  ///
  /// - Parameters:
  ///   - lhs: The outer path.
  ///   - rhs: A path from `lhs`'s value into one of its cases.
  /// - Returns: The composed path; see ``appending(path:)``.
  @inlinable
  public static func .. <Leaf>(lhs: CasePath, rhs: CasePath<Value, Leaf>) -> CasePath<Root, Leaf> {
    lhs.appending(path: rhs)
  }
}

/// Composes two case paths; see ``CasePath/appending(path:)``.
infix operator .. : AdditionPrecedence

extension CasePath {
  /// Whether `root` is in this path's case.
  ///
  /// ```swift
  /// (/AppAction.counter).matches(.counter(.incrementButtonTapped))  // true
  /// ```
  ///
  /// - Parameter root: The value to look into.
  /// - Returns: `true` when `extract(from:)` finds a value.
  @inlinable
  public func matches(_ root: Root) -> Bool {
    extract(from: root) != nil
  }
}
