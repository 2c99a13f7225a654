import CLibUV

/// libuv's handle types are C structs that "inherit" from `uv_handle_t` and `uv_stream_t` by
/// sharing their leading fields; these casts are the C idiom, spelled once.
@inline(__always)
func asHandle<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutablePointer<uv_handle_t>(OpaquePointer(p))
}

@inline(__always)
func asStream<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutablePointer<uv_stream_t>(OpaquePointer(p))
}

/// libuv's own words for an error code, for logs.
func uvMessage(_ code: Int32) -> String {
    String(cString: uv_strerror(code))
}

/// An error from a libuv call at start-up, where the server cannot go on.
public struct UVError: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "\(call): \(uvMessage(code))" }
}

@inline(__always)
func check(_ code: Int32, _ call: String) throws(UVError) {
    if code < 0 { throw UVError(call: call, code: code) }
}

/// Closes a handle whose `data` holds a retained Swift owner: the owner is released and the
/// handle's memory freed in the close callback, never before (libuv may still touch the handle
/// until then).
func closeOwnedHandle<T>(_ handle: UnsafeMutablePointer<T>) {
    let h = asHandle(handle)
    guard uv_is_closing(h) == 0 else { return }
    uv_close(h) { h in
        guard let h else { return }
        if let data = h.pointee.data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        UnsafeMutableRawPointer(h).deallocate()
    }
}

/// The Swift object stored in a handle's (or request's) `data`, without changing its retain count.
@inline(__always)
func owner<T: AnyObject>(of data: UnsafeMutableRawPointer?, as: T.Type) -> T? {
    guard let data else { return nil }
    return Unmanaged<T>.fromOpaque(data).takeUnretainedValue()
}
