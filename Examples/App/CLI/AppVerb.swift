import AppFeature
import CounterFeature
import LocationTrackerFeature
import SignUpCLI
import UsersListFeature

/// One line of `braid-demo app`'s language, typed on its screen or read from `--script`:
/// `push SCREEN`, `pop`, `quit`, `wait DURATION`, `show`, the sheet's `stay`, and the top
/// screen's own verbs.
enum AppVerb: Equatable {
  case push(DemoApp.Screen)
  case pop
  /// `quit`: quits, or asks first during a sign-up; on the sheet, quits anyway.
  case quit
  /// `stay`: on the sheet, stays.
  case stay
  case wait(Duration)
  case show
  /// A verb of the top screen, as the action it sends.
  case screen(DemoApp.Path.Action)

  /// Why a line is not a verb.
  struct ParseError: Error, Equatable {
    /// What was expected, or `unknown command`.
    let reason: String
    /// The part of the line that may be shown back: never what may be a password.
    let shown: String
  }

  /// The verbs of each screen, as its keys line and the errors list them.
  static func verbs(on top: DemoApp.Screen?, sheet: Bool) -> String {
    if sheet { return "quit  stay" }
    let common = "push SCREEN  pop  quit  wait DURATION  show"
    switch top {
    case nil: return "push counter|signup|location|users  quit  wait DURATION  show"
    case .counter?: return "+  -  factor  timer  " + common
    case .signup?: return "type FIELD TEXT  clear FIELD  submit  dismiss  " + common
    case .location?: return "track  fix  " + common
    case .users?: return "sections  " + common
    }
  }

  /// The verb `line` stands for on screen `top` (`nil` for home), with the quit confirmation
  /// up or not; `nil` for a blank line or a `#` comment.
  static func parse(_ line: String, top: DemoApp.Screen?, sheet: Bool) throws(ParseError) -> AppVerb? {
    let line = line.trimmingCharacters(in: .whitespaces)
    if line.isEmpty || line.hasPrefix("#") { return nil }
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if sheet {
      switch line {
      case "quit": return .quit
      case "stay": return .stay
      case "show": return .show
      default:
        throw ParseError(reason: "the quit confirmation is up: answer quit or stay", shown: shown(words))
      }
    }
    switch words[0] {
    case "push":
      guard words.count == 2, let screen = DemoApp.Screen(rawValue: words[1]) else {
        throw ParseError(
          reason: "expected a screen (counter, signup, location, users)",
          shown: "push " + (words.count == 2 ? shown([words[1]]) : "…"))
      }
      return .push(screen)
    case "pop" where words.count == 1: return .pop
    case "quit" where words.count == 1: return .quit
    case "show" where words.count == 1: return .show
    case "wait":
      guard words.count == 2, let duration = SignUpEvent.duration(words[1]) else {
        throw ParseError(
          reason: "expected a duration from 0ms to 24h, such as 400ms or 1s", shown: words.count == 2 ? line : "wait …")
      }
      return .wait(duration)
    default:
      return try screenVerb(line, words: words, top: top)
    }
  }

  /// A verb of the top screen's own.
  private static func screenVerb(_ line: String, words: [String], top: DemoApp.Screen?) throws(ParseError) -> AppVerb {
    let unknown = ParseError(
      reason: "unknown command; here: \(verbs(on: top, sheet: false))", shown: shown(words))
    switch (top, line) {
    case (.counter?, "+"): return .screen(.counter(.incrementButtonTapped))
    case (.counter?, "-"): return .screen(.counter(.decrementButtonTapped))
    case (.counter?, "factor"): return .screen(.counter(.factorButtonTapped))
    case (.counter?, "timer"): return .screen(.counter(.timerButtonTapped))
    case (.location?, "track"): return .screen(.location(.toggleTrackingTapped))
    case (.location?, "fix"): return .screen(.location(.requestOneFixTapped))
    case (.users?, "sections"): return .screen(.users(.toggleSectionsTapped))
    case (.signup?, _):
      let event: SignUpEvent?
      do {
        event = try SignUpEvent.parse(line)
      } catch {
        throw ParseError(reason: error.reason, shown: error.shown)
      }
      switch event {
      case .set(let field, let text)?: return .screen(.signUp(SignUpEvent.action(field, text)))
      case .submit(nil)?: return .screen(.signUp(.createButtonTapped))
      case .dismiss?: return .screen(.signUp(.alertDismissed))
      case .submit?:
        throw ParseError(reason: "a request id is for serve; the app signs up once", shown: "submit …")
      case .wait, .show, nil: throw unknown
      }
    default:
      throw unknown
    }
  }

  /// What of an unknown line may be shown: a word of letters that cannot be a mistyped
  /// password field, and `…` for the rest.
  private static func shown(_ words: [String]) -> String {
    let word = words[0]
    let looksLikeACommand = word.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
    let visible = looksLikeACommand && !SignUpEvent.isPasswordLike(word) ? String(word.prefix(40)) : "(not shown)"
    return visible + (words.count > 1 ? " …" : "")
  }
}
