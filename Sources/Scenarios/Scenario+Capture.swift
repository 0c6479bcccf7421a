import Capture
import Simulation

extension Scenario {
    /// The selection settings the capture app runs with: `selection`, holding the phone as the
    /// orbit does (the orientation is part of the walk, not a selection key).
    public var captureSettings: CaptureSettings {
        var settings = selection
        switch world.orbit.deviceOrientation {
        case .landscapeRight: settings.orientation = .landscapeRight
        case .landscapeLeft: settings.orientation = .landscapeLeft
        case .portrait: settings.orientation = .portrait
        }
        return settings
    }
}
