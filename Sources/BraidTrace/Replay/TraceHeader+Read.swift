import Foundation

extension TraceHeader {
  /// Reads the header of the trace at `path`: which feature recorded it, and with what schema.
  ///
  /// - Parameter path: The trace file.
  /// - Returns: Its header.
  /// - Throws: A ``TraceError``: the file cannot be read, is empty, or does not start with a
  ///   header of a format version this library reads.
  public static func read(path: String) throws(TraceError) -> TraceHeader {
    try read(from: TraceReader(path: path))
  }

  /// Reads the first line of `reader` as a header.
  static func read(from reader: TraceReader) throws(TraceError) -> TraceHeader {
    guard let first = try reader.nextLine() else { throw .empty }
    let header: TraceHeader
    do {
      header = try TraceJSON.decoder().decode(TraceHeader.self, from: Data(first.bytes))
    } catch {
      let probe = try? TraceJSON.decoder().decode(FormatProbe.self, from: Data(first.bytes))
      if let probe, probe.format != TraceFormat.name || !TraceFormat.readableVersions.contains(probe.version ?? 0) {
        let version = probe.version.map(String.init) ?? "none"
        throw .unsupportedFormat(line: 1, found: "format \(probe.format ?? "none"), version \(version)")
      }
      throw .invalidLine(line: 1, reason: "not a trace header (\(traceDecodingReason(error)))")
    }
    guard header.format == TraceFormat.name, TraceFormat.readableVersions.contains(header.version) else {
      throw .unsupportedFormat(line: 1, found: "format \(header.format), version \(header.version)")
    }
    return header
  }

  /// The two fields that say what a first line is, read even when the rest is not a header.
  private struct FormatProbe: Decodable {
    var format: String?
    var version: Int?
  }
}

/// A decoding error in a few words.
func traceDecodingReason(_ error: any Error) -> String {
  switch error {
  case DecodingError.dataCorrupted(let context): context.debugDescription
  case DecodingError.keyNotFound(let key, _): "no \(key.stringValue) field"
  case DecodingError.typeMismatch(let type, let context):
    "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not a \(type)"
  case DecodingError.valueNotFound(_, let context):
    "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is missing"
  default: "\(error)"
  }
}
