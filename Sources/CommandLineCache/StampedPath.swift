/// A path and its stamp at one moment.
struct StampedPath: Hashable, Sendable {
    var path: String
    var stamp: PathStamp
}

extension StampedPath {
    /// `path` with its stamp now.
    init(path: String) {
        self.init(path: path, stamp: PathStamp(path: path))
    }
}
