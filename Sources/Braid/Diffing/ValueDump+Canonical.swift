extension ValueDump {
  /// A value's content as one line of text that is the same in every process and on every
  /// machine: dump hooks are left out (they change printing, never content), and dictionary and
  /// set entries are sorted by their text, not kept in their per-process hash order.
  ///
  /// What a trace's state digest is computed from.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The content on one line.
  package static func canonical(_ value: Any) -> String {
    Layout.oneLine(Reflector.rendering(value, usesHooks: false).node)
  }
}
