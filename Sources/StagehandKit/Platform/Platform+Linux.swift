#if os(Linux)
import Foundation

extension Platform {
    /// The path of this process's executable, symbolic links resolved: what a stage child is started from, so it
    /// carries the same compiled-in workloads.
    ///
    /// Linux: `/proc/self/exe`, the kernel's link to the running image (proc(5)).
    public static var executablePath: String? {
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return path == "/proc/self/exe" ? nil : path
    }
}
#endif
