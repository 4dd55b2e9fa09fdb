import Braid
import Testing

/// Every payload shape a case can declare, each checked both ways against a hand-written
/// `if case` and against every other shape's value.
struct CasePathShapeMatrixTests {
  /// A case path built with `/`, next to the same case read with a hand-written `if case`.
  struct Row: CustomTestStringConvertible, Sendable {
    let name: String
    /// A value in the case, when the case can hold one.
    let root: Shape?
    /// Builds a fresh path (so that each check learns from its own first root) and tells, for a
    /// root, whether the path's extraction agrees with the hand-written one.
    let agreesOnEveryRoot: @Sendable (_ roots: [Shape]) -> [String]
    /// Whether embedding the sample gives a root the hand-written extraction reads it back from.
    let embedsIntoItsCase: @Sendable () -> Bool

    var testDescription: String { name }

    init<Value: Sendable>(
      _ name: String,
      _ path: @escaping @Sendable () -> CasePath<Shape, Value>,
      sample: Value?,
      hand: @escaping @Sendable (Shape) -> Value?,
      equal: @escaping @Sendable (Value, Value) -> Bool
    ) {
      self.name = name
      self.root = sample.map { path().embed($0) }
      self.agreesOnEveryRoot = { roots in
        // Twice, on fresh paths: learning from another case first, and from this one first.
        let own = roots.filter { hand($0) != nil }
        let others = roots.filter { hand($0) == nil }
        var disagreements: [String] = []
        for order in [others + own, own + others] {
          let casePath = path()
          for root in order {
            switch (casePath.extract(from: root), hand(root)) {
            case (nil, nil): break
            case (let extracted?, let expected?) where equal(extracted, expected): break
            case (let extracted, let expected):
              disagreements.append(
                "\(name) on \(root): extracted \(String(describing: extracted)), expected \(String(describing: expected))"
              )
            }
          }
        }
        return disagreements
      }
      self.embedsIntoItsCase = {
        guard let sample else { return true }
        return hand(path().embed(sample)).map { equal($0, sample) } ?? false
      }
    }
  }

  static func equalErrors(_ a: any Error, _ b: any Error) -> Bool {
    (a as? ShapeFailure) == (b as? ShapeFailure) && a is ShapeFailure
  }

  static let object = ShapeObject(7)

  /// Equality for payloads with at most one value (`Void`, `Never`).
  static func alwaysEqual<T>(_: T, _: T) -> Bool { true }

  /// Swift cannot match a case overloaded by label in a pattern (`case .overloaded(x: let v)` is
  /// ambiguous), so these read it through `Mirror`, which reflects the payload as `(x: Int)`.
  static func overloadedPayload(of root: Shape, label: String) -> Int? {
    guard let child = Mirror(reflecting: root).children.first, child.label == "overloaded",
      let element = Mirror(reflecting: child.value).children.first, element.label == label
    else { return nil }
    return element.value as? Int
  }

