import Braid
import BraidFetchedResults

/// The users observer the list depends on; the CLI sets the live one.
public enum UsersObserverKey: TestDependencyKey {
  public static var testValue: FetchedResultsClient<UserRow> { .unimplemented }
  public static var previewValue: FetchedResultsClient<UserRow> {
    .constant(
      FetchedResultsSnapshot([
        UserRow(id: 1, username: "alice", email: "alice@example.com"),
        UserRow(id: 2, username: "bob", email: "bob@example.com"),
      ]))
  }
}

extension DependencyValues {
  /// The observer of the sign-up example's `users` table.
  public var usersObserver: FetchedResultsClient<UserRow> {
    get { self[UsersObserverKey.self] }
    set { self[UsersObserverKey.self] = newValue }
  }
}
