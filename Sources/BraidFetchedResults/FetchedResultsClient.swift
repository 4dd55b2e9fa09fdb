import Braid

/// A fetched-results observer as a dependency: `create` starts a long-lived effect that reports a
/// request's results and every change to them, keyed by an id, as the seed's
/// `NSFetchedResultsController` wrapper does.
///
/// ```swift
/// case .onAppear:
///   return users.create(UsersID(), request).map(Action.users)
/// case .filterChanged(let prefix):
///   return users.update(UsersID(), request(prefix)).fireAndForget()
/// case .onDisappear:
///   return users.destroy(UsersID()).fireAndForget()
/// ```
///
/// Commands addressed by id reach the observer created under that id in the same store and
/// child feature; they return `Effect<Never>`: merge them, or turn them into any action type
/// with `fireAndForget()`.
public struct FetchedResultsClient<Element: Identifiable & Equatable & Sendable>: Sendable where Element.ID: Sendable {
  /// Starts an observer of `request` under `id`: `.initial` first, then a `.didChangeContent`
  /// per committed change to the result. Creating under an id in use replaces that observer.
  public var create:
    @Sendable (_ id: any Hashable & Sendable, _ request: FetchRequest<Element>) -> Effect<FetchedResultsEvent<Element>>
  /// Stops the observer created under `id` and releases what it holds.
  public var destroy: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  /// Fetches again now (a change arrives only if the result differs).
  public var refetch: @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>
  /// Replaces the request (a new filter or sort) without tearing the observer down; the next
  /// event is the difference between the old request's result and the new one's.
  public var update: @Sendable (_ id: any Hashable & Sendable, _ request: FetchRequest<Element>) -> Effect<Never>

  /// A client with the given endpoints.
  ///
  /// - Parameters:
  ///   - create: Starts an observer.
  ///   - destroy: Stops one.
  ///   - refetch: Fetches again.
  ///   - update: Replaces the request.
  public init(
    create:
      @escaping @Sendable (_ id: any Hashable & Sendable, _ request: FetchRequest<Element>) -> Effect<
        FetchedResultsEvent<Element>
      >,
    destroy: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>,
    refetch: @escaping @Sendable (_ id: any Hashable & Sendable) -> Effect<Never>,
    update: @escaping @Sendable (_ id: any Hashable & Sendable, _ request: FetchRequest<Element>) -> Effect<Never>
  ) {
    self.create = create
    self.destroy = destroy
    self.refetch = refetch
    self.update = update
  }

  /// A client whose every endpoint reports that it was not meant to be reached, naming it: the
  /// `testValue` a test replaces with what it needs.
  public static var unimplemented: Self {
    Self(
      create: { _, _ in
        reportIssue("Unimplemented: FetchedResultsClient.create")
        return .none
      },
      destroy: { _ in
        reportIssue("Unimplemented: FetchedResultsClient.destroy")
        return .none
      },
      refetch: { _ in
        reportIssue("Unimplemented: FetchedResultsClient.refetch")
        return .none
      },
      update: { _, _ in
        reportIssue("Unimplemented: FetchedResultsClient.update")
        return .none
      }
    )
  }

  /// A client that reports one fixed snapshot and never changes: a preview value.
  ///
  /// - Parameter snapshot: What every observer reports.
  /// - Returns: The client.
  public static func constant(_ snapshot: FetchedResultsSnapshot<Element>) -> Self {
    Self(
      create: { _, _ in .send(.initial(snapshot)) },
      destroy: { _ in .none },
      refetch: { _ in .none },
      update: { _, _ in .none }
    )
  }
}
