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

    mutating func text(_ date: Date) -> String {
        // The same arithmetic as Foundation's formatter (reference date to Unix time, then
        // milliseconds, plus a half), so even the last digit agrees.
        let ms = Int(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down))
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
        return String(decoding: bytes, as: UTF8.self)
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
}
