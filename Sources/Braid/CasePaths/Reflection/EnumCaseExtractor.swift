import Synchronization

/// How a reflective case path reads its case, learned on first use and then fixed.
///
/// Packed into one `Int` so that it can live in an `Atomic`: bit 0 says whether it has been
/// learned, bits 1...3 hold the ``Access``, bits 4 and 5 the flags below, the remaining bits
/// the case's tag.
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

  /// - Parameters:
  ///   - projects: The case packs tag bits into its payload, which must be cleared first.
  ///   - matchesEveryTag: The enum has a single case, so every root is in it.
  init(tag: Int, access: Access, projects: Bool = false, matchesEveryTag: Bool = false) {
    let flags = (projects ? 0x10 : 0) | (matchesEveryTag ? 0x20 : 0)
    self.rawValue = tag << 8 | flags | access.rawValue << 1 | 1
  }

  /// A plan that never matches, and never reads a root's tag (a non-enum has none).
  static var neverMatches: Self {
    Self(tag: 0, access: .never)
  }

  @inlinable
  var isLearned: Bool { rawValue & 1 != 0 }

  @inlinable
  var tag: Int { rawValue >> 8 }

  @inlinable
  var projects: Bool { rawValue & 0x10 != 0 }

  @inlinable
  var matchesEveryTag: Bool { rawValue & 0x20 != 0 }

  /// Whether the plan is learned and reads the payload without help: inline, boxed or sole,
  /// with no tag bits to clear.
  @inlinable
  var isDirect: Bool {
    // The learned bit, the access (inline 0, boxed 1, sole 2) and `projects`.
    let key = rawValue & 0x1F
    return key & 1 != 0 && key <= 5
  }

  // Spelled out rather than `Access(rawValue:)`, which is not inlinable and would stay a call.
  @inlinable
  var access: Access {
    switch rawValue >> 1 & 0b111 {
    case 0: .inline
    case 1: .boxed
    case 2: .sole
    case 3: .reflected
    default: .never
    }
  }
}

/// The extraction half of a case path built from an enum case constructor alone.
///
/// On first use it learns which case `embed` builds by embedding a correctly typed value (the
/// root's own payload, found through `Mirror` and cast to `Value`) and reading the result's tag.
/// It then checks, once, that the case stores a `Value` exactly, and from then on extracts with
/// a tag comparison and a direct copy of the payload.
///
/// What an extraction needs beyond the enum's witnesses is read when the path is built or when
/// it learns (the plan), so that a specialized extraction instantiates no type metadata.
///
/// Racing first uses all compute the same plan and store it: the plan is a pure function of the
/// types and of `embed`, so whichever store lands last changes nothing.
@usableFromInline
final class EnumCaseExtractor<Root, Value>: Sendable {
  @usableFromInline
  let embed: @Sendable (Value) -> Root

  /// `Value`'s only value when it is a metatype no subclass can stand in for, else `0`.
  @usableFromInline
  let soleMetatype: UInt

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
    self.soleMetatype = EnumPayload.soleMetatypeBits(of: Value.self)
    self.plan = Atomic(0)
    self.rejectedTags = Atomic(0)
  }

  /// The enum's witnesses. Only valid once `Root` is known to be an enum.
  @inlinable
  var witnesses: EnumWitnesses { EnumWitnesses(of: Root.self) }

  @inlinable
  @inline(__always)
  func extract(from root: Root) -> Value? {
    let plan = ExtractionPlan(rawValue: self.plan.load(ordering: .acquiring))
    guard _fastPath(plan.isDirect) else {
      guard plan.isLearned else { return extractBeforeLearning(from: root) }
      return extract(from: root, following: plan)
    }
    // Specialized, this is a tag comparison (unless the enum has one case) and a load.
    return withUnsafePointer(to: root) { pointer in
      guard plan.matchesEveryTag || witnesses.tag(at: pointer) == plan.tag else { return nil }
      if plan.access == .sole {
        return EnumPayload.soleValue(of: Value.self, metatype: soleMetatype)
      }
      return EnumPayload.read(Value.self, from: pointer, boxed: plan.access == .boxed)
    }
  }

  /// Extracts with any plan, learned or not, that is not ``ExtractionPlan/isDirect``.
  @inlinable
  func extract(from root: Root, following plan: ExtractionPlan) -> Value? {
    guard plan.isLearned else { return extractBeforeLearning(from: root) }
    switch plan.access {
    case .sole:
      guard plan.matchesEveryTag || witnesses.tag(of: root) == plan.tag else { return nil }
      return EnumPayload.soleValue(of: Value.self, metatype: soleMetatype)
    case .inline, .boxed:
      return withUnsafePointer(to: root) { pointer in
        guard plan.matchesEveryTag || witnesses.tag(at: pointer) == plan.tag else { return nil }
        return EnumPayload.payload(
          at: pointer, as: Value.self, boxed: plan.access == .boxed, projects: plan.projects,
          witnesses: witnesses)
      }
    case .reflected:
      guard witnesses.tag(of: root) == plan.tag else { return nil }
      return reflectedPayload(of: root)
    case .never:
      return nil
    }
  }

  /// Extracts before the plan is learned: cheaply rejects the cases already seen not to be
  /// `embed`'s, and otherwise tries to learn from `root`.
  @inlinable
  func extractBeforeLearning(from root: Root) -> Value? {
    // Tags are only ever rejected once `Root` is known to be an enum, so reading one is safe.
    let rejected = rejectedTags.load(ordering: .relaxed)
    if rejected != 0 {
      let tag = witnesses.tag(of: root)
      if tag < UInt64.bitWidth && rejected & (1 << UInt64(tag)) != 0 { return nil }
    }
    return learnAndExtract(from: root)
  }

  /// Learns the plan from `root` if it can, then extracts with it, in unspecialized code.
  @usableFromInline
  func learnAndExtract(from root: Root) -> Value? {
    guard let plan = learnPlan(from: root) else { return nil }
    return extract(from: root, following: plan)
  }

  @usableFromInline
  func reflectedPayload(of root: Root) -> Value? {
    guard let child = Mirror(reflecting: root).children.first else { return nil }
    return ReflectedPayload.declared(of: child.value).value as? Value
  }
}