  static let rows: [Row] = [
    Row(
      "noPayload", { /Shape.noPayload }, sample: (),
      hand: { if case .noPayload = $0 { () } else { nil } }, equal: alwaysEqual),
    Row(
      "unlabelled", { /Shape.unlabelled }, sample: true,
      hand: { if case .unlabelled(let v) = $0 { v } else { nil } }, equal: ==),
    Row(
      "labelled", { /Shape.labelled }, sample: true,
      hand: { if case .labelled(let v) = $0 { v } else { nil } }, equal: ==),
    Row(
      "allLabelled", { /Shape.allLabelled }, sample: (3, 4),
      hand: { if case .allLabelled(let x, let y) = $0 { (x, y) } else { nil } }, equal: ==),
    Row(
      "noneLabelled", { /Shape.noneLabelled }, sample: (5, "five"),
      hand: { if case .noneLabelled(let a, let b) = $0 { (a, b) } else { nil } }, equal: ==),
    Row(
      "mixed", { /Shape.mixed }, sample: (6, "six"),
      hand: { if case .mixed(let a, let b) = $0 { (a, b) } else { nil } }, equal: ==),
    Row(
      "tuple", { /Shape.tuple }, sample: (1, 2),
      hand: { if case .tuple(let t) = $0 { t } else { nil } }, equal: ==),
    Row(
      "labelledTuple", { /Shape.labelledTuple }, sample: (8, 9),
      hand: { if case .labelledTuple(let t) = $0 { t } else { nil } }, equal: ==),
    Row(
      "tupleOfLabels", { /Shape.tupleOfLabels }, sample: (a: 10, b: 11),
      hand: { if case .tupleOfLabels(let t) = $0 { t } else { nil } }, equal: { $0 == $1 }),
    Row(
      "optional", { /Shape.optional }, sample: "x",
      hand: { if case .optional(let v) = $0 { v } else { nil } }, equal: ==),
    Row(
      "optional nil", { /Shape.optional }, sample: nil as String??,
      hand: { if case .optional(let v) = $0 { .some(v) } else { nil } }, equal: ==),
    Row(
      "labelledOptional", { /Shape.labelledOptional }, sample: .some("wss"),
      hand: { if case .labelledOptional(let v) = $0 { .some(v) } else { nil } }, equal: ==),
    Row(
      "labelledOptional nil", { /Shape.labelledOptional }, sample: .some(nil),
      hand: { if case .labelledOptional(let v) = $0 { .some(v) } else { nil } }, equal: ==),
    Row(
      "doubleOptional .some(nil)", { /Shape.doubleOptional }, sample: .some(.some(nil)),
      hand: { if case .doubleOptional(let v) = $0 { .some(v) } else { nil } }, equal: ==),
    Row(
      "labelledDoubleOptional .some(nil)", { /Shape.labelledDoubleOptional },
      sample: .some(.some(nil)),
      hand: { if case .labelledDoubleOptional(let v) = $0 { .some(v) } else { nil } }, equal: ==),
    Row(
      "existential", { /Shape.existential }, sample: ShapeFailure(code: 1),
      hand: { if case .existential(let e) = $0 { e } else { nil } }, equal: equalErrors),
    Row(
      "labelledExistential", { /Shape.labelledExistential }, sample: ShapeFailure(code: 2),
      hand: { if case .labelledExistential(let e) = $0 { e } else { nil } }, equal: equalErrors),
    Row(
      "object", { /Shape.object }, sample: object,
      hand: { if case .object(let o) = $0 { o } else { nil } }, equal: ===),
    Row(
      "labelledObject", { /Shape.labelledObject }, sample: object,
      hand: { if case .labelledObject(let o) = $0 { o } else { nil } }, equal: ===),
    Row(
      "generic", { /Shape.generic }, sample: ShapeBox(value: 12),
      hand: { if case .generic(let g) = $0 { g } else { nil } }, equal: ==),
    Row(
      "labelledGeneric", { /Shape.labelledGeneric }, sample: ShapeBox(value: "boxed"),
      hand: { if case .labelledGeneric(let g) = $0 { g } else { nil } }, equal: ==),
    Row(
      "nested", { /Shape.nested }, sample: .labelled(didSucceed: false),
      hand: { if case .nested(let n) = $0 { n } else { nil } },
      equal: { "\($0)" == "\($1)" }),
    Row(
      "labelledNested", { /Shape.labelledNested }, sample: .word(13),
      hand: { if case .labelledNested(let n) = $0 { n } else { nil } },
      equal: { "\($0)" == "\($1)" }),
    Row(
      "result", { /Shape.result }, sample: .success(14),
      hand: { if case .result(let r) = $0 { r } else { nil } }, equal: ==),
    Row(
      "labelledResult", { /Shape.labelledResult }, sample: .failure(ShapeFailure(code: 15)),
      hand: { if case .labelledResult(let r) = $0 { r } else { nil } }, equal: ==),
    Row(
      "never", { /Shape.never }, sample: nil,
      hand: { if case .never(let n) = $0 { n } else { nil } }, equal: alwaysEqual),
    Row(
      "labelledNever", { /Shape.labelledNever }, sample: nil,
      hand: { if case .labelledNever(let n) = $0 { n } else { nil } }, equal: alwaysEqual),
    Row(
      "empty", { /Shape.empty }, sample: ShapeEmpty(),
      hand: { if case .empty(let e) = $0 { e } else { nil } }, equal: ==),
    Row(
      "labelledEmpty", { /Shape.labelledEmpty }, sample: ShapeEmpty(),
      hand: { if case .labelledEmpty(let e) = $0 { e } else { nil } }, equal: ==),
    Row(
      "word", { /Shape.word }, sample: 16,
      hand: { if case .word(let w) = $0 { w } else { nil } }, equal: ==),
    Row(
      "labelledWord", { /Shape.labelledWord }, sample: 17,
      hand: { if case .labelledWord(let w) = $0 { w } else { nil } }, equal: ==),
    Row(
      "large", { /Shape.large }, sample: ShapeLarge(a: 18),
      hand: { if case .large(let l) = $0 { l } else { nil } }, equal: ==),
    Row(
      "labelledLarge", { /Shape.labelledLarge }, sample: ShapeLarge(e: 19),
      hand: { if case .labelledLarge(let l) = $0 { l } else { nil } }, equal: ==),
    Row(
      "nonTrivial", { /Shape.nonTrivial }, sample: ["a", String(repeating: "b", count: 40)],
      hand: { if case .nonTrivial(let n) = $0 { n } else { nil } }, equal: ==),
    Row(
      "labelledNonTrivial", { /Shape.labelledNonTrivial }, sample: ["c"],
      hand: { if case .labelledNonTrivial(let n) = $0 { n } else { nil } }, equal: ==),
    Row(
      "overloaded(x:)", { /Shape.overloaded(x:) }, sample: 20,
      hand: { overloadedPayload(of: $0, label: "x") }, equal: ==),
    Row(
      "overloaded(y:)", { /Shape.overloaded(y:) }, sample: 20,
      hand: { overloadedPayload(of: $0, label: "y") }, equal: ==),
    Row(
      "voidPayload", { /Shape.voidPayload }, sample: (),
      hand: { if case .voidPayload = $0 { () } else { nil } }, equal: alwaysEqual),
    Row(
      "labelledVoid", { /Shape.labelledVoid }, sample: (),
      hand: { if case .labelledVoid = $0 { () } else { nil } }, equal: alwaysEqual),
  ]

