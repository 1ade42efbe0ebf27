import Testing
import OpenHealthKitStores

@Suite struct StoreLocationTests {
    @Test func xdgDataHomeComesFirst() {
        let path = StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"])
        #expect(path == "/data/OpenHealthKit/health.sqlite")
    }

    @Test func homeIsReadFromTheEnvironment() {
        #expect(
            StoreLocation.defaultPath(environment: ["HOME": "/home/ann"])
                == "/home/ann/.local/share/OpenHealthKit/health.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": ""])
                == "/home/ann/.local/share/OpenHealthKit/health.sqlite")
    }
}
