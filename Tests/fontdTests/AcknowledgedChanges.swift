import Foundation
import ServerTestSupport
import Testing

/// The root's category changes a server answered 200, in order, to be looked for in what a later
/// server (after a crash, a restart, a full disk) holds: nothing acknowledged may be lost.
struct AcknowledgedChanges {
    struct Change {
        var sequence: Int
        var category: String
    }

    private(set) var changes: [Change] = []

    var last: Change? { changes.last }
    var count: Int { changes.count }

    /// Records the change a 200 answer to `PUT /category` with `category` made.
    mutating func record(_ answer: TestResponse, category: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        changes.append(Change(sequence: try #require(object["sequence"] as? Int), category: category))
    }

    /// Checks that `server` holds every change recorded: its sequence is the last one's (or, when
    /// `oneInFlight`, one past it: the change a kill cut off may have been kept unacknowledged),
    /// with the last one's category when equal, and its history replays each with its category.
    /// Returns the server's sequence.
    @discardableResult
    func expectAllKept(by server: ServerProcess, oneInFlight: Bool = false, _ context: String = "") throws -> Int {
        let current = try JSONSerialization.jsonObject(with: Data(try server.client.get("/preferences").body)) as? [String: Any]
        let sequence = try #require(current?["sequence"] as? Int)
        guard let last, let first = changes.first else { return sequence }
        let allowed = oneInFlight ? [last.sequence, last.sequence + 1] : [last.sequence]
        #expect(allowed.contains(sequence), "\(context): the server is at \(sequence), the last acknowledged change is \(last.sequence)")
        if sequence == last.sequence {
            #expect(current?["category"] as? String == last.category, "\(context): the last acknowledged category is lost")
        }
        let replay = try EventStreamClient(port: server.port, lastEventID: String(first.sequence - 1))
        var replayed: [Int: String] = [:]
        for expected in first.sequence...sequence {
            let event = try replay.next()
            guard event.id == String(expected) else {
                Issue.record("\(context): the replay gave \(event.id ?? "no id") where \(expected) was due")
                break
            }
            let data = try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any]
            replayed[expected] = data?["category"] as? String
        }
        let lost = changes.filter { replayed[$0.sequence] != $0.category }
        #expect(
            lost.isEmpty,
            "\(context): \(lost.count) of \(changes.count) acknowledged changes lost, first \(lost.first.map { "\($0.sequence) \($0.category)" } ?? "")"
        )
        return sequence
    }
}
