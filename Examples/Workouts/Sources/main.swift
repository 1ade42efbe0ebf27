import Foundation
import HealthKit

// The workout app of docs/ARCHITECTURE.md's "Workouts", run by the tests as two processes of a real store:
//
//   Workouts run MINUTES      an outdoor run that started MINUTES ago: prints "ready" once it collects, then on the
//                             line "finish" on its input it records the route, ends the session and prints the saved
//                             workout ("workout UUID") and route ("route UUID COUNT").
//   Workouts sensor MINUTES   a heart rate strap's app saving MINUTES readings of the last MINUTES minutes.
//
// Each acts for the app HKHealthStore() is configured for (OPENHEALTHKIT_HEALTHD and OPENHEALTHKIT_CREDENTIAL for
// healthd, else OPENHEALTHKIT_STORE and OPENHEALTHKIT_APP).

let arguments = CommandLine.arguments
guard arguments.count == 3, let minutes = Int(arguments[2]), minutes > 0 else {
    FileHandle.standardError.write(Data("usage: Workouts run|sensor MINUTES\n".utf8))
    exit(2)
}

do {
    switch arguments[1] {
    case "run":
        try await runWorkout(minutes: minutes)
    case "sensor":
        try await HeartRateSensor().replay(minutes: minutes, endingAt: Date())
    default:
        FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
