/// The allocator a stage run's code runs on: the one the app ships with. Allocation counts are exact under either
/// (``AllocationCounter`` counts in front of it), so the choice is only about speed.
///
/// - `system`, the default: glibc's malloc on Linux, libmalloc on macOS, what an app or a server gets unless it links
///   another.
/// - `jemalloc`: for server deployments that link or preload it. The child starts with jemalloc preloaded
///   (``Platform/preloadVariable``) and its thread caches as the deployment has them (on, unless `MALLOC_CONF` says
///   otherwise).
package enum Allocator: String, Sendable, Codable, CaseIterable {
    case system
    case jemalloc

    /// What a profile uses unless told otherwise.
    package static let defaultAllocator = Allocator.system

    /// The library a child must preload for this allocator, or `nil` when none is needed.
    ///
    /// - Throws: ``Unavailable`` when the allocator is not installed here.
    func preloadedLibrary() throws -> String? {
        switch self {
        case .system:
            return nil
        case .jemalloc:
            guard let library = Platform.jemallocLibrary else { throw Unavailable(allocator: self) }
            return library
        }
    }

    /// Why this allocator cannot be used on this machine, or `nil` when it can.
    package var problem: String? {
        do {
            _ = try preloadedLibrary()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `environment` with this allocator preloaded for a child process.
    func environment(_ environment: [String: String]) throws -> [String: String] {
        guard let library = try preloadedLibrary() else { return environment }
        var environment = environment
        let variable = Platform.preloadVariable
        environment[variable] = ([library] + (environment[variable].map { [$0] } ?? [])).joined(separator: ":")
        return environment
    }

    /// The allocator in words, for the report's environment block: what served the runs' allocations, and when that
    /// is not what was asked for (a preload that did not take, or one inherited from the environment), that too.
    ///
    /// - Parameter served: what the stage runs read as serving their allocations (``servingThisProcess``).
    package func environmentDescription(served: String?) -> String {
        let counted = "every allocation counted in front of it"
        switch self {
        case .system:
            guard let served, served != Platform.systemAllocatorName else {
                return "\(Platform.systemAllocatorName) (the system allocator; \(counted))"
            }
            return "\(served), not the system allocator that was asked for (\(Platform.preloadVariable) inherited "
                + "from the environment?); \(counted)"
        case .jemalloc:
            guard let served, !served.lowercased().contains("jemalloc") else {
                return "\(served ?? "jemalloc") (preloaded with \(Platform.preloadVariable), thread caches as "
                    + "deployed; \(counted))"
            }
            return "\(served), not jemalloc: the preload did not take; \(counted)"
        }
    }

    /// What serves this process's allocations, in words ("glibc 2.36 malloc", "jemalloc 5.3.0"): read in each stage
    /// run, so the environment block names what the runs had, not what was asked for.
    static var servingThisProcess: String? {
        // Unknown (no counting hooks, a sanitizer's runtime): nothing to say, rather than a guess that could read as
        // a preload that did not take.
        guard let library = AllocationCounter.servingLibrary else { return nil }
        if library.lowercased().contains("jemalloc") {
            return "jemalloc" + (AllocationCounter.jemallocVersion.map { " \($0)" } ?? "")
        }
        if !Platform.isSystemAllocator(library) {
            return String(library.split(separator: "/").last ?? Substring(library))
        }
        return Platform.systemAllocatorName
    }

    /// An allocator that is not installed here.
    struct Unavailable: Error, CustomStringConvertible {
        var allocator: Allocator
        var description: String {
            "--allocator \(allocator.rawValue): \(Platform.jemallocInstallHint)"
        }
    }
}
