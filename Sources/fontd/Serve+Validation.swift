import ArgumentParser
import Logging

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `fontd serve`'s checks of its options, each made once, here, before anything is opened
/// (docs/DESIGN.md §18 (The command line)). What needs I/O to be judged — the token file, the
/// socket systemd passed, the store, the JWT public key — is judged in `run()`.
extension Serve {
    mutating func validate() throws {
        validatedDurations.value = try checkDurations()
        if desktopScope != nil, desktop == nil, bridge == nil {
            throw ValidationError("--desktop-scope needs --desktop gnome, kde, x11, qt5ct, qt6ct or auto, or --bridge.")
        }
        if let desktop, desktop.choices.isSuperset(of: [.gnome, .kde]) {
            throw ValidationError(
                "--desktop: gnome and kde each set the reader's category from their own text size; give one of them (x11 may join either).")
        }
        _ = try desktopScopeParsed()
        try validateBusOptions()
        _ = try logLevel.value()
        try validateServerLimits()
        try validateToken(environment: ProcessInfo.processInfo.environment)
        try validateStoreLimits()
        _ = try maxTokenTtl.value()
    }

    /// The listener's and the answers' limits.
    private func validateServerLimits() throws {
        if let threads, !(1...1024).contains(threads) { throw ValidationError("Invalid threads '\(threads)': expected 1 to 1024.") }
        guard maxConnections >= 1 else { throw ValidationError("Invalid max connections '\(maxConnections)': expected at least 1.") }
        guard cacheEntries >= 1 else { throw ValidationError("Invalid cache entries '\(cacheEntries)': expected at least 1.") }
        guard cacheBytes >= 0 else { throw ValidationError("Invalid cache bytes '\(cacheBytes)': expected 0 or more.") }
        if let port, !(0...65535).contains(port) { throw ValidationError("Invalid port '\(port)': expected 0 to 65535.") }
        guard subscriberQueueBytes >= 1024 else {
            throw ValidationError("Invalid subscriber queue bytes '\(subscriberQueueBytes)': expected at least 1024.")
        }
        if let sseSndbuf, !(1024...(64 << 20)).contains(sseSndbuf) {
            throw ValidationError("Invalid SSE send buffer '\(sseSndbuf)': expected 1024 to 67108864 bytes.")
        }
    }

    /// An empty token is refused whichever way it came: it would let anyone with an empty
    /// `Authorization: Bearer ` change the preferences.
    private func validateToken(environment: [String: String]) throws {
        if token == "" {
            throw ValidationError(
                "--token is empty: give the secret clients must send, or no --token (only on loopback, or with --allow-unauthenticated).")
        }
        if token == nil, tokenFile == nil, environment["FONTD_TOKEN"] == "" {
            throw ValidationError(
                "FONTD_TOKEN is set but empty: give the secret clients must send, or unset it (only on loopback, or with --allow-unauthenticated)."
            )
        }
    }

    /// The store's and the scopes' limits.
    private func validateStoreLimits() throws {
        guard keptChanges >= 1 else { throw ValidationError("Invalid kept changes '\(keptChanges)': expected at least 1.") }
        guard keptChangesPerScope >= 1 else {
            throw ValidationError("Invalid kept changes per scope '\(keptChangesPerScope)': expected at least 1.")
        }
        guard maxScopes >= 0 else { throw ValidationError("Invalid max scopes '\(maxScopes)': expected 0 or more.") }
        guard maxScopesPerReader >= 1 else {
            throw ValidationError("Invalid max scopes per reader '\(maxScopesPerReader)': expected at least 1.")
        }
        guard maxWritesPerSecond.isFinite, (0.01...1_000_000).contains(maxWritesPerSecond) else {
            throw ValidationError("Invalid max writes per second '\(maxWritesPerSecond)': expected 0.01 to 1000000.")
        }
    }
}
