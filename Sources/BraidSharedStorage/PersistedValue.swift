import Braid
import Foundation

/// A shared value kept at a ``SaveTarget``: what ``FileStorageKey`` and ``SQLiteKey`` do with
/// their file or row, in one place.
///
/// It loads and decodes the stored content (an undecodable one is reported once and moved aside
/// by the first save), encodes and coalesces saves, and turns the target's change notices into
/// values, skipping content this process wrote or read itself.
struct PersistedValue<Value: Sendable>: Sendable {
  let saves: CoalescedSaves
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data

  init(
    target: SaveTarget, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    saves = CoalescedSaves(target: target)
    self.decode = decode
    self.encode = encode
  }

  private var name: String { saves.target.name }

  /// The stored value, or `nil` when there is none, or it cannot be read or decoded (reported).
  func load() -> Value? {
    let data: Data
    do {
      guard let content = try saves.target.load() else { return nil }
      data = content
    } catch {
      reportIssue("The shared value starts from its default: \(error)")
      return nil
    }
    do {
      let value = try decode(data)
      saves.remember(data)
      return value
    } catch {
      saves.markUndecodable()
      reportIssue(
        "\(name) does not decode as \(Value.self) (\(error)): the value starts from its default, and the first save moves it to \(saves.target.asideName)"
      )
      return nil
    }
  }

  /// Saves `value`: at once, or at the end of the current 250 ms window. It is encoded when it
  /// is written, and only if no newer value replaced it by then.
  func save(_ value: Value) {
    saves.save { [encode] in try encode(value) }
  }

  /// Delivers each value written from outside this process.
  func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    saves.target.watch { [saves, decode, name] in
      guard let data = try? saves.target.load(), !saves.isKnown(data) else { return }
      saves.remember(data)
      do {
        receive(try decode(data))
      } catch {
        reportIssue("\(name) was changed outside this process and does not decode as \(Value.self): \(error)")
      }
    }
  }

  /// Returns once every value saved so far is stored for good.
  func flush() async throws {
    try await saves.flush()
  }
}
