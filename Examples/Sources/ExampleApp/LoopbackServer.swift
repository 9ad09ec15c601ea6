import FlyingFox
import Foundation

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
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled, handler: routes)
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

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
