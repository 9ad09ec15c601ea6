import Foundation

extension Interruption {
    /// Runs `body`, interrupting it on Ctrl-C, a cancelled CI job or a closed terminal (SIGINT, SIGTERM, SIGHUP, which
    /// the process ignores meanwhile), and, for a process the command plugin started, when that parent ends: the macOS
    /// sandbox may not let the plugin signal us, so its end is our Ctrl-C. The watching ends with `body`.
    package func whileWatchingSignals<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        let signalSources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { self.interrupt(by: number) }
            source.resume()
            return source
        }
        defer { for source in signalSources { source.cancel() } }
        let parentWatch =
            ProcessInfo.processInfo.environment[ChildLifetime.endWithParentVariable] == nil
            ? nil : ChildLifetime.whenParentExits { self.interrupt(by: SIGHUP) }
        defer { parentWatch?.cancel() }
        return try await body()
    }
}
