/// A writable key path plus, when it names stored properties laid out inline, their byte
/// offset: reads and in-place modifications then go straight through a pointer instead of the
/// runtime's key-path machinery (which instantiates generic metadata on every application).
///
/// Computed properties and paths through classes have no offset and use the key path.
@usableFromInline
struct StatePath<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  @usableFromInline let offset: Int

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// The value in `root`.
  @inlinable
  func read(_ root: Root) -> Value {
    guard offset >= 0 else { return root[keyPath: keyPath] }
    return withUnsafeBytes(of: root) { bytes in
      bytes.baseAddress.unsafelyUnwrapped.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }

  /// Calls `body` with a pointer to the value in the root `root` points to: into the root itself
  /// for a stored property, to a copy for a computed one.
  @inlinable
  func withValue<Result>(in root: UnsafePointer<Root>, _ body: (UnsafePointer<Value>) -> Result) -> Result {
    guard offset >= 0 else { return withUnsafePointer(to: root.pointee[keyPath: keyPath], body) }
    return body(UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self))
  }

  /// The value in the root `root` points to, read without copying the root.
  @inlinable
  func read(pointee root: UnsafePointer<Root>) -> Value {
    guard offset >= 0 else { return root.pointee[keyPath: keyPath] }
    return UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
  }

  /// Runs `body` on the value in `root`, in place.
  ///
  /// - Precondition: the path was made from a `WritableKeyPath`.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard offset >= 0 else {
      // Safe: every modifying use builds the path from a `WritableKeyPath`.
      let writable = unsafeDowncast(keyPath, to: WritableKeyPath<Root, Value>.self)
      return body(&root[keyPath: writable])
    }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&bytes.baseAddress.unsafelyUnwrapped.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}
