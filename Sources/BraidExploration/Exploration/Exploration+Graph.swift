import Braid

extension Exploration {
  /// This exploration, drawing the state machine its walks observe: each state becomes the
  /// node `node` names, and each step an edge labelled by its action's case
  /// (``ExplorationReport/graph``).
  ///
  /// ```swift
  /// exploration.graphing { state in state.isTimerRunning ? "ticking" : "idle" }
  /// ```
  ///
  /// - Parameter node: The node a state belongs to: states with one label are one node.
  /// - Returns: The exploration.
  public func graphing(_ node: @escaping (State) -> String) -> Self {
    var copy = self
    copy.node = node
    return copy
  }

  /// This exploration, drawing the state machine its walks observe, with a node per
  /// combination of the values at `keyPaths` (`isTimerRunning: true, isFactoring: false`).
  ///
  /// - Parameter keyPaths: The parts of the state that tell nodes apart.
  /// - Returns: The exploration.
  public func graphing(_ keyPaths: PartialKeyPath<State>...) -> Self {
    let parts = keyPaths.map { keyPath in (Self.name(of: keyPath), keyPath) }
    return graphing { state in
      parts.map { name, keyPath in "\(name): \(ExplorationStep<Action>.oneLine(state[keyPath: keyPath]))" }
        .joined(separator: ", ")
    }
  }

  /// The last component of a key path as printed (`\State.isTimerRunning` is `isTimerRunning`).
  static func name(of keyPath: AnyKeyPath) -> String {
    let printed = String(describing: keyPath)
    return printed.split(separator: ".").last.map(String.init) ?? printed
  }
}
