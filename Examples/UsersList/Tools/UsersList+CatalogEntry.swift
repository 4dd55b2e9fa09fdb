import BraidFetchedResults
import BraidTools
import UsersListFeature

extension UsersList {
  /// The users list in the tools' catalog, for replay: its reducer builds its effects from the
  /// observer, and the stand-in is the test client, whose `create` is a subscription under the
  /// list's id, as the live one's is. It has no exploration.
  @MainActor public static var catalogEntry: CatalogEntry {
    CatalogEntry(
      "UsersList", aliases: ["users"], module: "UsersListFeature", reducer: "UsersList()", { UsersList() },
      dependencies: DependencySetup(
        imports: ["BraidFetchedResults"], "$0.usersObserver = FetchedResultsClient<UserRow>.controlled().client"
      ) { $0.usersObserver = FetchedResultsClient<UserRow>.controlled().client })
  }
}
