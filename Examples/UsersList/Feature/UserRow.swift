import BraidFetchedResults

/// One user as the list shows it: a row of the sign-up example's `users` table.
public struct UserRow: Identifiable, Equatable, Sendable, Codable {
  /// The row's key.
  public var id: Int64
  /// The username.
  public var username: String
  /// The e-mail address.
  public var email: String

  /// A row.
  ///
  /// - Parameters:
  ///   - id: The row's key.
  ///   - username: The username.
  ///   - email: The e-mail address.
  public init(id: Int64, username: String, email: String) {
    self.id = id
    self.username = username
    self.email = email
  }

  /// The section a user is listed under when the list is sectioned: the username's initial.
  public var initial: String { username.first.map { String($0).uppercased() } ?? "" }

  /// The request for the users, by username, sectioned by initial or not.
  ///
  /// - Parameter sectioned: Whether to group the users by their initial.
  /// - Returns: The request.
  public static func request(sectioned: Bool) -> FetchRequest<UserRow> {
    FetchRequest(
      sql: sectioned
        ? "SELECT id, username, email, upper(substr(username, 1, 1)) AS initial FROM users ORDER BY initial, username COLLATE NOCASE"
        : "SELECT id, username, email FROM users ORDER BY username COLLATE NOCASE",
      sectionColumn: sectioned ? "initial" : nil
    ) { row in
      UserRow(id: try row.integer("id"), username: try row.text("username"), email: try row.text("email"))
    }
  }
}
