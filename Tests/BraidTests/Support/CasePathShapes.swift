import Braid

/// One enum with a case for every payload shape Swift allows, for the case-path matrix.
///
/// Its many payload cases make the runtime add a tag byte after the payload; ``PackedShape``
/// covers the other layout, tags in the payloads' spare bits. Its `==` compares descriptions:
/// enough for `/Shape.noPayload`, which needs `Equatable` but compares tags.
enum Shape: Sendable, Equatable {
  case noPayload
  case unlabelled(Bool)
  case labelled(didSucceed: Bool)
  case allLabelled(x: Int, y: Int)
  case noneLabelled(Int, String)
  case mixed(Int, name: String)
  case tuple((Int, Int))
  case labelledTuple(pair: (Int, Int))
  case tupleOfLabels((a: Int, b: Int))
  case optional(String?)
  case labelledOptional(protocol: String?)
  case doubleOptional(Int??)
  case labelledDoubleOptional(value: Int??)
  case existential(any Error)
  case labelledExistential(error: any Error)
  case object(ShapeObject)
  case labelledObject(object: ShapeObject)
  case generic(ShapeBox<Int>)
  case labelledGeneric(box: ShapeBox<String>)
  indirect case nested(Shape)
  indirect case labelledNested(value: Shape)
  case result(Result<Int, ShapeFailure>)
  case labelledResult(result: Result<Int, ShapeFailure>)
  case never(Never)
  case labelledNever(reason: Never)
  case empty(ShapeEmpty)
  case labelledEmpty(value: ShapeEmpty)
  case word(Int)
  case labelledWord(count: Int)
  case large(ShapeLarge)
  case labelledLarge(value: ShapeLarge)
  case nonTrivial([String])
  case labelledNonTrivial(names: [String])
  case overloaded(x: Int)
  case overloaded(y: Int)
  case voidPayload(Void)
  case labelledVoid(value: Void)

  static func == (lhs: Self, rhs: Self) -> Bool { "\(lhs)" == "\(rhs)" }
}

/// Two labelled reference payloads and an empty case: the tag lives in the pointers' spare bits,
/// so reading a payload means clearing those bits first.
enum PackedShape {
  case first(object: ShapeObject)
  case second(object: ShapeObject)
  case neither
}

/// Generic cases, one labelled and one not, laid out by the runtime rather than the compiler.
enum GenericShape<T: Sendable>: Sendable {
  case value(T)
  case labelled(value: T)
  case nothing
}

/// A reference payload that counts its deinitializations, when given a counter.
final class ShapeObject: Sendable {
  let id: Int
  let counter: CasePathFixtures.Counter?
  init(_ id: Int, counter: CasePathFixtures.Counter? = nil) {
    self.id = id
    self.counter = counter
  }
  deinit { counter?.deinits.add(1, ordering: .relaxed) }
}

struct ShapeBox<T: Equatable & Sendable>: Equatable, Sendable { let value: T }

struct ShapeFailure: Error, Equatable, Sendable { let code: Int }

struct ShapeEmpty: Equatable, Sendable {}

/// Larger than an existential's three-word inline buffer.
struct ShapeLarge: Equatable, Sendable {
  var a = 1, b = 2, c = 3, d = 4, e = 5
}
