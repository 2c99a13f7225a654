/// The protocol module is part of the core's own vocabulary (JSON, error codes, seeded draws):
/// everything that imports the core sees it, as the core's own types.
@_exported import ChalklineProtocol
