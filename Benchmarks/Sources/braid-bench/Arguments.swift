/// The command line, parsed by hand (the benchmark package keeps its dependencies to the root
/// package and OpenCombine).
struct Arguments: Equatable {
  var filter: String?
  var quick = false
  var json = false
  var help = false

  static let usage = """
    usage: braid-bench [--filter NAME] [--quick] [--json] [--help]

      --filter NAME  run only the workloads whose name contains NAME (case-insensitive)
      --quick        a few iterations of each workload: proves they run, says nothing about speed
      --json         print the results as JSON instead of a table
      --help         print this text
    """

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(Failure) -> Arguments {
    var result = Arguments()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick":
        result.quick = true
      case "--json":
        result.json = true
      case "--help", "-h":
        result.help = true
      case "--filter":
        guard let name = remaining.popFirst(), !name.hasPrefix("--") else {
          throw Failure(description: "--filter needs a workload name")
        }
        result.filter = name
      default:
        if argument.hasPrefix("--filter=") {
          let name = String(argument.dropFirst("--filter=".count))
          guard !name.isEmpty else { throw Failure(description: "--filter needs a workload name") }
          result.filter = name
        } else {
          throw Failure(description: "unknown argument '\(argument)'")
        }
      }
    }
    return result
  }
}
