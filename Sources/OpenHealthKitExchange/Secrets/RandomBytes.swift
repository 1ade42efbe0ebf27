/// Bytes from the system's cryptographically secure generator: secrets, keys, salts and ids.
package enum RandomBytes {
    package static func make(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
