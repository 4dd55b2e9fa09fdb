import Synchronization

/// A random number generator shared by a feature's effects: the system's live, a seeded one in
/// tests, so random outcomes repeat from run to run.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
///
/// Calls are serialized, so one generator may be used from any task.
public final class WithRandomNumberGenerator: Sendable {
  private let generator: SanitizerVisibleMutex<any RandomNumberGenerator & Sendable>

  /// Uses `generator` for every call.
  ///
  /// - Parameter generator: The generator, moved into the dependency.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = SanitizerVisibleMutex(generator)
  }

  /// A generator whose sequence is fixed by `seed` (SplitMix64): the same seed gives the same
  /// numbers on every platform.
  ///
  /// - Parameter seed: The starting state.
  /// - Returns: The dependency value.
  public static func seeded(_ seed: UInt64) -> WithRandomNumberGenerator {
    WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: seed))
  }

  /// Runs `work` with exclusive use of the generator.
  ///
  /// - Parameter work: Draws random values with the generator passed in.
  /// - Returns: What `work` returns.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator & Sendable) throws -> R) rethrows -> R {
    try generator.withLock { generator in
      guard ReducerDependencyReads.isReducing else { return try work(&generator) }
      // A store with an inspector is reducing: the bits drawn are recorded for it.
      var recording: any RandomNumberGenerator & Sendable = RecordingGenerator(base: generator)
      defer {
        if let recorded = recording as? RecordingGenerator {
          generator = recorded.base
          ReducerDependencyReads.report(.randomNumbers(recorded.drawn))
        } else {
          // `work` put a generator of its own in place: it is the generator from now on.
          generator = recording
        }
      }
      return try work(&recording)
    }
  }
}

/// A generator that draws from `base` and keeps what it drew.
private struct RecordingGenerator: RandomNumberGenerator, Sendable {
  var base: any RandomNumberGenerator & Sendable
  var drawn: [UInt64] = []

  mutating func next() -> UInt64 {
    let value = base.next()
    drawn.append(value)
    return value
  }
}

/// SplitMix64: a small, fast generator whose whole sequence follows from its seed, for
/// reproducible randomness in tests (`shuffle(using:)`, `Int.random(in:using:)`).
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// rows.shuffle(using: &generator)  // the same order on every run
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting from `seed`.
  ///
  /// - Parameter seed: The starting state.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
