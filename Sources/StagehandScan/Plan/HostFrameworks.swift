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
}
