import DynamicType

/// Every scope's own preferences, kept history and subscribers, as plain values (docs/DESIGN.md
/// §10 (Reader preferences)): no queue and no lock — `ScopeHub` holds the one tree and makes its changes one at a
/// time; tests use a tree directly.
///
/// A scope has a node while it has a value of its own, a subscriber, a child or kept history;
/// the root always. Nodes are found by path, so a scope below the last node inherits everything.
public struct ScopeTree: Sendable {
    /// One scope's node.
    struct Node: Sendable {
        var record: ScopeRecord
        /// The segments of the children that have nodes.
        var children: Set<String> = []
        var subscribers: [ObjectIdentifier: any EventSink] = [:]
        /// Subscribers that have had no event yet: `retry:` rides in their first.
        var awaitingFirstEvent: Set<ObjectIdentifier> = []
        /// The kept entries of this scope's own changes, by position.
        var history = FIFOBuffer<ScopeHistoryEntry>()

        /// Whether nothing keeps the node: no own value, subscriber, child or history (never the root).
        var isUnused: Bool {
            !record.scope.isRoot && record.isEmpty && subscribers.isEmpty && children.isEmpty && history.isEmpty
        }
    }

    var nodes: [String: Node]
    /// The id of the newest event, and the position of the newest history entry.
    public internal(set) var sequence: Int
    public internal(set) var position: Int
    /// Scopes other than the root with a value of their own, in all and by reader.
    public internal(set) var scopeCount = 0
    var readerScopeCounts: [String: Int] = [:]
    /// Every kept entry, oldest first, with the scope that keeps it.
    var window = FIFOBuffer<(position: Int, scope: PreferenceScope)>()
    /// The entries kept past the window as among their scope's newest, oldest first (some may
    /// have been dropped since; they are passed over).
    var beyondWindow = FIFOBuffer<(position: Int, scope: PreferenceScope)>()
    /// Per scope whose older entries were dropped: the least `Last-Event-ID` still replayable.
    public internal(set) var droppedThrough: [PreferenceScope: Int]
    /// Drops made here that the storage has yet to make (with the next commit).
    public var pendingDrops: [ScopeCommit.Drop] = []
    /// How many event streams are open.
    public internal(set) var subscriberCount = 0
    /// The installed fonts' generation (docs/DESIGN.md §25 (Font set changes)), which snapshots and answers carry.
    public var fontGeneration = ""
    public let retention: Retention
    public let limits: ScopeLimits

    /// The tree `stored` holds.
    public init(stored: StoredScopes, retention: Retention = Retention(), limits: ScopeLimits = ScopeLimits()) {
        let rootRecord = stored.scopes.first { $0.scope.isRoot } ?? .initialRoot
        nodes = ["": Node(record: rootRecord)]
        sequence = stored.sequence
        position = stored.position
        droppedThrough = stored.droppedThrough
        self.retention = retention
        self.limits = limits
        for record in stored.scopes where !record.scope.isRoot && !record.isEmpty {
            makeNode(record.scope)
            nodes[record.scope.path]?.record = record
            count(record.scope, by: 1)
        }
        for entry in stored.history {
            makeNode(entry.scope)
            nodes[entry.scope.path]?.history.append(entry)
            window.append((entry.position, entry.scope))
            // A scope deleted by its last clear has no stored record, and so no marks: its kept
            // events say which changes affected it (its last clear, say, newer than its parent's).
            if !entry.scope.isRoot, nodes[entry.scope.path]?.record.isEmpty == true, entry.isEvent {
                let preference = entry.change.preference
                let mark = max(nodes[entry.scope.path]?.record.marks[preference] ?? 0, entry.sequence)
                nodes[entry.scope.path]?.record.marks[preference] = mark
            }
        }
    }

    // MARK: Reading

