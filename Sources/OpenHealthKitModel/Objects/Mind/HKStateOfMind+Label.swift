import Foundation

extension HKStateOfMind {
    /// A word describing a feeling. Raw values follow HealthKit's header order (later additions at the end).
    public enum Label: Int, Sendable, CaseIterable {
        case amazed = 1
        case amused = 2
        case angry = 3
        case anxious = 4
        case ashamed = 5
        case brave = 6
        case calm = 7
        case content = 8
        case disappointed = 9
        case discouraged = 10
        case disgusted = 11
        case embarrassed = 12
        case excited = 13
        case frustrated = 14
        case grateful = 15
        case guilty = 16
        case happy = 17
        case hopeless = 18
        case irritated = 19
        case jealous = 20
        case joyful = 21
        case lonely = 22
        case passionate = 23
        case peaceful = 24
        case proud = 25
        case relieved = 26
        case sad = 27
        case scared = 28
        case stressed = 29
        case surprised = 30
        case worried = 31
        case annoyed = 32
        case confident = 33
        case drained = 34
        case hopeful = 35
        case indifferent = 36
        case overwhelmed = 37
        case satisfied = 38
    }
}
