/// Where a shared value lives, and how it is loaded, saved and changed from outside:
/// swift-sharing's `SharedKey`.
///
/// Two ``Shared`` values made from keys of the same type and ``id`` share one value in the
/// process. The key is asked for the stored value when the first of them is made, told of every
/// mutation, and may report changes made outside the process.
///
/// ```swift
/// struct SettingsKey: SharedKey {
///   var id: String { "settings" }
///   func load() -> Settings? { try? Settings.read() }
///   func save(_ value: Settings) { try? value.write() }
/// }
/// @Shared(SettingsKey()) var settings = Settings()
/// ```
public protocol SharedKey<Value>: Sendable {
  /// The value the key stores.
  associatedtype Value: Sendable
  /// What tells two keys of this type apart.
  associatedtype ID: Hashable & Sendable

  /// Which value this key names: keys of the same type and id share one value.
  var id: ID { get }

  /// The stored value, or `nil` when the key holds none (the `Shared`'s default is used then).
  func load() -> Value?

  /// Stores `value`: called after every mutation, in the order of the mutations.
  ///
  /// - Parameter value: The value after the mutation.
  func save(_ value: Value)

  /// Reports each value the key's storage receives from outside the process, until the
  /// subscription is cancelled.
  ///
  /// - Parameter receive: Called with each new value; the shared value takes it and announces
  ///   it to its observers.
  /// - Returns: The subscription.
  func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> SharedSubscription

  /// Returns once every value saved so far is stored for good (on disk, committed): what
  /// `try await $value.save()` waits for.
  ///
  /// - Throws: The error that kept the last save from being stored.
  func flush() async throws
}

extension SharedKey {
  /// Saves nothing: for a key that lives only in memory.
  public func save(_ value: Value) {}

  /// Nothing to wait for: for a key whose saves are done when `save` returns.
  public func flush() async throws {}

  /// Receives nothing: for a key that nothing outside the process changes.
  public func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// A key's subscription to outside changes: cancelled once, explicitly or when released.
public final class SharedSubscription: Sendable {
  private let onCancel: SanitizerVisibleMutex<(@Sendable () -> Void)?>

  /// A subscription that runs `cancel` when it is cancelled or released.
  ///
  /// - Parameter cancel: Stops the subscription.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = SanitizerVisibleMutex(cancel)
  }

  /// Stops the subscription; later calls do nothing.
  public func cancel() {
    let cancel = onCancel.withLock { onCancel -> (@Sendable () -> Void)? in
      defer { onCancel = nil }
      return onCancel
    }
    cancel?()
  }

  deinit { cancel() }
}
