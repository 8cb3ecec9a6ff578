import FontdTestSupport
import Foundation
import ServerTestSupport
import Synchronization

/// A client on a thread of its own PUTting a new scope (`w0`, `w1`, …) with each request, as
/// soon as the previous one is answered, until `finish()`; every answer is kept.
final class PutStream: Sendable {
    struct Answer: Sendable, CustomStringConvertible {
        var scope: String
        var category: String
        /// 0 when no answer came (the connection failed).
        var status: Int
        var error: String?
        var sequence: Int?
        var seconds: Double
        /// When the request was sent.
        var began: Date

        var description: String { "\(scope)=\(category): \(status) \(error ?? "") #\(sequence.map(String.init) ?? "-") in \(seconds) s" }
    }

    /// Each a change for a new scope, which inherits `l`: a PUT of `l` would change nothing and
    /// be answered without a commit.
    static let categories = ["xs", "s", "m", "xl", "xxl", "xxxl"]

    private let server: ServerProcess
    private let kept = Mutex<[Answer]>([])
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    init(server: ServerProcess) {
        self.server = server
    }

    var answers: [Answer] { kept.withLock { $0 } }

    func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        Thread.detachNewThread { [self] in
            var index = 0
            while !stopping.load(ordering: .relaxed) {
                let scope = "w\(index)"
                let category = Self.categories[index % Self.categories.count]
                let began = Date()
                var answer = Answer(scope: scope, category: category, status: 0, seconds: 0, began: began)
                do {
                    let response = try server.client.put("/category?scope=\(scope)", #"{"category":"\#(category)"}"#)
                    answer.status = response.status
                    if case .string(let error)? = try? response.member("error") { answer.error = error }
                    if case .number(let sequence)? = try? response.member("sequence") { answer.sequence = Int(sequence) }
                } catch {
                    answer.error = "\(error)"
                }
                answer.seconds = Date().timeIntervalSince(began)
                kept.withLock { $0.append(answer) }
                index += 1
            }
            done.signal()
        }
    }

    /// Waits until the answers meet `condition`.
    func wait(for awaited: String, _ condition: ([Answer]) -> Bool) throws {
        try Wait.until(awaited, seen: { "\(answers.suffix(5))" }) { condition(answers) }
    }

    /// Stops after the request under way and waits for it; again does nothing.
    func finish() {
        guard !stopping.exchange(true, ordering: .relaxed), started.load(ordering: .relaxed) else { return }
        done.wait()
    }
}
