extension UsersDatabasePath {
  /// The command-line option that names the database.
  public static let option = "--database"

  /// Takes every `--database PATH` out of `arguments` and returns the last path given: the one
  /// place the demo's commands (`signup`, `serve`, `users`) read the option, before they read
  /// their own.
  ///
  /// - Parameter arguments: The command's arguments; the options taken are removed.
  /// - Returns: The path, or `nil` when the option is not given.
  /// - Throws: ``Problem`` when an option has no path after it (the end of the arguments, or
  ///   another option).
  public static func takeOption(from arguments: inout [String]) throws(Problem) -> String? {
    var path: String?
    while let index = arguments.firstIndex(of: option) {
      guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
        throw Problem(message: "\(option) needs a file path")
      }
      path = arguments[index + 1]
      arguments.removeSubrange(index...index + 1)
    }
    return path
  }
}
