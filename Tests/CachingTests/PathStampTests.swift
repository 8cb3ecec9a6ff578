import Glibc
import Testing

@testable import Caching

/// A path's stamp moves with every change the answer cache (docs/DESIGN.md §18 (The command line)) and the font set (§25 (Font set changes)) must see.
final class PathStampTests {
    /// A new directory for each test (Swift Testing makes a new instance per test), removed after it.
    let directory: String = {
        var template = Array("/tmp/fontd-stamp-XXXXXX".utf8CString)
        return mkdtemp(&template).map { String(cString: $0) } ?? "/tmp/fontd-stamp-unmade"
    }()
    private var files: [String] = []

    deinit {
        files.forEach { unlink($0) }
        rmdir(directory)
    }

    private func write(_ text: String, to path: String) {
        files.append(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let bytes = Array(text.utf8)
        #expect(Glibc.write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
    }

    @Test func aPathThatAppearsIsAChange() {
        let path = directory + "/fonts.conf"
        let missing = PathStamp(path: path)
        #expect(missing == .absent(errno: ENOENT))
        write("<fontconfig/>", to: path)
        #expect(PathStamp(path: path) != missing)
    }

    @Test func aRewriteOfTheSameSizeIsAChange() {
        let path = directory + "/styles.json"
        write("{\"a\": 1}", to: path)
        let before = PathStamp(path: path)
        write("{\"a\": 2}", to: path)
        #expect(PathStamp(path: path) != before, "same size, same second: the nanoseconds and the status change tell")
    }

    @Test func aModeChangeOrAnOldModificationTimeIsAChange() {
        let path = directory + "/table.json"
        write("{}", to: path)
        let before = PathStamp(path: path)
        chmod(path, 0o600)
        let afterChmod = PathStamp(path: path)
        #expect(afterChmod != before)
        // touch -d: the modification time set back to what it was; the status-change time still moves.
        guard case .present(_, _, _, let modified, _) = before else {
            Issue.record("no stamp")
            return
        }
        var times = [
            timespec(tv_sec: Int(modified / 1_000_000_000), tv_nsec: Int(modified % 1_000_000_000)),
            timespec(tv_sec: Int(modified / 1_000_000_000), tv_nsec: Int(modified % 1_000_000_000)),
        ]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(PathStamp(path: path) != afterChmod)
    }

    @Test func aFileChangedNowHasChangedSinceAMomentTakenBefore() {
        let path = directory + "/late.conf"
        let started = PathStamp.now()
        write("x", to: path)
        #expect(PathStamp(path: path).changed(since: started))
        #expect(!PathStamp(path: path).changed(since: PathStamp.now() + 1_000_000_000))
    }
}
