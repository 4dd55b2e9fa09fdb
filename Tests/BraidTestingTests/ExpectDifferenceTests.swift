import Braid
import BraidTesting
import Testing

struct ExpectDifferenceTests {
  struct Profile: Equatable {
    var name: String
    var age: Int
  }

  @Test func noDifferencePassesSilently() {
    expectNoDifference(Profile(name: "Blob", age: 42), Profile(name: "Blob", age: 42))
    var profile = Profile(name: "Blob", age: 41)
    expectDifference(profile) {
      profile.age += 1
    } changes: {
      $0.age = 42
    }
  }

  @Test func aDifferenceFailsWithTheDiff() {
    withKnownIssue {
      expectNoDifference(Profile(name: "Blob", age: 41), Profile(name: "Blob", age: 42))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Difference: …

          ExpectDifferenceTests.Profile(
            name: "Blob",
        −   age: 41,
        +   age: 42,
          )

        (Expected: −, Actual: +)
        """
      ]
    }
  }

  @Test func anUnexpectedChangeFailsWithTheDiff() {
    var profile = Profile(name: "Blob", age: 41)
    withKnownIssue {
      expectDifference(profile) {
        profile.name = "Blob Jr."
      } changes: {
        $0.age = 42
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Difference: …

          ExpectDifferenceTests.Profile(
        −   name: "Blob",
        −   age: 42,
        +   name: "Blob Jr.",
        +   age: 41,
          )

        (Expected: −, Actual: +)
        """
      ]
    }
  }
}
