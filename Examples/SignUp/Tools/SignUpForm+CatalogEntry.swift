import BraidTools
import SignUpFeature
import UserDirectoryClient

extension SignUpForm {
  /// The sign-up form in the tools' catalog. Its reducer captures the directory for its
  /// effects, which replay never runs: a directory that answers nothing stands in. Explored
  /// with ``SignUpExploration``, its effects answered or (`--run-effects`) run.
  @MainActor public static var catalogEntry: CatalogEntry {
    CatalogEntry(
      "SignUp", aliases: ["signup"], module: "SignUpFeature", reducer: "SignUpForm()", { SignUpForm() },
      dependencies: DependencySetup(imports: ["UserDirectoryClient"], "$0.userDirectory = .noop") {
        $0.userDirectory = .noop
      },
      exploration: FeatureExploration(
        node: SignUpExploration.node, runningEffects: { SignUpExploration.runningExploration() }
      ) { SignUpExploration.exploration() })
  }
}
