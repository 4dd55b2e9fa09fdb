/// How ``EffectResources`` reaches the inspection of the store an effect runs in: the store's
/// inspection, and the number there of the effect whose scope it is (`nil` for a command, which
/// belongs to the action that starts it).
struct ResourceReporter: Sendable {
  let inspection: any EffectInspecting
  let effect: Int?

  /// Reports that `resource`, kept under `id`, was inserted, commanded or torn down.
  func report(_ kind: ResourceChange.Kind, resource: String, id: String, path: [AnyHashableSendable]) {
    inspection.resourceChanged(ResourceChange(kind: kind, resource: resource, id: id, effect: effect), path: path)
  }
}
