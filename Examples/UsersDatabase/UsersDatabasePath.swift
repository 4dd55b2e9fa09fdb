import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where the sign-up example keeps its users: a plain file path, checked so that nothing
/// in-memory or temporary can stand in for the file.
///
/// SQLite reads some names as something other than a file: an empty name and `:memory:` open a
/// database that is gone when the program exits, and a name starting with `file:` is read as a
/// URI whose parameters (`mode=memory`, `vfs=memdb`, percent-encoded or not) can do the same.
/// A path here is always a file:
/// - an empty path, `:memory:`, a path with a NUL byte, a path ending in `/` and an existing
///   directory are refused with a ``Problem``;
/// - a relative path that starts with `file:` names a file of that name in the current
///   directory, and is opened as `./file:…` so SQLite cannot read it as a URI.
///
/// ```swift
/// let database = try UsersDatabasePath.resolve(option: arguments.database)
/// let directory = UserDirectory.live(path: database.path)
/// ```
public struct UsersDatabasePath: Sendable, Equatable, CustomStringConvertible {
  /// The path as the user gave it.
  public let path: String

  /// Why a path cannot hold a user directory that lasts.
  public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    public let message: String

    /// The message.
    public var description: String { message }
  }

  /// The environment variable that names the database when no option does.
  public static let environmentVariable = "BRAID_USERS_DB"

  /// Checks `path`.
  ///
  /// - Throws: ``Problem`` when `path` is empty, `:memory:`, holds a NUL byte, ends in `/`, or
  ///   names an existing directory.
  public init(_ path: String) throws(Problem) {
    if path.isEmpty { throw Problem(message: "an empty path would make a temporary database that keeps nothing") }
    if path == ":memory:" {
      throw Problem(message: "':memory:' is an in-memory database that keeps nothing; give a file path")
    }
    if path.utf8.contains(0) { throw Problem(message: "a path cannot contain a NUL byte") }
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    {
      throw Problem(message: "'\(path)' is a directory; give the path of the database file")
    }
    self.path = path
  }

  /// The database a command uses: `option` (its `--database` value) when given, otherwise
  /// `$BRAID_USERS_DB` when set and not empty, otherwise ``defaultPath(environment:)``.
  ///
  /// - Parameters:
  ///   - option: The path the command line gave, if any.
  ///   - environment: The process's environment.
  /// - Throws: ``Problem``, its message starting with `--database:` or `BRAID_USERS_DB:` to
  ///   say which of the two was wrong.
  public static func resolve(
    option: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(Problem) -> UsersDatabasePath {
    let (source, path) =
      if let option {
        ("--database", option)
      } else if let variable = environment[environmentVariable], !variable.isEmpty {
        (environmentVariable, variable)
      } else {
        ("default", defaultPath(environment: environment))
      }
    do {
      return try UsersDatabasePath(path)
    } catch {
      throw Problem(message: "\(source): \(error.message)")
    }
  }

  /// `$HOME/.local/share/braid/users.sqlite` (the account's home from the password database
  /// when `HOME` is unset or empty).
  public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    return "\(home)/.local/share/braid/users.sqlite"
  }

  /// The name to give SQLite: ``path``, with `./` in front when it starts with `file:`.
  public var fileName: String {
    path.hasPrefix("file:") ? "./" + path : path
  }

  /// The path.
  public var description: String { path }

  /// Creates the database's folder (owner-only, `0700`) and an empty database file readable and
  /// writable by its owner only (`0600`), unless the file exists. SQLite gives its journal the
  /// database file's mode, so the hashes in it stay private too.
  ///
  /// - Throws: ``Problem`` when the file cannot be created.
  public func createFileIfNeeded() throws(Problem) {
    // A folder that cannot be made is reported by the file's creation below, which names it.
    try? FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: fileName).deletingLastPathComponent().path, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    // O_EXCL: an existing file (or a link to one) is left as it is; O_NOFOLLOW: a dangling link
    // is not followed to create a file somewhere else.
    let descriptor = open(fileName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      throw Problem(message: "\(path): cannot create the file: \(String(cString: strerror(errno)))")
    }
  }

  /// A warning when the database file exists and users other than its owner may read it, and
  /// with it every password hash; `nil` otherwise.
  public var permissionWarning: String? {
    var information = stat()
    guard stat(fileName, &information) == 0, information.st_mode & 0o044 != 0 else { return nil }
    let mode = String(information.st_mode & 0o777, radix: 8)
    return "warning: other users can read '\(path)' and its password hashes (mode \(mode)); run chmod 600 on it"
  }
}
