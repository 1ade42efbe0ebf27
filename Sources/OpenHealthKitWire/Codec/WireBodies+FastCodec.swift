// The fast codec of the bodies on the hot paths: a save and its answer, a sample query's answer, an anchored query's
// answer. Their samples are read and written by `WireSample`'s fast codec.

extension WireSaveRequest: WireFastCodable {
    package func write(to writer: inout WireJSONWriter) throws {
        writer.beginObject()
        writer.key("objects")
        try WireSample.write(objects, to: &writer)
        writer.endObject()
    }

    package init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var objects: [WireSample]?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            guard key == "objects" else { throw .init() }
            objects = try WireSample.read(&reader)
        }
        guard let objects else { throw .init() }
        self.init(objects: objects)
    }
}

extension WireSaveResponse: WireFastCodable {
    package func write(to writer: inout WireJSONWriter) throws {
        writer.beginObject()
        if let sourceRevision {
            writer.key("sourceRevision")
            sourceRevision.write(to: &writer)
        }
        writer.endObject()
    }

    package init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var sourceRevision: WireSourceRevision?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            guard key == "sourceRevision" else { throw .init() }
            sourceRevision = try reader.null() ? nil : try WireSourceRevision(reading: &reader)
        }
        self.init(sourceRevision: sourceRevision)
    }
}

extension WireSamplesResponse: WireFastCodable {
    package func write(to writer: inout WireJSONWriter) throws {
        writer.beginObject()
        writer.key("samples")
        try WireSample.write(samples, to: &writer)
        if let sourceRevisions {
            writer.key("sourceRevisions")
            writer.beginArray()
            for entry in sourceRevisions {
                writer.element()
                entry.write(to: &writer)
            }
            writer.endArray()
        }
        writer.endObject()
    }

    package init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var samples: [WireSample]?
        var sourceRevisions: [WireSharedSourceRevision]?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            switch key {
            case "samples": samples = try WireSample.read(&reader)
            case "sourceRevisions":
                guard try !reader.null() else { return }
                var entries: [WireSharedSourceRevision] = []
                try reader.array { reader throws(WireJSONReader.Unsupported) in
                    entries.append(try WireSharedSourceRevision(reading: &reader))
                }
                sourceRevisions = entries
            default: throw .init()
            }
        }
        guard let samples else { throw .init() }
        self.init(samples: samples)
        self.sourceRevisions = sourceRevisions
    }
}

extension WireSample {
    static func write(_ samples: [WireSample], to writer: inout WireJSONWriter) throws {
        writer.beginArray()
        for sample in samples {
            writer.element()
            try sample.write(to: &writer)
        }
        writer.endArray()
    }

    static func read(_ reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) -> [WireSample] {
        var samples: [WireSample] = []
        try reader.array { reader throws(WireJSONReader.Unsupported) in samples.append(try WireSample(reading: &reader))
        }
        return samples
    }
}

extension WireSharedSourceRevision {
    func write(to writer: inout WireJSONWriter) {
        writer.beginObject()
        if let device {
            writer.key("device")
            device.write(to: &writer)
        }
        writer.key("sourceRevision")
        sourceRevision.write(to: &writer)
        writer.endObject()
    }

    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var device: WireDevice?
        var sourceRevision: WireSourceRevision?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            switch key {
            case "device": device = try reader.null() ? nil : try WireDevice(reading: &reader)
            case "sourceRevision": sourceRevision = try WireSourceRevision(reading: &reader)
            default: throw .init()
            }
        }
        guard let sourceRevision else { throw .init() }
        self.init(sourceRevision: sourceRevision, device: device)
    }
}
