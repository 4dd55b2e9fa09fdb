import Braid
import BraidFetchedResults
import BraidTesting
import Testing
import UsersListFeature

@MainActor
@Suite(.checksStoreLeaks)
struct UsersListTests {
  static let alice = UserRow(id: 1, username: "alice", email: "alice@example.com")
  static let bob = UserRow(id: 2, username: "bob", email: "bob@example.com")
  static let carol = UserRow(id: 3, username: "carol", email: "carol@example.com")

  @Test func listsUsersAndLogsEachChange() async {
    let (client, control) = FetchedResultsClient<UserRow>.controlled()
    let store = TestStore(initialState: UsersList.State()) {
      UsersList()
    } withDependencies: {
      $0.usersObserver = client
    }
    // The observer starts when the feature mounts: no action needed.
    let first = FetchedResultsSnapshot([Self.alice, Self.bob])
    control.publish(first, to: UsersList.ObserverID())
    await store.receive(.users(.initial(first))) {
      $0.users = first
      $0.isLoaded = true
    }
    // Bob renamed to "zed" (moves to the end), Carol signs up, Alice leaves.
    var zed = Self.bob
    zed.username = "zed"
    let second = FetchedResultsSnapshot([Self.carol, zed])
    control.publish(second, to: UsersList.ObserverID())
    var changes = FetchedResultsChanges()
    changes.deletes = [FetchedIndexPath(section: 0, item: 0)]
    changes.inserts = [FetchedIndexPath(section: 0, item: 0)]
    changes.updates = [FetchedIndexPath(section: 0, item: 1)]
    await store.receive(.users(.didChangeContent(second, changes))) {
      $0.users = second
      $0.latestChanges = ["- alice", "+ carol", "~ zed"]
      $0.changeSets = 1
      $0.changeLog = ["- alice", "+ carol", "~ zed"]
    }
    // The same snapshot again: nothing to report.
    control.publish(second, to: UsersList.ObserverID())
    control.fail(.locked("users.sqlite: database is locked"), to: UsersList.ObserverID())
    await store.receive(.users(.failed(.locked("users.sqlite: database is locked")))) {
      $0.error = .locked("users.sqlite: database is locked")
    }
    await store.send(.toggleSectionsTapped) { $0.isSectioned = true }
    await store.dismount()
    #expect(
      control.commands(for: UsersList.ObserverID()) == [
        .create(sql: UserRow.request(sectioned: false).sql, arguments: []),
        .update(sql: UserRow.request(sectioned: true).sql, arguments: []),
        .destroy,
      ])
    #expect(control.runningObservers(for: UsersList.ObserverID()) == 0)
  }

  @Test func groupingByInitialIsNotReportedAsMoves() async {
    let (client, control) = FetchedResultsClient<UserRow>.controlled()
    let store = TestStore(initialState: UsersList.State()) {
      UsersList()
    } withDependencies: {
      $0.usersObserver = client
    }
    let zoe = UserRow(id: 4, username: "zoe", email: "zoe@example.com")
    let flat = FetchedResultsSnapshot([Self.alice, Self.bob, zoe])
    control.publish(flat, to: UsersList.ObserverID())
    await store.receive(.users(.initial(flat))) {
      $0.users = flat
      $0.isLoaded = true
    }
    await store.send(.toggleSectionsTapped) { $0.isSectioned = true }
    let sectioned = FetchedResultsSnapshot([Self.alice, Self.bob, zoe]) { String($0.username.prefix(1)).uppercased() }
    control.publish(sectioned, to: UsersList.ObserverID())
    await store.receive(/UsersList.Action.users) {
      $0.users = sectioned
      $0.changeSets = 1
    }
    // A real move is still reported: bob renamed to "zz" now sorts after zoe.
    var zz = Self.bob
    zz.username = "zz"
    let renamed = FetchedResultsSnapshot([Self.alice, zoe, zz]) { String($0.username.prefix(1)).uppercased() }
    control.publish(renamed, to: UsersList.ObserverID())
    await store.receive(/UsersList.Action.users) {
      $0.users = renamed
      $0.changeSets = 2
      $0.latestChanges = ["> zz"]
      $0.changeLog = ["> zz"]
    }
    await store.dismount()
  }
}
