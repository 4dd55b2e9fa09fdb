/// The value witnesses of an enum type that extractions call.
///
/// Build it where it is used, from the type, rather than storing it: specialized for an enum
/// whose metadata is a constant (any non-generic enum of the module being compiled), the
/// witness table is a constant too, and the optimizer inlines the witnesses themselves, so that
/// reading a tag becomes a few instructions on the value's bits. Elsewhere it costs a cached
/// metadata access and two loads.
@usableFromInline
struct EnumWitnesses {
  /// The enum's type metadata, which both witnesses take as their last argument.
  @usableFromInline
  let metadata: UnsafeRawPointer

  /// `getEnumTag`.
  @usableFromInline
  let getTag: TypeMetadata.EnumTagFunction

  /// `destructiveProjectEnumData`.
  @usableFromInline
  let project: TypeMetadata.ProjectEnumDataFunction

  /// - Precondition: `Root` is an enum (a value witness table without enum witnesses is
  ///   shorter than the offsets read here).
  @inlinable
  @inline(__always)
  init<Root>(of _: Root.Type) {
    let metadata = TypeMetadata(Root.self)
    self.metadata = metadata.pointer
    self.getTag = metadata.enumTagFunction
    self.project = metadata.projectEnumDataFunction
  }

  /// The tag of the enum value at `pointer`: its case's index, payload cases first in
  /// declaration order, then the cases without payload.
  @inlinable
  func tag(at pointer: UnsafeRawPointer) -> Int {
    Int(getTag(pointer, metadata))
  }

  /// The tag of an enum value; see ``tag(at:)``.
  @inlinable
  func tag<Root>(of root: Root) -> Int {
    withUnsafePointer(to: root) { tag(at: UnsafeRawPointer($0)) }
  }
}
