import DemoCommandLine
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The text of a `signup --script`: a file, or standard input for `-`, read whole and checked
/// to be UTF-8.
enum ScriptText {
  /// The script at `path` (`-` for standard input).
  ///
  /// - Throws: A runtime ``CommandError`` that says why the script cannot be read: the system's
  ///   reason for a file it cannot open, or where the first byte that is not UTF-8 is.
  static func read(_ path: String) throws(CommandError) -> String {
    let bytes: Data
    let name = path == "-" ? "standard input" : "'\(path)'"
    if path == "-" {
      bytes = FileHandle.standardInput.readDataToEndOfFile()
    } else {
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
