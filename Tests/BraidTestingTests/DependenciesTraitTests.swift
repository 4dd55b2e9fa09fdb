import Braid
import BraidTesting
import Foundation
import Testing

@Suite(.dependencies { $0.timeZone = TimeZone(identifier: "Europe/Paris")! })
struct DependenciesTraitTests {
  @Test func aSuiteTraitSetsValuesForEveryTest() {
    #expect(DependencyValues.current.timeZone.identifier == "Europe/Paris")
  }

  @Test(.dependency(\.locale, Locale(identifier: "fr_FR")))
  func aTestTraitAddsToTheSuites() {
    #expect(DependencyValues.current.locale.identifier == "fr_FR")
    #expect(DependencyValues.current.timeZone.identifier == "Europe/Paris")
  }

  @Test(arguments: 0..<3)
  func eachTestCountsUUIDsFromZero(_ run: Int) {
    // Every test (and every case of it) has a scope of its own, so parallel runs never share
    // the counter.
    #expect(DependencyValues.current.uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(DependencyValues.current.uuid().uuidString == "00000000-0000-0000-0000-000000000001")
  }
}
