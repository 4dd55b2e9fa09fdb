import BraidTestSupport
import Foundation
import Testing

/// TCA's case key paths, `\.child`, fail to compile in Braid with a message that names Braid's
/// spelling, `/Action.child`: each snippet is type-checked by the toolchain's `swiftc` against
/// the modules this test was built with, and the compiler's output must carry the message.
@Suite(
  // One compiler at a time: eight at once starved the process tests' timing on two cores.
  .serialized,
  .disabled(
    if: ProcessInfo.processInfo.environment["BRAID_SANITIZER"] != nil,
    "the plain pass checks the compiler's messages; an instrumented build adds nothing to them"))
struct PortingErrorTests {
  /// A child feature every snippet uses.
  static let prelude = """
    import Braid
    import BraidTesting

    struct Child: Reducer {
      struct State: Equatable { var n = 0 }
      enum Action: Equatable, Sendable { case tap, got(Int) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }

    """

  static let cases: [(name: String, code: String, write: String)] = [
    (
      "Scope, a property of the state",
      """
      struct P: Reducer {
        struct State { var child = Child.State() }
        enum Action: Sendable { case child(Child.Action) }
        var body: some Reducer<State, Action> { Scope(state: \\.child, action: \\.child) { Child() } }
      }
      """,
      "`Scope(state: \\.child, action: /Action.child)` for a property of the state"
    ),
    (
      "Scope, a case of an enum state",
      """
      struct P: Reducer {
        enum State { case child(Child.State) }
        enum Action: Sendable { case child(Child.Action) }
        var body: some Reducer<State, Action> { Scope(state: \\.child, action: \\.child) { Child() } }
      }
      """,
      "`Scope(state: \\.child, action: /Action.child)` for a property of the state, `state: /State.child` for a case of an enum state"
    ),
    (
      "ifLet of a presentation",
      """
      struct P: Reducer {
        struct State { @Presents var child: Child.State? }
        enum Action: Sendable { case child(PresentationAction<Child.Action>) }
        var body: some Reducer<State, Action> { Reduce { _, _ in .none }.ifLet(\\.$child, action: \\.child) { Child() } }
      }
      """,
      "`.ifLet(\\.$destination, action: /Action.destination) { Destination() }`"
    ),
    (
      "ifLet of an alert",
      """
      struct P: Reducer {
        struct State { @Presents var alert: AlertState<Never>? }
        enum Action: Sendable { case alert(PresentationAction<Never>) }
        var body: some Reducer<State, Action> { Reduce { _, _ in .none }.ifLet(\\.$alert, action: \\.alert) }
      }
      """,
      "`.ifLet(\\.$alert, action: /Action.alert)`"
    ),
    (
      "ifLet",
      """
      struct P: Reducer {
        struct State { var child: Child.State? }
        enum Action: Sendable { case child(Child.Action) }
        var body: some Reducer<State, Action> { Reduce { _, _ in .none }.ifLet(\\.child, action: \\.child) { Child() } }
      }
      """,
      "`.ifLet(\\.child, action: /Action.child)`"
    ),
    (
      "forEach",
      """
      struct P: Reducer {
        struct Row: Identifiable { var id = 0 }
        struct State { var rows: IdentifiedArrayOf<Row> = [] }
        enum Action: Sendable { case rows(IdentifiedAction<Int, Child.Action>) }
        var body: some Reducer<State, Action> { Reduce { _, _ in .none }.forEach(\\.rows, action: \\.rows) { Child() } }
      }
      """,
      "`.forEach(\\.rows, action: /Action.rows)`"
    ),
    (
      "ifCaseLet",
      """
      struct P: Reducer {
        enum State { case child(Child.State) }
        enum Action: Sendable { case child(Child.Action) }
        var body: some Reducer<State, Action> { Reduce { _, _ in .none }.ifCaseLet(\\.child, action: \\.child) { Child() } }
      }
      """,
      "`.ifCaseLet(/State.child, action: /Action.child)`"
    ),
    (
      "Store.scope",
      """
      struct P: Reducer {
        struct State { var child = Child.State() }
        enum Action: Sendable { case child(Child.Action) }
        var body: some Reducer<State, Action> { Scope(state: \\.child, action: /Action.child) { Child() } }
      }
      @MainActor func t() {
        let store = Store(initialState: P.State()) { P() }
        let child: Store<Child.State, Child.Action> = store.scope(state: \\.child, action: \\.child)
        _ = child
      }
      """,
      "`store.scope(state: \\.child, action: /Action.child)`"
    ),
    (
      "receive",
      """
      @MainActor func t() async {
        let store = TestStore(initialState: Child.State()) { Child() }
        await store.receive(\\.tap)
      }
      """,
      "`receive(/Action.child)`"
    ),
    (
      "receive with a payload",
      """
      @MainActor func t() async {
        let store = TestStore(initialState: Child.State()) { Child() }
        await store.receive(\\.got, 3)
      }
      """,
      "`receive(/Action.child, value)`"
    ),
    (
      "send a case",
      """
      @MainActor func t() async {
        let store = TestStore(initialState: Child.State()) { Child() }
        await store.send(\\.tap)
      }
      """,
      "`send(.child)` or `send(/Action.child, value)`"
    ),
    (
      "send a binding",
      """
      struct Form: Reducer {
        struct State: Equatable { var name = "" }
        enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
        var body: some Reducer<State, Action> { BindingReducer() }
      }
      @MainActor func t() async {
        let store = TestStore(initialState: Form.State()) { Form() }
        await store.send(\\.binding.name, "Blob") { $0.name = "Blob" }
      }
      """,
      "`send(.binding(.set(\\.field, value)))` where TCA writes `send(\\.binding.field, value)`"
    ),
  ]

