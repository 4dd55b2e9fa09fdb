extension ServerConnection {
  /// Ends the input once no line has come for ``SignUpServer/Limits/idleTimeout`` on `clock`,
  /// saying so to the client; cancelled when a line comes.
  func idleTimer(clock: any Clock<Duration>) -> Task<Void, Never> {
    let timeout = idleTimeout
    return Task { [weak self] in
      guard (try? await clock.sleep(for: timeout)) != nil, let self else { return }
      let seconds = timeout.components.seconds
      log("connection \(id): no line for \(seconds) s; closing")
      writer.write(ServeOutput.error(line: 0, "no line for \(seconds) s; closing the connection"))
      endInput()
    }
  }
}
