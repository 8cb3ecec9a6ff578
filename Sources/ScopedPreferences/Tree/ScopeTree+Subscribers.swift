import DynamicType

extension ScopeTree {
    /// Starts `sink` with `scope`'s changes after `lastEventID` or a snapshot, `retry:` in the
    /// first event's block, and registers it for the changes that follow.
    public mutating func subscribe(_ sink: any EventSink, to scope: PreferenceScope, lastEventID: String?) {
        let key = ObjectIdentifier(sink)
        makeNode(scope)
        var bytes: [UInt8]
        if let lastEventID, let number = Int(lastEventID), let missed = replay(of: scope, after: number) {
            bytes = missed
        } else {
            bytes = EventFrames.frame(.snapshot(answer(for: scope)))
        }
        // A subscriber that was away may have missed a change of the fonts: a resumed stream
        // begins with the current generation (docs/DESIGN.md §25 (Font set changes)).
        if lastEventID != nil, !fontGeneration.isEmpty {
            bytes = EventFrames.frame(.fontsChanged(FontsChange(fontGeneration: fontGeneration))) + bytes
        }
        if bytes.isEmpty {
            nodes[scope.path]?.awaitingFirstEvent.insert(key)
        } else {
            sink.send(EventFrames.retryLine + bytes)
        }
        nodes[scope.path]?.subscribers[key] = sink
        subscriberCount += 1
    }

    /// Forgets `sink`, a subscriber of `scope` (its stream ended).
    public mutating func unsubscribe(_ sink: any EventSink, from scope: PreferenceScope) {
        let key = ObjectIdentifier(sink)
        guard nodes[scope.path]?.subscribers.removeValue(forKey: key) != nil else { return }
        nodes[scope.path]?.awaitingFirstEvent.remove(key)
        subscriberCount -= 1
        prune(scope)
    }

    /// Sends `bytes` to every subscriber (a keep-alive, a change of the fonts).
    public func sendToAll(_ bytes: [UInt8]) {
        for node in nodes.values {
            for sink in node.subscribers.values { sink.send(bytes) }
        }
    }

    /// Moves every subscriber of `old` into this tree, on the same scope, and sends each a
    /// snapshot: after a gap in what could be read, it may have missed changes.
    public mutating func adoptSubscribers(of old: ScopeTree) {
        fontGeneration = old.fontGeneration
        for (path, node) in old.nodes where !node.subscribers.isEmpty {
            let scope = node.record.scope
            makeNode(scope)
            let snapshot = EventFrames.frame(.snapshot(answer(for: scope)))
            for (key, sink) in node.subscribers {
                nodes[path]?.subscribers[key] = sink
                subscriberCount += 1
                sink.send(node.awaitingFirstEvent.contains(key) ? EventFrames.retryLine + snapshot : snapshot)
            }
        }
    }

    /// Sends `entry` to the subscribers of its scope and of every scope below it that follows it.
    mutating func broadcast(_ entry: ScopeHistoryEntry, before: PerPreference<String>, after: PerPreference<String>) {
        let frames = EventFrames.Splice(Self.event(entry, before: before, after: after, for: .root), sequence: entry.sequence)
        for follower in followers(of: entry.change.preference, from: entry.scope) {
            guard let node = nodes[follower.path], !node.subscribers.isEmpty else { continue }
            let bytes = frames.bytes(for: follower)
            // Looked up in the node's copy, and emptied once: not a lookup of the path per subscriber.
            for (key, sink) in node.subscribers {
                sink.send(node.awaitingFirstEvent.contains(key) ? EventFrames.retryLine + bytes : bytes)
            }
            if !node.awaitingFirstEvent.isEmpty { nodes[follower.path]?.awaitingFirstEvent = [] }
        }
    }
}