// MARK: - Learning

extension EnumCaseExtractor {
  /// Learns and publishes the plan, or returns `nil` when `root` cannot teach it: its payload
  /// is not a `Value`, so `root` is not in `embed`'s case (nor, when `embed` converts its
  /// argument, does this payload convert back).
  func learnPlan(from root: Root) -> ExtractionPlan? {
    let rootType = TypeMetadata(Root.self)
    if let wrapped = rootType.optionalWrapped {
      // `Optional` has a custom mirror, but its one payload case, `some`, is tag 0 and holds a
      // `Wrapped`, stored as generic code stores it. A single-payload enum packs no tag bits
      // into its payload.
      guard wrapped.matchesIgnoringLabels(TypeMetadata(Value.self)) else {
        return publish(ExtractionPlan(tag: 0, access: .reflected))
      }
      let sole = EnumPayload.hasAtMostOneValue(Value.self)
      return publish(ExtractionPlan(tag: 0, access: sole ? .sole : .inline))
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
      let tag = witnesses.tag(of: root)
      // A case laid out without payload bytes cannot hold a `Value` that has some.
      if tag >= cases.payloadCaseCount && MemoryLayout<Value>.size > 0 {
        reject(tag)
        return nil
      }
      guard let child = Mirror(reflecting: root).children.first else {
        reject(tag)  // A case without associated value is never a constructor's case.
        return nil
      }
      let declared = ReflectedPayload.declared(of: child.value)
      guard let payload = declared.value as? Value else {
        // The cast also fails for a payload that a converted `embed` would accept only some
        // values of (`Any` holding a `String`, when `Value` is `Int`): reject the whole case
        // only when its payload type cannot be the target of a conversion.
        if declared.type.admitsNoConversions { reject(tag) }
        return nil
      }
      sample = payload
    }
    let embedded = embed(sample)
    let tag = witnesses.tag(of: embedded)
    return publish(plan(for: embedded, tag: tag, in: cases))
  }

  /// Decides how to read the case `embedded` is in, whose tag is `tag`.
  func plan(for embedded: Root, tag: Int, in cases: EnumCases) -> ExtractionPlan {
    guard tag < cases.count, let payload = Mirror(reflecting: embedded).children.first else {
      return .neverMatches
    }
    let valueType = TypeMetadata(Value.self)
    let matchesEveryTag = cases.count == 1
    // A closure (or a tuple holding a closure or a metatype) may be stored in another
    // representation than a generic `Value` uses, unless the case declares a bare generic
    // parameter. No copy, and no `Mirror`, converts it back. (Specialized code keeps the
    // generic representation for `Value`, so the cases that do match read correctly there.)
    if valueType.mayBeReabstracted && !valueType.isSingleValueMetatype
      && !cases.payloadIsGenericParameter(tag: tag)
    {
      return .neverMatches
    }
    guard ReflectedPayload.declared(of: payload.value).type.matchesIgnoringLabels(valueType) else {
      return ExtractionPlan(tag: tag, access: .reflected)
    }
    if EnumPayload.hasAtMostOneValue(Value.self) {
      return ExtractionPlan(tag: tag, access: .sole, matchesEveryTag: matchesEveryTag)
    }
    // Tag bits packed into the payload are the same for every value of a case (an enum stores
    // exactly its case's tag in them): one value in the case tells whether there are any.
    let projects = EnumPayload.projectionChangesBytes(of: embedded, witnesses)
    return ExtractionPlan(
      tag: tag, access: cases.isIndirect(tag: tag) ? .boxed : .inline, projects: projects,
      matchesEveryTag: matchesEveryTag)
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
