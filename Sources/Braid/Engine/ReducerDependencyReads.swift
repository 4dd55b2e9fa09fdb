#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the `uuid`, `date` and `withRandomNumberGenerator` dependencies report the values they
/// give while a store with an inspector reduces: a per-thread slot holding that store's
/// inspection, set around the reducer's call only. A reducer cannot suspend, so a slot set
/// before it and restored after it is exact; a value drawn anywhere else (an effect, an
/// observer, a store without an inspector) finds the slot empty and costs one read of it.
@usableFromInline
enum ReducerDependencyReads {
  /// The thread-specific key of the slot.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "Braid could not create a thread-specific key (pthread_key_create: \(status))")
    return key
  }()

  /// Runs `reduce` with `inspection` as the one reads are reported to.
  ///
  /// - Precondition: `inspection` outlives `reduce` (the store holds it).
  @inlinable
  static func whileReducing<R>(_ inspection: AnyObject, _ reduce: () -> R) -> R {
    let key = self.key
    let saved = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(inspection).toOpaque())
    defer { pthread_setspecific(key, saved) }
    return reduce()
  }

  /// Runs `body` with no store's reads reported on this thread: what an inspector reads while it
  /// stamps or hears an event (a `TestClock` for its timestamps, wherever it is attached) is not
  /// the reducer's. Outside a reduction it costs one read of the slot.
  @inlinable
  static func outsideReductions<R>(_ body: () -> R) -> R {
    let key = self.key
    guard let saved = pthread_getspecific(key) else { return body() }
    pthread_setspecific(key, nil)
    defer { pthread_setspecific(key, saved) }
    return body()
  }

  /// Whether a store with an inspector is reducing on this thread.
  static var isReducing: Bool { pthread_getspecific(key) != nil }

  /// Reports `read` to the inspection of the store reducing on this thread, if any.
  static func report(_ read: DependencyRead) {
    guard let slot = pthread_getspecific(key) else { return }
    // What the inspector itself reads while it hears of this one (a clock for its timestamps)
    // is not the reducer's: the slot is empty until it returns.
    pthread_setspecific(key, nil)
    defer { pthread_setspecific(key, slot) }
    let inspection = Unmanaged<AnyObject>.fromOpaque(slot).takeUnretainedValue()
    (inspection as? any EffectInspecting)?.dependencyRead(read)
  }
}
