import Braid
import Foundation
import Testing

/// The README's Quick start compiles as pasted: `QuickStart.swift` in this target is its Swift
/// blocks marked `<!-- compiled: Tests/ReadmeTests/QuickStart.swift -->`, and the build of this
/// target is their build. These tests pin the two together and run what the blocks define.
@MainActor
struct ReadmeQuickStartTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let marker = "<!-- compiled: Tests/ReadmeTests/QuickStart.swift -->\n```swift\n"

  /// The Swift blocks after each marker in `text`, in order, each ending with a newline.
  static func compiledBlocks(of text: String) -> [String] {
    var blocks: [String] = []
    var rest = text[...]
    while let start = rest.range(of: marker) {
      guard let end = rest[start.upperBound...].range(of: "\n```\n") else { break }
      blocks.append(String(rest[start.upperBound..<end.lowerBound]) + "\n")
      rest = rest[end.upperBound...]
    }
    return blocks
  }

  @Test func theQuickStartBlocksAreThisTargetsSource() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = Self.compiledBlocks(of: readme)
    #expect(blocks.count == 2, "the README marks \(blocks.count) blocks as compiled")
    let source = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/ReadmeTests/QuickStart.swift"), encoding: .utf8)
    let code = source.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
    #expect(code == blocks.joined(separator: "\n"), "copy the README's Quick start blocks into QuickStart.swift")
  }

  @Test func theQuickStartsStoreCountsAndFactors() async {
    #expect(primeFactors(of: 12) == [2, 2, 3])
    #expect(primeFactors(of: 1) == [])
    #expect(primeFactors(of: 97) == [97])
    await countAndFactor()
  }

  @Test func aBlockIsFoundOnlyAfterItsMarker() {
    let text = "```swift\nnot this\n```\n\(Self.marker)let a = 1\n```\ntext\n\(Self.marker)let b = 2\n```\n"
    #expect(Self.compiledBlocks(of: text) == ["let a = 1\n", "let b = 2\n"])
  }
}
