import Glibc

/// The files mapped into this process (`/proc/self/maps`): the executable, its libraries,
/// fontconfig's cache files and the font files FreeType opened. An answer depends on all of
/// them, so they are stamped with it: a rebuilt `fontd` or an upgraded fontconfig never reuses an
/// old answer.
enum MappedFiles {
    /// The mapped files' paths, each once; `changedDuringRun` when one was deleted or replaced
    /// while mapped (its new file is not the one the answer was made with).
    static func current() throws(CommandLineCacheError) -> [String] {
        guard let maps = Descriptor.readFile("/proc/self/maps", limit: 16 << 20) else { return [] }
        var seen = Set<String>()
        var paths: [String] = []
        for line in maps.split(separator: UInt8(ascii: "\n")) {
            // address perms offset device inode, then the path (which may hold spaces) from its slash.
            guard let slash = line.firstIndex(of: UInt8(ascii: "/")) else { continue }
            let path = String(decoding: line[slash...], as: UTF8.self)
            // Shared memory is no file an answer is made from (`/dev/zero (deleted)`, `/memfd:…`, `/SYSV…`).
            guard !["/dev/", "/memfd:", "/SYSV"].contains(where: path.hasPrefix) else { continue }
            guard !path.hasSuffix(" (deleted)") else { throw .changedDuringRun(path: path) }
            if seen.insert(path).inserted { paths.append(path) }
        }
        return paths
    }
}
