import DynamicType

extension ScopeTree {
    /// Drops what the retention no longer keeps: entries out of the store's window, unless
    /// among the newest `perScope` of a scope with a value of its own, and the oldest of those
    /// past the window once there are more than `window` of them.
    mutating func keepHistory(touched: PreferenceScope) {
        while window.count > retention.window, let (position, scope) = window.removeFirst() {
            let keeping = (nodes[scope.path]?.record.isEmpty ?? true) && !scope.isRoot ? 0 : retention.perScope
            drop(through: position, of: scope, keeping: keeping)
            if let oldest = nodes[scope.path]?.history.first, oldest.position <= position { beyondWindow.append((position, scope)) }
        }
        while beyondWindow.count > retention.window, let (position, scope) = beyondWindow.removeFirst() {
            drop(through: position, of: scope, keeping: 0)
        }
        // `plan` keeps positions below `Int.max`; saturated all the same, as no stored number may trap.
        let windowStart = window.first?.position ?? Self.successor(of: position)
        if let history = nodes[touched.path]?.history, let oldest = history.first, oldest.position < windowStart,
            history.count > retention.perScope
        {
            drop(through: windowStart - 1, of: touched, keeping: retention.perScope)
        }
    }

    /// Drops `scope`'s entries at `position` and before, as long as more than `keeping` remain.
    mutating func drop(through position: Int, of scope: PreferenceScope, keeping: Int) {
        guard var history = nodes[scope.path]?.history else { return }
        nodes[scope.path]?.history = FIFOBuffer()
        var dropped: ScopeHistoryEntry?
        while history.count > keeping, let oldest = history.first, oldest.position <= position {
            dropped = history.removeFirst()
        }
        nodes[scope.path]?.history = history
        guard let dropped else { return }
        // A silent entry sits after the event whose id it carries: a replay from that id needs it.
        let replayableFrom = dropped.isEvent ? dropped.sequence : Self.successor(of: dropped.sequence)
        droppedThrough[scope] = max(droppedThrough[scope] ?? 0, replayableFrom)
        pendingDrops.append(ScopeCommit.Drop(scope: scope, throughPosition: dropped.position, throughSequence: replayableFrom))
        prune(scope)
    }

    /// `number + 1`, or `Int.max` for `Int.max`: a stored number the storage did not check cannot trap.
    static func successor(of number: Int) -> Int {
        let (next, overflow) = number.addingReportingOverflow(1)
        return overflow ? .max : next
    }

    /// The frames of the events `scope`'s subscribers had after `lastEventID`, oldest first; nil
    /// when they cannot all be told (an id from the future, or entries of its lineage no longer kept).
    ///
    /// The lineage's own values are taken back to where they stood at `lastEventID` by undoing
    /// its entries after it, newest first; then the entries are replayed, and each that changed
    /// the scope's effective value is an event.
    public func replay(of scope: PreferenceScope, after lastEventID: Int) -> [UInt8]? {
        guard lastEventID >= 0, lastEventID <= sequence else { return nil }
        let lineage = scope.lineage
        for member in lineage where (droppedThrough[member] ?? 0) > lastEventID { return nil }
        // Entries after the id: events after it, and silent entries made after event `lastEventID` itself.
        var entries: [(level: Int, entry: ScopeHistoryEntry)] = []
        for (level, member) in lineage.enumerated() {
            for entry in (nodes[member.path]?.history.elements ?? []).reversed() {
                guard entry.sequence > lastEventID || (entry.sequence == lastEventID && !entry.isEvent) else { break }
                entries.append((level, entry))
            }
        }
        guard !entries.isEmpty else { return [] }
        entries.sort { $0.entry.position < $1.entry.position }
        var values = lineage.map { record(of: $0).values }
        for (level, entry) in entries.reversed() { values[level][entry.change.preference] = entry.change.previous }
        func effective() -> PerPreference<String> {
            PerPreference { preference in
                let own = values.compactMap { $0[preference] }
                // A bound is the tightest on the lineage, as `effective(_:at:)` has it.
                if let clamp = preference.declaration.clamp, let first = own.first {
                    return own.dropFirst().reduce(first, clamp.tighter)
                }
                return own.last ?? preference.declaration.initialValue
            }.normalized()
        }
        var bytes: [UInt8] = []
        for (level, entry) in entries {
            let before = effective()
            values[level][entry.change.preference] = entry.change.value
            let after = effective()
            if entry.isEvent, before != after {
                bytes += EventFrames.frame(Self.event(entry, before: before, after: after, for: scope))
            }
        }
        return bytes
    }
}
