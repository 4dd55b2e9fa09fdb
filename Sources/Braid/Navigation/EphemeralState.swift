/// State that is presented until its first action: alerts and dialogs. Presented with
/// ``Reducer/ifLet(_:action:fileID:line:)``, which needs no child reducer and dismisses it
/// after any of its actions.
public protocol EphemeralState {}
