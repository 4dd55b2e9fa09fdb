import Synchronization

/// How a reflective case path reads its case, learned on first use and then fixed.
///
/// Packed into one `Int` so that it can live in an `Atomic`: bit 0 says whether it has been
/// learned, bits 1...3 hold the ``Access``, the remaining bits the case's tag.
@usableFromInline
struct ExtractionPlan {
  /// How to produce the value once a root's tag matches.
  @usableFromInline
  enum Access: Int {
    /// Copy the payload out of the enum's own storage.
    case inline = 0
    /// Copy the payload out of the heap box an `indirect` case points to.
    case boxed = 1
    /// `Value` has a single value (`Void`, `Int.Type`): return it.
    case sole = 2
    /// The embed converts its argument (for example a case of `Any` used as `Value == Int`):
    /// go through `Mirror` and a dynamic cast, as slow as it is general.
    case reflected = 3
    /// The path never matches: `Root` is not an enum whose case can be read safely.
    case never = 4
  }

  @usableFromInline
  let rawValue: Int

  @inlinable
  init(rawValue: Int) {
    self.rawValue = rawValue
  }

  init(tag: Int, access: Access) {
    self.rawValue = tag << 4 | access.rawValue << 1 | 1
  }

  /// A plan that never matches, and never reads a root's tag (a non-enum has none).
  static var neverMatches: Self {
    Self(tag: 0, access: .never)
  }

  @inlinable
  var isLearned: Bool { rawValue & 1 != 0 }

  @inlinable
  var tag: Int { rawValue >> 4 }

  @inlinable
  var access: Access { Access(rawValue: rawValue >> 1 & 0b111) ?? .never }
}

/// The extraction half of a case path built from an enum case constructor alone.
///
/// On first use it learns which case `embed` builds by embedding a correctly typed value (the
/// root's own payload, found through `Mirror` and cast to `Value`) and reading the result's tag.
/// It then checks, once, that the case stores a `Value` exactly, and from then on extracts with
/// a tag comparison and a direct copy of the payload.
///
/// Racing first uses all compute the same plan and store it: the plan is a pure function of the
/// types and of `embed`, so whichever store lands last changes nothing.
@usableFromInline
final class EnumCaseExtractor<Root, Value>: Sendable {
  @usableFromInline
  let embed: @Sendable (Value) -> Root

  /// An ``ExtractionPlan`` raw value; `0` until learned.
  @usableFromInline
  let plan: Atomic<Int>

  /// Before the plan is learned: bit `n` set means tag `n` is known not to be `embed`'s case,
  /// which spares repeated `Mirror` work on actions of other cases.
  @usableFromInline
  let rejectedTags: Atomic<UInt64>

  @inlinable
  init(embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    self.plan = Atomic(0)
    self.rejectedTags = Atomic(0)
  }

  @inlinable
  func extract(from root: Root) -> Value? {
    var plan = ExtractionPlan(rawValue: self.plan.load(ordering: .acquiring))
    if !plan.isLearned {
      // Tags are only ever rejected once `Root` is known to be an enum, so reading one is safe.
      let rejected = rejectedTags.load(ordering: .relaxed)
      if rejected != 0 {
        let tag = EnumPayload.tag(of: root)
        if tag < UInt64.bitWidth && rejected & (1 << UInt64(tag)) != 0 { return nil }
      }
      guard let learned = learnPlan(from: root) else { return nil }
      plan = learned
    }
    guard plan.access != .never, EnumPayload.tag(of: root) == plan.tag else { return nil }
    switch plan.access {
    case .inline:
      return EnumPayload.payload(of: root, as: Value.self, boxed: false)
    case .boxed:
      return EnumPayload.payload(of: root, as: Value.self, boxed: true)
    case .sole:
      return EnumPayload.soleValue(of: Value.self)
    case .reflected:
      return reflectedPayload(of: root)
    case .never:
      return nil
    }
  }

  @usableFromInline
  func reflectedPayload(of root: Root) -> Value? {
    Mirror(reflecting: root).children.first?.value as? Value
  }

