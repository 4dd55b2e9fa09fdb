/// The first line of a trace: what recorded it, and the structure of the feature it recorded.
public struct TraceHeader: Codable, Sendable, Equatable {
  /// Always `braid-trace`: a file whose first line says anything else is not a trace.
  public var format: String
  /// The version of the format; a reader refuses one it does not know.
  public var version: Int
  /// The recorded feature's name, as the recorder was given it.
  public var feature: String
  /// The version of Braid that wrote the trace.
  public var braid: String
  /// The structure of the feature's `State` and `Action`.
  public var schema: TraceSchema
  /// ``TraceSchema/fingerprint`` of ``schema``.
  public var fingerprint: String
  /// Whether actions and the initial state were recorded as JSON, so that the trace can be
  /// replayed; `false` when the feature's `Action` is not `Encodable` or its `State` not
  /// `Codable`, and actions are then readable dumps only.
  public var replayable: Bool
  /// How many actions apart the recorder writes a full state keyframe (0: never).
  public var keyframeInterval: Int
}

/// The format's constants.
public enum TraceFormat {
  /// The value of every trace header's ``TraceHeader/format``.
  public static let name = "braid-trace"
  /// The version this library writes. It reads this one and every earlier one
  /// (``readableVersions``).
  ///
  /// Version 2 numbers effects as a described `TestStore` does, nested ones under the effect
  /// that started them (`"effect":"1.1"`), says `releasing` before a release's cancellations,
  /// and stamps `time` on the store's own clock. Version 1 numbered every effect in one
  /// sequence, said only `released`, after them, and stamped time since the recorder was made.
  public static let version = 2
  /// The versions this library reads.
  public static let readableVersions = 1...2
  /// The Braid version written into trace headers.
  public static let braidVersion = "0.1.0"
  /// The longest line a reader takes, in bytes (64 MiB): a keyframe of a large state fits, and
  /// input without newlines is refused before it fills the memory.
  public static let maximumLineLength = 64 << 20
}
