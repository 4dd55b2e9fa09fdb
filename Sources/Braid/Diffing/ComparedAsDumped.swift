/// A type whose dump mirror (``CustomDumpReflectable``) is all of its content: the fields the
/// mirror leaves out are bookkeeping that takes no part in `==` either, such as a
/// presentation's number or a stack's next id.
///
/// A test store compares a state that holds objects by its content frozen at each step, read
/// without dump hooks, since a user's hook may hide a field that matters. For these types the
/// mirror is read then too: an expected state written in a test never carries the bookkeeping
/// the reducer added, and a failure would show no difference.
package protocol ComparedAsDumped: CustomDumpReflectable {}

extension PresentationState: ComparedAsDumped {}

extension StackState: ComparedAsDumped {}
