import AppFeature
import Braid
import Foundation
import SignUpFeature

/// A running `braid-demo app`: its store, and the work its verbs started that a script waits
/// for before it goes on.
///
/// A script runs on a test clock that only `wait` moves, so the counter's timer, the username
/// check's pause and the location log's pace all move with the script. Work that ends on its
/// own (a factoring, a sign-up, a screen's teardown) is waited for at the next `wait`; a
/// screen's long-lived work (the location source, the users observer) is ended by its pop and
/// waited for there: a pop returns once the screen's effects have ended. (The live clients'
/// own threads close their descriptors as those effects end; the users observer's reader
/// thread a moment after.)
@MainActor
final class AppSession {
  let store: Store<DemoApp.State, DemoApp.Action>
  /// The script's clock; `nil` on a terminal, where time is real.
  let clock: TestClock<Duration>?
  /// Work that ends on its own, with the instant from which it no longer sleeps on `clock`
  /// (`nil`: from now).
  private var pending: [(task: StoreTask, due: TestClock<Duration>.Instant?)] = []
  /// Each pushed screen's long-lived work: the push that mounted it.
  private var mounts: [StackElementID: StoreTask] = [:]

  /// How long a screen's source may take to open, or its teardown to finish, before the session
  /// says so and goes on.
  static let patience = Duration.seconds(10)

  init(store: Store<DemoApp.State, DemoApp.Action>, clock: TestClock<Duration>?) {
    self.store = store
    self.clock = clock
  }

  /// Performs `verb`; a problem worth saying (a source that did not open in time) is returned.
  func perform(_ verb: AppVerb) async -> String? {
    switch verb {
    case .push(let screen):
      let before = store.state.path.ids
      let task = store.send(.pushTapped(screen))
      guard let id = store.state.path.ids.last, !before.contains(id) else { return nil }
      mounts[id] = task
      return await waitUntilMounted(screen)
    case .pop:
      return await ended(store.send(.popTapped))
    case .quit:
      if store.state.quitConfirmation != nil {
        return await ended(store.send(.quitConfirmation(.presented(.quitTapped))))
      }
      return await ended(store.send(.quitTapped))
    case .stay:
      track(store.send(.quitConfirmation(.presented(.stayTapped))))
      await settle()
      return nil
    case .wait(let duration):
      if let clock { await clock.advance(by: duration) }
      await settle()
      await quiesce()
      return nil
    case .show:
      // What is on its way now, but no waiting for work in flight: a sign-up shows as in
      // flight until a `wait`.
      await quiesce()
      return nil
    case .screen(let action):
      guard let id = store.state.path.ids.last else { return nil }
      let wasChecking = store.state.path.last.map(Self.isCheckingUsername) ?? false
      let sleepers = clock?.pendingSleepers ?? 0
      let task = store.send(.path(.element(id: id, action: action)))
      if let clock, let top = store.state.path.last, Self.isCheckingUsername(top) {
        // The check waits out its pause on `clock`: let it go to sleep before a later `wait`
        // moves time, or it would sleep from the later time. A check it replaced stops sleeping.
        await clock.waitForSleepers(wasChecking ? sleepers : sleepers + 1, timeout: Self.patience)
        pending.append((task, clock.now.advanced(by: SignUpForm.availabilityDebounce)))
      } else if case .counter(.timerButtonTapped) = action {
        // The timer runs until stopped or popped: it is long-lived work, not waited for.
      } else {
        track(task)
      }
      if case .location(.toggleTrackingTapped) = action {
        let problem = await waitUntilTracking()
        await waitForReplay(beyond: sleepers)
        return problem
      }
      return nil
    }
  }

  /// Ends the session: answers a sheet left up with `stay`, lets the work in flight finish,
  /// and quits, which pops every screen.
  func end() async {
    if store.state.quitConfirmation != nil { _ = await perform(.stay) }
    await settle()
    for (task, _) in pending { task.cancel() }
    pending.removeAll()
    if store.state.quitConfirmation == nil, !store.state.hasQuit { _ = await perform(.quit) }
    // A sign-up still in flight asked first: quit anyway.
    if store.state.quitConfirmation != nil { _ = await perform(.quit) }
  }

