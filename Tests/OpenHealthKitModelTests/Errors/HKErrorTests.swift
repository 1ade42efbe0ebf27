import Foundation
import Testing
import OpenHealthKitModel

/// HKError as HealthKit's Swift overlay makes it: a code and a `userInfo`, equal and hashed by both.
@Suite struct HKErrorTests {
    @Test func anErrorMadeWithUserInfoKeepsItAndTakesItsMessageFromTheLocalizedDescription() {
        let error = HKError(
            .errorNoData, userInfo: [NSLocalizedDescriptionKey: "No date of birth", "HKSampleCount": 0])
        #expect(error.code == .errorNoData)
        #expect(error.userInfo["HKSampleCount"] as? Int == 0)
        #expect(error.message == "No date of birth")
        #expect(error.localizedDescription == "No date of birth")
        #expect((error as NSError).userInfo["HKSampleCount"] as? Int == 0)
        #expect((error as NSError).domain == HKErrorDomain)
    }

    @Test func anErrorWithoutMessageDescribesItsCode() {
        let error = HKError(.errorDatabaseInaccessible, userInfo: [:])
        #expect(error.userInfo.isEmpty)
        #expect(error.message.contains("com.apple.healthkit error 6"))
    }

    @Test func errorsAreEqualWhenTheirCodesAndUserInfoAre() {
        let message = HKError(.errorInvalidArgument, "Bad unit")
        #expect(message == HKError(.errorInvalidArgument, userInfo: [NSLocalizedDescriptionKey: "Bad unit"]))
        #expect(message != HKError(.errorAuthorizationDenied, "Bad unit"))
        #expect(message != HKError(.errorInvalidArgument, "Bad date"))
        #expect(
            message != HKError(.errorInvalidArgument, userInfo: [NSLocalizedDescriptionKey: "Bad unit", "extra": 1]))
    }

    @Test func equalErrorsHashAlikeAndCountOnceInASet() {
        let first = HKError(.errorInvalidArgument, "Bad unit")
        let second = HKError(.errorInvalidArgument, userInfo: [NSLocalizedDescriptionKey: "Bad unit"])
        #expect(first.hashValue == second.hashValue)
        var hasher = Hasher(), other = Hasher()
        first.hash(into: &hasher)
        second.hash(into: &other)
        #expect(hasher.finalize() == other.finalize())
        #expect(Set([first, second, HKError(.errorNoData, "Bad unit")]).count == 2)
    }

    @Test @available(*, deprecated) func noErrorIsTheFormerNameOfUnknownError() {
        #expect(HKError.noError == .unknownError)
        #expect(HKError.Code.noError.rawValue == 0)
        #expect(HKError(.unknownError, "?").code == HKError.noError)
    }
}
