import Foundation

/// One value going into a statement (a `?`) or coming out of a row, the same for both
/// back-ends: the schema only holds integers, text (times included) and NULL.
public enum SQLValue: Sendable, Equatable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case int(Int64)
    case text(String)
    case null

    public init(integerLiteral value: Int) { self = .int(Int64(value)) }
    public init(stringLiteral value: String) { self = .text(value) }
    init(_ value: Int) { self = .int(Int64(value)) }
    init(_ value: Int64) { self = .int(value) }
    init(_ value: Bool) { self = .int(value ? 1 : 0) }
    init(_ value: String) { self = .text(value) }
    init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    init(_ value: Int64?) { self = value.map { .int($0) } ?? .null }
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
}
