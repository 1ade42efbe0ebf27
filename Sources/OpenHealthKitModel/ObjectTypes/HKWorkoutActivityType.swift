/// The kind of activity a workout records.
///
/// Raw values are HealthKit's: the first 57 cases are in alphabetical order (Apple's header order), later
/// additions follow in the order they were added, and ``other`` is 3000. The three cases HealthKit deprecated
/// (``dance``, ``danceInspiredTraining``, ``mixedMetabolicCardioTraining``) stay plain cases here so that older data
/// reads and `CaseIterable` still works.
public enum HKWorkoutActivityType: UInt, Sendable, CaseIterable {
    case americanFootball = 1
    case archery = 2
    case australianFootball = 3
    case badminton = 4
    case baseball = 5
    case basketball = 6
    case bowling = 7
    /// See also ``kickboxing``.
    case boxing = 8
    case climbing = 9
    case cricket = 10
    /// Any mix of cardio and strength training.
    case crossTraining = 11
    case curling = 12
    case cycling = 13
    /// Deprecated in HealthKit (iOS 14): use ``socialDance`` or ``cardioDance``. Kept to read older data.
    case dance = 14
    /// Deprecated in HealthKit (iOS 10): use ``socialDance``, ``cardioDance``, ``barre`` or ``pilates``. Kept to read older data.
    case danceInspiredTraining = 15
    case elliptical = 16
    /// Polo, horse racing, horse riding...
    case equestrianSports = 17
    case fencing = 18
    case fishing = 19
    /// Mostly free weights, body weight or accessories.
    case functionalStrengthTraining = 20
    case golf = 21
    case gymnastics = 22
    case handball = 23
    case hiking = 24
    /// Ice hockey, field hockey...
    case hockey = 25
    case hunting = 26
    case lacrosse = 27
    case martialArts = 28
    /// Qigong, meditation...
    case mindAndBody = 29
    /// Deprecated in HealthKit (iOS 11): use ``mixedCardio`` or ``highIntensityIntervalTraining``. Kept to read older data.
    case mixedMetabolicCardioTraining = 30
    /// Canoeing, kayaking, stand-up paddle boarding...
    case paddleSports = 31
    /// Dodgeball, hopscotch, tetherball...
    case play = 32
    /// Foam rolling, self-massage, flexibility moves.
    case preparationAndRecovery = 33
    case racquetball = 34
    case rowing = 35
    case rugby = 36
    case running = 37
    case sailing = 38
    /// Ice skating, inline skating, skateboarding...
    case skatingSports = 39
    /// Sledding, snowmobiling... See also ``crossCountrySkiing``, ``downhillSkiing`` and ``snowboarding``.
    case snowSports = 40
    case soccer = 41
    case softball = 42
    case squash = 43
    /// See also ``stairs`` and ``stepTraining``.
    case stairClimbing = 44
    /// Surfing, kite surfing, wind surfing...
    case surfingSports = 45
    case swimming = 46
    case tableTennis = 47
    case tennis = 48
    /// Shot put, javelin, pole vault...
    case trackAndField = 49
    /// Mostly machines or free weights.
    case traditionalStrengthTraining = 50
    case volleyball = 51
    case walking = 52
    case waterFitness = 53
    case waterPolo = 54
    /// Water skiing, wakeboarding...
    case waterSports = 55
    case wrestling = 56
    case yoga = 57

    case barre = 58
    case coreTraining = 59
    case crossCountrySkiing = 60
    case downhillSkiing = 61
    case flexibility = 62
    case highIntensityIntervalTraining = 63
    case jumpRope = 64
    case kickboxing = 65
    case pilates = 66
    case snowboarding = 67
    case stairs = 68
    case stepTraining = 69
    case wheelchairWalkPace = 70
    case wheelchairRunPace = 71
    case taiChi = 72
    case mixedCardio = 73
    case handCycling = 74
    case discSports = 75
    case fitnessGaming = 76
    case cardioDance = 77
    /// Dances done in social settings: swing, salsa, folk dances...
    case socialDance = 78
    case pickleball = 79
    /// Low-intensity stretching and mobility after a more vigorous workout.
    case cooldown = 80
    /// A swimming, cycling and running sequence, such as a triathlon (iOS 16).
    case swimBikeRun = 82
    /// The time between the legs of a ``swimBikeRun`` workout (iOS 16).
    case transition = 83
    /// iOS 17.
    case underwaterDiving = 84

    /// An activity with no type of its own.
    case other = 3000
}

extension HKWorkoutActivityType {
    private static let exportPrefix = "HKWorkoutActivityType"
    private static let byExportName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.exportName, $0) })

    /// The case named by Apple's Objective-C constant, as Health exports write it (`"HKWorkoutActivityTypeRunning"`).
    package init?(exportName: String) {
        guard let type = Self.byExportName[exportName] else { return nil }
        self = type
    }

    /// Apple's Objective-C name of the case, e.g. `"HKWorkoutActivityTypeRunning"`.
    package var exportName: String {
        // The case name, which `String(describing:)` gives as long as the enum has no custom description.
        let name = String(describing: self)
        return Self.exportPrefix + name.prefix(1).uppercased() + name.dropFirst()
    }
}
