import Glibc

extension ReaderFile {
    /// `edit` for a file whose folders may not exist yet (docs/DESIGN.md §35 (Editing a reader's
    /// file)): when there is no folder, `transform` is asked what it makes of no file, and only
    /// when that is something to write are the missing folders made, each recorded in the
    /// `CreatedFolders` at `createdFolders`. Whenever the file is not there afterwards — fontd
    /// removed it, or wrote nothing in the folders it had just made, or failed — the empty folders
    /// fontd made around it are removed, innermost first.
    ///
    /// - Parameter createdFolders: the record's path; nil to make folders without recording them
    ///   (they are then never removed).
    @discardableResult
    public func edit(
        recordingFoldersIn createdFolders: String?, _ transform: ([UInt8]?) throws(ReaderFileError) -> Change?,
        beforeReplacing: ([UInt8]?, Change) throws(ReaderFileError) -> Void = { _, _ in }
    ) throws(ReaderFileError) -> Outcome {
        defer { if access(path, F_OK) != 0 { CreatedFolders.removeEmpty(holding: path, record: createdFolders) } }
        let folder = Self.folder(of: path)
        if access(folder, F_OK) != 0 {
            // No folder, so no file: made only when there is something to write.
            guard try transform(nil) != nil else { return .unchanged }
            try CreatedFolders.make(folder, record: createdFolders)
        }
        return try edit(transform, beforeReplacing: beforeReplacing)
    }
}
