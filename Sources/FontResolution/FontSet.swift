import Caching
import Crypto
import DynamicType
import Glibc
import Synchronization

/// One build of the installed fonts (docs/DESIGN.md §25 (Font set changes)): a fontconfig configuration, the faces
/// opened through it, the answers resolved with it, its generation, and the stamps of what it
/// was built from.
///
/// A `FontResolver` holds the current one and swaps in a new one when the fonts change. A caller
/// that took the old one keeps it alive to the end of its call, so no thread ever uses a
/// destroyed configuration or a closed face.
final class FontSet: Sendable {
    let fontconfig: Fontconfig
    let measurer: FaceMeasurer
    let catalog: FontCatalog
    let answers: Mutex<LRUCache<FontRequest, ResolvedFont>>
    /// The hash of the faces' files (path, size, modification time), `FontResolver.fontGeneration`.
    let generation: String
    /// What the configuration was built from, stamped before it was built.
    let stamps: [StampedPath]

    init(fontconfig: Fontconfig, cacheEntries: Int, stamps: [StampedPath]) {
        self.fontconfig = fontconfig
        measurer = FaceMeasurer()
        catalog = FontCatalog(fontconfig: fontconfig, measurer: measurer)
        answers = Mutex(LRUCache(capacity: cacheEntries))
        generation = Self.generation(of: fontconfig.listedFiles())
        self.stamps = stamps
    }

    /// Whether to build the fonts anew: something the configuration was built from changed
    /// since — a stamp differs (to the nanosecond, so a change in the same second as the build
    /// counts), or fontconfig says so — and every changed path has been still for
    /// `settleSeconds`. A font directory changes when a file is created in it, not as the file is
    /// written: read too soon, a font being copied in would be cached as missing.
    func isOutdated(settleSeconds: Double) -> Bool {
        let now = PathStamp.now()
        var changed = false
        for stamped in stamps {
            let current = PathStamp(path: stamped.path)
            guard current != stamped.stamp else { continue }
            if current.exists, Double(now - current.modifiedNanoseconds) / 1e9 < settleSeconds { return false }
            changed = true
        }
        return changed || !fontconfig.isUpToDate
    }

    /// A hash of `files`' paths, sizes and modification times: the same fonts give the same
    /// generation across restarts and replicas. 16 hex digits of SHA-256.
    static func generation(of files: [String]) -> String {
        var hasher = SHA256()
        for file in Set(files).sorted() {
            let stamp = PathStamp(path: file)
            let (seconds, nanoseconds) = stamp.modifiedNanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
            hasher.update(data: Array("\(file)\u{0}\(stamp.bytes)\u{0}\(seconds).\(nanoseconds)\n".utf8))
        }
        return hasher.finalize().prefix(8).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}

extension StampedPath {
    /// The stamps of the inputs that decide the fonts: configuration files and directories, font
    /// directories, the conditional places. Not the cache directories, which building a
    /// configuration writes to.
    static func stamps(of inputs: FontconfigInputs) -> [StampedPath] {
        paths(of: inputs).map(StampedPath.init(path:))
    }

    static func paths(of inputs: FontconfigInputs) -> [String] {
        var seen = Set<String>()
        return (inputs.configurationFiles + inputs.configurationDirectories + inputs.fontDirectories + inputs.conditionalPlaces)
            .filter { seen.insert($0).inserted }
    }
}
