/// A client command made by ``EffectResources/command(_:fileID:line:perform:)``, as the walk of
/// an effect's structure sees it: which kind of resource it addresses and under which id.
///
/// An effect whose parts are described rather than run (a test store's described mode) has no
/// resources, so its commands cannot run; the walk hands each one to the describer instead,
/// which tells whether a described effect holds the id.
package struct EffectCommand: Sendable {
  /// The type of the resource the command runs on, as printed.
  package let resource: String
  /// The cancellation id of the effect whose resource the command addresses.
  let id: AnyHashableSendable
  /// Where the command was made, for the issue reported when nothing holds the id.
  let fileID: StaticString
  let line: UInt

  /// The id, as printed (`"\(id)"`), as the inspection stream reports it.
  package var printedID: String { "\(id)" }

  /// Whether the part at `context`, started in `partScope`, is an effect this command reaches
  /// when it starts in `scope`: the same store and child instance, and the command's id among
  /// the part's cancellation ids, as ``EffectResources`` keys its resources.
  package func reaches(_ context: EffectLeafContext, startedIn partScope: EffectScope, from scope: EffectScope) -> Bool
  {
    partScope == scope && context.cancellationIDs.contains(id)
  }

  /// Reports that no effect holds the command's id where it started.
  func reportNoResource() {
    reportMisuse(
      "No effect with id \(id) holds a \(resource) in this store and child feature. Send commands after the effect that creates it starts, and before it ends.",
      fileID: fileID,
      line: line
    )
  }
}
