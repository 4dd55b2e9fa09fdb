import Foundation

/// The rule that decides when two usernames are the same: equal after Unicode compatibility
/// normalization (NFKC) and full Unicode case folding.
///
/// So `Émile`, `émile`, `E` + combining acute + `mile` and full-width `ＥＭＩＬＥ`'s lowercase
/// twin are one user, as are `Straße` and `STRASSE`; `Emile` without the accent is another.
/// Case folding, not lowercasing, because it is the Unicode operation for caseless matching
/// (`ß` folds to `ss`, final `ς` to `σ`); NFKC on both sides so look-alike compatibility forms
/// (full-width letters, ligatures such as `ﬁ`) cannot make a second account that reads the same.
package enum UsernameKey {
  /// The key under which `username` is unique in the directory.
  package static func of(_ username: String) -> String {
    username.precomposedStringWithCompatibilityMapping
      .folding(options: [.caseInsensitive], locale: nil)
      .precomposedStringWithCompatibilityMapping
  }
}
