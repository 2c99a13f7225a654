import Testing
@testable import ChalklineCore

/// `/say`, `chat=off` and `/set chat=`: who may speak, who hears, and what reaches a screen.
@Suite struct ChatTests {
    /// A room with a host and two players; `create` adds options to `/create times`.
    private func room(_ create: String = "") -> (ChatDriver, host: ConnectionID, ann: ConnectionID, bob: ConnectionID, code: String) {
        let d = ChatDriver()
        let host = d.connect("MsLee"), ann = d.connect("ann"), bob = d.connect("bob")
        let code = d.send(host, "/create times play=no \(create)")["room"] as! String
        d.send(ann, "/join \(code)")
        d.send(bob, "/join \(code)")
        d.clear()
        return (d, host, ann, bob, code)
    }

    @Test func sayReachesEveryoneInTheRoomAfterTheReply() {
        let (d, host, ann, bob, _) = room()
        let reply = d.send(ann, "/say hello   class")
        #expect(reply.type == "ok")
        #expect(reply["cmd"] as? String == "say")
        for id in [host, ann, bob] {
            let chats = d.events(id, "chat")
            #expect(chats.count == 1)
            #expect(chats.first?["name"] as? String == "ann")
            #expect(chats.first?["text"] as? String == "hello   class")
            #expect(chats.first?["host"] as? Bool == false)
        }
        // The sender's reply comes before the event it caused.
        #expect(d.inbox[ann]?.map(\.type) == ["ok", "chat"])
        d.send(host, "/say Pencils down")
        #expect(d.events(bob, "chat").last?["host"] as? Bool == true)
    }

    @Test func chatStaysInsideItsRoom() {
        let (d, _, ann, _, _) = room()
        let stranger = d.connect("zed")
        let other = d.connect("otto")
        let code2 = d.send(other, "/create times")["room"] as! String
        d.send(stranger, "/join \(code2)")
        d.clear()
        d.send(ann, "/say only us")
        #expect(d.events(stranger, "chat").isEmpty)
        #expect(d.events(other, "chat").isEmpty)
    }

    @Test func sayNeedsARoomAndText() {
        let (d, _, ann, _, _) = room()
        let loner = d.connect("solo")
        #expect(d.send(loner, "/say anyone?").code == "not_in_room")
        #expect(d.send(ann, "/say").code == "bad_args")
        #expect(d.send(ann, "/say \u{1B}\u{07}\u{7F}").code == "bad_args", "a line of nothing but control characters is empty")
    }

    @Test func controlAndFormatCharactersAreStripped() {
        let (d, _, ann, bob, _) = room()
        d.send(ann, "/say \u{1B}[31mred\u{1B}[0m and \u{202E}gnirts\u{202C} done")
        let text = d.events(bob, "chat").first?["text"] as? String
        #expect(text == "[31mred[0m and gnirts done")
        #expect(text?.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } == false)
    }

    @Test func chatOffMutesPlayersButNotTheHost() {
        let (d, host, ann, bob, _) = room("chat=off")
        let refused = d.send(ann, "/say can I speak?")
        #expect(refused.code == "chat_off")
        #expect(d.events(bob, "chat").isEmpty)
        #expect(d.send(host, "/say Quiet please").type == "ok")
        #expect(d.events(ann, "chat").map { $0["text"] as? String } == ["Quiet please"])
    }

    @Test func createEchoesTheChatSetting() {
        let d = ChatDriver()
        let host = d.connect("MsLee")
        let created = d.send(host, "/create times chat=off")
        #expect((created["settings"] as? [String: Any])?["chat"] as? Bool == false)
        let other = d.connect("Mr.K")
        #expect((d.send(other, "/create times")["settings"] as? [String: Any])?["chat"] as? Bool == true)
        #expect(d.connect("x") != host)
        #expect(d.send(d.connect("y"), "/create times chat=maybe").code == "bad_args")
    }

    @Test func setChatTurnsChatOffAndOnInTheLobby() {
        let (d, host, ann, _, _) = room()
        let off = d.send(host, "/set chat=off")
        #expect(off.type == "ok")
        #expect(off["chat"] as? Bool == false)
        #expect(d.send(ann, "/say hi").code == "chat_off")
        #expect(d.send(host, "/set chat=on")["chat"] as? Bool == true)
        #expect(d.send(ann, "/say hi").type == "ok")
    }

    /// The host can mute the class at any time, mid-game too; the host's own lines still go.
    @Test func setIsForTheHostWithAKnownKeyAtAnyTime() {
        let (d, host, ann, _, _) = room("countdown=0 time=5")
        #expect(d.send(ann, "/set chat=off").code == "not_host")
        #expect(d.send(host, "/set rounds=3").code == "bad_args")
        #expect(d.send(host, "/set").code == "bad_args")
        #expect(d.send(host, "/set chat=loud").code == "bad_args")
        #expect(d.send(d.connect("solo"), "/set chat=off").code == "not_in_room")
        #expect(d.send(host, "/start").type == "ok")
        // Chat itself works while the game runs, until the host turns it off.
        #expect(d.send(ann, "/say good luck").type == "ok")
        #expect(d.send(host, "/set chat=off").type == "ok")
        #expect(d.send(ann, "/say too late").code == "chat_off")
        #expect(d.send(host, "/say pencils down").type == "ok")
    }
}
