import Braid
import BraidLocation
import BraidLocationLive
import Testing

extension StreamSourceTests {
  @Test func aSerialDeviceDeliversFixesThenReportsItsHangUpAndTriesAgain() async throws {
    let terminal = try PseudoTerminal()
    let clock = TestClock()
    let store = LiveLocationClientTests.store(
      .live(source: .serial(path: terminal.devicePath, baud: 9600), clock: clock))
    let task = store.send(.start)
    // The third sentence opens the next epoch, which closes the first.
    terminal.write(Self.epochs.joined() + "\u{0}\u{FF}binary noise\r\n$GPGGA,bad*00\r\n")
    await LiveLocationClientTests.until(store) { $0.fixes.count == 1 }
    #expect(store.state.authorizations == [.authorizedWhenInUse])
    #expect(store.state.fixes.first?.latitude == 41 + 34.49821229 / 60)
    // Unplugged: the last epoch is closed by the end of input, then the device is gone.
    terminal.hangUp()
    await LiveLocationClientTests.until(store) { !$0.errors.isEmpty }
    #expect(store.state.fixes.count == 2)
    #expect(store.state.errors == [.disconnected(terminal.devicePath)])
    // It opens the device again after one second of the injected clock; it is still gone.
    // Advanced only once the reconnecting task sleeps: a thread of the live client, which the
    // clock cannot settle (advanced before, the sleep began after and never ended: 1 run in 2
    // under the thread sanitizer with both cores busy).
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    await LiveLocationClientTests.until(store) { $0.errors.count == 2 }
    guard case .sourceUnavailable(let detail) = store.state.errors.last else {
      Issue.record("expected sourceUnavailable, got \(store.state.errors)")
      return
    }
    #expect(detail.hasPrefix(terminal.devicePath))
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    await Self.untilDescriptorsClosed()
  }

  @Test func stoppingASilentSerialDeviceClosesIt() async throws {
    // A receiver that never sends anything: the reading thread waits on the device and must
    // still wake and close it when the manager is destroyed.
    let terminal = try PseudoTerminal()
    let store = LiveLocationClientTests.store(.live(source: .serial(path: terminal.devicePath)))
    let task = store.send(.start)
    await Self.untilDescriptorsOpen(1)
    #expect(LineConnection.openDescriptorCount == 1)
    store.send(.stop)
    await task.finish()
    await Self.untilDescriptorsClosed()
    #expect(store.state.errors.isEmpty)
  }

  @Test func aMissingOrNonSerialDeviceOrBadBaudRateIsATypedError() async throws {
    let missing = LiveLocationClientTests.store(.live(source: .serial(path: "/dev/no-such-receiver")))
    let missingTask = missing.send(.start)
    await LiveLocationClientTests.until(missing) { !$0.errors.isEmpty }
    #expect(missing.state.authorizations == [.unavailable])
    // The source retries on the real clock: on a slow machine a second attempt may have failed
    // the same way before the state is read.
    let expected = LocationError.sourceUnavailable("/dev/no-such-receiver: No such file or directory")
    #expect(missing.state.errors.first == expected)
    #expect(missing.state.errors.allSatisfy { $0 == expected })
    missing.send(.stop)
    await missingTask.finish()

    let notATerminal = LiveLocationClientTests.store(.live(source: .serial(path: "/dev/null")))
    let notATerminalTask = notATerminal.send(.start)
    await LiveLocationClientTests.until(notATerminal) { !$0.errors.isEmpty }
    let notSerial = LocationError.sourceUnavailable("/dev/null: not a serial device")
    #expect(notATerminal.state.errors.first == notSerial)
    #expect(notATerminal.state.errors.allSatisfy { $0 == notSerial })
    notATerminal.send(.stop)
    await notATerminalTask.finish()

    let terminal = try PseudoTerminal()
    let badRate = LiveLocationClientTests.store(.live(source: .serial(path: terminal.devicePath, baud: 4801)))
    let badRateTask = badRate.send(.start)
    await LiveLocationClientTests.until(badRate) { !$0.errors.isEmpty }
    let rates = "1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600"
    let unsupported = LocationError.sourceUnavailable(
      "\(terminal.devicePath): unsupported baud rate 4801 (use one of \(rates))")
    #expect(badRate.state.errors.first == unsupported)
    #expect(badRate.state.errors.allSatisfy { $0 == unsupported })
    badRate.send(.stop)
    await badRateTask.finish()
    await Self.untilDescriptorsClosed()
  }
}
