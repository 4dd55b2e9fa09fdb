import AppFeature
import BraidTools
import DemoCommandLine
import Foundation
import SignUpCLI

/// `braid-demo app --script`: runs the verbs of a file or of standard input, printing the
/// screen at each `show` and at the end.
@MainActor
enum AppScript {
  /// Runs the script at `path` (`-`: standard input, a line at a time, each verb done before
  /// the next is read) in `session`, then closes every screen.
  ///
  /// - Throws: A runtime ``CommandError`` for a script that cannot be read, or a line that is
  ///   not a verb on the screen it reaches (every screen is closed first).
  static func run(_ path: String, session: AppSession, sources: AppScreen.Sources) async throws(CommandError) {
    var failure: CommandError?
    do {
      if path == "-" {
        var number = 0
        for try await line in ScriptText.standardInputLines() {
          number += 1
          try await perform(line, number: number, session: session, sources: sources)
        }
      } else {
        // Read whole first: the verbs then run back to back, with nothing between them but
        // their own work (a `quit` right after `submit` meets the sign-up in flight).
        let text = try ScriptText.read(path)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        for (index, line) in lines.enumerated() {
          try await perform(line, number: index + 1, session: session, sources: sources)
        }
      }
    } catch let error as CommandError {
      failure = error
    } catch {
      failure = .runtime("script: \(error)")
    }
    await session.end()
    write(AppScreen.render(session.store.state, sources: sources))
    if let failure { throw failure }
  }

  /// Parses and performs one line.
  private static func perform(
    _ line: String, number: Int, session: AppSession, sources: AppScreen.Sources
  ) async throws(CommandError) {
    let state = session.store.state
    let verb: AppVerb?
    do {
      verb = try AppVerb.parse(line, top: state.path.last?.screen, sheet: state.quitConfirmation != nil)
    } catch {
      throw .runtime("script line \(number): \(error.reason): \(error.shown)")
    }
    guard let verb else { return }
    if let problem = await session.perform(verb) {
      FileHandle.standardError.write(Data("braid-demo: script line \(number): \(problem)\n".utf8))
    }
    if verb == .show { write(AppScreen.render(session.store.state, sources: sources) + "\n") }
  }

  /// Writes `text` and a line end to standard output at once, so that a reader of a pipe sees
  /// each screen as it is shown.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }
}
