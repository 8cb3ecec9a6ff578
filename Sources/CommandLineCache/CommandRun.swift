import Caching
import Glibc

/// One answer being made for the cache (docs/DESIGN.md §18 (The command line)): the command's output captured, and
/// the moment it started, against which the inputs' stamps are checked.
public final class CommandRun {
    private let cache: CommandAnswerCache
    /// Where the answer is kept, opened and checked when the run began, and the key it is authenticated with.
    private let directory: CacheDirectory
    private let secret: CacheSecret
    /// On the clock files are stamped with: an input whose status changed at or after it may have
    /// changed after the command read it, so the answer is not kept.
    private let started: Int64
    private let capture: OutputCapture

    init(cache: CommandAnswerCache, directory: CacheDirectory, secret: CacheSecret, started: Int64, capture: OutputCapture) {
        self.cache = cache
        self.directory = directory
        self.secret = secret
        self.started = started
        self.capture = capture
    }

    /// Writes the command's output where it belongs, then keeps it when the command succeeded and
    /// named its inputs, none of which changed while it ran.
    public func finish(status: Int32) {
        let output = capture.finish()
        Descriptor.write(output.standardOutput, to: STDOUT_FILENO)
        Descriptor.write(output.standardError, to: STDERR_FILENO)
        do throws(CommandLineCacheError) {
            let inputs = try self.inputs(status: status)
            let answer = StoredAnswer(
                key: cache.key.bytes, inputs: inputs, standardOutput: output.standardOutput, standardError: output.standardError)
            try directory.keep(answer.encoded(with: secret), named: cache.key.fileName)
            cache.trace("kept \(cache.file)")
        } catch {
            cache.trace(error.description)
        }
    }

    /// The inputs the command named (stamped as it named them), then the files mapped into the
    /// process, each path once.
    private func inputs(status: Int32) throws(CommandLineCacheError) -> [StampedPath] {
        let named = AnswerInputs.end()
        guard status == 0 else { throw .failed(status: status) }
        guard let named else { throw .noInputsNamed }
        var seen = Set<String>()
        let inputs = (named + (try MappedFiles.current()).map { StampedPath(path: $0) }).filter { seen.insert($0.path).inserted }
        if let changed = inputs.first(where: { $0.stamp.changed(since: started) }) {
            throw .changedDuringRun(path: changed.path)
        }
        return inputs
    }
}
