/// `value` laid out as failure messages show values (``ValueDump``), for messages built in
/// inlinable code.
@usableFromInline
func describeValue(_ value: Any) -> String {
  ValueDump.dump(value)
}
