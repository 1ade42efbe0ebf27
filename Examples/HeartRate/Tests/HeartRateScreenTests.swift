import Testing
@testable import HeartRate

/// The page's state follows the model's events as the tutorial's view does.
@Suite struct HeartRateScreenTests {
    func state(after events: [HeartRateModel.Event]) -> HeartRateScreen.State {
        var state = HeartRateScreen.State()
        events.forEach { HeartRateScreen.apply($0, to: &state) }
        return state
    }

    @Test func theLabelSaysWhetherRecordingIsAllowed() {
        #expect(state(after: []).label == "Not authorized to store data.")
        #expect(!state(after: []).recordEnabled)
        #expect(state(after: [.enabledChanged(true)]) == .init(label: "Ready to record", recordEnabled: true))
        #expect(state(after: [.enabledChanged(true), .enabledChanged(false)]).label == "Not authorized to store data.")
    }

    @Test func theLabelShowsWhatWasStoredOrWhyNot() {
        let stored = state(after: [.enabledChanged(true), .heartRateStored(beatsPerMinute: 72)])
        #expect(stored.label == "Stored 72 BPM" && !stored.labelIsError && stored.recordEnabled)
        let refused = state(after: [
            .enabledChanged(true), .errorMessageChanged("Enter a number of beats per minute, such as 72."),
        ])
        #expect(refused.label == "Enter a number of beats per minute, such as 72." && refused.labelIsError)
        let cleared = state(after: [.enabledChanged(true), .errorMessageChanged("No."), .errorMessageChanged(nil)])
        #expect(cleared.label == "No.")
        #expect(
            state(after: [.errorMessageChanged("No."), .heartRateStored(beatsPerMinute: 64)]).labelIsError == false)
    }

    @Test func thePageAnswersOnlyToThisMachinesNames() {
        #expect(HeartRatePage.hostName(of: "127.0.0.1:8790") == "127.0.0.1")
        #expect(HeartRatePage.hostName(of: "LOCALHOST:8790") == "localhost")
        #expect(HeartRatePage.hostName(of: "[::1]:8790") == "::1")
        #expect(HeartRatePage.hostName(of: "evil.example") == "evil.example")
    }

    @Test func thePageEscapesTheAddressItShows() {
        #expect(PageAssets.escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
    }
}
