/// An edit in place of a reader's file that has no include (docs/DESIGN.md §34 (The reader's own
/// sizes)): VS Code's `settings.json`, Alacritty's own `font.size`. Before each write the file's
/// bytes before fontd's first edit and fontd's new bytes are kept in a `SettingsRecord` beside it,
/// so that `restore` puts the reader's bytes back exactly.
struct RecordedEdit: Sendable {
    /// The folder both files are in.
    let folder: ConfigurationFolder
    /// The reader's file.
    let readerFile: String
    /// fontd's record beside it.
    let recordFile: String
    /// The record's first line.
    let heading: String
    /// Whether an empty file is the reader's (false for JSON, where it is a writer's half-way state).
    var emptyIsTheReaders = true

    /// Replaces the reader's file with what `transform` makes of it (nil: leave it), recording
    /// first; true when written.
    func edit(_ transform: ([UInt8]?) throws(ReaderFileError) -> [UInt8]?) throws(TerminalTargetError) -> Bool {
        try folder.edit(
            readerFile, emptyIsTheReaders: emptyIsTheReaders,
            { before throws(ReaderFileError) in
                guard let after = try transform(before), after != before else { return nil }
                return .write(after)
            },
            beforeReplacing: { before, change throws(ReaderFileError) in
                // Recorded first: a crash after the rename still leaves the reader's original.
                guard case .write(let after) = change else { return }
                var record =
                    try SettingsRecord.read(recordFile, heading: heading)
                    ?? SettingsRecord(before: before, written: after, heading: heading)
                record.written = after
                try ReaderFile(path: recordFile).edit { _ in .write(record.bytes) }
            }) != .unchanged
    }

    /// Puts the reader's file back: byte for byte when nothing else changed it since fontd's last
    /// edit, else what `partial` makes of it and its bytes before fontd (nil: leave it); then
    /// removes the record. Nothing without a record.
    func restore(_ partial: (_ now: [UInt8], _ before: [UInt8]) throws(ReaderFileError) -> [UInt8]?) throws(TerminalTargetError) {
        let record: SettingsRecord?
        do throws(ReaderFileError) { record = try SettingsRecord.read(recordFile, heading: heading) } catch { throw .file(error) }
        guard let record else { return }
        try folder.edit(readerFile, emptyIsTheReaders: emptyIsTheReaders) { now throws(ReaderFileError) in
            if now == record.written { return record.before.map { .write($0) } ?? .remove }
            guard let now, let before = record.before else { return nil }
            return try partial(now, before).map { .write($0) }
        }
        try folder.remove(recordFile)
    }
}
