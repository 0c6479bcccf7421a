import Foundation
import OrbitMath
import Plotting
import Scenarios
import Simulation

/// Figures of `orbitbench simulate`.
public enum SimulationPlots {
    /// The walk seen from above: the camera's path around the object (true positions), where it
    /// started and where the camera looked at the start and every 90° of progress.
    public static func trajectory(scenario: Scenario, run: SimulatedRun, output: FigureOutput) throws -> [UInt8] {
        let step = max(1, run.imu.count / 4000)
        let states = stride(from: 0, to: run.imu.count, by: step).map { run.trajectory.state(at: run.imu[$0].time) }
        let center = scenario.world.object.center
        var lines: [Series] = [
            Series("camera path", color: Palette.color(0), x: states.map(\.position.x), y: states.map(\.position.y), style: .line(width: 1.4)),
            Series("object centre", color: .black, x: [center.x], y: [center.y], style: .markers(radius: 5)),
        ]
        if let start = states.first {
            lines.append(Series("start", color: Palette.color(1), x: [start.position.x], y: [start.position.y], style: .markers(radius: 5)))
        }
        // Viewing directions: the camera's optical axis (−z body) projected on the ground.
        var marks = 0
        for state in states where Angles.degrees(state.progress) >= Double(marks) * 90 {
            marks += 1
            let axis = state.attitude.rotate(Vector3(0, 0, -1))
            let length = 0.25 * scenario.world.orbit.radius
            let ground = Vector3(axis.x, axis.y, 0).normalized ?? .zero
            lines.append(
                Series(
                    marks == 1 ? "viewing direction (every 90° of progress)" : nil, color: Palette.color(2),
                    x: [state.position.x, state.position.x + length * ground.x], y: [state.position.y, state.position.y + length * ground.y],
                    style: .line(width: 2)))
        }
        let xs = states.map(\.position.x) + [center.x], ys = states.map(\.position.y) + [center.y]
        let span = max((xs.max() ?? 1) - (xs.min() ?? 0), (ys.max() ?? 1) - (ys.min() ?? 0)) * 0.6 + 0.5
        let midX = ((xs.max() ?? 0) + (xs.min() ?? 0)) / 2, midY = ((ys.max() ?? 0) + (ys.min() ?? 0)) / 2
        let plot = CartesianPlot(
            x: ChartAxis("x, true north (m)", limits: (midX - span)...(midX + span)),
            y: ChartAxis("y, west (m)", limits: (midY - span)...(midY + span)),
            series: lines, legend: .topRight, equalAspect: true)
        let heights = states.map(\.position.z)
        let figure = Figure(
            title: "\(scenario.name): the walk from above (seed \(run.seed))",
            subtitle: String(
                format: "%.1f s, radius %.2f m, camera height %.2f–%.2f m", run.trajectory.duration, scenario.world.orbit.radius,
                heights.min() ?? 0, heights.max() ?? 0),
            width: 900, height: 900, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }
}
