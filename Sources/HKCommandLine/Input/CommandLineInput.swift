/// Parsers for what people type on the command line: types, numbers, dates, time zones.
///
/// Each throws `HKError.errorInvalidArgument` with a message naming the bad input, which `hk` prints as its one-line
/// error with exit status 2. Units need no wrapper here: `try HKUnit(parsing:)` already throws that way.
package enum CommandLineInput {}
