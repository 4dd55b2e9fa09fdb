import BraidTrace

extension ReplayTool {
  /// The trace at `path` (a pipe's contents copied, since every read after the first goes to
  /// the copy), the catalog's entry named in its header, and its format version.
  static func open(
    _ path: String, catalog: FeatureCatalog
  ) throws -> (input: ReplayInput, entry: CatalogEntry, version: Int) {
    let input = try ReplayInput(path: path)
    let header = try TraceHeader.read(path: input.path)
    guard let entry = catalog.entries.first(where: { $0.name == header.feature }) else {
      throw CommandError.runtime(
        "\(path): a trace of \(header.feature), which this tool cannot replay "
          + "(its features: \(FeatureCatalog.list(catalog.entries.map(\.name))))")
    }
    return (input, entry, header.version)
  }

  /// `error` as the command reports it, naming the trace as the user gave it.
  static func commandError(_ error: any Error, path: String) -> CommandError {
    switch error {
    case let error as CommandError: error
    case let error as TraceError: .runtime("\(path): \(error)")
    default: .runtime("\(path): \(error)")
    }
  }
}
