import Caching
import Synchronization

/// The files and directories the running command's answer is made from, as the command names
/// them (docs/DESIGN.md §18 (The command line)). A command whose answer may be kept names its inputs; one that
/// names none (it asked a server, it printed help) is never kept.
///
/// Name a path before reading it, when you can: it is stamped as it is named, so a change made
/// while it is read shows as a change on the next run. Only the thread that runs the command
/// touches this; the lock is there so that the compiler can check it.
public enum AnswerInputs {
    private struct Recording {
        var inputs: [StampedPath] = []
        var named = false
    }

    /// Nil while no answer is being made for the cache (nothing is stamped then).
    private static let recording = Mutex<Recording?>(nil)

    /// Names `paths` as inputs of the answer being made, stamped now; does nothing when no answer is being kept.
    public static func record(_ paths: [String]) {
        recording.withLock { recording in
            guard recording != nil else { return }
            recording?.named = true
            recording?.inputs += paths.map { StampedPath(path: $0) }
        }
    }

    /// Starts a recording for the answer about to be made.
    static func begin() {
        recording.withLock { $0 = Recording() }
    }

    /// Ends the recording: the inputs named, or nil when the command named none.
    static func end() -> [StampedPath]? {
        recording.withLock { recording in
            defer { recording = nil }
            guard let recording, recording.named else { return nil }
            return recording.inputs
        }
    }
}
