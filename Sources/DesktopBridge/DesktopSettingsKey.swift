import CDesktopSettings
import Dispatch
import Logging
import Synchronization

/// One GSettings key holding a double, watched by the settings library on a thread of its own
/// running a GLib main loop (docs/DESIGN.md §26 (The desktop bridge)). Its changes arrive on that thread, and it is read
/// and written only there: in a change handler, or in a task given to `perform`.
final class DesktopSettingsKey: Sendable {
    /// Reads and writes the key: only on the settings thread, in a change handler or a task.
    struct Access {
        fileprivate let library: DesktopSettingsLibrary
        fileprivate let settings: OpaquePointer?

        func read() -> Double { library.read(settings) }

        /// Sets the key; false when it is not writable or `value` is outside the schema's range.
        /// The change handler hears of the new value before this returns.
        func write(_ value: Double) -> Bool { library.write(settings, value) }

        /// The reader's own value of the key; nil when it holds the schema's default.
        func userValue() -> Double? {
            var value = 0.0
            return library.userValue(settings, &value) ? value : nil
        }

        /// Resets the key to the schema's default; false when it is not writable.
        func reset() -> Bool { library.reset(settings) }
    }

    /// What the library calls back: the change handler and GLib's log.
    private final class Callbacks: Sendable {
        let library: DesktopSettingsLibrary
        let changed: @Sendable (Double, Access) -> Void
        let log: @Sendable (Logger.Level, String) -> Void

        init(
            library: DesktopSettingsLibrary, changed: @escaping @Sendable (Double, Access) -> Void,
            log: @escaping @Sendable (Logger.Level, String) -> Void
        ) {
            self.library = library
            self.changed = changed
            self.log = log
        }
    }

    /// A task on its way to the settings thread; `finished` runs when it is released, after it
    /// ran or when closing dropped it.
    private final class Task {
        let library: DesktopSettingsLibrary
        let body: @Sendable (Access) -> Void
        let finished: (@Sendable () -> Void)?

        init(library: DesktopSettingsLibrary, body: @escaping @Sendable (Access) -> Void, finished: (@Sendable () -> Void)?) {
            self.library = library
            self.body = body
            self.finished = finished
        }

        deinit { finished?() }
    }

    /// What a task run by `sync` returned: written on the settings thread before its semaphore is
    /// signalled, read after the wait.
    private final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The library's handle, which its functions take from any thread.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let library: DesktopSettingsLibrary
    private let callbacks: Callbacks
    /// The library's handle; nil once closed. Held while a task is handed over, so a close cannot
    /// come between.
    private let settings: Mutex<Handle?>
    /// The backend GIO chose: "keyfile", "dconf", or its type name.
    let backend: String

    /// Starts the settings thread and watches `key` of `schema` there; returns once it watches.
    ///
    /// - Parameters:
    ///   - changed: the key's value after each change, on the settings thread.
    ///   - log: GLib's messages, on any thread.
    init(
        schema: String, key: String, library: DesktopSettingsLibrary,
        changed: @escaping @Sendable (Double, Access) -> Void, log: @escaping @Sendable (Logger.Level, String) -> Void
    ) throws(DesktopBridgeError) {
        let callbacks = Callbacks(library: library, changed: changed, log: log)
        let hooks = fontd_desktop_settings_callbacks(
            changed: { settings, value, context in
                guard let context else { return }
                let callbacks = Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue()
                callbacks.changed(value, Access(library: callbacks.library, settings: settings))
            },
            log: { level, domain, message, context in
                guard let context, let message else { return }
                let text = domain.map { "\(String(cString: $0)): \(String(cString: message))" } ?? String(cString: message)
                let level: Logger.Level =
                    switch level {
                    case FONTD_DESKTOP_SETTINGS_LOG_WARNING: .warning
                    case FONTD_DESKTOP_SETTINGS_LOG_NOTICE: .notice
                    default: .info
                    }
                Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().log(level, text)
            },
            // Unretained: `callbacks` lives as long as this key, which closes the library's handle before it goes.
            context: Unmanaged.passUnretained(callbacks).toOpaque())
        var failure = fontd_desktop_settings_failure()
        guard let settings = library.open(schema, key, hooks, &failure) else {
            let detail = withUnsafeBytes(of: failure.detail) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw switch failure.kind {
            case FONTD_DESKTOP_SETTINGS_NO_SCHEMA: .noSchema(schema)
            case FONTD_DESKTOP_SETTINGS_NO_KEY: .noKey(schema: schema, key: key)
            case FONTD_DESKTOP_SETTINGS_UNSHARED_BACKEND: .unsharedBackend(detail)
            case FONTD_DESKTOP_SETTINGS_NO_SESSION_BUS: .noSessionBus(reason: detail)
            default: .noThread(reason: detail)
            }
        }
        self.library = library
        self.callbacks = callbacks
        self.settings = Mutex(Handle(pointer: settings))
        backend = library.backend(settings).map { String(cString: $0) } ?? "unknown"
    }

    deinit { close() }

    /// Runs `body` on the settings thread and waits for what it returns; nil once closed (or when
    /// closing drops it). Never on the settings thread, which would wait for itself.
    func sync<Value>(_ body: @escaping @Sendable (Access) -> Value) -> Value? {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        guard perform({ access in outcome.value = body(access) }, finished: { done.signal() }) else { return nil }
        done.wait()
        return outcome.value
    }

    /// Runs `body` on the settings thread, after the tasks performed before it; nothing once closed
    /// (false then). `finished` runs once the task ran or closing dropped it.
    @discardableResult
    func perform(_ body: @escaping @Sendable (Access) -> Void, finished: (@Sendable () -> Void)? = nil) -> Bool {
        settings.withLock { settings in
            guard let settings else { return false }
            let task = Unmanaged.passRetained(Task(library: library, body: body, finished: finished)).toOpaque()
            library.perform(
                settings.pointer,
                { settings, context in
                    guard let context else { return }
                    let task = Unmanaged<Task>.fromOpaque(context).takeUnretainedValue()
                    task.body(Access(library: task.library, settings: settings))
                },
                task,
                // Called once, after the task ran or when closing dropped it.
                { context in if let context { Unmanaged<Task>.fromOpaque(context).release() } })
            return true
        }
    }

    /// Stops the settings thread; no handler or task runs after it returns. Not on the settings thread.
    func close() {
        guard
            let settings = settings.withLock({ settings in
                defer { settings = nil }
                return settings
            })
        else { return }
        library.close(settings.pointer)
    }
}
