import BraidFetchedResults
import Foundation
import UsersListFeature

/// How the users list is drawn: a screen for a terminal, lines for a pipe.
package enum UsersScreen {
  /// The whole screen, at most `height` lines tall when given: the list is cut to fit, and says
  /// how many users it leaves out, so the title and the commands stay on screen. `keys` is the
  /// last line: the keys the screen takes (the app shows its own).
  package static func screen(
    _ state: UsersList.State, database: String, height: Int? = nil,
    keys: String = "  s + Enter: sections on/off   q + Enter: quit"
  ) -> String {
    let header = ["Braid users — \(database)", ""]
    var body: [String] = []
    if !state.isLoaded {
      body.append("  Loading…")
    } else if state.users.count == 0 {
      body.append("  No users yet. Run `swift run braid-demo signup` in another terminal to add one.")
    }
    for section in state.users.sections {
      if let name = section.name { body.append("  \(name)") }
      for user in section.elements {
        body.append("    \(user.username)  <\(user.email)>")
      }
    }
    var footer = ["", "  \(state.users.count) user(s)\(state.isSectioned ? ", by initial" : "")"]
    if !state.changeLog.isEmpty {
      footer.append("  Last changes: " + state.changeLog.joined(separator: "  "))
    }
    if let error = state.error { footer.append("  \(error)") }
    footer.append("")
    footer.append(keys)
    if let height {
      // One line stays free for the cursor below the screen.
      let room = max(1, height - 1 - header.count - footer.count)
      if body.count > room {
        let shown = room - 1
        body = Array(body.prefix(shown)) + ["  … \(body.count - shown) more line(s): make the terminal taller"]
      }
    }
    return (header + body + footer).joined(separator: "\n")
  }

  /// The terminal's height in lines, or `nil` when standard output is not a terminal.
  package static func terminalHeight() -> Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }

  /// The first list, one line per user; a sectioned list (`--sections`) puts a `# A` line
  /// before each section's users, as the screen heads them.
  static func listing(_ users: FetchedResultsSnapshot<UserRow>) -> [String] {
    users.sections.flatMap { section in
      (section.name.map { ["# \($0)"] } ?? []) + section.elements.map { "= \($0.username) <\($0.email)>" }
    }
  }
}
