/// What an observer fetches: a `SELECT` with bound arguments, the column that names each row's
/// section, and how a row becomes an element.
///
/// ```swift
/// let users = FetchRequest<User>(
///   sql: "SELECT id, username FROM users WHERE username LIKE ? ORDER BY username",
///   arguments: [.text("a%")]
/// ) { row in
///   User(id: try row.integer("id"), name: try row.text("username"))
/// }
/// ```
///
/// Rows are told apart across fetches by their element's `id` (decode it from the table's key
/// column), so an edited row is an update, not a delete and an insert.
public struct FetchRequest<Element: Identifiable & Equatable & Sendable>: Sendable where Element.ID: Sendable {
  /// The query: one read-only `SELECT`, with `?` for each argument.
  public var sql: String
  /// The values bound to the query's `?`s, in order.
  public var arguments: [FetchValue]
  /// The column whose value names a row's section, or `nil` for one unnamed section. It must
  /// lead the `ORDER BY`, so each section's rows come together.
  public var sectionColumn: String?
  /// Turns a row into an element.
  public var decode: @Sendable (FetchedRow) throws -> Element

  /// A request.
  ///
  /// - Parameters:
  ///   - sql: One read-only `SELECT`.
  ///   - arguments: The values for its `?`s.
  ///   - sectionColumn: The column naming each row's section; it must lead the `ORDER BY`.
  ///   - decode: Turns a row into an element. A ``FetchedResultsError`` it throws is reported as
  ///     is; any other error as ``FetchedResultsError/decoding(_:)``.
  public init(
    sql: String,
    arguments: [FetchValue] = [],
    sectionColumn: String? = nil,
    decode: @escaping @Sendable (FetchedRow) throws -> Element
  ) {
    self.sql = sql
    self.arguments = arguments
    self.sectionColumn = sectionColumn
    self.decode = decode
  }
}
