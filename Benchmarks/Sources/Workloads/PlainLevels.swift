import Braid

// Ten plain (non-generic) levels of nesting around `RootFeature`, the usual shape of an app's
// features: `LevelK` holds `LevelK-1` at `\.child` and its actions in `Action.child`.

/// Plain nesting level 1.
public struct Level1: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = RootFeature.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(RootFeature.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { RootFeature() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { RootFeature.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 2.
public struct Level2: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level1.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level1.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level1() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level1.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 3.
public struct Level3: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level2.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level2.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level2() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level2.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 4.
public struct Level4: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level3.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level3.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level3() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level3.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 5.
public struct Level5: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level4.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level4.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level4() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level4.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 6.
public struct Level6: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level5.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level5.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level5() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level5.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 7.
public struct Level7: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level6.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level6.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level6() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level6.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 8.
public struct Level8: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level7.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level7.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level7() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level7.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 9.
public struct Level9: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level8.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level8.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level8() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level8.handReduce(&state.child, childAction) }
  }
}

/// Plain nesting level 10.
public struct Level10: Reducer, HandRoutable {
  public struct State: Sendable {
    public var child = Level9.State()
    public init() {}
  }

  public enum Action: Sendable {
    case child(Level9.Action)
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Level9() }
  }

  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action { Level9.handReduce(&state.child, childAction) }
  }
}
