extension WebExchange {
    /// The connection may wait for another request after `response`: not after a refusal that
    /// leaves the request stream in doubt (a malformed or oversized head, a method whose body
    /// was not read, a refused upgrade, a name or page this server does not serve).
    public static func keepsAlive(after response: HTTPResponse) -> Bool {
        response.status < 400 || response.status == 404
    }
}
