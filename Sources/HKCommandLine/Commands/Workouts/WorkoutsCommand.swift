import ArgumentParser

/// `hk workouts`: list the workouts (the default), print a workout's route.
struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "List workouts, and print a workout's route as GPX or GeoJSON.",
        discussion: "hk workouts ... is hk workouts list ...",
        subcommands: [WorkoutsListCommand.self, WorkoutsRouteCommand.self],
        defaultSubcommand: WorkoutsListCommand.self
    )
}
