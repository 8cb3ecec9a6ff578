// A program that follows the reader's text size: it prints the body font now, then again
// every time the reader changes their preferences (try `fontd category set ax2`).
//
//   swift run follow-body-text [http://127.0.0.1:8686]
import FontdClient
import Foundation

let address = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8686"
let client = FontdClient(baseURL: try FontdClient.baseURL(parsing: address))

func show(_ font: ResolvedFont) {
    let face = font.matchedFace
    let line = "body at \(font.category.rawValue): \(face.family) \(face.face) \(face.pointSize) pt, "
        + "line height \(font.metrics.lineHeight), cap height \(font.metrics.capHeight)\n"
    FileHandle.standardOutput.write(Data(line.utf8))  // unbuffered, so a pipe sees each line at once
}

do {
    // The snapshot comes first, then each change; after a dropped connection or a server
    // restart the stream resumes where it was, so no change is missed.
    // Every event may change the body font: the snapshot, a change of any preference (those a later
    // fontd adds too), a change of the installed fonts.
    for try await _ in client.preferenceChanges() {
        // No category given: the server answers for the reader's current one. When the
        // installed fonts changed, the body font may be another face now.
        show(try await client.font(.body))
    }
} catch {
    FileHandle.standardError.write(Data("follow-body-text: \(error)\n".utf8))
    exit(1)
}
