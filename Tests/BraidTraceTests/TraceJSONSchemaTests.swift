import BraidTestSupport
import BraidTrace
import Foundation
import Testing

/// Debian's python3-jsonschema, run on a trace against the committed JSON Schema.
enum PythonJSONSchema {
  static let python = "/usr/bin/python3"

  static var isInstalled: Bool {
    (try? run(["-c", "import jsonschema"]).status) == 0
  }

  static let schemaPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/BraidTrace/trace.schema.json").path

  /// Validates every line of `trace`; the first must be a header.
  static let validator = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0
    for number, line in enumerate(open(sys.argv[2]), 1):
        value = json.loads(line)
        if number == 1 and "format" not in value:
            print(f"line 1: not a header"); failures += 1
        for error in validator.iter_errors(value):
            print(f"line {number}: {error.message}"); failures += 1; break
    sys.exit(1 if failures else 0)
    """

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = arguments
    let output = Pipe.forChild()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}

/// Traces against the committed JSON Schema, `Sources/BraidTrace/trace.schema.json`, checked
/// by Debian's python3-jsonschema: what the recorder writes is what the schema documents.
@MainActor
@Suite(.needs("python3-jsonschema", isInstalled: PythonJSONSchema.isInstalled, package: "python3-jsonschema"))
struct TraceJSONSchemaTests {
  @Test func aRecordedTraceMatchesTheSchemaAndABrokenOneDoesNot() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceRecorderTests.record(TraceReplayTests.session, to: path).close()
    let valid = try await onOwnThread { [path] in
      try PythonJSONSchema.run(["-c", PythonJSONSchema.validator, PythonJSONSchema.schemaPath, path])
    }
    #expect(valid.status == 0, "\(valid.output)")

    var lines = try lines(of: path)
    // An action without its origin, and an event of no known kind.
    let action = try #require(lines.firstIndex { $0.contains(#""event":"action""#) })
    lines[action] = lines[action].replacingOccurrences(of: #""origin":"external","#, with: "")
    lines.append(#"{"event":"teleported","seq":99,"time":1}"#)
    let broken = temporaryTracePath("broken")
    defer { try? FileManager.default.removeItem(atPath: broken) }
    try lines.joined(separator: "\n").write(toFile: broken, atomically: false, encoding: .utf8)
    let invalid = try await onOwnThread { [broken] in
      try PythonJSONSchema.run(["-c", PythonJSONSchema.validator, PythonJSONSchema.schemaPath, broken])
    }
    #expect(invalid.status == 1)
    #expect(invalid.output.contains("line \(action + 1):"), "\(invalid.output)")
    #expect(invalid.output.contains("line \(lines.count):"), "\(invalid.output)")
  }

  @Test func aTraceWithClockReadsMatchesTheSchema() async throws {
    let path = temporaryTracePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await TraceReplayTests.recordLaps(to: path)
    let valid = try await onOwnThread { [path] in
      try PythonJSONSchema.run(["-c", PythonJSONSchema.validator, PythonJSONSchema.schemaPath, path])
    }
    #expect(valid.status == 0, "\(valid.output)")
    var lines = try lines(of: path)
    let read = try #require(lines.firstIndex { $0.contains(#""event":"read""#) })
    lines[read] = lines[read].replacingOccurrences(of: #""now":[0,0]"#, with: #""now":[0]"#)
    let broken = temporaryTracePath("broken")
    defer { try? FileManager.default.removeItem(atPath: broken) }
    try lines.joined(separator: "\n").write(toFile: broken, atomically: false, encoding: .utf8)
    let invalid = try await onOwnThread { [broken] in
      try PythonJSONSchema.run(["-c", PythonJSONSchema.validator, PythonJSONSchema.schemaPath, broken])
    }
    #expect(invalid.status == 1)
    #expect(invalid.output.contains("line \(read + 1):"), "\(invalid.output)")
  }
}
