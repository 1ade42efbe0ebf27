/// SHA-1 (FIPS 180-4), one-shot over a contiguous message, reusing its scratch space: it names every imported
/// sample (RFC 9562 UUID version 5), so it runs a million times per import. Not for security.
final class SHA1 {
    private let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 80)
    private let tail = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)

    init() {}

    deinit {
        words.deallocate()
        tail.deallocate()
    }

    /// The digest of `message` as its five big-endian words.
    func digest(_ message: UnsafeRawBufferPointer) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        let fullBlocks = message.count / 64
        for index in 0..<fullBlocks {
            compress(message.baseAddress!.advanced(by: 64 * index).assumingMemoryBound(to: UInt8.self), &state)
        }
        // The last partial block, the 0x80 marker, zeros and the bit length fill one or two more blocks.
        let rest = message.count - 64 * fullBlocks
        let tailLength = rest < 56 ? 64 : 128
        tail.initialize(repeating: 0, count: tailLength)
        if rest > 0 {
            tail.update(from: message.baseAddress!.advanced(by: 64 * fullBlocks).assumingMemoryBound(to: UInt8.self), count: rest)
        }
        tail[rest] = 0x80
        let bits = UInt64(message.count) &* 8
        for index in 0..<8 { tail[tailLength - 1 - index] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(index))) }
        compress(tail, &state)
        if tailLength == 128 { compress(tail + 64, &state) }
        return state
    }

    private func compress(_ block: UnsafePointer<UInt8>, _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32)) {
        let w = words
        for index in 0..<16 {
            w[index] = UInt32(block[4 * index]) << 24 | UInt32(block[4 * index + 1]) << 16
                | UInt32(block[4 * index + 2]) << 8 | UInt32(block[4 * index + 3])
        }
        for index in 16..<80 {
            let x = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
            w[index] = (x << 1) | (x >> 31)
        }
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let f: UInt32
            let k: UInt32
            if index < 20 {
                f = (b & c) | (~b & d)
                k = 0x5A82_7999
            } else if index < 40 {
                f = b ^ c ^ d
                k = 0x6ED9_EBA1
            } else if index < 60 {
                f = (b & c) | (b & d) | (c & d)
                k = 0x8F1B_BCDC
            } else {
                f = b ^ c ^ d
                k = 0xCA62_C1D6
            }
            let temp = ((a << 5) | (a >> 27)) &+ f &+ e &+ k &+ w[index]
            e = d
            d = c
            c = (b << 30) | (b >> 2)
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
