/// A framer used by one reading thread only, in its chunk and end callbacks.
package final class FramerBox: @unchecked Sendable {
  // Unchecked: only the reader's thread touches it, in its chunk and end callbacks, in turn.
  package var framer: LineFramer

  package init(_ framer: LineFramer) {
    self.framer = framer
  }
}
