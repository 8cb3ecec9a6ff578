import Foundation

/// One of fontd's own records in its state folder (`$XDG_STATE_HOME/fontd`): a JSON document written
/// whole through `AtomicFile`, which counts as empty when it is missing or does not decode. The
/// bases (`TargetBases`), the exclusions (`TargetExclusions`) and the folders fontd made
/// (`CreatedFolders`) are each one.
public protocol StateRecord: Codable, Hashable, Sendable {
    /// The empty record.
    init()
}

/// The one lock of this process around every record's read, change and write (recursive: a change
/// may update another record).
private let stateRecordLock = NSRecursiveLock()

extension StateRecord {
    /// The record at `path`; empty when there is none or it does not decode.
    public static func read(_ path: String) -> Self {
        AtomicFile.read(path).flatMap { try? JSONDecoder().decode(Self.self, from: Data($0.utf8)) } ?? Self()
    }

    /// Writes the record to `path`, whole or not at all, creating its folder.
    public func write(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: path)
    }

    /// Reads the record at `path`, lets `change` change it, and writes it back when it changed, under
    /// the process's one lock, so that the runners' queues never lose each other's entries.
    public static func update<Result>(at path: String, _ change: (inout Self) throws -> Result) throws -> Result {
        stateRecordLock.lock()
        defer { stateRecordLock.unlock() }
        var record = read(path)
        let before = record
        let result = try change(&record)
        if record != before { try record.write(to: path) }
        return result
    }
}
