import AppFeature
import CounterCLI
import DemoCommandLine
import Foundation
import LocationTrackerCLI
import SignUpCLI
import UsersListCLI

/// `braid-demo app` as text: the breadcrumb, the top screen, a notice, the quit confirmation,
/// and the verbs the screen takes.
enum AppScreen {
  /// Where the screens' sources are, for their titles.
  struct Sources {
    /// What the location tracker reads.
    let location: String
    /// Whether that is a log replayed over and over.
    let isLooping: Bool
    /// The users database.
    let database: String
  }

  /// The screen for `state`. `height` cuts the users list to fit a terminal.
  static func render(_ state: DemoApp.State, sources: Sources, height: Int? = nil) -> String {
    let crumbs = ["Home"] + state.path.map(\.screen.title)
    var title = "Braid demo — " + crumbs.joined(separator: " › ")
    if let user = state.signedInUser { title += "    signed in as " + TerminalText.visible(user) }
    var lines = [title, ""]
    switch state.path.last {
    case nil:
      lines += home
    case .counter(let counter)?:
      lines += ["Counter", "", "  " + CounterCommand.render(counter)]
    case .signUp(let form)?:
      lines.append(SignUpScreen.render(form))
    case .location(let tracker)?:
      lines.append(LocationScreen.screen(tracker, source: sources.location, isLooping: sources.isLooping, keys: ""))
    case .users(let users)?:
      // The app's own lines below the list: the breadcrumb, the sheet, a notice, the keys.
      let room = height.map { $0 - 8 }
      lines.append(
        TerminalText.visibleLines(UsersScreen.screen(users, database: sources.database, height: room, keys: "")))
    }
    // The screens' own keys lines are left empty: the app's come last.
    lines = lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    if let confirmation = state.quitConfirmation {
      let name = TerminalText.visible(confirmation.username)
      lines += ["", "  ┌ Quit? ─────────────────────────────────────────────"]
      lines +=
        confirmation.signUpHasFinished
        ? ["  │ The sign-up of \(name) has finished meanwhile."]
        : [
          "  │ The sign-up of \(name) is still in flight.",
          "  │ Quitting cancels it: the account may or may not be created.",
        ]
      lines += [
        "  │ quit: quit \(confirmation.signUpHasFinished ? "now" : "anyway")    stay: stay",
        "  └────────────────────────────────────────────────────",
      ]
    }
    if let notice = state.notice { lines += ["", "  ! " + notice] }
    if state.hasQuit { lines += ["", "  Quit: every screen closed."] }
    lines += ["", "  keys: " + AppVerb.verbs(on: state.path.last?.screen, sheet: state.quitConfirmation != nil)]
    return lines.joined(separator: "\n")
  }

  /// The home screen's list of screens.
  static let home = [
    "  push counter    the counter: count, factor off the main actor, a timer",
    "  push signup     the sign-up form on the users database",
    "  push location   the location tracker on an NMEA log",
    "  push users      the users list, live as the database changes",
  ]
}