  /// A value of every inhabited shape, and a few more of the cases whose values differ in kind.
  static let roots: [Shape] =
    rows.compactMap(\.root) + [
      .labelled(didSucceed: false), .optional(nil), .labelledOptional(protocol: "ws"),
      .doubleOptional(nil), .doubleOptional(5), .labelledDoubleOptional(value: nil),
      .result(.failure(ShapeFailure(code: 3))), .labelledResult(result: .success(4)),
      .nested(.nested(.noPayload)), .labelledNested(value: .labelledNested(value: .noPayload)),
      .overloaded(x: 21), .overloaded(y: 22),
    ]

  @Test(arguments: rows)
  func extractionAgreesWithIfCaseOnEveryShape(row: Row) {
    let disagreements = row.agreesOnEveryRoot(Self.roots)
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
  }

  @Test(arguments: rows)
  func embeddingBuildsItsOwnCase(row: Row) {
    #expect(row.embedsIntoItsCase())
  }

  @Test func casesOverloadedByLabelMatchOnlyThemselves() {
    let x = /Shape.overloaded(x:)
    let y = /Shape.overloaded(y:)
    #expect(y.extract(from: .overloaded(x: 1)) == nil)
    #expect(x.extract(from: .overloaded(y: 2)) == nil)
    #expect(x.extract(from: .overloaded(x: 3)) == 3)
    #expect(y.extract(from: .overloaded(y: 4)) == 4)
    #expect(Self.overloadedPayload(of: y.embed(5), label: "y") == 5)
    #expect(Self.overloadedPayload(of: x.embed(6), label: "x") == 6)
  }

  @Test func labelledReferencePayloadsInSpareBitsAreReadAndReleasedOnce() throws {
    let counter = CasePathFixtures.Counter()
    do {
      let first = PackedShape.first(object: ShapeObject(1, counter: counter))
      let second = PackedShape.second(object: ShapeObject(2, counter: counter))
      let path = /PackedShape.second
      #expect(path.extract(from: .neither) == nil)
      #expect(path.extract(from: first) == nil)
      for _ in 0..<3 {
        let extracted = try #require(path.extract(from: second))
        #expect(extracted.id == 2)
      }
      #expect((/PackedShape.first).extract(from: first)?.id == 1)
      #expect(counter.deinits.load(ordering: .relaxed) == 0)
    }
    #expect(counter.deinits.load(ordering: .relaxed) == 2)
  }

  @Test func genericLabelledCasesExtract() {
    let labelled = /GenericShape<String>.labelled
    #expect(labelled.extract(from: .value("v")) == nil)
    #expect(labelled.extract(from: .nothing) == nil)
    #expect(labelled.extract(from: .labelled(value: "l")) == "l")
    let large = /GenericShape<ShapeLarge>.labelled
    #expect(large.extract(from: .labelled(value: ShapeLarge(c: 9)))?.c == 9)
    #expect(large.extract(from: .value(ShapeLarge())) == nil)
    let object = /GenericShape<ShapeObject>.labelled
    #expect(object.extract(from: .labelled(value: Self.object)) === Self.object)
    #expect(object.extract(from: .value(Self.object)) == nil)
  }

  @Test func labelledCasesOfAnyCanBeReadAtAnotherType() {
    enum Loose {
      case any(value: Any)
      case other(Int)
    }
    let integer: CasePath<Loose, Int> = /Loose.any
    #expect(integer.extract(from: .any(value: "five")) == nil)
    #expect(integer.extract(from: .any(value: 5)) == 5)
    #expect(integer.extract(from: .other(5)) == nil)
  }
}
