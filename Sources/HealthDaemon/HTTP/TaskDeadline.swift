import Foundation
import OpenHealthKitModel

/// Waiting for a task no longer than a route may: the owner's answer to a permission sheet, a document query. The
/// task keeps running when the wait ends (what it records still happens; the app asks again).
enum TaskDeadline {
    /// The task's outcome if it ends within `seconds`, else nil (the task keeps running).
    static func outcome(of task: Task<Void, any Error>, within seconds: TimeInterval) async -> Result<Void, any Error>?
    {
        let resumed = Locked(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, any Error>?, Never>) in
            @Sendable func finish(_ value: Result<Void, any Error>?) {
                if resumed.withLock({
                    let first = !$0
                    $0 = true
                    return first
                }) {
                    continuation.resume(returning: value)
                }
            }
            Task { finish(await task.result) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                finish(nil)
            }
        }
    }

    /// The task's result if it ends within `seconds`, else nil (the task keeps running: the owner's answer is still
    /// recorded, and the app asks again).
    static func value<T: Sendable>(of task: Task<T, any Error>, within seconds: TimeInterval) async -> Result<
        T, any Error
    >? {
        let waiting = Task { () -> Void in _ = try await task.value }
        guard let outcome = await outcome(of: waiting, within: seconds) else { return nil }
        switch outcome {
        case .success: return await task.result
        case .failure(let error): return .failure(error)
        }
    }
}
