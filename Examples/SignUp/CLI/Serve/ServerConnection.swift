import Braid
import BraidRecording
import Foundation
import SignUpFeature
import Synchronization
import UserDirectoryClient

#if canImport(Glibc)
  import Glibc
#endif

/// One client of `serve`: its socket, the threads that read and write it, and its own sign-up
/// store on a ``StoreActor``, which the client's lines drive.
///
/// The connection ends in one of three ways:
/// - The client closes its sending side: lines already received still run, and a sign-up in
///   flight completes. The connection answers with a state line; a client that has gone
///   altogether resets the connection in return, and is then treated as gone (below).
/// - The client is gone (the socket reset, or its output cannot be written): lines not yet
///   handled are dropped and a `wait` ends at once, but a sign-up in flight still completes,
///   so it is committed whole or not at all.
/// - The server ends it (it is stopping, or no line came for ``SignUpServer/Limits/idleTimeout``):
///   lines not yet handled are dropped and a `wait` ends at once; a sign-up in flight completes
///   and its outcome is sent before the socket closes.
/// The socket is closed once the reader, the writer and the session have all ended.
final class ServerConnection: Sendable {
  /// The connection's number, for logs.
  let id: Int
  private let descriptor: Int32
  private let reader: ConnectionReader
  let writer: ConnectionWriter
  private let lifetime: ConnectionLifetime
  let idleTimeout: Duration
  let log: @Sendable (String) -> Void
  private let isGone = Atomic<Bool>(false)
  /// The running `wait`, cancelled when the client is gone.
  private let currentWait = SanitizerVisibleMutex<Task<Void, Never>?>(nil)

  init(
    id: Int,
    descriptor: Int32,
    limits: SignUpServer.Limits,
    log: @escaping @Sendable (String) -> Void,
    onClosed: @escaping @Sendable (Int) -> Void
  ) {
    self.id = id
    self.descriptor = descriptor
    self.log = log
    idleTimeout = limits.idleTimeout
    let lifetime = ConnectionLifetime(descriptor: descriptor) { onClosed(id) }
    self.lifetime = lifetime
    let gone = GoneSignal()
    let writer = ConnectionWriter(
      descriptor: descriptor,
      limit: limits.pendingOutput,
      onFailure: { reason in
        log("connection \(id): closing: \(reason)")
        gone.fire()
      },
      onStopped: { lifetime.partEnded(.writer) }
    )
    self.writer = writer
    reader = ConnectionReader(
      descriptor: descriptor,
      lineLimit: limits.lineLength,
      events: ConnectionReader.Events(
        // Written to find out whether anyone still reads: a client that closed altogether
        // answers it with a reset, which the reader hears as a hang-up.
        endOfInput: { writer.writeLastStateAgain() },
        hangUp: {
          // After the connection's own shutdown the hang-up is its echo, not news.
          if !lifetime.hasShutDown { log("connection \(id): the client is gone; closing") }
          gone.fire()
        },
        stopped: { lifetime.partEnded(.reader) }
      )
    )
    gone.connect { [weak self] in self?.clientGone() }
  }

  /// Runs the session: the client's lines against a sign-up store of its own, until the client
  /// closes its side or is gone.
  func run(
    directory: UserDirectory, clock: any Clock<Duration>,
    recorder: TraceRecorder<SignUpForm.State, SignUpForm.Action>? = nil
  ) async {
    await session(directory: directory, clock: clock, inspector: recorder?.inspector)
    // The trace is complete before the socket closes: the session's last state is in it.
    do {
      try recorder?.close()
    } catch {
      log("connection \(id): the recording is incomplete: \(error)")
    }
    writer.finish()
    lifetime.partEnded(.session)
  }

  /// Ends the connection from the server's side (the server is stopping): lines not yet
  /// handled are dropped and a `wait` ends at once; a sign-up in flight completes and its
  /// outcome is written before the socket closes.
  func shutDown() {
    endInput()
  }

  /// Stops taking lines, keeping the output open.
  func endInput() {
    isGone.store(true, ordering: .releasing)
    reader.stop()
    currentWait.withLock { $0?.cancel() }
    lifetime.shutDownInput()
  }

  /// The client is gone: nothing more can be read or written.
  private func clientGone() {
    endInput()
    lifetime.shutDown()
  }

