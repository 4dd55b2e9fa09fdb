import BraidLocation

#if canImport(Glibc)
  import Glibc
#endif

extension LineConnection {
  /// The baud rates a serial source accepts, with their `termios` speed constants.
  static let baudRates: [Int: speed_t] = [
    1200: speed_t(B1200), 2400: speed_t(B2400), 4800: speed_t(B4800), 9600: speed_t(B9600),
    19200: speed_t(B19200), 38400: speed_t(B38400), 57600: speed_t(B57600), 115200: speed_t(B115200),
    230400: speed_t(B230400), 460800: speed_t(B460800), 921600: speed_t(B921600),
  ]

  /// Opens a serial device (`/dev/ttyUSB0`, `/dev/ttyACM0`, a pseudo-terminal) in raw mode at
  /// `baud`, 8 data bits, no parity, one stop bit, modem lines ignored.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when the device does not exist, is not a
  ///   terminal device, or the baud rate is not one of ``baudRates``;
  ///   ``LocationError/permissionDenied(_:)`` when this process may not open it.
  static func openSerial(path: String, baud: Int) throws(LocationError) -> LineConnection {
    guard let speed = baudRates[baud] else {
      let rates = baudRates.keys.sorted().map(String.init).joined(separator: ", ")
      throw .sourceUnavailable("\(path): unsupported baud rate \(baud) (use one of \(rates))")
    }
    let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      let reason = String(cString: strerror(code))
      if code == EACCES || code == EPERM {
        throw .permissionDenied("\(path): \(reason) (is this user in the device's group, often dialout?)")
      }
      throw .sourceUnavailable("\(path): \(reason)")
    }
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else {
      Glibc.close(descriptor)
      throw .sourceUnavailable("\(path): not a serial device")
    }
    cfmakeraw(&settings)
    settings.c_cflag |= tcflag_t(CLOCAL | CREAD)
    cfsetispeed(&settings, speed)
    cfsetospeed(&settings, speed)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
      let reason = String(cString: strerror(errno))
      Glibc.close(descriptor)
      throw .sourceUnavailable("\(path): cannot set raw mode at \(baud) baud: \(reason)")
    }
    return try LineConnection(descriptor: descriptor, name: path)
  }
}
