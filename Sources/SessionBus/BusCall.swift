import CSessionBus

/// One method call of an exported object, waiting for its answer: its arguments flattened to
/// strings by the bus library (CSessionBus.h says how), answered once with `reply` or `fail`, from
/// any thread (docs/DESIGN.md §27 (The session bus)).
public final class BusCall: @unchecked Sendable {
    /// One argument: its name (the introspection XML's), its D-Bus type and the strings it flattens to.
    public struct Argument: Sendable, Hashable {
        public var name: String
        public var signature: String
        public var values: [String]

        /// The entries of an array or dictionary (an `a{ss}`'s pairs, an `a{sv}`'s triples, an
        /// `as`'s items); 1 for any other argument.
        public var entryCount: Int {
            switch signature {
            case "a{sv}": values.count / 3
            case "a{ss}": values.count / 2
            case _ where signature.hasPrefix("a"): values.count
            default: 1
            }
        }

        /// An `a{ss}`'s entries, in the order sent.
        public var pairs: [(key: String, value: String)] {
            stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
        }

        /// An `a{sv}`'s entries: each key with its value's type and the value (the string itself
        /// for `s`, else GVariant text).
        public var variants: [(key: String, type: String, value: String)] {
            stride(from: 0, to: values.count - 2, by: 3).map { (values[$0], values[$0 + 1], values[$0 + 2]) }
        }
    }

    public let path: String
    public let interface: String
    public let member: String
    public let arguments: [Argument]
    private let library: BusLibrary
    /// The library's handle of the call; taken by the answer, so a second one does nothing.
    private var handle: OpaquePointer?
    private let lock = Lock()

    init(handle: OpaquePointer, library: BusLibrary, path: String, interface: String, member: String, arguments: [Argument]) {
        self.handle = handle
        self.library = library
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    // A call dropped unanswered would keep the library's invocation, and its caller waiting, for good.
    deinit {
        if let handle { library.table.fail(handle, "org.freedesktop.DBus.Error.Failed", "fontd gave no answer") }
    }

    /// Answers with `text`, the GVariant text of the out arguments as a tuple (`BusValue.tuple`).
    public func reply(_ text: String) {
        guard let handle = take() else { return }
        library.table.reply(handle, text)
    }

    /// Answers with `error`.
    public func fail(_ error: BusError) {
        guard let handle = take() else { return }
        library.table.fail(handle, error.name, error.message)
    }

    /// Answers with `result`: `value` as the one out argument, or the error.
    public func answer(_ result: Result<BusValue, BusError>) {
        switch result {
        case .success(let value): reply(BusValue.tuple(value))
        case .failure(let error): fail(error)
        }
    }

    private func take() -> OpaquePointer? {
        lock.withLock {
            defer { handle = nil }
            return handle
        }
    }
}
