/// What a command's `validate()` found, kept for its `run()`, so that a check made before the
/// command runs is not made again when it runs (docs/DESIGN.md §18 (The command line)).
///
/// A stored property without an ArgumentParser wrapper: ArgumentParser reads nothing into it
/// from the command line (it keeps the property's initial value, empty), and `validate()`, which
/// ArgumentParser calls on the very value it then runs, fills it in.
public struct Validated<Value: Sendable>: Decodable, Sendable {
    /// The checked value; nil until `validate()` has run.
    public var value: Value?

    public init() {}

    /// Empty: nothing on the command line names it.
    public init(from decoder: any Decoder) throws {}
}
