import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitWire

/// The fast codec (`Sources/OpenHealthKitWire/Codec`) writes the bytes `JSONEncoder` writes and reads what
/// `JSONDecoder` reads, on randomized values of every kind, on their JSON reshaped and on it broken.
@Suite struct WireCodecTests {
    static let rounds = 400

    /// Every body the fast codec has, built from random samples.
    static func bodies(_ random: inout RandomWireValues) -> [any Codable] {
        let samples = random.samples()
        return [
            WireSamplesResponse(samples: samples), WireSamplesResponse(sharingSourceRevisionsOf: samples),
            WireSaveRequest(objects: samples),
            WireSaveResponse(sourceRevision: random.chance(70) ? random.sourceRevision() : nil),
        ]
    }

    static func disagreement(_ data: Data) -> String? {
        WireRequestBody.fastCodecDisagreement(WireSaveRequest.self, on: data)
            ?? WireRequestBody.fastCodecDisagreement(WireSamplesResponse.self, on: data)
            ?? WireRequestBody.fastCodecDisagreement(WireSaveResponse.self, on: data)
            ?? WireRequestBody.fastCodecDisagreement(WireSample.self, on: data)
    }

    @Test func theFastEncoderWritesTheBytesJSONEncoderWrites() throws {
        var random = RandomWireValues(seed: 1)
        for _ in 0..<Self.rounds {
            for body in Self.bodies(&random) {
                let fast = try WireJSON.encode(body)
                let reference = try WireJSON.encoder.encode(body)
                #expect(fast == reference, "\(String(decoding: fast, as: UTF8.self))")
            }
        }
    }

    @Test func anAnswerSharingItsSourceRevisionsResolvesToTheSamplesItWasMadeOf() throws {
        var random = RandomWireValues(seed: 5)
        for _ in 0..<Self.rounds {
            let samples = random.samples()
            let shared = WireSamplesResponse(sharingSourceRevisionsOf: samples)
            let read = try WireJSON.decode(WireSamplesResponse.self, from: try WireJSON.encode(shared))
            #expect(try read.resolvedSamples() == samples)
            #expect(Set(shared.sourceRevisions ?? []).count == shared.sourceRevisions?.count)
        }
    }

    @Test func aSampleNamingASourceRevisionTheAnswerDoesNotListIsAnError() {
        var sample = WireSample(type: "HKQuantityTypeIdentifierHeartRate", startDate: Date(), endDate: Date())
        sample.sourceRevisionIndex = 0
        let error = #expect(throws: HKError.self) { try WireSamplesResponse(samples: [sample]).resolvedSamples() }
        #expect(error?.code == .unknownError)
    }

    @Test func aNumberThatIsNotFiniteIsRefusedByBothEncoders() {
        var sample = WireSample(type: "HKQuantityTypeIdentifierHeartRate", startDate: Date(), endDate: Date())
        for value in [Double.nan, .infinity, -.infinity] {
            sample.quantity = WireQuantity(value: value, unit: "count/min")
            #expect((try? WireJSON.encode(WireSamplesResponse(samples: [sample]))) == nil)
            #expect((try? WireJSON.encoder.encode(WireSamplesResponse(samples: [sample]))) == nil)
        }
    }

    @Test func theFastDecoderReadsWhatJSONEncoderWroteAsTheValueItWas() throws {
        var random = RandomWireValues(seed: 2)
        var read = 0
        for _ in 0..<Self.rounds {
            let samples = random.samples()
            let data = try WireJSON.encoder.encode(WireSamplesResponse(samples: samples))
            #expect(Self.disagreement(data) == nil)
            let fast = WireJSON.fastDecode(WireSamplesResponse.self, from: data)
            let escapes = data.contains(UInt8(ascii: "\\"))
            // The kinds the generator makes that the fast codec leaves to the Codable types.
            let rare = samples.contains {
                $0.objects != nil || $0.workoutActivityType != nil || $0.count != nil || $0.answers != nil
                    || $0.associatedSamples != nil
            }
            if !escapes && !rare {
                #expect(fast?.samples == samples)
                read += 1
            }
            #expect(try WireJSON.decode(WireSamplesResponse.self, from: data).samples == samples)
        }
        #expect(read > Self.rounds / 10)
    }

