import ChalklineCore

/// The gate's tests say a ticket is answered; the gate calls it settled (a storage "answer" read
/// as a student's).
extension StorageGate {
    func answer(ticket: Int, effects: [Effect], reply: Payload?) {
        settle(ticket: ticket, effects: effects, reply: reply)
    }
}
