import HTTPServer
import ScopedPreferences

/// An event stream is where a subscriber's preference events go (docs/DESIGN.md §11 (The event stream)): the
/// preferences frame them, the stream carries the bytes.
extension HTTPStream: EventSink {}
