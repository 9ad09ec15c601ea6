#if canImport(Darwin)
import Darwin
import Foundation

extension Platform {
    /// The path of this process's executable, symbolic links resolved: what a stage child is started from, so it
    /// carries the same compiled-in workloads.
    ///
    /// Darwin: `_NSGetExecutablePath` (`<mach-o/dyld.h>`, dyld(3)). Called with a buffer too small, it returns -1 and
    /// sets the size needed, so the first call asks for the size. The path it gives may go through a symbolic link,
    /// which is resolved, as Foundation's `Bundle.main.executablePath` does with the same call.
    public static var executablePath: String? {
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(cString: buffer)
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
#endif