    /// One preference's effective value at `scope` — the nearest own value up the tree, else the
    /// initial one; for a bound, the tightest on the path from the root (docs/DESIGN.md §23 (Reader
    /// scopes and scoped tokens)) — and the largest mark on the way: the id of the newest change that affected it.
    public func effective(_ preference: ReaderPreference, at scope: PreferenceScope) -> (value: String, affected: Int) {
        var affected = 0
        var tightest: String?
        var current: PreferenceScope? = scope
        while let scope = current {
            if let record = nodes[scope.path]?.record {
                affected = max(affected, record.marks[preference])
                if let value = record.values[preference] {
                    guard let clamp = preference.declaration.clamp else { return (value, affected) }
                    tightest = tightest.map { clamp.tighter($0, value) } ?? value
                }
            }
            current = scope.parent
        }
        return (tightest ?? preference.declaration.initialValue, affected)
    }

    /// The effective preferences of `scope`.
    public func preferences(of scope: PreferenceScope) -> PerPreference<String> {
        PerPreference { effective($0, at: scope).value }.normalized()
    }

    /// `scope`'s own values and marks (nothing of its own: an empty record).
    public func record(of scope: PreferenceScope) -> ScopeRecord {
        nodes[scope.path]?.record ?? ScopeRecord(scope: scope)
    }

    /// `scope`'s preferences as `GET /preferences?scope=` answers them and snapshots tell them:
    /// with what it inherits and the fonts' generation.
    public func answer(for scope: PreferenceScope) -> Preferences {
        var answer = bareAnswer(for: scope)
        answer.fontGeneration = fontGeneration.isEmpty ? nil : fontGeneration
        return answer
    }

    /// The answer without the fonts' generation: what a PUT answers.
    func bareAnswer(for scope: PreferenceScope) -> Preferences {
        let effective = ReaderPreference.allCases.map { self.effective($0, at: scope) }
        return PerPreference { effective[$0.ordinal].value }.normalized().answer(
            scope: scope, sequence: effective.map(\.affected).max() ?? 0, inherited: record(of: scope).values.preferences { $0 == nil })
    }

    /// How many history entries every scope keeps in all.
    public var keptEntryCount: Int { nodes.values.reduce(0) { $0 + $1.history.count } }

    // MARK: Nodes

    /// Makes the node of `scope`, with any missing ancestors.
    mutating func makeNode(_ scope: PreferenceScope) {
        guard nodes[scope.path] == nil else { return }
        for member in scope.lineage.dropFirst() where nodes[member.path] == nil {
            nodes[member.path] = Node(record: ScopeRecord(scope: member))
            if let parent = member.parent, let segment = member.segments.last { nodes[parent.path]?.children.insert(String(segment)) }
        }
    }

    /// Removes the node of `scope`, and then each ancestor's, while nothing keeps it.
    mutating func prune(_ scope: PreferenceScope) {
        var current = scope
        while let node = nodes[current.path], node.isUnused, let parent = current.parent, let segment = current.segments.last {
            nodes[current.path] = nil
            nodes[parent.path]?.children.remove(String(segment))
            current = parent
        }
    }

    /// Counts `scope`, a scope other than the root, in or out (`by` 1 or -1) of those with values of their own.
    mutating func count(_ scope: PreferenceScope, by step: Int) {
        scopeCount += step
        guard let reader = scope.segments.first.map(String.init) else { return }
        let count = readerScopeCounts[reader, default: 0] + step
        readerScopeCounts[reader] = count > 0 ? count : nil
    }

    /// The scopes with nodes below (and including) `scope` that follow its value of `preference`:
    /// a child with a value of its own for it is passed over, with everything below it.
    func followers(of preference: ReaderPreference, from scope: PreferenceScope) -> [PreferenceScope] {
        var found: [PreferenceScope] = []
        var pending = [scope]
        while let scope = pending.popLast() {
            found.append(scope)
            for segment in nodes[scope.path]?.children ?? [] {
                guard let child = try? scope.child(segment), nodes[child.path]?.record.values[preference] == nil else { continue }
                pending.append(child)
            }
        }
        return found
    }
}
