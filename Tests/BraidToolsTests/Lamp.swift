import Braid
import BraidExploration
import BraidTools

/// A lamp switched on and off, counting its switchings: the catalog tests' own feature, none of
/// the examples. `broken` planted a bug: a reset leaves the count below zero.
struct Lamp: Reducer {
  struct State: Equatable, Codable, Sendable {
    var isOn = false
    var switchings = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case switchTapped, resetTapped
  }

  var broken = false

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .switchTapped:
      state.isOn.toggle()
      state.switchings += 1
    case .resetTapped:
      state.switchings = broken ? -1 : 0
    }
    return .none
  }

  /// The lamp's entry, under `name`; `broken` plants the bug in its reducer.
  @MainActor static func entry(named name: String = "Lamp", broken: Bool = false) -> CatalogEntry {
    CatalogEntry(
      name, aliases: [name.lowercased()], module: "LampFeature", reducer: "Lamp()", { Lamp(broken: broken) },
      dependencies: DependencySetup(imports: ["LampClients"], "$0.continuousClock = ImmediateClock()") {
        $0.continuousClock = ImmediateClock()
      },
      exploration: FeatureExploration(node: { $0.isOn ? "on" : "off" }) {
        Exploration(
          initialState: State(), reducer: Lamp(broken: broken),
          actions: [.action("switch", weight: 3, .switchTapped), .action("reset", .resetTapped)],
          answers: { _, _ in .never },
          invariants: [.state("the count never goes below zero") { $0.switchings >= 0 }])
      })
  }
}
