import BraidPOSIX
import BraidTools
import DemoCommandLine
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The text of a `signup --script`: a file, read whole and checked to be UTF-8, or standard
/// input (`-`), read a line at a time (``standardInputLines()``).
package enum ScriptText {
  /// The longest line of a script read from standard input, in bytes.
  static let maximumLineLength = 1 << 20

  /// The lines of standard input as they arrive (any line ending: LF, CR LF or CR). A line that
  /// is not UTF-8 or is longer than ``maximumLineLength`` ends them with a ``CommandError``
  /// naming it.
  package static func standardInputLines() -> AsyncThrowingStream<String, any Error> {
    let input: StandardInputLines
    do {
      input = try StandardInputLines(maximumLength: maximumLineLength, terminator: .crOrLF, invalidUTF8: .reject)
    } catch {
      return AsyncThrowingStream { $0.finish(throwing: CommandError.runtime("cannot read standard input: \(error)")) }
    }
    return AsyncThrowingStream { continuation in
      let task = Task {
        var number = 0
        for await line in input.lines {
          number += 1
          switch line {
          case .text(let text):
            continuation.yield(text)
          case .tooLong:
            continuation.finish(
              throwing: CommandError.runtime(
                "cannot read script standard input: line \(number) is longer than \(maximumLineLength >> 20) MiB"))
            return
          case .invalidUTF8:
            continuation.finish(
              throwing: CommandError.runtime("cannot read script standard input: not UTF-8 (line \(number))"))
            return
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in
        task.cancel()
        input.stop()
      }
    }
  }

  /// The script in the file at `path`.
  ///
  /// - Throws: A runtime ``CommandError`` that says why the script cannot be read: the system's
  ///   reason for a file it cannot open, or where the first byte that is not UTF-8 is.
  package static func read(_ path: String) throws(CommandError) -> String {
    let bytes: Data
    let name = "'\(path)'"
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .runtime("cannot read script \(name): it is a directory")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let reason = access(path, F_OK) == 0 ? "permission denied" : "no such file"
      throw .runtime("cannot read script \(name): \(reason)")
    }
    defer { try? handle.close() }
    do {
      bytes = try handle.readToEnd() ?? Data()
    } catch {
      throw .runtime("cannot read script \(name): \(error.localizedDescription)")
    }
    if let offset = firstInvalidUTF8(in: bytes) {
      let line = bytes.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      throw .runtime("cannot read script \(name): not UTF-8 at byte offset \(offset) (line \(line))")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8, or
  /// `nil` when all of it is.
  static func firstInvalidUTF8(in bytes: Data) -> Int? {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return nil
      case .error:
        return offset
      }
    }
  }
}
