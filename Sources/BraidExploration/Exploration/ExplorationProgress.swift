/// How far an exploration's walks have got, as its progress closure is told before each walk.
public struct ExplorationProgress: Sendable, Equatable, CustomStringConvertible {
  /// The steps taken so far.
  public let steps: Int
  /// The walks started so far, this one included.
  public let walks: Int
  /// The distinct states found so far, as the transition graph abstracts them (its nodes), or
  /// `nil` when the exploration draws no graph.
  public let states: Int?

  /// `1200 steps, 31 walks, 9 states`.
  public var description: String {
    "\(steps) steps, \(walks) walks" + (states.map { ", \($0) states" } ?? "")
  }
}