  /// Tracks work that ends on its own.
  private func track(_ task: StoreTask) {
    pending.append((task, nil))
  }

  /// Waits for the work that no longer sleeps on the clock.
  func settle() async {
    let now = clock?.now
    let isDue = { (due: TestClock<Duration>.Instant?) in due.map { due in now.map { due <= $0 } ?? true } ?? true }
    let due = pending.filter { isDue($0.due) }
    pending.removeAll { isDue($0.due) }
    for (task, _) in due { await task.finish() }
  }

  /// Waits for `task` (a pop or a quit), then for the long-lived work of every screen it
  /// popped to end: the screen's source or connection is closed when this returns.
  private func ended(_ task: StoreTask) async -> String? {
    await task.finish()
    await settle()
    let open = Set(store.state.path.ids)
    let popped = mounts.filter { !open.contains($0.key) }
    for (id, mount) in popped {
      mounts[id] = nil
      guard await finishes(mount) else { return "a popped screen's work did not end within \(Self.patience)" }
    }
    return nil
  }

  /// Whether `task` finished within ``patience``.
  private func finishes(_ task: StoreTask) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await task.finish()
        return true
      }
      group.addTask { (try? await Task.sleep(for: Self.patience)) == nil }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  /// Waits until the screen just pushed has its source ready (or has failed to open it), so
  /// that what the script shows next does not depend on how fast the disk is.
  private func waitUntilMounted(_ screen: DemoApp.Screen) async -> String? {
    let isMounted: @Sendable (DemoApp.State) -> Bool = { state in
      switch state.path.last {
      case .location(let tracker)?: tracker.authorization != .notDetermined
      case .users(let users)?: users.isLoaded || users.error != nil
      default: true
      }
    }
    return await waitUntil(isMounted) ? nil : "\(screen.title) did not open its source within \(Self.patience)"
  }

  /// Waits until a tracker that just started tracking has its source open, or an error.
  private func waitUntilTracking() async -> String? {
    let isOpen: @Sendable (DemoApp.State) -> Bool = { state in
      guard case .location(let tracker)? = state.path.last, tracker.isTracking else { return true }
      return tracker.source.isOpen || tracker.error != nil
    }
    return await waitUntil(isOpen) ? nil : "the location source did not open within \(Self.patience)"
  }

  /// Waits until a replay that just started is paced on the clock: it has delivered its first
  /// fix and sleeps until the next (or it has ended), so a later `wait` moves it.
  private func waitForReplay(beyond sleepers: Int) async {
    guard let clock else { return }
    let start = ContinuousClock.now
    while clock.pendingSleepers <= sleepers, ContinuousClock.now - start < Self.patience {
      guard case .location(let tracker)? = store.state.path.last, tracker.isTracking, tracker.error == nil else {
        break
      }
      await clock.waitForSleepers(sleepers + 1, timeout: .milliseconds(100))
    }
    await quiesce()
  }

  /// Lets the actions already on their way to the store (a fix a replay delivered, a row the
  /// observer read) be reduced: yields until the state has stayed the same for a few turns.
  private func quiesce() async {
    var last = store.state
    var quietTurns = 0
    for _ in 0..<1_000 where quietTurns < 10 {
      await Task.yield()
      let state = store.state
      if state == last {
        quietTurns += 1
      } else {
        quietTurns = 0
        last = state
      }
    }
  }

  /// Whether the state meets `condition` within ``patience``.
  private func waitUntil(_ condition: @escaping @Sendable (DemoApp.State) -> Bool) async -> Bool {
    if condition(store.state) { return true }
    let states = store.values(of: \.self)
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await state in states where condition(state) { return true }
        return false
      }
      group.addTask { (try? await Task.sleep(for: Self.patience)) == nil }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  /// Whether `screen` is a sign-up form waiting to check its username.
  private static func isCheckingUsername(_ screen: DemoApp.Path.State) -> Bool {
    if case .signUp(let form) = screen, form.availability == .validating { return true }
    return false
  }
}