  @Test(arguments: cases.indices)
  func tcasSpellingNamesBraids(_ index: Int) async throws {
    let (name, code, write) = Self.cases[index]
    let output = try await Self.typecheck(Self.prelude + code)
    #expect(
      output.status != 0
        && output.text.contains("is unavailable: Braid names an enum case by its constructor: write \(write)"),
      "\(name): \(output.text)")
  }

  /// Braid's own spellings still compile: the overloads catch only TCA's.
  @Test func braidsSpellingsCompile() async throws {
    let output = try await Self.typecheck(
      Self.prelude + """
        struct P: Reducer {
          struct State { var child = Child.State(); var optional: Child.State? }
          enum Action: Sendable { case child(Child.Action), optional(Child.Action) }
          var body: some Reducer<State, Action> {
            Scope(state: \\.child, action: /Action.child) { Child() }
            Reduce { _, _ in .none }.ifLet(\\.optional, action: /Action.optional) { Child() }
          }
        }
        @MainActor func t() async {
          let store = TestStore(initialState: Child.State()) { Child() }
          await store.receive(/Child.Action.tap)
          await store.receive(/Child.Action.got, 3)
          await store.receive(.tap)
          await store.send(.tap)
          await store.send(/Child.Action.got, 3)
        }
        struct Form: Reducer {
          struct State: Equatable { var name = "" }
          enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
          var body: some Reducer<State, Action> { BindingReducer() }
        }
        @MainActor func u() async {
          let store = TestStore(initialState: Form.State()) { Form() }
          await store.send(.binding(.set(\\.name, "Blob"))) { $0.name = "Blob" }
        }
        """)
    #expect(output.status == 0, "\(output.text)")
  }

  /// `swiftc -typecheck` of `code` in Swift 6 mode against the modules next to this test's
  /// binary, on a thread of its own (it blocks for seconds: on the cooperative pool it starved
  /// the real-time tests).
  static func typecheck(_ code: String) async throws -> (status: Int32, text: String) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let modules = binary.deletingLastPathComponent().appendingPathComponent("Modules")
    try #require(
      FileManager.default.fileExists(atPath: modules.appendingPathComponent("Braid.swiftmodule").path),
      "no Braid module next to \(binary.path)")
    let swiftc = try #require(
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) },
      "no swiftc on PATH")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-porting-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("snippet.swift")
    try code.write(to: file, atomically: true, encoding: .utf8)
    let arguments = [
      "-swift-version", "6", "-typecheck", file.path, "-I", modules.path,
      "-module-cache-path", folder.appendingPathComponent("cache").path,
    ]
    let result = try await onOwnThread { try ChildProcess.run(swiftc, arguments) }
    return (result.status, result.output)
  }
}
