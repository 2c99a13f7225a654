import Foundation

/// A result row as the reports read it, whichever database it came from: `row["score"] as Int?`.
public struct SQLRow: Sendable {
    private let values: [String: SQLValue]

    init(_ values: [String: SQLValue]) { self.values = values }

    /// The column's value; a column the query did not select is a programming error.
    public subscript<T: SQLDecodable>(_ column: String) -> T {
        guard let value = T.decode(self.value(column)) else { preconditionFailure("column \(column) is NULL or not a \(T.self)") }
        return value
    }

    /// Nil for NULL, and for a column this query did not select (some reports share a reader).
    public subscript<T: SQLDecodable>(_ column: String) -> T? { values[column].flatMap(T.decode) }

    private func value(_ column: String) -> SQLValue {
        guard let value = values[column] else { preconditionFailure("no column \(column) in the row") }
        return value
    }
}

/// What a column can be read as.
public protocol SQLDecodable {
    static func decode(_ value: SQLValue) -> Self?
}

extension Int64: SQLDecodable {
    public static func decode(_ value: SQLValue) -> Int64? {
        switch value {
        case .int(let n): n
        case .text(let t): Int64(t)
        case .null: nil
        }
    }
}

extension Int: SQLDecodable {
    public static func decode(_ value: SQLValue) -> Int? { Int64.decode(value).map(Int.init) }
}

extension Bool: SQLDecodable {
    public static func decode(_ value: SQLValue) -> Bool? { Int64.decode(value).map { $0 != 0 } }
}

extension Double: SQLDecodable {
    public static func decode(_ value: SQLValue) -> Double? {
        switch value {
        case .int(let n): Double(n)
        case .text(let t): Double(t)
        case .null: nil
        }
    }
}

extension String: SQLDecodable {
    public static func decode(_ value: SQLValue) -> String? {
        switch value {
        case .int(let n): String(n)
        case .text(let t): t
        case .null: nil
        }
    }
}

extension Date: SQLDecodable {
    /// Times are stored as UTC text, `YYYY-MM-DD HH:MM:SS.SSS` (see `StorageTime`).
    public static func decode(_ value: SQLValue) -> Date? {
        guard case .text(let text) = value else { return nil }
        return StorageTime.date(text)
    }
}
