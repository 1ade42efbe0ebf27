/// Where a body temperature reading was taken (``HKMetadataKeyBodyTemperatureSensorLocation``).
public enum HKBodyTemperatureSensorLocation: Int, Sendable, CaseIterable {
    case other = 0
    case armpit = 1
    case body = 2
    case ear = 3
    case finger = 4
    case gastroIntestinal = 5
    case mouth = 6
    case rectum = 7
    case toe = 8
    case earDrum = 9
    case temporalArtery = 10
    case forehead = 11
}
