import Braid
import Testing

@testable import BraidTrace

@Suite struct TraceSchemaTests {
  let schema = TraceSchema(state: Tally.State.self, action: Tally.Action.self)

  @Test func aSchemaListsEveryFieldAndEveryCaseWithTheirTypes() throws {
    #expect(schema.state == "BraidTraceTests.Tally.State")
    #expect(schema.action == "BraidTraceTests.Tally.Action")
    guard case .structure(let fields) = try #require(schema.types[schema.state]) else {
      Issue.record("the state is not a struct in \(schema)")
      return
    }
    #expect(fields.map(\.name) == ["count", "names", "byName", "tags", "stamps"])
    #expect(
      fields.map(\.type) == [
        "Swift.Int", "Swift.Array<Swift.String>", "Swift.Dictionary<Swift.String, Swift.Int>",
        "Swift.Set<Swift.String>", "Swift.Array<Foundation.UUID>",
      ])
    guard case .enumeration(let cases) = try #require(schema.types[schema.action]) else {
      Issue.record("the action is not an enum in \(schema)")
      return
    }
    // Every case, not only those a value shows; payload cases first, in tag order.
    #expect(Set(cases.map(\.name)) == ["increment", "add", "move", "stamp", "roll", "load", "loaded"])
    #expect(cases.first { $0.name == "add" }?.type == "Swift.String")
    #expect(cases.first { $0.name == "move" }?.type == "(x: Swift.Int, y: Swift.Int)")
    #expect(cases.first { $0.name == "increment" }?.type == nil)
    #expect(
      schema.types["(x: Swift.Int, y: Swift.Int)"]
        == .tuple(elements: [.init(name: "x", type: "Swift.Int"), .init(name: "y", type: "Swift.Int")]))
    #expect(
      schema.types["Swift.Dictionary<Swift.String, Swift.Int>"] == .container(arguments: ["Swift.String", "Swift.Int"]))
    #expect(schema.types["Swift.Int"] == .leaf)
  }

  @Test func aRecursiveTypeEndsAndAFingerprintIsTheSameForTheSameTypes() {
    indirect enum Tree: Codable {
      case leaf(Int)
      case node([Tree])
    }
    let tree = TraceSchema(state: Tree.self, action: Tally.Action.self)
    #expect(tree.types[tree.state] != nil)
    #expect(schema.fingerprint == TraceSchema(state: Tally.State.self, action: Tally.Action.self).fingerprint)
    #expect(schema.fingerprint != tree.fingerprint)
    #expect(schema.fingerprint.count == 16)
  }

  @Test func differencesNameTheCaseOrFieldThatChanged() {
    #expect(schema.differences(from: schema).isEmpty)
    var recorded = schema
    guard case .enumeration(var cases) = recorded.types[schema.action],
      case .structure(var fields) = recorded.types[schema.state]
    else {
      Issue.record("unexpected shapes")
      return
    }
    cases.removeAll { $0.name == "roll" }
    cases.append(.init(name: "reset", type: nil))
    cases[cases.firstIndex { $0.name == "add" }!].type = "Swift.Int"
    recorded.types[schema.action] = .enumeration(cases: cases)
    fields[0].type = "Swift.Double"
    recorded.types[schema.state] = .structure(fields: fields)
    let changes = schema.differences(from: recorded)
    #expect(
      Set(changes) == [
        "case .reset of BraidTraceTests.Tally.Action was removed (or renamed)",
        "case .roll of BraidTraceTests.Tally.Action was added (or renamed)",
        "the payload of case .add of BraidTraceTests.Tally.Action was Swift.Int and is now Swift.String",
        "the type of field count of BraidTraceTests.Tally.State was Swift.Double and is now Swift.Int",
      ])
  }
}