    @Test func theFastDecoderReadsReorderedAndIndentedJSONAsJSONDecoderDoes() throws {
        var random = RandomWireValues(seed: 3)
        var read = 0
        for _ in 0..<Self.rounds {
            for body in Self.bodies(&random) {
                let object = try JSONSerialization.jsonObject(with: try WireJSON.encoder.encode(body))
                for options: JSONSerialization.WritingOptions in [[], [.prettyPrinted]] {
                    let data = try JSONSerialization.data(withJSONObject: object, options: options)
                    #expect(Self.disagreement(data) == nil, "\(String(decoding: data, as: UTF8.self))")
                    if WireJSON.fastDecode(WireSaveRequest.self, from: data) != nil { read += 1 }
                }
            }
        }
        #expect(read > 0)
    }

    /// Broken JSON, keys named twice, unknown keys, values of the wrong type or out of range, null where a value is
    /// needed: the fast decoder reads no value the Codable types refuse or read otherwise; `WireRequestBody` answers
    /// every input exactly as the Codable types do, with the same error.
    @Test func theFastDecoderAcceptsOnlyWhatTheCodableTypesAcceptOnMutatedBodies() throws {
        var random = RandomWireValues(seed: 4)
        var fastRead = 0
        var refused = 0
        for _ in 0..<(Self.rounds * 5) {
            let body = random.pick(Self.bodies(&random))
            var bytes = Array(try WireJSON.encoder.encode(body))
            for _ in 0..<(1 + random.below(3)) { Self.mutate(&bytes, &random) }
            let data = Data(bytes)
            #expect(Self.disagreement(data) == nil, "\(String(decoding: data, as: UTF8.self))")
            if WireJSON.fastDecode(WireSaveRequest.self, from: data) != nil { fastRead += 1 }
            let answer = Result { try WireRequestBody.decode(WireSaveRequest.self, from: data) }
            let reference = Result { try WireRequestBody.decodeWithCodable(WireSaveRequest.self, from: data) }
            switch (answer, reference) {
            case (.failure(let error), .failure(let expected)):
                refused += 1
                #expect(String(reflecting: error) == String(reflecting: expected))
            case (.success(let value), .success(let expected)):
                #expect(try WireJSON.encoder.encode(value) == WireJSON.encoder.encode(expected))
            default:
                Issue.record("accepted by one decoder only: \(String(decoding: data, as: UTF8.self))")
            }
        }
        #expect(fastRead > 0 && refused > 0)
    }

    static let tokens: [[UInt8]] =
        [
            "\"", ",", "}", "]", "{", "[", ":", " ", "null", "1e999", "-0", "01", "1.5", "1E2", "-", "\\u0041", "\\n",
            "true", "\"x\"", "\"uuid\":\"nope\",", "\"extra\":1,", "\"value\":1.5,", "\"value\":99999999999999999999,",
            "\"quantity\":{\"value\":1,\"unit\":\"kg\"},", "\"startDate\":\"2024-11-03T01:30:00Z\",", "\u{0}",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x80]]

    static let keys = [
        "uuid", "type", "startDate", "endDate", "device", "metadata", "sourceRevision", "quantity", "value",
        "objects", "samples", "name", "unit", "string", "number", "bool", "date", "source", "version", "count",
    ]

    static func mutate(_ bytes: inout [UInt8], _ random: inout RandomWireValues) {
        let at = random.below(bytes.count + 1)
        switch random.below(5) {
        case 0 where !bytes.isEmpty: bytes.remove(at: min(at, bytes.count - 1))
        case 1: bytes.insert(contentsOf: random.pick(tokens), at: at)
        case 2 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
        case 3 where at < bytes.count:
            let end = min(bytes.count, at + 1 + random.below(40))
            bytes.insert(contentsOf: bytes[at..<end], at: random.below(bytes.count + 1))
        default:
            let text = String(decoding: bytes, as: UTF8.self)
            let from = "\"\(random.pick(keys))\""
            guard let range = text.range(of: from) else { return }
            bytes = Array(text.replacingCharacters(in: range, with: "\"\(random.pick(keys))\"").utf8)
        }
    }
}
