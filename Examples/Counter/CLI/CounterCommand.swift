import Braid
import BraidTools
import CounterFeature
import DemoCommandLine
import Foundation

/// `braid-demo counter`: drives the Counter example feature through a short scripted session and
/// prints every state change, or with `--interactive` reads commands from standard input.
public enum CounterCommand {
  /// Runs the command with the arguments that follow `counter`.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Throws: ``CommandError``: a usage error for an unknown argument or a `--record` without
  ///   its file; a runtime error for a trace file that cannot be created or written.
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) async throws(CommandError) {
    var arguments = arguments
    var interactive = false
    var recordPath: String?
    var statePath: String?
    var force = false
    while !arguments.isEmpty {
      switch arguments.removeFirst() {
      case "--state":
        guard let path = arguments.first, !path.hasPrefix("-") else { throw .usage("--state needs a file") }
        arguments.removeFirst()
        statePath = path
      case "--help", "-h":
        printUsage()
        return
      case "--interactive":
        interactive = true
      case "--force":
        force = true
      case "--record":
        guard let path = arguments.first, !path.hasPrefix("-") else { throw .usage("--record needs a file") }
        arguments.removeFirst()
        recordPath = path
      case let unknown:
        throw .usage("unknown option '\(unknown)'")
      }
    }
    if statePath != nil, !interactive {
      throw .usage("--state is for --interactive: the scripted tour never keeps its count")
    }
    // The interactive count lives in a file; the tour starts from 0 every time.
    let file = interactive ? CounterStateFile(path: statePath ?? CounterStateFile.defaultPath()) : nil
    let initialState = Counter.State(count: file?.count ?? 0)
    let recording = try recordPath.map { path throws(CommandError) in
      try SessionRecording<Counter.State, Counter.Action>(
        feature: "Counter", initialState: initialState, path: path, replacing: force)
    }
    guard let recording else {
      try await run(initialState, file: file, inspector: nil)
      return
    }
    do {
      try await recording.session { [initialState] in
        try await run(initialState, file: file, inspector: recording.inspector)
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// Runs the tour, or (with `file`, whose count it keeps) the interactive counter.
  @MainActor
  private static func run(
    _ initialState: Counter.State, file: CounterStateFile?, inspector: StoreInspector<Counter.State, Counter.Action>?
  ) async throws(CommandError) {
    // Released before the recording closes, so that the trace ends with the store's release.
    let store = Store(initialState: initialState, inspector: inspector) {
      Counter(tickInterval: .milliseconds(200))
    }
    let token = store.observe(\.self, delivery: .changesOnly) { state in
      say(render(state))
    }
    defer { token.cancel() }
    guard let file else {
      say(render(store.state))
      await runScript(store)
      return
    }
    say(commands)
    say(render(store.state))
    file.keep(store)
    await runInteractive(store)
    do {
      try await file.stop()
    } catch {
      throw .runtime("the count was not saved: \(error)")
    }
  }

  /// The command's lines of the demo's usage text.
  public static let usage = """
      counter            the counter example: a scripted tour (count up, factor, three timer ticks)
        --interactive    read commands from standard input instead: + - factor timer quit;
                         the count is kept in ~/.local/share/braid/counter.json, and runs on
                         one file see each other's counts
        --state FILE     keep the interactive count in FILE instead
        --record FILE    record the session into a new trace file (see replay)
        --force          replace a --record file that already exists
    """

  /// The counter as one line: its count, a factoring in flight, the factors, the timer.
  package static func render(_ state: Counter.State) -> String {
    var line = "count: \(state.count)"
    if state.isFactoring { line += "  factoring…" }
    if let factors = state.factorsDescription { line += "  factors: \(factors)" }
    if state.isTimerRunning { line += "  timer: on" }
    return line
  }

  @MainActor
  static func runScript(_ store: Store<Counter.State, Counter.Action>) async {
    say("> + + + (three taps)")
    for _ in 0..<3 { store.send(.incrementButtonTapped) }
    say("> factor")
    await store.send(.factorButtonTapped).finish()
    say("> timer (three ticks of 200 ms, then stop)")
    let timer = store.send(.timerButtonTapped)
    for await count in store.values(of: \.count, delivery: .changesOnly) where count >= 6 {
      break
    }
    store.send(.timerButtonTapped)
    await timer.finish()
    say("> factor")
    await store.send(.factorButtonTapped).finish()
    say("done: count \(store.state.count), factors \(store.state.factorsDescription ?? "none")")
  }

  /// What `--interactive` reads, shown before its first prompt and after an unknown command.
  static let commands = "commands: + (increment), - (decrement), factor, timer (start/stop), quit"

  @MainActor
  static func runInteractive(_ store: Store<Counter.State, Counter.Action>) async {
    prompt()
    let lines = CommandInput.lines()
    var tasks: [StoreTask] = []
    for await line in lines {
      switch line.trimmingCharacters(in: .whitespaces) {
      case "+": store.send(.incrementButtonTapped)
      case "-": store.send(.decrementButtonTapped)
      case "factor": tasks.append(store.send(.factorButtonTapped))
      case "timer": tasks.append(store.send(.timerButtonTapped))
      case "quit", "q": return finish(tasks)
      case "": break
      default: say("unknown command '\(TerminalText.visible(line))'; \(commands)")
      }
      prompt()
    }
    finish(tasks)
  }

  /// Writes the prompt, without a line end.
  static func prompt() {
    write("> ")
  }

  /// Writes `line` and a line end.
  static func say(_ line: String) {
    write(line + "\n")
  }

  /// Writes `text` to standard output at once: `print` to a pipe or a terminal would hold back
  /// a prompt that has no line end, and then write it out of order with what follows.
  private static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func finish(_ tasks: [StoreTask]) {
    for task in tasks { task.cancel() }
  }
}
