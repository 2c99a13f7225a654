import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `/say`, `chat=off` and `/set chat=`: who may speak, who hears, and what reaches a screen.
@Suite struct ChatTests {
    /// A room with a host and two players; `create` adds options to `/create times`. What they
    /// heard while joining is forgotten.
    private func room(_ create: String = "") throws -> (ServerHarness, host: HarnessClient, ann: HarnessClient, bob: HarnessClient, code: String) {
        let h = try ServerHarness(.inProcess)
        let host = try h.jsonClient("MsLee"), ann = try h.jsonClient("ann"), bob = try h.jsonClient("bob")
        let code = try #require(try host.command("/create times play=no \(create)").string("room"))
        _ = try ann.command("/join \(code)")
        _ = try bob.command("/join \(code)")
        for client in [host, ann, bob] { client.forget() }
        return (h, host, ann, bob, code)
    }

    @Test func sayReachesEveryoneInTheRoomAfterTheReply() throws {
        let (_, host, ann, bob, _) = try room()
        let reply = try ann.command("/say hello   class")
        #expect(reply.type == "ok")
        #expect(reply["cmd"] as? String == "say")
        for client in [host, ann, bob] {
            let chats = client.heard("chat")
            #expect(chats.count == 1)
            #expect(chats.first?["name"] as? String == "ann")
            #expect(chats.first?["text"] as? String == "hello   class")
            #expect(chats.first?["host"] as? Bool == false)
        }
        // The sender's reply comes before the event it caused.
        #expect(ann.heard.types == ["ok", "chat"])
        _ = try host.command("/say Pencils down")
        #expect(bob.heard("chat").last?["host"] as? Bool == true)
    }

    @Test func chatStaysInsideItsRoom() throws {
        let (h, _, ann, _, _) = try room()
        let stranger = try h.jsonClient("zed")
        let other = try h.jsonClient("otto")
        let code2 = try #require(try other.command("/create times").string("room"))
        _ = try stranger.command("/join \(code2)")
        stranger.forget()
        other.forget()
        _ = try ann.command("/say only us")
        #expect(stranger.heard("chat").isEmpty)
        #expect(other.heard("chat").isEmpty)
    }

    @Test func sayNeedsARoomAndText() throws {
        let (h, _, ann, _, _) = try room()
        let loner = try h.jsonClient("solo")
        #expect(try loner.command("/say anyone?").code == "not_in_room")
        #expect(try ann.command("/say").code == "bad_args")
        #expect(try ann.command("/say \u{1B}\u{07}\u{7F}").code == "bad_args", "a line of nothing but control characters is empty")
    }

    @Test func controlAndFormatCharactersAreStripped() throws {
        let (_, _, ann, bob, _) = try room()
        _ = try ann.command("/say \u{1B}[31mred\u{1B}[0m and \u{202E}gnirts\u{202C} done")
        let text = bob.heard("chat").first?["text"] as? String
        #expect(text == "[31mred[0m and gnirts done")
        #expect(text?.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } == false)
    }

    @Test func chatOffMutesPlayersButNotTheHost() throws {
        let (_, host, ann, bob, _) = try room("chat=off")
        let refused = try ann.command("/say can I speak?")
        #expect(refused.code == "chat_off")
        #expect(bob.heard("chat").isEmpty)
        #expect(try host.command("/say Quiet please").type == "ok")
        #expect(ann.heard("chat").map { $0["text"] as? String } == ["Quiet please"])
    }

    @Test func createEchoesTheChatSetting() throws {
        let h = try ServerHarness(.inProcess)
        let host = try h.jsonClient("MsLee")
        let created = try host.command("/create times chat=off")
        #expect((created["settings"] as? [String: Any])?["chat"] as? Bool == false)
        let other = try h.jsonClient("Mr.K")
        #expect((try other.command("/create times")["settings"] as? [String: Any])?["chat"] as? Bool == true)
        #expect(try h.jsonClient("x").id != host.id)
        #expect(try h.jsonClient("y").command("/create times chat=maybe").code == "bad_args")
    }

    @Test func setChatTurnsChatOffAndOnInTheLobby() throws {
        let (_, host, ann, _, _) = try room()
        let off = try host.command("/set chat=off")
        #expect(off.type == "ok")
        #expect(off["chat"] as? Bool == false)
        #expect(try ann.command("/say hi").code == "chat_off")
        #expect(try host.command("/set chat=on")["chat"] as? Bool == true)
        #expect(try ann.command("/say hi").type == "ok")
    }

    /// The host can mute the class at any time, mid-game too; the host's own lines still go.
    @Test func setIsForTheHostWithAKnownKeyAtAnyTime() throws {
        let (h, host, ann, _, _) = try room("countdown=0 time=5")
        #expect(try ann.command("/set chat=off").code == "not_host")
        #expect(try host.command("/set rounds=3").code == "bad_args")
        #expect(try host.command("/set").code == "bad_args")
        #expect(try host.command("/set chat=loud").code == "bad_args")
        #expect(try h.jsonClient("solo").command("/set chat=off").code == "not_in_room")
        #expect(try host.command("/start").type == "ok")
        // Chat itself works while the game runs, until the host turns it off.
        #expect(try ann.command("/say good luck").type == "ok")
        #expect(try host.command("/set chat=off").type == "ok")
        #expect(try ann.command("/say too late").code == "chat_off")
        #expect(try host.command("/say pencils down").type == "ok")
    }
}
