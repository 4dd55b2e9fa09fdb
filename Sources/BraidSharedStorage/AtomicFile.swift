import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writing a file so that it is never seen torn, and is on disk when the write returns.
enum AtomicFile {
  /// Writes `data` to `path`: into a new temporary file beside it (created readable and
  /// writable by its owner only), synced, renamed over `path`, and the folder synced, so the
  /// file holds either the old content or the new, whatever moment the process dies at. The
  /// folder is made (owner-only) when missing.
  ///
  /// - Throws: ``FileStorageError`` naming the step that failed; the temporary file is removed.
  static func write(_ data: Data, to path: String) throws(FileStorageError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw FileStorageError(path: path, step: "create the folder \(folder)", reason: "\(error)")
    }
    let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .system(path: path, step: "create \(temporary)") }
    var written = 0
    let wroteAll = data.withUnsafeBytes { bytes -> Bool in
      while written < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
      }
      return true
    }
    guard wroteAll, fsync(descriptor) == 0 else {
      let error = FileStorageError.system(path: path, step: "write \(temporary)")
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = FileStorageError.system(path: path, step: "rename \(temporary) to it")
      unlink(temporary)
      throw error
    }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folderDescriptor >= 0 else { throw .system(path: path, step: "open the folder \(folder) to sync it") }
    defer { close(folderDescriptor) }
    guard fsync(folderDescriptor) == 0 else { throw .system(path: path, step: "sync the folder \(folder)") }
  }
}

extension AtomicFile {
  /// Removes the temporary files that writers of `path` killed mid-write left beside it: those
  /// whose process (named in the file's name) no longer runs.
  static func removeLeftovers(of path: String) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + "."
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let parts = name.dropFirst(prefix.count).split(separator: ".")
      guard parts.count == 3, let pid = pid_t(parts[0]), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(folder + "/" + name)
    }
  }
}

/// Why a shared file could not be read, written or moved.
public struct FileStorageError: Error, Equatable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// What was being done.
  public let step: String
  /// Why it failed.
  public let reason: String

  /// `cannot STEP for PATH: REASON`.
  public var description: String { "cannot \(step) for \(path): \(reason)" }

  /// The error of a system call that just failed, from `errno`.
  static func system(path: String, step: String) -> FileStorageError {
    FileStorageError(path: path, step: step, reason: String(cString: strerror(errno)))
  }
}
