import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on the loopback interface, written on POSIX sockets: the examples' backend.
///
/// It answers `GET /feed` with a JSON feed and `GET /echo` with a short body, each after `latencyMs`, as a backend
/// across the network would take. One thread accepts; each request is served on a thread of its own. It runs for as
/// long as the process does.
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

    /// Where to send requests, e.g. `http://127.0.0.1:41234`.
    public let baseURL: URL
    private let feed: Data
    private let latencyMs: Double
    private let echoLatencyMs: Double
    private let listener: Int32

    /// Starts listening on a free loopback port.
    public init(feed: Data, latencyMs: Double, echoLatencyMs: Double) throws {
        self.feed = feed
        self.latencyMs = latencyMs
        self.echoLatencyMs = echoLatencyMs
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.listener = listener
        guard listener >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // any free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 128) == 0 else {
            throw ServerError("bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        let server = self
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                Thread.detachNewThread { server.serve(connection) }
            }
        }
    }

    /// Reads one request, waits the backend's latency, answers, and closes.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)  // "GET /feed HTTP/1.1"
        let isFeed = line.hasPrefix("GET /feed")
        usleep(useconds_t((isFeed ? latencyMs : echoLatencyMs) * 1000))
        let body = isFeed ? feed : Data(#"{"ok":true}"#.utf8)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        let response = Array(head.utf8) + body
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

/// The server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        count >= 4
            && indices.dropLast(3).contains {
                self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
            }
    }
}
