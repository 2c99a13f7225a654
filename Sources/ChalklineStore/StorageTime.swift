import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a `Date` as GRDB stores one (`YYYY-MM-DD HH:MM:SS.SSS`, UTC, milliseconds rounded as Foundation rounds them),
/// so rows written here read back as `Date` like any other. GRDB formats through Foundation's
/// `DateFormatter` (ICU): a few microseconds a call, and the server stamps every answer. Here
/// the date and time of day are worked out once per second and only the milliseconds change.
///
/// Not thread-safe: one `Store` (one writer thread at a time) owns one.
struct StorageTime {
    private var second = Int.min
    private var prefix: [UInt8] = []
    /// The last text made, and its millisecond: at full load many answers land in one.
    private var lastMs = Int.min
    private var last = ""

    mutating func text(_ date: Date) -> String {
        // The same arithmetic as Foundation's formatter (reference date to Unix time, then
        // milliseconds, plus a half), so even the last digit agrees.
        let ms = Int(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down))
        if ms == lastMs { return last }
        let (s, milli) = ms.quotientAndRemainder(dividingBy: 1000)
        let whole = milli < 0 ? s - 1 : s
        let fraction = milli < 0 ? milli + 1000 : milli
        if whole != second {
            second = whole
            var time = time_t(whole)
            var parts = tm()
            gmtime_r(&time, &parts)
            prefix = []
            Self.digits(Int(parts.tm_year) + 1900, 4, into: &prefix)
            prefix.append(0x2D)
            Self.digits(Int(parts.tm_mon) + 1, 2, into: &prefix)
            prefix.append(0x2D)
            Self.digits(Int(parts.tm_mday), 2, into: &prefix)
            prefix.append(0x20)
            Self.digits(Int(parts.tm_hour), 2, into: &prefix)
            prefix.append(0x3A)
            Self.digits(Int(parts.tm_min), 2, into: &prefix)
            prefix.append(0x3A)
            Self.digits(Int(parts.tm_sec), 2, into: &prefix)
            prefix.append(0x2E)
        }
        var bytes = prefix
        Self.digits(fraction, 3, into: &bytes)
        lastMs = ms
        last = String(decoding: bytes, as: UTF8.self)
        return last
    }

    private static func digits(_ value: Int, _ width: Int, into bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(0x30 + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The `Date` a stored text names (what `text` wrote, or GRDB before it); nil for other text.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for b in bytes[from..<from + count] {
                guard (0x30...0x39).contains(b) else { return nil }
                n = n * 10 + Int(b - 0x30)
            }
            return n
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        var fraction = 0.0
        if bytes.count > 20, bytes[19] == 0x2E, let digits = number(20, bytes.count - 20) {
            fraction = Double(digits) / pow(10, Double(bytes.count - 20))
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: Double(timegm(&parts)) + fraction)
    }
}
