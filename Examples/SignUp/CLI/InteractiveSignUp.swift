import Braid
import BraidPOSIX
import Foundation
import SignUpFeature
import UserDirectoryClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sign-up form in the terminal: raw keyboard input, redrawn from `store.observe` on every
/// change. Tab / Shift-Tab move between fields, Enter creates the account (or dismisses the
/// alert), Esc or Ctrl-C quits; the terminal is restored on every way out.
@MainActor
final class InteractiveSignUp {
  private let store: Store<SignUpForm.State, SignUpForm.Action>
  private var focus = SignUpScreen.Field.username
  private var token: ObservationToken?

  init(directory: UserDirectory, inspector: StoreInspector<SignUpForm.State, SignUpForm.Action>?) {
    store = withDependencies {
      $0.userDirectory = directory
    } operation: {
      Store(initialState: SignUpForm.State(), inspector: inspector) { SignUpForm() }
    }
  }

  func run() async {
    let terminal = RawTerminal()
    guard terminal.enable() else {
      FileHandle.standardError.write(Data("braid-demo: standard input is not a terminal; use --script\n".utf8))
      return
    }
    defer { terminal.restore() }
    token = store.observe(\.self) { [weak self] _ in self?.draw() }
    let (keys, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    guard let reader = try? DescriptorReader(descriptor: STDIN_FILENO, ownsDescriptor: false) else {
      FileHandle.standardError.write(Data("braid-demo: cannot read standard input: out of descriptors\n".utf8))
      return
    }
    reader.start { bytes in
      continuation.yield(Array(bytes))
      return true
    } end: { _ in
      continuation.finish()
    }
    // Stopped once the form is done, so no thread stays blocked on the terminal.
    defer { reader.stop() }
    var decoder = UTF8ChunkDecoder()
    for await chunk in keys {
      if !handle(decoder.complete(chunk)) { break }
    }
    token?.cancel()
    FileHandle.standardOutput.write(Data("\u{1B}[2J\u{1B}[H".utf8))
  }

  /// Applies one chunk of input, key by key (a paste or a fast typist sends several at once);
  /// `false` to quit.
  private func handle(_ bytes: [UInt8]) -> Bool {
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      // Invalid bytes show as U+FFFD rather than vanishing with the text around them.
      let typed = String(decoding: text, as: UTF8.self)
      text.removeAll()
      edit { $0 += typed }
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 3:
        return false
      case 27:
        flushText()
        guard index < bytes.count, bytes[index] == 91 else { return false }  // a lone Esc quits
        let code = index + 1 < bytes.count ? bytes[index + 1] : 0
        index += 2
        if code == 90 { move(by: -1) }  // ESC [ Z is Shift-Tab; other sequences are ignored
      case 9:
        flushText()
        move(by: 1)
      case 13, 10:
        flushText()
        store.send(store.state.alert == nil ? .createButtonTapped : .alertDismissed)
      case 127, 8:
        flushText()
        edit { _ = $0.popLast() }
      case 0..<32:
        continue
      default:
        text.append(byte)
      }
    }
    flushText()
    return true
  }

  private func move(by offset: Int) {
    let fields = SignUpScreen.Field.allCases
    let index = fields.firstIndex(of: focus) ?? 0
    focus = fields[(index + offset + fields.count) % fields.count]
    draw()
  }

  private func edit(_ change: (inout String) -> Void) {
    let state = store.state
    var text: String
    switch focus {
    case .username: text = state.username
    case .email: text = state.email
    case .password: text = state.password
    case .verification: text = state.passwordVerification
    }
    change(&text)
    store.send(SignUpEvent.action(focus, text))
  }

  private func draw() {
    let screen = SignUpScreen.render(store.state, focus: focus)
    let help = "\n\nTab/Shift-Tab move · Enter create/dismiss · Esc quit"
    let frame = "\u{1B}[2J\u{1B}[H" + (screen + help).replacingOccurrences(of: "\n", with: "\r\n")
    // Straight to the file descriptor: `print` buffers, and a terminal needs each frame now.
    FileHandle.standardOutput.write(Data(frame.utf8))
  }
}

/// Puts the terminal in raw mode and back.
final class RawTerminal {
  private var original = termios()
  private var enabled = false

  func enable() -> Bool {
    guard isatty(0) == 1, tcgetattr(0, &original) == 0 else { return false }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return false }
    enabled = true
    return true
  }

  func restore() {
    guard enabled else { return }
    tcsetattr(0, TCSAFLUSH, &original)
    enabled = false
  }

  deinit {
    restore()
  }
}
