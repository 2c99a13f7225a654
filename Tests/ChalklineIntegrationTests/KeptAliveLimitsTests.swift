import ChalklineCore
import Foundation
import Testing

/// Kept-alive HTTP connections cannot make the loop work without bound, cannot lock a class
/// behind one NAT out of the page, and cannot take a request's body for the next request
/// (review findings 5, 6 and 9), over real TCP against the real server.
@Suite struct KeptAliveLimitsTests {
    typealias RawClient = PageLoadTCPTests.RawClient

    /// A made-up room code draws nothing: only a room that exists gets a QR code.
    @Test func aRoomThatDoesNotExistGetsNoQRCode() throws {
        let server = try LiveServer()
        let page = try RawClient(server)
        try page.send(PageLoadTCPTests.get("/qr.svg?room=ZZZZQ"))
        let answer = try page.response()
        #expect(answer.status == 404)
        #expect(answer.text.contains("There is no room ZZZZQ"))
        // The connection stays usable: a 404 keeps it alive.
        try page.send(PageLoadTCPTests.get("/icon.svg"))
        #expect(try page.response().status == 200)
    }

    /// Far more pipelined requests than one turn answers, in one write: every one is answered,
    /// in order, over the next turns (the rest wait unread, then reading resumes).
    @Test func manyPipelinedRequestsAreAllAnsweredInOrder() throws {
        let server = try LiveServer()
        let page = try RawClient(server)
        let count = Limits.httpRequestsPerTurn * 6 + 3
        var burst = ""
        for i in 0..<count { burst += PageLoadTCPTests.get(i % 2 == 0 ? "/icon.svg" : "/nothing-\(i)") }
        try page.send(burst)
        for i in 0..<count {
            let answer = try page.response()
            #expect(answer.status == (i % 2 == 0 ? 200 : 404), "answer \(i)")
        }
        // Reading resumed once the backlog was answered.
        try page.send(PageLoadTCPTests.get("/icon.svg"))
        #expect(try page.response().status == 200)
    }

    /// A GET with a body: answered, then closed, so the body (here shaped like a request) is
    /// never answered as the next request.
    @Test(arguments: ["Content-Length: 38\r\n", "Transfer-Encoding: chunked\r\n"])
    func aRequestWithABodyIsAnsweredAndClosed(_ field: String) throws {
        let server = try LiveServer()
        let page = try RawClient(server)
        let smuggled = "GET /nothing HTTP/1.1\r\nHost: localhost\r\n\r\n"
        try page.send(PageLoadTCPTests.get("/icon.svg", field) + smuggled)
        let answer = try page.response()
        #expect(answer.status == 200)
        #expect(answer.headers["connection"] == "close")
        #expect(page.closes(within: 5), "closed after the answer")
        #expect(throws: (any Error).self, "the body was never answered as a request") { try page.response(timeout: 0.5) }
    }

    /// A class behind one NAT loads the page at once: the kept-alive sockets their browsers
    /// hold do not lock the next student out. At the address's cap, a new connection takes the
    /// place of the oldest idle kept-alive one.
    @Test func idleKeptAliveConnectionsGiveWayToANewOne() throws {
        let server = try LiveServer(["--max-per-ip", "2"])
        let cap = 2 * Limits.unannouncedPerIPMultiple
        var idle: [RawClient] = []
        for _ in 0..<cap {
            let c = try RawClient(server)
            try c.send(PageLoadTCPTests.get("/icon.svg"))
            #expect(try c.response().status == 200)
            idle.append(c)
        }
        let late = try RawClient(server)
        try late.send(PageLoadTCPTests.get("/"))
        #expect(try late.response().status == 200, "a new student's page loads")
        #expect(idle[0].closes(within: 5), "the oldest idle kept-alive connection gave way")
        try idle[cap - 1].send(PageLoadTCPTests.get("/icon.svg"))
        #expect(try idle[cap - 1].response().status == 200, "the newest is still served")
    }
}
