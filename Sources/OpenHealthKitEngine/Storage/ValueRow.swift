/// A sample as statistics read it: dates in seconds since 1970, the value in the type's canonical unit, and the
/// source as an index into the source list of the same read. Nothing else is decoded.
package struct ValueRow: Sendable, Hashable {
    package var start: Double
    package var end: Double
    package var value: Double
    package var source: Int

    package init(start: Double, end: Double, value: Double, source: Int) {
        self.start = start
        self.end = end
        self.value = value
        self.source = source
    }
}
