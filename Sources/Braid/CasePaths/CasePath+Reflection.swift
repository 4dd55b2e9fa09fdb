/// Builds a ``CasePath`` from an enum case: `/Action.child`.
///
/// Apply it to a case that carries a value to get a path to that value, or to a case without
/// one to get a `CasePath<Root, Void>`.
///
/// A space must separate a `/` argument from the comma before it: Swift 6 reads `/` as the start
/// of a regular-expression literal in some positions, so `f(/A.x,/A.y)` fails to parse while
/// `f(/A.x, /A.y)` is fine.
prefix operator /

/// Builds a case path from an enum case constructor, such as `/Action.child`.
///
/// Write the case as if you were about to call it, without the call: `Action.child` is a
/// function from the case's associated value to `Action`, and this operator derives the
/// extraction from it by reading the enum's runtime layout. Cases with several associated values
/// give a tuple:
///
/// ```swift
/// enum Action {
///   case child(ChildAction)
///   case move(x: Int, y: Int)
///   case reset
/// }
///
/// let child = /Action.child                // CasePath<Action, ChildAction>
/// child.extract(from: .child(.tapped))     // .tapped
/// child.extract(from: .reset)              // nil
///
/// let move = /Action.move                  // CasePath<Action, (Int, Int)>
/// move.extract(from: .move(x: 1, y: 2))    // (1, 2)
/// ```
///
/// A case with one labelled value, `case response(result: Result<Int, any Error>)`, gives that
/// value, as an unlabelled one does. Cases that share a base name and differ in their labels are
/// told apart by writing the labels: `/Action.set(x:)` matches `.set(x: 1)` and never
/// `.set(y: 1)`.
///
/// Build the path once and store it, for example in a `static let` or a reducer's stored
/// property. The first extraction learns which case the constructor builds (through `Mirror`,
/// a few microseconds) and remembers it in an atomic, safely under concurrent first use. After
/// that, a root in another case is rejected by comparing enum tags, and a root in this case has
/// its value copied straight out of the enum, within a small factor of a hand-written
/// `if case let`. Until a value that teaches it arrives, each other case that carries a payload
/// costs one more `Mirror` the first time it is seen.
///
/// Swift 6 may read a `/` after a comma as the start of a regular-expression literal: write
/// `f(/A.x, /A.y)` with a space, because `f(/A.x,/A.y)` does not parse.
///
/// The function must be an enum case constructor, used at its declared type. In particular:
/// - If `Root` is not an enum (for example `/Point.init(x:)`), the path never matches: `extract`
///   always returns `nil`. The same holds when the enum conforms to `CustomReflectable` or was
///   compiled without reflection metadata.
/// - Cases whose associated value is a closure, or a tuple holding a closure or a metatype such
///   as `Int.Type`, never match either: a closure stored in a concrete enum has another calling
///   convention than one held generically (a metatype may be stored in no bytes at all), and no
///   copy can convert it back. A case
///   declared with a bare generic parameter (`case value(T)`) is fine whatever `T` is. Use
///   ``CasePath/init(embed:extract:)`` for the others.
/// - If the constructor was converted to another type (a `case value(Any)` used as a
///   `CasePath<Root, Int>`), extraction still works, through `Mirror` and a dynamic cast, but at
///   reflection speed.
///
/// - Parameter embed: An enum case constructor, such as `Action.child`.
/// - Returns: A case path that embeds with `embed` and extracts by reading the enum's layout.
@inlinable
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  let extractor = EnumCaseExtractor(embed: embed)
  return CasePath(embed: embed, extract: { extractor.extract(from: $0) })
}

/// Builds a case path from an enum case without associated value, such as `/Action.reset`.
///
/// The path's value is `Void`: embedding gives back `root`, and extracting succeeds exactly when
/// a value is in the same case.
///
/// ```swift
/// let reset = /Action.reset       // CasePath<Action, Void>
/// reset.extract(from: .reset)     // ()
/// reset.extract(from: .child(.tapped))  // nil
/// ```
///
/// For a case without associated value, extraction compares enum tags and never calls `==`.
/// For any other value (a case with a payload such as `/Action.child(.tapped)`, or a
/// non-enum), it matches the values equal to `root`.
///
/// The `Sendable & Equatable` constraint is deliberate: without it this overload would also
/// accept a case constructor itself as `root`, and Swift would pick it over the constructor
/// overload whenever nothing pins `Root`.
///
/// Swift 6 may read a `/` after a comma as the start of a regular-expression literal: write
/// `f(/A.x, /A.y)` with a space, because `f(/A.x,/A.y)` does not parse.
///
/// - Parameter root: An enum case without associated value, such as `Action.reset`.
/// - Returns: A case path from `Root` to `Void` that matches `root`'s case.
@inlinable
public prefix func / <Root: Sendable & Equatable>(root: Root) -> CasePath<Root, Void> {
  guard let tag = EnumPayload.payloadlessTag(of: root) else {
    return CasePath(embed: { _ in root }, extract: { $0 == root ? () : nil })
  }
  return CasePath(
    embed: { _ in root },
    extract: { EnumWitnesses(of: Root.self).tag(of: $0) == tag ? () : nil }
  )
}
