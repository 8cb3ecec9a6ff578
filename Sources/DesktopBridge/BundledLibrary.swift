import Glibc

/// fontd's own shared libraries (`libfontd-gnome.so`, `libfontd-bus.so`: C libraries that reach
/// GIO, loaded with `dlopen` only by `fontd serve`, docs/DESIGN.md §26 (The desktop bridge), §27 (The session bus)): where they are
/// looked for, and their one entry point loaded.
public enum BundledLibrary {
    /// Why a library cannot be used: each case says what to install.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// It is in none of the places fontd looks.
        case notFound(searched: [String])
        /// It is there but does not load (GIO itself missing, say).
        case notLoaded(path: String, reason: String)
        /// It is another fontd's: its table has another version, or it has no entry point.
        case incompatible(path: String, reason: String)

        public var description: String {
            switch self {
            case .notFound(let searched):
                "its library is in none of \(searched.joined(separator: ", ")) (swift build makes it beside fontd; scripts/install puts it in PREFIX/lib/fontd)"
            case .notLoaded(let path, let reason):
                "\(path) does not load (\(reason)); it needs GIO (Debian: libglib2.0-0)"
            case .incompatible(let path, let reason):
                "\(path) is not this fontd's (\(reason)); install both from one build"
            }
        }
    }

    /// In order: beside the running executable (where `swift build` puts them), then in
    /// `../lib/fontd/` from there (where `scripts/install` puts them).
    public static func searchPath(for fileName: String) -> [String] {
        guard let executable = runningExecutable else { return [fileName] }
        let directory = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
        return ["\(directory)/\(fileName)", "\(directory)/../lib/fontd/\(fileName)"]
    }

    /// The absolute path of the running executable (`/proc/self/exe`); nil when Linux cannot say.
    public static var runningExecutable: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Loads the first library named `fileName` of `searchPath(for:)` that exists (never unloaded:
    /// GLib cannot be) and finds its entry point, `symbol`.
    public static func entryPoint(of fileName: String, named symbol: String) throws(Failure) -> (
        path: String, address: UnsafeMutableRawPointer
    ) {
        let candidates = searchPath(for: fileName)
        guard let path = candidates.first(where: { access($0, F_OK) == 0 }) else { throw .notFound(searched: candidates) }
        // RTLD_LOCAL: GIO's symbols stay out of the global namespace; RTLD_NOW: a missing one fails here, not later.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .notLoaded(path: path, reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        guard let address = dlsym(handle, symbol) else { throw .incompatible(path: path, reason: "it has no \(symbol)") }
        return (path, address)
    }
}
