import Braid

/// One row of the `forEach` rows: a counter with an id.
public struct RowFeature: Reducer {
  public struct State: Identifiable, Sendable {
    public let id: Int
    public var count = 0

    public init(id: Int) {
      self.id = id
    }
  }

  public enum Action: Sendable {
    case increment
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A list of rows run with `forEach`; the parent itself does nothing.
public struct RowsFeature: Reducer {
  public struct State: Sendable {
    public var title = "Rows"
    public var rows: IdentifiedArrayOf<RowFeature.State>

    public init(rowCount: Int) {
      rows = IdentifiedArray(uncheckedUniqueElements: (0..<rowCount).map { RowFeature.State(id: $0) })
    }
  }

  public enum Action: Sendable {
    case rows(IdentifiedActionOf<RowFeature>)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    EmptyReducer().forEach(\.rows, action: /Action.rows) { RowFeature() }
  }
}

/// The floor of the `forEach` and `IdentifiedArray` rows: a plain array of rows and a
/// dictionary from id to offset.
public struct HandIndexedRows: Sendable {
  public var rows: [RowFeature.State]
  public var offsets: [Int: Int]

  public init(rowCount: Int) {
    rows = (0..<rowCount).map { RowFeature.State(id: $0) }
    offsets = Dictionary(uniqueKeysWithValues: (0..<rowCount).map { ($0, $0) })
  }
}

/// The floor's row send: find the row's offset, increment it in place.
@inline(never)
public func handRowIncrement(_ rows: inout HandIndexedRows, id: Int) {
  guard let offset = rows.offsets[id] else { return }
  rows.rows[offset].count += 1
}
