/// A path and its stamp at one moment.
public struct StampedPath: Hashable, Sendable {
    public var path: String
    public var stamp: PathStamp

    public init(path: String, stamp: PathStamp) {
        self.path = path
        self.stamp = stamp
    }
}

extension StampedPath {
    /// `path` with its stamp now.
    public init(path: String) {
        self.init(path: path, stamp: PathStamp(path: path))
    }
}
