/// A binary min-heap of (deadline, connection): the idle timeout's schedule. Pushing and popping
/// cost O(log n) and the earliest deadline is O(1), so ten thousand idle connections cost the
/// loop nothing between their deadlines — no tick ever scans every session.
///
/// Entries may be stale (the connection spoke since, or is gone); whoever pops one checks the
/// session and pushes its real deadline again. Each connection has at most one entry.
struct DeadlineHeap {
    private(set) var items: [(at: Millis, id: ConnectionID)] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    var first: (at: Millis, id: ConnectionID)? { items.first }

    mutating func push(_ at: Millis, _ id: ConnectionID) {
        items.append((at, id))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].at < items[parent].at else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry if it is due at `now`.
    mutating func popDue(_ now: Millis) -> (at: Millis, id: ConnectionID)? {
        guard let top = items.first, top.at <= now else { return nil }
        return popFirst()
    }

    /// Removes and returns the earliest entry.
    @discardableResult
    mutating func popFirst() -> (at: Millis, id: ConnectionID)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count && items[left].at < items[smallest].at { smallest = left }
                if right < items.count && items[right].at < items[smallest].at { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
