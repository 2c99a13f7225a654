/// Everyone who hears a room's events, read in place: the seated connections, then watchers.
///
/// Every broadcast walks it once (`Outbox.send`); building it as an array cost two arrays and a
/// retain and release of every session per event, a thousand of each for a big room's `/say`.
///
/// Owned by the loop thread, like the room it reads.
struct Audience: Sequence {
    let seats: [Seat]
    let watchers: [Session]

    struct Iterator: IteratorProtocol {
        let audience: Audience
        var seat = 0
        var watcher = 0

        mutating func next() -> Session? {
            while seat < audience.seats.count {
                defer { seat += 1 }
                if let session = audience.seats[seat].session { return session }
            }
            guard watcher < audience.watchers.count else { return nil }
            defer { watcher += 1 }
            return audience.watchers[watcher]
        }
    }

    func makeIterator() -> Iterator { Iterator(audience: self) }
}
