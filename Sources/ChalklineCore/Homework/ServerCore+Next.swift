/// `/next`: a student doing homework goes on from a round's verdict before its pause is over.
extension ServerCore {
    func next(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (room, _) = try inRoom(call.session, "next")
        guard room.homework != nil else {
            throw ErrorReply("next", .wrongState, Say("error.homework.next_room"))
        }
        guard room.isHomeworkPaused else {
            throw ErrorReply("next", .wrongState, Say("error.homework.next_early"))
        }
        // The reply first, then the question (or the try's end) it brings.
        out.send(OkReply("next", [], Say("text.homework.next")), to: call.session)
        room.nextHomeworkRound(now: call.now, out: &out)
    }
}
