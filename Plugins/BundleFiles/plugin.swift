import Foundation
import PackagePlugin

/// Compiles the shipped scenarios, the regression suite and the thesis tables (everything under
/// `scenarios/`), the web pages' files (`assets/`: the spin viewer's HTML, CSS and script) and
/// the checkout's git revision into the `BundledFiles` module, so a copied `orbitbench` binary
/// works without the checkout. Re-runs when one of those files or the checked-out commit changes.
@main
struct BundleFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let manager = FileManager.default
        var files: [URL] = []
        for folder in ["scenarios", "assets"] {
            guard let walker = manager.enumerator(at: root.appending(path: folder), includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url)
            }
        }
        files.sort { $0.path < $1.path }
        // The revision: HEAD, the branch it names, and packed refs, whichever exist.
        var gitFiles = [root.appending(path: ".git/HEAD"), root.appending(path: ".git/packed-refs")]
        if let head = try? String(contentsOf: gitFiles[0], encoding: .utf8), head.hasPrefix("ref: ") {
            gitFiles.append(root.appending(path: ".git/" + head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        gitFiles = gitFiles.filter { manager.fileExists(atPath: $0.path) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BundledFiles+Generated.swift")
        return [
            .buildCommand(
                displayName: "Bundling \(files.count) files of scenarios/, assets/ and the git revision",
                executable: try context.tool(named: "BundleGenerator").url,
                arguments: [root.path, output.path] + files.map(\.path),
                inputFiles: files + gitFiles,
                outputFiles: [output])
        ]
    }
}
