import Foundation

/// A parsed HTTP request, as the server's front end sees it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var headers: [String: String]

    /// The client's connection, from the `X-Connection` header.
    public var connection: Int { Int(headers["x-connection"] ?? "") ?? 0 }

    /// Parses a request's head: the request line and its headers.
    public init(parsing text: String) throws {
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true).makeIterator()
        guard let requestLine = lines.next() else { throw RequestError.malformed }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { throw RequestError.malformed }
        method = String(parts[0])
        path = String(parts[1])
        headers = [:]
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else { throw RequestError.malformed }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces
            )
        }
    }

    /// A realistic request head from client `connection`, about 600 bytes.
    public static func sample(connection: Int) -> String {
        "GET /api/v2/items/\(connection % 977)?fields=title,author,tags HTTP/1.1\r\n"
            + "Host: api.example.com\r\nUser-Agent: ExampleApp/4.2 (iPhone; iOS 26.1)\r\n"
            + "Accept: application/json\r\nAccept-Language: en-GB,en;q=0.9\r\nAccept-Encoding: gzip, br\r\n"
            + "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.\(String(repeating: "x", count: 180)).sig\r\n"
            + "X-Request-ID: \(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(connection % 256), 7)))\r\n"
            + "X-Connection: \(connection)\r\nCache-Control: no-cache\r\n\r\n"
    }
}

public enum RequestError: Error {
    case malformed
}

/// One client connection the server keeps track of.
public struct Connection: Sendable, Equatable {
    public var id: Int
    public var requests = 0
    public var inFlight = 0
    public var bytesIn = 0
    public var bytesOut = 0
    public var lastPath = ""
}

/// The connection table many concurrent requests share: a real dictionary of the app's own type.
///
/// The guide's Step 4: a `@MainActor` class in the app until it becomes an actor. Each request opens an entry (or
/// finds it), and closes it with the response, recomputing the totals the status screen shows.
public struct ConnectionTable: Sendable {
    public private(set) var connections: [Int: Connection] = [:]

    /// A table already holding `count` connections, as a server that has run for a while does.
    public init(preloaded count: Int) {
        for id in 0..<count { connections[id] = Connection(id: id, requests: id % 13, bytesIn: id * 3) }
    }

    /// Notes a request on its connection (opening it if new); returns the request, to go on with.
    public mutating func open(_ request: HTTPRequest) -> HTTPRequest {
        connections[request.connection, default: Connection(id: request.connection)].requests += 1
        connections[request.connection]?.inFlight += 1
        connections[request.connection]?.lastPath = request.path
        return request
    }

    /// Notes the response to a request on `connection`, `bytes` long; returns the totals for the status screen.
    public mutating func close(connection: Int, bytes: Int) -> ConnectionTotals {
        connections[connection]?.inFlight -= 1
        connections[connection]?.bytesOut += bytes
        return totals
    }

    /// Open connections, requests in flight and bytes sent, over the whole table.
    public var totals: ConnectionTotals {
        var totals = ConnectionTotals()
        for connection in connections.values {
            totals.connections += 1
            totals.inFlight += connection.inFlight
            totals.bytesOut += connection.bytesOut
        }
        return totals
    }
}

/// What the status screen shows about the connections.
public struct ConnectionTotals: Sendable, Equatable {
    public var connections = 0
    public var inFlight = 0
    public var bytesOut = 0
}

/// The server's status screen: the app's main-actor view model.
@MainActor
public final class StatusViewModel {
    public static let shared = StatusViewModel()

    public private(set) var totals = ConnectionTotals()
    public private(set) var text = ""

    public init() {}

    public func show(_ totals: ConnectionTotals) {
        self.totals = totals
        text = "\(totals.connections) connections, \(totals.inFlight) in flight, \(totals.bytesOut) bytes out"
    }
}
