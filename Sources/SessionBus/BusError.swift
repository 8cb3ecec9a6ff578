/// A D-Bus error a method answers with: its name and a sentence a person can act on.
public struct BusError: Error, Hashable, Sendable {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }
}
