#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal.
public enum Terminal {
    /// True when stdin is a terminal: the condition for the interactive REPL,
    /// as python's and sqlite3's. Someone is typing, even when the output goes
    /// to a pipe (`stk | tee log` gets its prompt and line editing); with stdin
    /// redirected, input is a script: no line editing, prompt or banner.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1
    }
}
