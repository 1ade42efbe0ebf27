import Foundation

extension HKStateOfMind {
    /// An area of life a feeling is associated with.
    public enum Association: Int, Sendable, CaseIterable {
        case community = 1
        case currentEvents = 2
        case dating = 3
        case education = 4
        case family = 5
        case fitness = 6
        case friends = 7
        case health = 8
        case hobbies = 9
        case identity = 10
        case money = 11
        case partner = 12
        case selfCare = 13
        case spirituality = 14
        case tasks = 15
        case travel = 16
        case work = 17
        case weather = 18
    }
}
