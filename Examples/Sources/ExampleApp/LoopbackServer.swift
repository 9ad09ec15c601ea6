import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The examples' backend: a FlyingFox `HTTPServer` on the loopback interface.
///
/// It answers `GET /feed` with a JSON feed and `GET /echo` with a short body, each after `latencyMs`, as a backend
/// across the network would take. It starts listening when made, on a free port of 127.0.0.1, and runs for as long as
/// the process does; `baseURL` waits until it listens.
public final class LoopbackServer: Sendable {
    /// The server the examples share, started on first use on a free port.
    public static let shared: LoopbackServer = {
        do {
            return try LoopbackServer(
                feed: FeedPage.sample(articles: 1200).encoded(),
                latencyMs: 120,
                echoLatencyMs: 15
            )
        } catch {
            fatalError("the example server could not start: \(error)")
        }
    }()

    /// Where to send requests, e.g. `http://127.0.0.1:41234`, once the server listens there.
    public var baseURL: URL {
        get async throws { try await listening.value }
    }

    /// Waits until the server listens, then answers its address.
    private let listening: Task<URL, any Error>

    /// Starts listening on a free loopback port.
    public init(feed: Data, latencyMs: Double, echoLatencyMs: Double) throws {
        var routes = RoutedHTTPHandler()
        routes.appendRoute("GET /feed") { _ in
            // Task.sleep, not usleep: a waiting request holds none of the few threads the server shares.
            try await Task.sleep(for: .milliseconds(latencyMs))
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: feed)
        }
        routes.appendRoute("GET /echo") { _ in
            try await Task.sleep(for: .milliseconds(echoLatencyMs))
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "application/json"],
                body: Data(#"{"ok":true}"#.utf8)
            )
        }
        // Port 0 lets the kernel pick a free port; 127.0.0.1 keeps the server off every other interface. The logger
        // is off because FlyingFox's default on Linux prints every connection to stdout.
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: 0),
            pool: NoDelaySocketPool(HTTPServer.defaultPool()),
            logger: .disabled,
            handler: routes
        )
        let running = Task { try await server.run() }
        listening = Task {
            do {
                try await server.waitUntilListening()
            } catch {
                // A server that failed to start (a port in use, say) only times the wait out: its own error says why.
                running.cancel()
                if case .failure(let cause) = await running.result, !(cause is CancellationError) { throw cause }
                throw error
            }
            guard case .ip4(let host, let port) = await server.listeningAddress else {
                throw ServerError("the server listens on no IPv4 address")
            }
            return URL(string: "http://\(host):\(port)")!
        }
    }
}

/// FlyingFox's socket pool, with Nagle's algorithm switched off on every socket it waits on.
///
/// FlyingFox writes a response's head and body in separate writes and keeps connections alive. With Nagle's algorithm
/// on, a short body waits for the client to acknowledge the head, which Linux's delayed ACK holds back for 40 ms: the
/// echo took 61 ms instead of 15. FlyingFox 0.27.1 has no setting for `TCP_NODELAY`, and the pool is the one place its
/// sockets pass through: the listening socket does when it waits for a connection, and on Linux the sockets it accepts
/// inherit the option from it.
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
    private let base: Base

    init(_ base: Base) {
        self.base = base
    }

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // Every time, not once: a connection accepted before the listening socket first waited did not inherit it.
        // A socket it fails on only answers late.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
