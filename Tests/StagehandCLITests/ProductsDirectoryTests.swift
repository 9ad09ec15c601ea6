import Foundation
import StagehandKit
import Testing

extension CLITests {
    /// The CLI tests find the built tool beside the image their own code was loaded from, on Linux and on macOS alike.
    @Suite struct ProductsDirectoryTests {
        @Test func theTestExecutableOnLinuxSitsInTheProductsDirectory() {
            let directory = StagehandProcess.productsDirectory(ofImage: "/p/.build/debug/StagehandPackageTests.xctest")
            #expect(directory.path == "/p/.build/debug")
        }

        /// On macOS the image is the binary inside the bundle, which the testing helper loaded from the toolchain.
        @Test func theBinaryOfAMacOSBundleIsUpPastTheBundle() {
            let image =
                "/p/.build/arm64-apple-macosx/debug/StagehandPackageTests.xctest/Contents/MacOS/StagehandPackageTests"
            #expect(StagehandProcess.productsDirectory(ofImage: image).path == "/p/.build/arm64-apple-macosx/debug")
        }

        /// Here, found from this very code: the image is this test executable, and beside it is the tool.
        @Test func theImageOfThisCodeIsTheTestExecutableBesideTheTool() throws {
            let image = try #require(Platform.imagePath(containing: #dsohandle))
            #expect(image.hasSuffix("StagehandPackageTests.xctest"), "\(image)")
            #expect(FileManager.default.isExecutableFile(atPath: StagehandProcess.executable.path))
        }
    }
}
