import Foundation

/// Prints a line at once (a pipe would hold `print`'s output back until the process ends; the tests read it live).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
