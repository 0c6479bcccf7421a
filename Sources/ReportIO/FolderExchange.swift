import CPlatform
import Foundation

/// Puts a finished folder in place of an old one so that a reader (or a kill) never finds the
/// place empty or half replaced.
public enum FolderExchange {
    /// Moves `new` to `destination`; an existing `destination` ends at `previous` (removed first
    /// if something is there). Where the file system can, the two folders are swapped in one
    /// step (renameat2 RENAME_EXCHANGE), so `destination` always holds the old folder or the
    /// new one; elsewhere it is two renames.
    public static func replace(_ destination: URL, with new: URL, keepingOldAt previous: URL) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: previous)
        guard FileKind(atPath: destination.path) != .none else {
            try manager.moveItem(at: new, to: destination)
            return
        }
        if platform_exchange_paths(new.path, destination.path) == 0 {
            try manager.moveItem(at: new, to: previous)  // the old folder, now at `new`'s path
        } else {
            try manager.moveItem(at: destination, to: previous)
            try manager.moveItem(at: new, to: destination)
        }
    }
}
