/// A call the bus library answers at once, where GDBus reads it, without asking fontd
/// (docs/DESIGN.md §27 (The session bus)): the call of `member` of `interface` at `path` with `arguments`, answered
/// with `reply`. Both are GVariant text of tuples (`BusValue.tuple`).
struct BusAnswer: Hashable, Sendable {
    var path: String
    var interface: String
    var member: String
    var arguments: String
    var reply: String

    /// The answer of the one-argument-out method `member` called with `arguments`: `value`.
    init(_ path: String, _ interface: String, _ member: String, _ arguments: String, _ value: BusValue) {
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
        reply = BusValue.tuple(value)
    }

    /// `Properties.Get` of the constant `property` of `interface` at `path`.
    static func property(_ path: String, _ interface: String, _ property: String, _ value: BusValue) -> BusAnswer {
        BusAnswer(path, "org.freedesktop.DBus.Properties", "Get", BusValue.tuple(.string(interface), .string(property)), .variant(value))
    }
}
