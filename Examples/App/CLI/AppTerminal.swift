import AppFeature
import DemoCommandLine
import Foundation
import UsersListCLI

/// `braid-demo app` on a terminal: the screen, redrawn on every change, with the verbs it
/// takes on its last line; verbs are typed and ended with Enter.
@MainActor
enum AppTerminal {
  /// Runs until the user quits or standard input ends; then every screen is closed.
  static func run(_ session: AppSession, sources: AppScreen.Sources) async {
    var problem: String?
    func draw(_ state: DemoApp.State) {
      var screen = AppScreen.render(state, sources: sources, height: UsersScreen.terminalHeight())
      if let problem { screen += "\n  ! " + TerminalText.visible(problem) }
      print("\u{1B}[2J\u{1B}[H" + screen)
    }
    let token = session.store.observe(\.self) { draw($0) }
    for await line in CommandInput.lines() {
      let state = session.store.state
      do {
        problem = nil
        if let verb = try AppVerb.parse(line, top: state.path.last?.screen, sheet: state.quitConfirmation != nil) {
          problem = await session.perform(verb)
        }
      } catch {
        problem = "\(error.reason): \(error.shown)"
      }
      draw(session.store.state)
      if session.store.state.hasQuit { break }
    }
    await session.end()
    token.cancel()
  }
}
