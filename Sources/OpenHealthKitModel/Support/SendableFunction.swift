/// A function held as a struct, for ``Locked`` to keep.
///
/// A bare function type kept in a generic container is stored in the container's most general representation, and
/// each `withLock` that reads it converts it to its own and back on the way out (its `inout`), wrapping it in two
/// more reabstraction thunks every time: a callback read once per call grows by two frames per call, and each call
/// walks them all (`StatementObserver` made a test run's every PostgreSQL statement slower than the one before). A
/// struct has one representation: nothing is wrapped.
package struct SendableFunction<Input, Output>: Sendable {
    package let call: @Sendable (Input) -> Output

    package init(_ call: @escaping @Sendable (Input) -> Output) {
        self.call = call
    }
}
