/// The weather during a workout or sample (``HKMetadataKeyWeatherCondition``).
public enum HKWeatherCondition: Int, Sendable, CaseIterable {
    /// Unknown or irrelevant.
    case none = 0
    case clear = 1
    case fair = 2
    case partlyCloudy = 3
    case mostlyCloudy = 4
    case cloudy = 5
    case foggy = 6
    case haze = 7
    case windy = 8
    case blustery = 9
    case smoky = 10
    case dust = 11
    case snow = 12
    case hail = 13
    case sleet = 14
    case freezingDrizzle = 15
    case freezingRain = 16
    case mixedRainAndHail = 17
    case mixedRainAndSnow = 18
    case mixedRainAndSleet = 19
    case mixedSnowAndSleet = 20
    case drizzle = 21
    case scatteredShowers = 22
    case showers = 23
    case thunderstorms = 24
    case tropicalStorm = 25
    case hurricane = 26
    case tornado = 27
}
