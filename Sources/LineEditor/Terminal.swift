#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal.
public enum Terminal {
    /// True when both stdin and stdout are terminals: the condition for the
    /// interactive REPL. With either side redirected, input is a script and
    /// output may be a file, so no line editing, prompt or escape sequences.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }
}
