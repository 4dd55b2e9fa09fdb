import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a demo command writes because a flag named it (`--record`, `--html`, `--trace`,
/// `--mermaid`, `--dot`): created readable and writable by its owner only (0600), since traces
/// and the pages made from them hold what a user typed, and never written over an existing path
/// unless the user passed `--force`.
///
/// With `--force` the file is made new beside the old one and renamed over it: a link at the
/// path is replaced, not followed, and the old file's permissions do not carry over.
public enum OutputFile {
  /// The usage line every command with an output flag shows for `--force`.
  public static let forceUsage = "--force          replace an output file that already exists"

  /// Creates the file at `path` for writing and returns its open descriptor, which the caller
  /// closes.
  ///
  /// - Parameters:
  ///   - path: Where the file goes.
  ///   - replacing: Whether an existing file at `path` may be replaced (`--force`).
  /// - Returns: A descriptor open for writing on a new, empty, owner-only file.
  /// - Throws: ``CommandError/runtime(_:)`` naming the path: it exists and `replacing` is false,
  ///   or it cannot be created or replaced (with the system's reason, in words).
  public static func create(_ path: String, replacing: Bool) throws(CommandError) -> Int32 {
    guard replacing else {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        let reason = errno
        if reason == EEXIST { throw .runtime("\(path) already exists: pass --force to replace it") }
        throw .runtime("cannot create \(path): \(String(cString: strerror(reason)))")
      }
      return descriptor
    }
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(((directory.isEmpty ? "." : directory) + "/.\(name).XXXXXX").utf8CString)
    // mkstemp creates the file 0600, exclusively.
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw .runtime("cannot create \(path): \(String(cString: strerror(errno)))")
    }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      close(descriptor)
      throw .runtime("cannot replace \(path): \(reason)")
    }
    return descriptor
  }

  /// Writes `text` into a new file at `path` (see ``create(_:replacing:)``).
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: Where the file goes.
  ///   - replacing: Whether an existing file at `path` may be replaced (`--force`).
  /// - Throws: ``CommandError/runtime(_:)`` naming the path when it cannot be written.
  public static func write(_ text: String, to path: String, replacing: Bool) throws(CommandError) {
    let descriptor = try create(path, replacing: replacing)
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw .runtime("cannot write \(path): \(String(cString: strerror(errno)))")
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
