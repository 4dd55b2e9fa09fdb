import BraidFetchedResults
import UsersListFeature

/// How the users list is drawn: a screen for a terminal, lines for a pipe.
enum UsersScreen {
  /// The whole screen.
  static func screen(_ state: UsersList.State, database: String) -> String {
    var lines = ["Braid users — \(database)", ""]
    if !state.isLoaded {
      lines.append("  Loading…")
    } else if state.users.count == 0 {
      lines.append("  No users yet. Run `swift run braid-demo signup` in another terminal to add one.")
    }
    for section in state.users.sections {
      if let name = section.name { lines.append("  \(name)") }
      for user in section.elements {
        lines.append("    \(user.username)  <\(user.email)>")
      }
    }
    lines.append("")
    lines.append("  \(state.users.count) user(s)\(state.isSectioned ? ", by initial" : "")")
    if !state.changeLog.isEmpty {
      lines.append("  Last changes: " + state.changeLog.joined(separator: "  "))
    }
    if let error = state.error { lines.append("  \(error)") }
    lines.append("")
    lines.append("  s + Enter: sections on/off   q + Enter: quit")
    return lines.joined(separator: "\n")
  }

  /// The first list, one line per user.
  static func listing(_ users: FetchedResultsSnapshot<UserRow>) -> [String] {
    users.elements.map { "= \($0.username) <\($0.email)>" }
  }
}
