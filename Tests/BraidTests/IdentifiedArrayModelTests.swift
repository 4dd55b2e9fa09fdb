import Braid
import Testing

private struct Entry: Identifiable, Equatable {
  let id: Int
  var title: String
}

/// Random sequences of operations, checked step by step against a plain array of the same
/// elements.
struct IdentifiedArrayModelTests {
  @Test(arguments: [1, 2, 3, 42])
  func randomOperationsMatchAnArrayModel(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    var subject = IdentifiedArrayOf<Entry>()
    var model: [Entry] = []
    for step in 0..<2_000 {
      let id = Int(random.next() % 40)
      let entry = Entry(id: id, title: "s\(step)")
      let modelOffset = model.firstIndex { $0.id == id }
      switch random.next() % 7 {
      case 0:
        subject.append(entry)
        if modelOffset == nil { model.append(entry) }
      case 1:
        let at = Int(random.next() % UInt64(model.count + 1))
        subject.insert(entry, at: at)
        if modelOffset == nil { model.insert(entry, at: at) }
      case 2:
        subject[id: id] = nil
        if let modelOffset { model.remove(at: modelOffset) }
      case 3:
        subject[id: id]?.title = entry.title
        if let modelOffset { model[modelOffset].title = entry.title }
      case 4:
        subject[id: id] = entry
        if let modelOffset { model[modelOffset] = entry } else { model.append(entry) }
      case 5 where !model.isEmpty:
        let from = Int(random.next() % UInt64(model.count))
        let to = Int(random.next() % UInt64(model.count + 1))
        subject.move(fromOffsets: [from], toOffset: to)
        model.insert(model[from], at: to)
        model.remove(at: from < to ? from : from + 1)
      default:
        subject.remove(id: id)
        if let modelOffset { model.remove(at: modelOffset) }
      }
      #expect(subject.elements == model)
      #expect(Array(subject.ids) == model.map(\.id))
      for (offset, entry) in model.enumerated() where subject.index(id: entry.id) != offset {
        Issue.record("Step \(step): id \(entry.id) indexed wrongly")
      }
    }
  }
}
