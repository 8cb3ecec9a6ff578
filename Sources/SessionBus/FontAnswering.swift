import DynamicType

/// Resolves a text style for `Resolve` (docs/DESIGN.md §27 (The session bus)): the answer document
/// of the style with the options and the served scope's preferences, or why not. fontd provides
/// it over its font service; this module resolves nothing itself.
public protocol FontAnswering: Sendable {
    /// The answer for `style` with `options` (the names and values `/font` takes) in `scope`;
    /// `completion` runs once, on any thread.
    func resolve(
        style: String, options: [(name: String, value: String)], scope: PreferenceScope,
        completion: @escaping @Sendable (Result<String, ResolveRefusal>) -> Void)
}

/// Why a style was not resolved: the code of docs/DESIGN.md §8 (Errors) and a sentence a person can act on.
public struct ResolveRefusal: Error, Hashable, Sendable {
    public var code: ErrorCode
    public var message: String

    public init(code: ErrorCode, message: String) {
        self.code = code
        self.message = message
    }
}
