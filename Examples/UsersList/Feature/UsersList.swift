import Braid
import BraidFetchedResults

/// The users list: observes the sign-up example's users, sorted by name and optionally sectioned
/// by initial, and keeps the count and a log of the last changes.
public struct UsersList: Reducer {
  /// The list's screen.
  public struct State: Equatable, Sendable, Codable {
    /// The users, as last fetched.
    public var users: FetchedResultsSnapshot<UserRow> = .empty
    /// Whether the users are grouped by initial.
    public var isSectioned = false
    /// The last changes, newest last, at most ``changeLogLength``.
    public var changeLog: [String] = []
    /// How many change sets have arrived.
    public var changeSets = 0
    /// The lines of the latest change set.
    public var latestChanges: [String] = []
    /// The newest failure, cleared by the next successful fetch.
    public var error: FetchedResultsError?
    /// Whether the first snapshot has arrived.
    public var isLoaded = false

    /// How many changes the log keeps.
    public static let changeLogLength = 8

    /// An empty list.
    public init() {}
  }

  /// What the user and the observer do.
  public enum Action: Equatable, Sendable, Codable {
    case toggleSectionsTapped
    case users(FetchedResultsEvent<UserRow>)
  }

  /// The id the list's observer runs under.
  public struct ObserverID: Hashable, Sendable {
    /// The id.
    public init() {}
  }

  @Dependency(\.usersObserver) var usersObserver

  /// Creates the feature.
  public init() {}

  /// The feature: the observer starts when it mounts and stops when it dismounts.
  public var body: some ReducerOf<Self> {
    Reduce(handle)
      .onMount { state in
        usersObserver.create(ObserverID(), UserRow.request(sectioned: state.isSectioned)).map(Action.users)
      }
      .onDismount { _ in usersObserver.destroy(ObserverID()).fireAndForget() }
  }

  /// Handles one action.
  func handle(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .toggleSectionsTapped:
      state.isSectioned.toggle()
      return usersObserver.update(ObserverID(), UserRow.request(sectioned: state.isSectioned)).fireAndForget()
    case .users(.initial(let users)):
      state.users = users
      state.isLoaded = true
      return .none
    case .users(.didChangeContent(let users, let changes)):
      state.latestChanges = Self.describe(changes, from: state.users, to: users)
      state.changeSets += 1
      state.changeLog = Array((state.changeLog + state.latestChanges).suffix(State.changeLogLength))
      state.users = users
      state.error = nil
      return .none
    case .users(.failed(let error)):
      state.error = error
      return .none
    }
  }

  /// One line per change: `+ name` inserted, `- name` deleted, `~ name` updated, `> name` moved.
  static func describe(
    _ changes: FetchedResultsChanges,
    from old: FetchedResultsSnapshot<UserRow>,
    to new: FetchedResultsSnapshot<UserRow>
  ) -> [String] {
    changes.deletes.map { "- \(old[$0].username)" } + changes.inserts.map { "+ \(new[$0].username)" }
      + changes.updates.map { path in
        let id = old[path].id
        let renamed = new.elements.first { $0.id == id }
        return "~ \(renamed?.username ?? old[path].username)"
      }
      + (keepsOrder(from: old, to: new) ? [] : changes.moves.map { "> \(new[$0.to].username)" })
  }

  /// Whether the users both snapshots hold are in the same order in both: then every move is
  /// only a change of section (grouping by initial turned on or off), not a user who moved.
  static func keepsOrder(from old: FetchedResultsSnapshot<UserRow>, to new: FetchedResultsSnapshot<UserRow>) -> Bool {
    let oldIDs = Set(old.elements.map(\.id))
    let newIDs = Set(new.elements.map(\.id))
    return old.elements.map(\.id).filter(newIDs.contains) == new.elements.map(\.id).filter(oldIDs.contains)
  }
}
