@testable import ChalklineStore
import Foundation
import GRDB
import Testing

/// The store writes timestamps itself (`StorageTime`) instead of through GRDB's `DateFormatter`:
/// the text must be exactly what GRDB writes, or reports would read different times back.
@Suite struct StorageTimeTests {
    @Test func writesWhatGRDBWrites() {
        var time = StorageTime()
        var random = SystemRandomNumberGenerator()
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_478_399.999),
                     Date(timeIntervalSince1970: 1_795_478_400), Date(timeIntervalSince1970: 951_782_400.5),  // 2000-02-29
                     Date(timeIntervalSince1970: -1.25)]
        // Milliseconds one after another, across a second's edge, as the server stamps them.
        for ms in 1_795_478_399_990...1_795_478_400_010 { dates.append(Date(timeIntervalSince1970: Double(ms) / 1000)) }
        for _ in 0..<500 { dates.append(Date(timeIntervalSince1970: Double(Int64.random(in: 0...4_102_444_800_000, using: &random)) / 1000)) }
        // Several in one millisecond, then the next (the last text is kept for its millisecond).
        for offset in [0.0001, 0.0002, 0.0004, 0.0011, 0.0012] { dates.append(Date(timeIntervalSince1970: 1_795_478_123.456 + offset)) }
        // And what the server really stamps: `Date()`, with sub-millisecond digits.
        for _ in 0..<500 { dates.append(Date(timeIntervalSince1970: Double.random(in: 1_700_000_000...1_900_000_000, using: &random))) }
        for date in dates {
            let grdb = date.databaseValue.storage.value as? String
            #expect(time.text(date) == grdb, "\(date.timeIntervalSince1970)")
        }
    }

    @Test func readsBackAsTheSameMillisecond() throws {
        var time = StorageTime()
        let date = Date(timeIntervalSince1970: 1_795_478_123.456)
        let back = try #require(Date.fromDatabaseValue(time.text(date).databaseValue))
        #expect(abs(back.timeIntervalSince1970 - 1_795_478_123.456) < 0.0005)
    }
}
