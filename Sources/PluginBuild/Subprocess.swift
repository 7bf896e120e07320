import ChildProcesses

/// The toolchain's programs, run to their end with what they printed
/// captured: stk's one way to start a process (`SpawnedProcess`), with its
/// failure to start reported as a build error.
enum Subprocess {
    typealias Result = SpawnedProcess.Output

    static func run(_ executable: String, _ arguments: [String], separateStandardError: Bool = false) throws -> Result {
        do {
            return try SpawnedProcess.run(executable, arguments, separateStandardError: separateStandardError)
        } catch let error as SpawnedProcess.SpawnError {
            throw PluginBuildError(error.description)
        }
    }
}
