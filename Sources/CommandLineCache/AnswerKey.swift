import Glibc

/// What an answer is the answer to, apart from files (docs/DESIGN.md §18 (The command line)): the executable, the
/// working directory (a relative `--styles` path is read from it), the arguments, and every
/// environment variable that reaches fontconfig, FreeType or the style table's lookup.
///
/// Its bytes are compared whole; their hash only names the file.
struct AnswerKey: Equatable, Sendable {
    let bytes: [UInt8]

    /// Variables that matter by name: the table's, the home and XDG directories fontconfig's
    /// default configuration reads from, the locale (fontconfig's default language picks family
    /// names) and FreeType's properties.
    static let environmentNames = [
        "FONTD_STYLES", "HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CACHE_HOME",
        "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "FREETYPE_PROPERTIES",
    ].map { Array(($0 + "=").utf8) }
    /// Every `FONTCONFIG_*` and `FC_*` variable matters too.
    static let environmentPrefixes = ["FONTCONFIG_", "FC_"].map { Array($0.utf8) }

    /// - Parameters:
    ///   - arguments: the command line after the program's name.
    ///   - environment: the process's variables, `NAME=VALUE` each, in any order.
    init(arguments: [String], environment: [[UInt8]]) {
        var bytes: [UInt8] = []
        StoredAnswer.append(Self.executablePath(), to: &bytes)
        StoredAnswer.append(Self.workingDirectory(), to: &bytes)
        StoredAnswer.append(Array(String(arguments.count).utf8), to: &bytes)
        for argument in arguments { StoredAnswer.append(Array(argument.utf8), to: &bytes) }
        let relevant = environment.filter(Self.matters).sorted { $0.lexicographicallyPrecedes($1) }
        for variable in relevant { StoredAnswer.append(variable, to: &bytes) }
        self.bytes = bytes
    }

    /// The file name of this key's entry: 16 hex digits.
    var fileName: String { String(decoding: StableHash.hex(of: bytes[...]), as: UTF8.self) }

    private static func matters(_ variable: [UInt8]) -> Bool {
        environmentNames.contains { variable.starts(with: $0) } || environmentPrefixes.contains { variable.starts(with: $0) }
    }

    /// The running executable, links resolved (two copies of fontd keep separate entries).
    private static func executablePath() -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        return count > 0 ? buffer[..<count].map { UInt8(bitPattern: $0) } : []
    }

    private static func workingDirectory() -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return [] }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }
}
