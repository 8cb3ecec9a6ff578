import ArgumentParser

/// A value that reads itself from one command-line argument and refuses one it cannot read with
/// fontd's own sentence, the one the API and the other commands give (docs/DESIGN.md §18 (The command line)).
///
/// `ExpressibleByArgument`'s idiom, with the refusal kept whole: an `@Option(transform:)` that
/// throws has ArgumentParser put "The value 'x' is invalid for '--opt <v>': " before the sentence
/// (and exit 64 where fontd exits 1), so the option's type is `Checked<Value>` instead, which
/// reads the argument once and lets the command's `validate()` throw the refusal as it is.
public protocol CommandLineValue: Sendable {
    /// What `init(commandLine:)` throws: `ValidationError` for a sentence of the command line's
    /// own, or the model's error (`DynamicTypeError`) for a value the API refuses in the same words.
    associatedtype Refusal: Error

    /// Reads `text`, as given after the option.
    init(commandLine text: String) throws(Refusal)
}

/// An option's value, read once when the command line is parsed; a refusal waits for the
/// command's `validate()`, which throws it before `run()` starts.
public struct Checked<Value: CommandLineValue>: ExpressibleByArgument, ExpressibleByStringLiteral, Sendable {
    /// The argument as given: the help's default, and what the refusal quotes.
    public let text: String
    /// The value, or the refusal of `text`.
    public let parsed: Result<Value, Value.Refusal>

    public init(argument: String) {
        text = argument
        do { parsed = .success(try Value(commandLine: argument)) } catch { parsed = .failure(error) }
    }

    public init(stringLiteral text: String) { self.init(argument: text) }

    public var defaultValueDescription: String { text }

    /// The value; once `validate()` has called it, it cannot throw.
    public func value() throws(Value.Refusal) -> Value { try parsed.get() }
}
