import CSessionBus
import Glibc
import Logging
import Synchronization

/// One connection to the session bus, served by the bus library on a thread of its own running a
/// GLib main loop (docs/DESIGN.md §27 (The session bus)). Method calls arrive on that thread and are handed to
/// `handler`, which must not hold it up; replies and signals may be given from any thread and are
/// sent from that one, in the order given.
final class BusConnection: Sendable {
    /// What the library calls back: calls, properties and GLib's log.
    private final class Callbacks: Sendable {
        let library: BusLibrary
        let handler: @Sendable (BusCall) -> Void
        let property: @Sendable (_ path: String, _ interface: String, _ name: String) -> BusValue?
        let log: @Sendable (Logger.Level, String) -> Void

        init(
            library: BusLibrary, handler: @escaping @Sendable (BusCall) -> Void,
            property: @escaping @Sendable (String, String, String) -> BusValue?, log: @escaping @Sendable (Logger.Level, String) -> Void
        ) {
            self.library = library
            self.handler = handler
            self.property = property
            self.log = log
        }
    }

    /// The library's handle, which its functions take from any thread.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    let library: BusLibrary
    private let callbacks: Callbacks
    /// Nil once closed; held while a signal is handed over, so a close cannot come between.
    private let bus: Mutex<Handle?>

    /// Starts the bus thread and connects to the bus at `address`; returns once connected.
    ///
    /// - Parameters:
    ///   - handler: every method call of the objects exported later, on the bus thread.
    ///   - property: a property's value (nil: none), on the bus thread, at once.
    ///   - log: GLib's messages, on any thread.
    init(
        address: String, library: BusLibrary, handler: @escaping @Sendable (BusCall) -> Void,
        property: @escaping @Sendable (String, String, String) -> BusValue?, log: @escaping @Sendable (Logger.Level, String) -> Void
    ) throws(SessionBusError) {
        let callbacks = Callbacks(library: library, handler: handler, property: property, log: log)
        let hooks = fontd_bus_callbacks(
            call: { call, path, interface, member, arguments, count, context in
                guard let call, let context, let path, let interface, let member else { return }
                let callbacks = Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue()
                let flattened = (0..<count).map { index in
                    let argument = arguments?[index]
                    return BusCall.Argument(
                        name: argument?.name.map { String(cString: $0) } ?? "",
                        signature: argument?.signature.map { String(cString: $0) } ?? "",
                        values: (0..<(argument?.count ?? 0)).map { item in argument?.values?[item].map { String(cString: $0) } ?? "" })
                }
                callbacks.handler(
                    BusCall(
                        handle: call, library: callbacks.library, path: String(cString: path), interface: String(cString: interface),
                        member: String(cString: member), arguments: flattened))
            },
            property: { path, interface, name, context in
                guard let context, let path, let interface, let name else { return nil }
                let callbacks = Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue()
                guard let value = callbacks.property(String(cString: path), String(cString: interface), String(cString: name)) else {
                    return nil
                }
                return strdup(value.text)
            },
            log: { level, domain, message, context in
                guard let context, let message else { return }
                let text = domain.map { "\(String(cString: $0)): \(String(cString: message))" } ?? String(cString: message)
                let level: Logger.Level =
                    switch level {
                    case FONTD_BUS_LOG_WARNING: .warning
                    case FONTD_BUS_LOG_NOTICE: .notice
                    default: .info
                    }
                Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().log(level, text)
            },
            // Unretained: `callbacks` lives as long as this connection, which closes the library's handle before it goes.
            context: Unmanaged.passUnretained(callbacks).toOpaque())
        var failure = fontd_bus_failure()
        guard let bus = library.table.open(address, hooks, &failure) else {
            throw Self.error(failure, name: address) { .notConnected(address: address, reason: $0) }
        }
        self.library = library
        self.callbacks = callbacks
        self.bus = Mutex(Handle(pointer: bus))
    }

    deinit { close() }

    /// Registers at `path` the interfaces `xml` declares; returns once they are.
    func export(_ xml: String, at path: String) throws(SessionBusError) {
        var failure = fontd_bus_failure()
        guard let bus = bus.withLock({ $0 }), library.table.export_object(bus.pointer, path, xml, &failure) else {
            throw Self.error(failure, name: path) { .notExported(path: path, reason: $0) }
        }
    }

    /// Takes `name` on the bus, unless another connection has it.
    func own(_ name: String) throws(SessionBusError) {
        var failure = fontd_bus_failure()
        guard let bus = bus.withLock({ $0 }), library.table.own_name(bus.pointer, name, &failure) else {
            throw Self.error(failure, name: name) { .nameNotRequested(name: name, reason: $0) }
        }
    }

    /// Emits `signal` of `interface` from `path` with `arguments` (`BusValue.tuple`); nothing once closed.
    func emit(_ signal: String, of interface: String, from path: String, _ arguments: String) {
        bus.withLock { bus in
            guard let bus else { return }
            library.table.emit(bus.pointer, path, interface, signal, arguments)
        }
    }

    /// Emits `signal` of `interface` from `path`, an object of another program's, with `arguments`
    /// (GVariant text) of type `signature` (`(ii)`); nothing once closed.
    func emit(_ signal: String, of interface: String, from path: String, signature: String, _ arguments: String) {
        bus.withLock { bus in
            guard let bus else { return }
            library.table.emit_signal(bus.pointer, path, interface, signal, signature, arguments)
        }
    }

    /// Makes `answers` the calls answered at once, on GDBus's worker thread, without `handler`;
    /// every other call still goes to `handler`. Calls read after it returns get these answers.
    func setAnswers(_ answers: [BusAnswer]) {
        bus.withLock { bus in
            guard let bus else { return }
            let strings = answers.map { answer in
                [answer.path, answer.interface, answer.member, answer.arguments, answer.reply].map { (text: String) in strdup(text) }
            }
            defer { for row in strings { for string in row { free(string) } } }
            let rows = strings.map { row in
                fontd_bus_answer(path: row[0], interface: row[1], member: row[2], arguments: row[3], reply: row[4])
            }
            _ = rows.withUnsafeBufferPointer { library.table.set_answers(bus.pointer, $0.baseAddress, $0.count) }
        }
    }

    /// Closes the connection and stops the bus thread; no call arrives after it returns.
    func close() {
        guard
            let bus = bus.withLock({ bus in
                defer { bus = nil }
                return bus
            })
        else { return }
        library.table.close(bus.pointer)
    }

    /// The error `failure` describes (`other` for the kinds particular to the step that failed).
    private static func error(
        _ failure: fontd_bus_failure, name: String, other: (String) -> SessionBusError
    ) -> SessionBusError {
        let detail = withUnsafeBytes(of: failure.detail) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return switch failure.kind {
        case FONTD_BUS_NAME_TAKEN: .nameTaken(detail.isEmpty ? name : detail)
        case FONTD_BUS_NO_THREAD: .noThread(reason: detail)
        default: other(detail)
        }
    }
}
