import Foundation

/// How many of this process's descriptors are open on `path` (or its `-wal`, `-shm` or
/// `-journal` companions, for a SQLite database), read from `/proc/self/fd`.
package func openDescriptors(on path: String) -> Int {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  return entries.filter { entry in
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry) else {
      return false
    }
    return target == path || ["-wal", "-shm", "-journal"].contains { target == path + $0 }
  }.count
}