  private func session(
    directory: UserDirectory, clock: any Clock<Duration>,
    inspector: StoreInspector<SignUpForm.State, SignUpForm.Action>?
  ) async {
    let store = StoreActor(initialState: SignUpForm.State(), inspector: inspector) {
      SignUpForm()
    } withDependencies: {
      $0.userDirectory = directory
      $0.continuousClock = clock
    }
    // The states are taken before the observer starts, so the task does not hold the store:
    // the stream ends when the store is released, below.
    let states = await store.values(of: \.self)
    let writer = self.writer
    let observer = Task {
      for await state in states { writer.writeState(ServeOutput.state(state)) }
    }
    var submission: StoreTask?
    var number = 0
    var lines = reader.lines.makeAsyncIterator()
    while true {
      let idle = idleTimer(clock: clock)
      let next = await lines.next()
      idle.cancel()
      guard let line = next else { break }
      number += 1
      defer { reader.handled() }
      if isGone.load(ordering: .acquiring) { continue }
      switch line {
      case .tooLong:
        writer.write(ServeOutput.error(line: number, "line longer than \(reader.lineLimit) bytes; ignored"))
      case .invalidUTF8:
        writer.write(ServeOutput.error(line: number, "line is not UTF-8; ignored"))
      case .text(let text):
        await handle(text, number: number, store: store, clock: clock, submission: &submission)
      }
    }
    // A sign-up in flight completes even when the client is gone: committed whole or not at all.
    if let submission, await store.state.isSigningUp {
      log("connection \(id): completing the sign-up in flight before closing")
      await submission.finish()
    }
    _ = consume store
    await observer.value
  }

  private func handle(
    _ text: String,
    number: Int,
    store: StoreActor<SignUpForm.State, SignUpForm.Action>,
    clock: any Clock<Duration>,
    submission: inout StoreTask?
  ) async {
    let event: SignUpEvent?
    do {
      event = try SignUpEvent.parse(text)
    } catch {
      // Only what the parser shows goes back: the rest of a mistyped line may be a password.
      writer.write(ServeOutput.error(line: number, "\(error.reason): \(error.shown)"))
      return
    }
    switch event {
    case nil:
      return
    case .set(let field, let value):
      await store.send(SignUpEvent.action(field, value))
    case .wait(let duration):
      let wait = Task { _ = try? await clock.sleep(for: duration) }
      currentWait.withLock { $0 = wait }
      if isGone.load(ordering: .acquiring) { wait.cancel() }
      await wait.value
      currentWait.withLock { $0 = nil }
    case .submit:
      switch await Self.submit(store) {
      case .success(let task): submission = task
      case .failure(let refusal): writer.write(ServeOutput.error(line: number, refusal.message))
      }
    case .dismiss:
      await store.send(.alertDismissed)
    case .show:
      writer.write(ServeOutput.state(await store.state))
    }
  }

  /// Why a `submit` was not sent.
  struct Refusal: Error {
    let message: String
  }

  /// Presses Create if the form allows it, in one step on the store's actor.
  private static func submit(
    _ store: isolated StoreActor<SignUpForm.State, SignUpForm.Action>
  ) -> Result<StoreTask, Refusal> {
    let state = store.state
    if state.isSigningUp { return .failure(Refusal(message: "a sign-up is already in progress")) }
    guard state.isSignUpEnabled else {
      return .failure(Refusal(message: "cannot create the account: \(SignUpEvent.whyDisabled(state))"))
    }
    return .success(store.send(.createButtonTapped))
  }
}

/// Closes a connection's socket once its three parts (reader thread, writer thread, session)
/// have ended, and tells the server.
final class ConnectionLifetime: Sendable {
  private let descriptor: Int32
  /// The parts still running.
  private let running = SanitizerVisibleMutex<Set<Part>>([.reader, .writer, .session])
  private let isShutDown = Atomic<Bool>(false)

  /// The three parts of a connection.
  enum Part: Hashable {
    case reader, writer, session
  }
  private let onClosed: @Sendable () -> Void

  init(descriptor: Int32, onClosed: @escaping @Sendable () -> Void) {
    self.descriptor = descriptor
    self.onClosed = onClosed
  }

  func partEnded(_ part: Part) {
    let running = running.withLock { running in
      running.remove(part)
      return running
    }
    if running.isEmpty {
      close(descriptor)
      onClosed()
    } else if running == [.reader] {
      // The session and the writer are done, everything written: a reader still watching for
      // a hang-up is woken by the shutdown. Not before the writer is done: a stopping server
      // ends its readers first, and shutting the socket then lost the outcomes still queued
      // (SignUpServerLifetimeTests.aStoppingServerSendsTheOutcomeOfEverySignUpInFlight, 1 run
      // in 20 under load).
      shutDown()
    }
  }

  /// Whether ``shutDown()`` was called.
  var hasShutDown: Bool { isShutDown.load(ordering: .acquiring) }

  /// Shuts the socket's input down: a blocked read returns the end of input; output still goes.
  func shutDownInput() {
    guard !isShutDown.load(ordering: .acquiring) else { return }
    Glibc.shutdown(descriptor, Int32(SHUT_RD))
  }

  /// Shuts the socket down both ways, once: a blocked read returns the end of input, a blocked
  /// write fails, a reader watching for a hang-up wakes.
  func shutDown() {
    guard !isShutDown.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }
}

/// Lets the writer, made before the connection, reach it when the client is gone.
final class GoneSignal: Sendable {
  private struct State {
    var fired = false
    var action: (@Sendable () -> Void)?
  }
  private let state = SanitizerVisibleMutex(State())

  func connect(_ action: @escaping @Sendable () -> Void) {
    let fired = state.withLock { state in
      state.action = action
      return state.fired
    }
    if fired { action() }
  }

  func fire() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.fired else { return nil }
      state.fired = true
      return state.action
    }
    action?()
  }
}
