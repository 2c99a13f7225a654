import Testing
@testable import ChalklineCore
@Test func placeholder() { #expect(ConnectionID(1) < ConnectionID(2)) }
