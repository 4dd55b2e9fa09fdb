/// Why a trace could not be written, read or replayed.
public enum TraceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The trace file could not be created (it exists, or its directory cannot be written).
  case cannotCreate(path: String, reason: String)
  /// Writing the trace failed.
  case cannotWrite(path: String, reason: String)
  /// The trace file could not be opened or read.
  case cannotRead(path: String, reason: String)
  /// The trace has no lines at all.
  case empty
  /// A line is not what the format allows there: not JSON, not a known event, a field missing.
  case invalidLine(line: Int, reason: String)
  /// The header names another format or a version this library does not read.
  case unsupportedFormat(line: Int, found: String)
  /// The trace was recorded by another feature, or one whose types have changed since.
  case schemaMismatch(feature: String, changes: [String])
  /// The feature's actions were recorded as readable dumps only (its `Action` is not
  /// `Encodable` or its `State` not `Codable`).
  case notReplayable(feature: String)
  /// A test cannot be emitted from the trace: its replay diverges at that line, or it holds
  /// what an emitted test cannot express.
  case cannotEmit(line: Int, reason: String)

  /// The error as a sentence that names the line where it applies.
  public var description: String {
    switch self {
    case .cannotCreate(let path, let reason): "cannot create the trace file \(path): \(reason)"
    case .cannotWrite(let path, let reason): "cannot write the trace file \(path): \(reason)"
    case .cannotRead(let path, let reason): "cannot read the trace file \(path): \(reason)"
    case .empty: "the trace is empty: it has no header line"
    case .invalidLine(let line, let reason): "line \(line): \(reason)"
    case .unsupportedFormat(let line, let found): "line \(line): not a Braid trace this version reads (\(found))"
    case .schemaMismatch(let feature, let changes):
      "the trace was recorded by \(feature) with other types:\n"
        + changes.map { "  - \($0)" }.joined(separator: "\n")
    case .notReplayable(let feature):
      "the trace of \(feature) cannot be replayed: its actions were recorded as readable dumps (make Action Encodable and State Codable)"
    case .cannotEmit(let line, let reason): "line \(line): cannot emit a test: \(reason)"
    }
  }
}
