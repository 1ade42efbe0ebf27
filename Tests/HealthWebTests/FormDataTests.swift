import Foundation
import Testing
@testable import HealthWeb

struct FormDataTests {
    @Test func decodesPlusesPercentEscapesAndRepeatedNames() {
        let form = FormData(
            "secret=a%2Bb+c&share=HKQuantityTypeIdentifierStepCount&share=HKQuantityTypeIdentifierBodyMass&empty=&flag")
        #expect(form["secret"] == "a+b c")
        #expect(form.all("share") == ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBodyMass"])
        #expect(form["empty"] == nil)
        #expect(form["flag"] == nil)
        #expect(form.all("flag") == [""])
        #expect(form["missing"] == nil)
    }

    @Test func aMalformedEscapeIsKeptAsTyped() {
        #expect(FormData("value=100%")["value"] == "100%")
    }

    @Test func signInReturnsOnlyToPathsOnThisSite() {
        #expect(HealthWebApp.localPath("/types/stepCount?range=week") == "/types/stepCount?range=week")
        #expect(HealthWebApp.localPath("//evil.example/") == "/")
        #expect(HealthWebApp.localPath("/\\evil.example") == "/")
        #expect(HealthWebApp.localPath("https://evil.example/") == "/")
        #expect(HealthWebApp.localPath(nil) == "/")
    }

    @Test func hostNamesComeWithoutTheirPort() {
        #expect(HealthWebApp.hostName(of: "127.0.0.1:8787") == "127.0.0.1")
        #expect(HealthWebApp.hostName(of: "localhost") == "localhost")
        #expect(HealthWebApp.hostName(of: "[::1]:8787") == "::1")
    }

    @Test func tokensAreRandomAndComparedWhole() {
        let first = WebSession.randomToken(), second = WebSession.randomToken()
        #expect(first != second)
        #expect(first.count == 43)
        #expect(constantTimeEqual(first, first))
        #expect(!constantTimeEqual(first, second))
        #expect(!constantTimeEqual(first, String(first.dropLast())))
    }

    @Test func sessionsEndAfterTheirIdleLifetime() {
        let sessions = SessionStore(idleLifetime: 60)
        let start = Date(timeIntervalSince1970: 1_000_000)
        let session = sessions.create(user: 1, now: start)
        #expect(sessions.session(session.id, now: start.addingTimeInterval(59))?.csrfToken == session.csrfToken)
        #expect(sessions.session(session.id, now: start.addingTimeInterval(59 + 61)) == nil)
        let other = sessions.create(user: 1, now: start)
        sessions.end(other.id)
        #expect(sessions.session(other.id, now: start) == nil)
    }
}
