import BraidTestSupport
import Foundation
import Testing

/// The TLS deployment the article "Running a Braid service on several machines" shows, run on
/// loopback by `Scripts/tls-test.sh`: a self-signed certificate, `braid-demo serve` behind
/// nginx's `stream` `ssl` listener, one sign-up through TLS with the certificate checked, and a
/// plain-text client refused on the TLS port.
struct ServeTLSProcessTests {
  static let isInstalled =
    ["/usr/sbin/nginx", "/usr/lib/nginx/modules/ngx_stream_module.so", "/usr/bin/openssl"]
    .allSatisfy { FileManager.default.fileExists(atPath: $0) }

  @Test(
    .needs(
      "nginx with its stream module, and openssl", isInstalled: isInstalled,
      package: "nginx libnginx-mod-stream openssl"))
  func aSignUpGoesThroughNginxsTLSListener() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("braid-tls-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let arguments = [
      "BRAID_DEMO=\(BraidDemoProcessTests.executable.path)", "/bin/bash",
      root.appendingPathComponent("Scripts/tls-test.sh").path, work.path,
    ]
    let result = try await onOwnThread { try ChildProcess.run("/usr/bin/env", arguments) }
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("tls: TLSv1."), "\(result.output)")
    #expect(
      result.output.hasSuffix("tls ok: one sign-up through nginx's TLS listener, 1 user stored\n"), "\(result.output)")
  }
}
