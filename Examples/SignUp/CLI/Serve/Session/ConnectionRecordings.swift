import BraidTrace
import Foundation
import SignUpFeature

/// Where `serve --record-dir` writes: one trace per connection, named by the server's start and
/// the connection's number only (`serve-20261126T144500-4711-connection-3.trace`), never by
/// anything a client sends. Each file is created new, readable by its owner only, and holds the
/// passwords as placeholders, as `signup --record` does.
public struct ConnectionRecordings: Sendable {
  /// The folder the traces go into.
  public let directory: String
  private let prefix: String

  /// Recordings into `directory`, which must exist and be a folder.
  ///
  /// - Parameter directory: The folder.
  /// - Throws: A ``TraceError/cannotCreate(path:reason:)`` when it is not a folder.
  public init(directory: String) throws(TraceError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
      throw .cannotCreate(path: directory, reason: "not a folder that exists")
    }
    self.directory = directory
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss"
    // The process id too: two servers started in the same second do not collide.
    prefix = "serve-\(formatter.string(from: Date()))-\(ProcessInfo.processInfo.processIdentifier)"
  }

  /// A new recorder for connection `id`, writing into its own file.
  func recorder(for id: Int) throws(TraceError) -> TraceRecorder<SignUpForm.State, SignUpForm.Action> {
    let path = (directory as NSString).appendingPathComponent("\(prefix)-connection-\(id).trace")
    // A keyframe after every action, as `signup --record`: the form's state is small.
    return TraceRecorder(
      feature: "SignUp", initialState: SignUpForm.State(), sink: try .file(at: path), keyframeInterval: 1)
  }
}
