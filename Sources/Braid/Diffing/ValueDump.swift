/// Renders any value as stable, readable text, and compares two values line by line.
///
/// The test store prints ``diff(_:_:)`` when the state after an action is not the expected one,
/// and `_printChanges()` prints it after every action. Both read values through `Mirror`, so
/// nothing needs to conform to anything.
///
/// A value whose one-line form fits in ``lineWidth`` columns stays on one line; a bigger one
/// breaks into one field or element per line, each indented two spaces more than its parent and
/// followed by a comma, so that a small state reads on one line and a big one on one screen:
///
/// ```swift
/// ValueDump.dump(Counter.State(count: 1, isLoading: false))
/// // Counter.State(count: 1, isLoading: false)
///
/// ValueDump.dump(todos)
/// // Todos.State(
/// //   filter: .all,
/// //   todos: [
/// //     Todo(id: 1, title: "Buy milk", isComplete: false),
/// //     Todo(id: 2, title: "Walk the dog and water the plants", isComplete: true),
/// //   ],
/// // )
/// ```
///
/// How each kind of value reads:
/// - Structs and classes: `TypeName(field: value, …)` with fields in declaration order, the type
///   named without its module but with its enclosing types (`Counter.State`); `TypeName()` when
///   there are no fields. A class's inherited fields come first. An object that appears more
///   than once (shared by two fields, or inside itself) is numbered and rendered in full once:
///   `Link#1(name: "a", next: Link#1(↩︎))`.
/// - Enums: `.caseName`, `.caseName(payload)`, `.move(x: 1, y: 2)`, `.child(.increment)`. Cases
///   are never qualified with their type, at any depth: this is how actions are written at call
///   sites (`store.send(.increment)`), and a value reads the same at the top level as nested.
/// - Optionals are unwrapped: `Optional(1)` renders as `1`, and `.none` as `nil`.
/// - Strings and characters in quotes with Swift's escapes (`"a\"b"`); other control characters
///   as `\u{7}`. A string with line breaks as a `"""` block, one line of text per line, so a diff
///   shows the lines that changed.
/// - Arrays (and ``IdentifiedArray``) `[1, 2, 3]`; dictionaries `["a": 1, "b": 2]` with keys
///   sorted by their rendered text; sets `Set([1, 2, 3])` sorted the same way; `[]`, `[:]` when
///   empty; tuples `(a: 1, b: 2)`.
/// - A type can choose its own rendering: ``CustomDumpStringConvertible`` for text,
///   ``CustomDumpReflectable`` for the fields to show (for example to hide noisy ones). Hooks
///   change how values print, never whether they are equal.
/// - Metatypes as `TypeName.self`. `Date`, `UUID`, `URL`, `Decimal`, and any value that has no
///   fields but a `description` (numbers, `Bool`, payload-less enums with a custom description),
///   through that description. A value that has fields is rendered through its fields even when
///   it has a `description`, because fields are what a diff needs to point at.
/// - Stored properties whose name starts with `_$` (compiler-made storage such as the
///   observation registrar of an `@Observable` class) are left out.
package enum ValueDump {
  /// The number of columns a value's one-line form must fit in, its indentation included.
  package static let lineWidth = 80

  /// Renders a value as text: on one line when it fits in ``lineWidth`` columns, otherwise one
  /// field or element per line.
  ///
  /// ```swift
  /// ValueDump.dump(Action.move(x: 1, y: 2))  // .move(x: 1, y: 2)
  /// ValueDump.dump(Optional(["b": 2, "a": 1]))  // ["a": 1, "b": 2]
  /// ```
  ///
  /// The output is stable: the same value always renders the same, whatever the order in
  /// which its dictionary or set stores its elements.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The rendering, without a trailing newline.
  package static func dump(_ value: Any) -> String {
    Layout(width: lineWidth).lines(of: Reflector.node(for: value)).joined(separator: "\n")
  }

  /// Whether two values have the same content: the same reflected structure, field by field,
  /// with dump hooks left out (they change printing, never equality).
  ///
  /// What `TestStore` compares non-`Equatable` state with. Objects compare by their fields, not
  /// their identity, and a cycle by its shape. Values with no fields compare by their
  /// description: every closure reads `(Function)`, so any two closures are the same content;
  /// an opaque pointer or handle reads as its address.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether their structures are the same.
  package static func sameContent(_ lhs: Any, _ rhs: Any) -> Bool {
    type(of: lhs) == type(of: rhs)
      && Reflector.node(for: lhs, usesHooks: false) == Reflector.node(for: rhs, usesHooks: false)
  }
}

extension ValueDump {
  /// A value's structure, ready to be laid out on one line or on many.
  enum Node: Equatable {
    /// Text that is never broken, such as `42` or `"Blob"`.
    case text(String)
    /// A value made of parts, such as a struct, an array or an enum case with a payload.
    case group(Group)
  }

  /// A value made of parts: `open`, the items separated by commas, then `close`.
  struct Group: Equatable {
    /// `TypeName(`, `[`, `(` or `.caseName(`.
    var open: String
    /// The fields, elements or payload values.
    var items: [Item]
    /// `)` or `]`.
    var close: String
    /// Whether to lay the group out one item per line even if it fits on one line.
    var isExpanded = false
  }

  /// One field, element or payload value of a ``Group``.
  struct Item: Equatable {
    /// `name` renders as `name: value`; `nil` as `value` alone.
    var label: String?
    /// The value.
    var node: Node
  }
}
