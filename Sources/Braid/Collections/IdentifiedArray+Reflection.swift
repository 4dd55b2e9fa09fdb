extension IdentifiedArray: CustomReflectable {
  /// The elements, in order, as an array shows them: dumps, diffs and debuggers list the
  /// elements rather than the array's storage.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
