/// An audiogram's sensitivity points, by ascending frequency, each with every test (``AudiogramPointRow``).
package struct AudiogramRow: Sendable, Equatable {
    package var points: [AudiogramPointRow]

    package init(points: [AudiogramPointRow]) {
        self.points = points
    }
}
