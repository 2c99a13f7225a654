@testable import ChalklineCore
import Foundation
import Testing

/// Issue 5's rules about what is echoed back, on both backends, with the exact words: control
/// characters, the create password, and the words a board keeps hidden.
extension HardeningTests {
    @Test(arguments: ServerBackend.lineBackends)
    func controlCharactersGetTheExactErrorsAndNothingUnsafeIsEchoed(backend: ServerBackend) throws {
        let client = try ServerHarness.scenario(backend).connect()
        try client.skipWelcome()
        for evil in ["Ann\u{1B}[31m", "A\u{0}nn", "Ann\u{7}", "\u{202E}nnA", "Ann\u{9B}2J"] {
            try client.send("/name \(evil)")
            let text = try client.line()
            #expect(text.hasPrefix("error bad_name"), "\(evil.debugDescription)")
            #expect(!text.unicodeScalars.contains { Visible.isUnsafe($0) })
        }
        // Echoed input in errors: the unknown verb, the room code.
        try client.send("/\u{1B}[2Jwipe")
        #expect(try client.line() == "error unknown_command: There is no command /<U+001B>[2jwipe. Type /help for the list.")
        try client.send("/join \u{1B}]0;pwned\u{7}AB\u{0}CD Zoë")
        #expect(try client.line() == "error no_room: There is no room ABCD. Check the code with your host.")
        _ = try client.command("/format json")
        let json = try client.command("/x\u{0}\u{1B}[1m")
        #expect(json.cmd == "x")
        #expect(!json.line.contains("\\u00"))
    }

    @Test(arguments: ServerBackend.allCases)
    func createPasswordIsRequiredWhenSetAndNeverEchoed(backend: ServerBackend) throws {
        let harness = try ServerHarness.scenario(backend, config: .with { $0.createPassword = "s3cret" })
        let ann = try harness.jsonClient("Ann")
        #expect(try ann.command("/create times").code == "bad_password")
        #expect(try ann.command("/create times password=nope").code == "bad_password")
        #expect(try ann.command("/create times password=s3cret password=s3cret").code == "bad_password")
        let ok = try ann.command("/create times table=7 password=s3cret rounds=1")
        #expect(ok.type == "ok")
        #expect(!ok.line.contains("s3cret"))
        // Players still join freely.
        #expect(try harness.jsonClient().command("/join \(ok.string("room") ?? "") Bob").type == "ok")
    }

    @Test(arguments: ServerBackend.allCases)
    func passwordIsIgnoredWhenTheServerHasNone(backend: ServerBackend) throws {
        let ann = try ServerHarness.scenario(backend).jsonClient("Ann")
        #expect(try ann.command("/create times password=x").type == "ok")
    }

    @Test(arguments: ServerBackend.allCases)
    func aWordsBoardHidesEveryUnclaimedWord(backend: ServerBackend) throws {
        let harness = try ServerHarness.scenario(backend, config: ServerConfig().withBuiltinPack())
        let ann = try harness.jsonClient("ann")
        #expect(try ann.command("/create words time=60 countdown=0 gap=0 levels=1 seed=3").type == "ok")
        #expect(try ann.command("/start").type == "ok")
        let clues = try ann.expect("board").list("clues")
        #expect(clues.count == 7)
        #expect(clues.allSatisfy { $0["word"] is NSNull })
    }
}
