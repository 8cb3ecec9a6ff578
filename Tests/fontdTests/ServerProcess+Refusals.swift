import DynamicType
import ServerTestSupport
import Testing

extension ServerProcess {
    /// Checks that the server still answers a normal request (after a refusal, say).
    func expectStillServing(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answer = try client.get("/healthz")
        #expect(answer.status == 200, sourceLocation: sourceLocation)
        #expect(answer.bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#, sourceLocation: sourceLocation)
    }

    /// Sends `request` on a new connection, expects `status` with the JSON error `code`, the
    /// connection closed, and the server still answering others.
    func expectRefusal(_ request: String, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let connection = try connect()
        try connection.send(request)
        let answer = try connection.readResponse()
        #expect(answer.status == status, "\(request.debugDescription)", sourceLocation: sourceLocation)
        #expect(answer.bodyText.contains(#""error":"\#(code)""#), "\(answer.bodyText)", sourceLocation: sourceLocation)
        #expect(answer.header("Connection")?.lowercased() == "close", sourceLocation: sourceLocation)
        #expect(connection.closedByServer(), sourceLocation: sourceLocation)
        try expectStillServing(sourceLocation: sourceLocation)
    }
}