  /// Learns and publishes the plan, or returns `nil` when `root` cannot teach it: its payload
  /// is not a `Value`, so `root` is not in `embed`'s case (nor, when `embed` converts its
  /// argument, does this payload convert back).
  @usableFromInline
  func learnPlan(from root: Root) -> ExtractionPlan? {
    let rootType = TypeMetadata(Root.self)
    if let wrapped = rootType.optionalWrapped {
      // `Optional` has a custom mirror, but its one payload case, `some`, is tag 0 and holds a
      // `Wrapped`, stored as generic code stores it.
      let storesValue = wrapped.matchesIgnoringLabels(TypeMetadata(Value.self))
      return publish(ExtractionPlan(tag: 0, access: storesValue ? directAccess() : .reflected))
    }
    guard let cases = rootType.enumCases, !(Root.self is any CustomReflectable.Type) else {
      // Not an enum (a struct initializer, say), built without reflection metadata, or its
      // mirror is custom: nothing here can be trusted, so the path never matches.
      return publish(.neverMatches)
    }
    let sample: Value
    if let metatype = EnumPayload.soleMetatype(of: Value.self) {
      sample = metatype
    } else {
      let tag = EnumPayload.tag(of: root)
      // A case laid out without payload bytes cannot hold a `Value` that has some.
      if tag >= cases.payloadCaseCount && MemoryLayout<Value>.size > 0 {
        reject(tag)
        return nil
      }
      guard let child = Mirror(reflecting: root).children.first else {
        reject(tag)  // A case without associated value is never a constructor's case.
        return nil
      }
      guard let payload = child.value as? Value else {
        // The cast also fails for a payload that a converted `embed` would accept only some
        // values of (`Any` holding a `String`, when `Value` is `Int`): reject the whole case
        // only when its payload type cannot be the target of a conversion.
        if Self.staticType(of: child.value).admitsNoConversions { reject(tag) }
        return nil
      }
      sample = payload
    }
    let embedded = embed(sample)
    let tag = EnumPayload.tag(of: embedded)
    return publish(ExtractionPlan(tag: tag, access: access(for: embedded, tag: tag, in: cases)))
  }

  /// Decides how to read the case `embedded` is in, whose tag is `tag`.
  func access(for embedded: Root, tag: Int, in cases: EnumCases) -> ExtractionPlan.Access {
    guard tag < cases.count, let payload = Mirror(reflecting: embedded).children.first else {
      return .never
    }
    let valueType = TypeMetadata(Value.self)
    // A closure (or a tuple holding a closure or a metatype) may be stored in another
    // representation than a generic `Value` uses, unless the case declares a bare generic
    // parameter. No copy, and no `Mirror`, converts it back.
    if valueType.mayBeReabstracted && !valueType.isSingleValueMetatype
      && !cases.payloadIsGenericParameter(tag: tag)
    {
      return .never
    }
    guard Self.staticType(of: payload.value).matchesIgnoringLabels(valueType) else {
      return .reflected
    }
    if EnumPayload.hasAtMostOneValue(Value.self) { return .sole }
    return cases.isIndirect(tag: tag) ? .boxed : .inline
  }

  /// How to read a payload stored inline as a `Value`.
  func directAccess() -> ExtractionPlan.Access {
    EnumPayload.hasAtMostOneValue(Value.self) ? .sole : .inline
  }

  /// The type a `Mirror` child was stored as: the case's declared payload type, even when that
  /// is an existential such as `Any` (where `type(of:)` would look through to the contents).
  static func staticType(of value: Any) -> TypeMetadata {
    var container = value
    return withUnsafeMutablePointer(to: &container) { pointer in
      // An `Any` is a three-word inline buffer followed by the stored type's metadata.
      let type = UnsafeRawPointer(pointer).load(
        fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
      return TypeMetadata(pointer: type)
    }
  }

  func publish(_ plan: ExtractionPlan) -> ExtractionPlan {
    self.plan.store(plan.rawValue, ordering: .releasing)
    return plan
  }

  func reject(_ tag: Int) {
    guard tag < UInt64.bitWidth else { return }
    rejectedTags.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }
}
