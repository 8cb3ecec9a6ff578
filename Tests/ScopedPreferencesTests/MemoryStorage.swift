import DynamicType
import Synchronization

@testable import ScopedPreferences

/// A storage that keeps its commits in memory, for tests of the reader API without a file, a
/// server or a socket; `failure` makes the next commits throw it, as a real store's outage would.
final class MemoryStorage: PreferenceStorage, Sendable {
    /// A failure a real store reports that is none of `PreferenceStorageFailure`'s.
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the medium is broken" }
    }

    private let state: Mutex<(stored: StoredScopes, commits: [ScopeCommit], failure: (any Error & Sendable)?)>

    init(_ stored: StoredScopes = StoredScopes()) { state = Mutex((stored, [], nil)) }

    /// What every commit so far was.
    var commits: [ScopeCommit] { state.withLock { $0.commits } }

    /// What a new hub would load now.
    var stored: StoredScopes { state.withLock { $0.stored } }

    /// Makes the commits from now on throw `failure` (nil: succeed again).
    func fail(with failure: (any Error & Sendable)?) { state.withLock { $0.failure = failure } }

    func load() throws -> StoredScopes { state.withLock { $0.stored } }

    func commit(_ commit: ScopeCommit) throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.commits.append(commit)
            state.stored.history += commit.entries
            state.stored.position += commit.entries.count
            state.stored.sequence = commit.sequence
            for record in commit.scopes {
                state.stored.scopes.removeAll { $0.scope == record.scope }
                state.stored.scopes.append(record)
            }
        }
    }
}
