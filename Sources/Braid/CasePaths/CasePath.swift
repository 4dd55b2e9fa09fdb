// TEMPORARY stand-in until the reflection-based implementation lands.
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline let embedFunction: @Sendable (Value) -> Root
  @usableFromInline let extractFunction: @Sendable (Root) -> Value?
  public init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
    embedFunction = embed
    extractFunction = extract
  }
  @inlinable public func embed(_ value: Value) -> Root { embedFunction(value) }
  @inlinable public func extract(from root: Root) -> Value? { extractFunction(root) }
}
public prefix func / <Root, Value>(embed: @escaping @Sendable (Value) -> Root) -> CasePath<Root, Value> {
  CasePath(embed: embed, extract: { root in
    guard let child = Mirror(reflecting: root).children.first, let value = child.value as? Value else { return nil }
    let rebuilt = embed(value)
    return "\(rebuilt)" == "\(root)" ? value : nil
  })
}
prefix operator /
