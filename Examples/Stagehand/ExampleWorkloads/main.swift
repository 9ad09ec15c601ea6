import ExampleApp
import Foundation
import StagehandCLI

// The example app's workloads: every step calls the app's own code (ExampleApp); nothing is simulated.
//
//     swift run -c release ExampleWorkloads list
//     swift run -c release ExampleWorkloads profile news-feed

/// Pull to refresh: a real HTTP GET over loopback (the backend answers after 120 ms), a few hundred KB of JSON
/// decoded with `JSONDecoder`, and the `@MainActor` view model updated, while the person keeps scrolling.
let newsFeed = CodeWorkload(
    "news-feed",
    description: "Pull to refresh a news feed while scrolling: a real HTTP GET of ~400 KB of JSON over loopback "
        + "(the backend answers in 120 ms), decoded with JSONDecoder, shown by a @MainActor view model."
) {
    CodeInteraction("refresh", ratePerSecond: 2)
        .io("fetch") { try await FeedClient(baseURL: LoopbackServer.shared.baseURL).fetchFeed() }
        .compute("decode") { data in try FeedPage.decode(data) }
        .ui("show") { page in FeedViewModel.shared.show(page) }
    CodeInteraction("scroll", ratePerSecond: 20)
        .ui("scroll") { FeedViewModel.shared.scroll(by: 3) }
}

/// Open a photo: read a 3 MB file from disk, decode its pixels, blur them, make and cache a thumbnail, show both.
///
/// The photo it opens is one already on disk: written once per process as the first run sets up its cache, before
/// any arrival is timed, and only in the processes that run this workload. (Written by the first open instead, each
/// stage's first arrival held main for writing it, 343 ms in `offloaded`: the set-up of this example, not work of the
/// app it stands for. Written as every process started, it cost every process of every workload here 0.17–0.19 s.)
let thumbnails = Subsystem("thumbnails") {
    _ = PhotoLibrary.photo
    return ThumbnailCache()
}

let imagePipeline = CodeWorkload(
    "image-pipeline",
    description: "Open a photo: read a 1024×1024 PPM from disk, decode it to RGBA, box-blur its pixels, cache a "
        + "thumbnail in a shared cache, and show both on a @MainActor view model."
) {
    CodeInteraction("open-photo", ratePerSecond: 2)
        .io("read") { try await PhotoLibrary.read(PhotoLibrary.photo) }
        .compute("decode") { data in try RGBAImage(ppm: data) }
        .compute("blur") { image in image.boxBlurred(radius: 2) }
        .compute("thumbnail") { image in (image, image.thumbnail(side: 128)) }
        .state(thumbnails) { cache, images in (images.0, cache.store(images.1, for: "photo")) }
        .ui("show") { image, thumbnail in PhotoViewModel.shared.show(image, thumbnail: thumbnail) }
}

/// Many concurrent requests, each parsed, noted in the shared connection table, sent upstream over loopback, and
/// noted again with the response: the guide's Step 4, done to a real dictionary of the app's own type.
let connections = Subsystem("connections") { ConnectionTable(preloaded: 20_000) }

let connectionTable = CodeWorkload(
    "connection-table",
    description: "A server front end: 150 requests a second, each parsed, noted in a shared table of 20,000 "
        + "connections, sent upstream over loopback (15 ms), and noted again with totals for a @MainActor status view."
) {
    CodeInteraction("request", ratePerSecond: 150, arrival: .poisson)
        .compute("parse") { try HTTPRequest(parsing: HTTPRequest.sample(connection: Int.random(in: 0..<25_000))) }
        .state(connections) { table, request in table.open(request) }
        .io("upstream") { request in
            (request, try await FeedClient(baseURL: LoopbackServer.shared.baseURL).echo().count)
        }
        .state(connections) { table, response in table.close(connection: response.0.connection, bytes: response.1) }
        .ui("status") { totals in StatusViewModel.shared.show(totals) }
}

/// A notes app's live preview: on every keystroke, eight a second, the whole note's Markdown (about 125 KB) rendered to
/// HTML by Ink, a third-party package, and shown.
let notePreview = CodeWorkload(
    "note-preview",
    description: "Live preview while typing: a 125 KB note's Markdown rendered to HTML by Ink (a third-party "
        + "package) on every keystroke, eight a second, and shown by a @MainActor view model."
) {
    CodeInteraction("keystroke", ratePerSecond: 8)
        .compute("render") { NotePreview.render(NotePreview.sample) }
        .ui("show") { html in PreviewViewModel.shared.show(html) }
}

await Stagehand.main(workloads: [newsFeed, imagePipeline, connectionTable, notePreview])
