#if canImport(Glibc)
import Glibc
#endif

/// Bytes being written, in one buffer of its own that grows by doubling (`malloc`/`realloc`).
///
/// Every line the server sends is written through one of these. An `[UInt8]` checks on every
/// `append` that it is its buffer's only owner, and copies a run of bytes through a generic
/// path (BENCHMARKS.md has what that cost). Here a byte is a bounds check and a store, a run
/// one `memcpy`.
///
/// Not copyable: the buffer has one owner, which frees it (`deinit`) or hands it over whole
/// (`take`, to a payload that frees it with `free`).
public struct ByteWriter: ~Copyable {
    // Reachable from inlined code (`@usableFromInline`): the rows of every table are written
    // through these from other modules, and a call a key or a number cost more than the write.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var written = 0
    @usableFromInline var capacity: Int

    public var count: Int { written }

    public init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        guard let memory = malloc(self.capacity) else { fatalError("out of memory") }
        base = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if written == capacity { grow(to: written + 1) }
        base[written] = byte
        written += 1
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let from = bytes.baseAddress, bytes.count > 0 else { return }
        if written + bytes.count > capacity { grow(to: written + bytes.count) }
        memcpy(base + written, from, bytes.count)
        written += bytes.count
    }

    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// A literal's bytes (keys, `null`, `true`), as they are.
    @inlinable
    public mutating func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Room for `n` more bytes, and where they go: the caller writes exactly `n` there through
    /// `write`. A key or a number is then one capacity check instead of one a byte.
    /// Internal (inlined into this module's writers only): `n` is trusted, which no caller
    /// outside could be.
    @inlinable @inline(__always)
    mutating func appending(_ n: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        if written + n > capacity { grow(to: written + n) }
        write(base + written)
        written += n
    }

    /// Takes back the last `n` bytes written (a comma nothing followed).
    public mutating func removeLast(_ n: Int = 1) {
        precondition(n <= written, "removing more than was written")
        written -= n
    }

    @inline(never) @usableFromInline
    mutating func grow(to needed: Int) {
        capacity = max(capacity * 2, needed)
        guard let memory = realloc(base, capacity) else { fatalError("out of memory") }
        base = memory.assumingMemoryBound(to: UInt8.self)
    }

    /// What was written, as an array (one copy); the buffer is freed.
    public consuming func bytes() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    /// The buffer itself and how many bytes were written: the caller owns it now and must
    /// `free` it (a payload does, when its last write is done).
    public consuming func take() -> (pointer: UnsafeMutableRawPointer, count: Int) {
        let taken = (UnsafeMutableRawPointer(base), count)
        discard self
        return taken
    }
}
