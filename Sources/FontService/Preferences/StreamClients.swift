import Synchronization

/// The programs that say who they are when they open `/events` (`client=chromium`, `client=firefox`:
/// fontd's browser extension, docs/DESIGN.md §26 (The desktop bridge), "Browsers"), counted while their
/// streams are open, so the board and `fontd desktop status` can list who follows. Any loop's thread
/// opens and ends streams, and any reads the names; one lock guards the counts.
public final class StreamClients: Sendable {
    /// The longest name taken.
    public static let maximumNameLength = 32

    private let counts = Mutex<[String: Int]>([:])

    public init() {}

    /// The names with at least one open stream, sorted.
    public var names: [String] { counts.withLock { $0.keys.sorted() } }

    /// Whether `name` is one a client may give: 1 to 32 of `a`–`z`, `0`–`9` and `-`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumNameLength
            && name.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "-")
            }
    }

    /// One more open stream of `name`.
    func opened(_ name: String) {
        counts.withLock { $0[name, default: 0] += 1 }
    }

    /// One stream of `name` fewer; the name leaves with its last.
    func ended(_ name: String) {
        counts.withLock { counts in
            guard let count = counts[name] else { return }
            counts[name] = count > 1 ? count - 1 : nil
        }
    }
}
