/// The frameworks of Apple's platforms that the host running the scan does not have: a module that imports one does
/// not build here, so `stagehand plan` cannot measure its code on this host (it can on a Mac, or a device).
enum HostFrameworks {
    /// In the order a plan names the first one a module imports.
    static let unavailable: [String] = {
        #if os(Linux) || os(Windows)
        [
            "SwiftUI", "UIKit", "AppKit", "SwiftData", "CoreData", "Combine", "WidgetKit", "ActivityKit",
            "CoreImage", "CoreGraphics", "AVFoundation", "AVKit", "Photos", "PhotosUI", "MapKit", "StoreKit",
            "UserNotifications", "QuickLook", "WebKit",
        ]
        #elseif os(macOS)
        ["UIKit", "WatchKit", "ActivityKit"]
        #else
        []
        #endif
    }()

    /// For each module (by id) that cannot be built here, why, as a phrase: "imports SwiftUI", or "depends on `AppUI`,
    /// which imports SwiftUI" when a target it depends on does (however far down; the nearest is named).
    /// - Parameters:
    ///   - imports: each module's unconditional imports, by module id.
    ///   - modules: the modules, with the targets each depends on by name.
    static func missing(imports: [String: Set<String>], modules: [Project.Module]) -> [String: String] {
        let byName = Dictionary(modules.map { ($0.name, $0) }) { first, _ in first }
        var found: [String: String?] = [:]  // by id; nil: builds here
        func missing(_ module: Project.Module, visiting: Set<String>) -> String? {
            if let known = found[module.id] { return known }
            var why = unavailable.first { imports[module.id]?.contains($0) == true }.map { "imports \($0)" }
            if why == nil {
                for name in module.dependencies where !visiting.contains(name) {
                    guard let dependency = byName[name],
                        let inner = missing(dependency, visiting: visiting.union([module.name]))
                    else { continue }
                    why = "depends on `\(name)`, which \(inner)"
                    break
                }
            }
            found[module.id] = why
            return why
        }
        var result: [String: String] = [:]
        for module in modules {
            if let why = missing(module, visiting: []) { result[module.id] = why }
        }
        return result
    }
}
