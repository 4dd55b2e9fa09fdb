import BraidFetchedResults
import Testing
import UsersListFeature

@testable import UsersListCLI

struct UsersScreenTests {
  static func state(users count: Int) -> UsersList.State {
    var state = UsersList.State()
    state.isLoaded = true
    state.users = FetchedResultsSnapshot(
      (1...count).map { UserRow(id: Int64($0), username: "user\($0)", email: "user\($0)@example.com") })
    return state
  }

  @Test func aListTallerThanTheTerminalIsCutAndKeepsTitleAndCommandsOnScreen() {
    let lines = UsersScreen.screen(Self.state(users: 20), database: "users.sqlite", height: 19)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 18, "one line stays free for the cursor")
    #expect(lines.first == "Braid users — users.sqlite")
    #expect(lines.last == "  s + Enter: sections on/off   q + Enter: quit")
    #expect(lines.contains("  20 user(s)"))
    #expect(lines.contains("    user11  <user11@example.com>"))
    #expect(!lines.contains("    user12  <user12@example.com>"))
    #expect(lines.contains("  … 9 more line(s): make the terminal taller"))
  }

  @Test func aListThatFitsIsShownWhole() {
    let screen = UsersScreen.screen(Self.state(users: 3), database: "users.sqlite", height: 19)
    #expect(screen.contains("    user3  <user3@example.com>"))
    #expect(!screen.contains("more line(s)"))
    #expect(UsersScreen.screen(Self.state(users: 30), database: "users.sqlite", height: nil).contains("user30"))
  }

  /// `users --sections` without a terminal: the plain listing heads each initial's users, as
  /// the screen does; unsectioned, it prints the users alone.
  @Test func aSectionedPlainListingHeadsEachInitial() {
    let rows = [("alice", 1), ("amy", 2), ("bob", 3)].map {
      UserRow(id: Int64($0.1), username: $0.0, email: "\($0.0)@example.com")
    }
    let sectioned = FetchedResultsSnapshot(rows) { String($0.username.prefix(1)).uppercased() }
    #expect(
      UsersScreen.listing(sectioned) == [
        "# A", "= alice <alice@example.com>", "= amy <amy@example.com>", "# B", "= bob <bob@example.com>",
      ])
    #expect(UsersScreen.listing(FetchedResultsSnapshot(rows)).count == 3)
  }
}
