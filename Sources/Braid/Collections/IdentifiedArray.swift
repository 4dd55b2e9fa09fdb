// TEMPORARY stub
public struct IdentifiedArray<ID: Hashable, Element> {
  public var ids: [ID] = []
  var dict: [ID: Element] = [:]
  public subscript(id id: ID) -> Element? {
    get { dict[id] }
    set {
      if let newValue {
        if dict[id] == nil { ids.append(id) }
        dict[id] = newValue
      } else {
        dict[id] = nil
        ids.removeAll { $0 == id }
      }
    }
  }
}
