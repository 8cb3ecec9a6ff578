import Glibc
import ProcessSpawning

/// A short program run to its end: a `SpawnedProcess` (PATH and the environment are fontd's, the
/// signal mask empty: `serve` blocks SIGTERM and SIGHUP on every thread), `input` on its stdin,
/// its stderr kept, its stdout discarded unless asked for (then kept with stderr).
struct ProgramRun {
    /// A start that failed, with its error number.
    typealias StartError = SpawnedProcess.StartError

    /// The exit status; 128 + the signal for a program a signal ended.
    let status: Int32
    /// What it wrote to stderr (and stdout, when kept), trimmed.
    let standardError: String

    /// Runs `arguments` with `input` on its stdin; `keepingStandardOutput` keeps its stdout in
    /// `standardError` too (`xrdb -query`, which writes nothing to stderr when it succeeds).
    init(_ arguments: [String], input: String, keepingStandardOutput: Bool = false) throws(StartError) {
        let program = try SpawnedProcess(
            arguments, searchingPath: true, input: .pipe, output: keepingStandardOutput ? .pipe : .discarded,
            error: keepingStandardOutput ? .standardOutput : .pipe)
        if let stdin = program.standardInput {
            // A few bytes: the pipe holds them all, so writing before reading cannot deadlock.
            let bytes = Array(input.utf8)
            _ = bytes.withUnsafeBytes { write(stdin, $0.baseAddress, $0.count) }
            close(stdin)
        }
        let output = (program.standardOutput ?? program.standardError).map(SpawnedProcess.readToEnd) ?? []
        status = program.wait().shellStatus
        standardError = String(decoding: output, as: UTF8.self).trimmingWhitespace()
    }
}

extension String {
    /// The text without white space at either end.
    fileprivate func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        return String(text)
    }
}
