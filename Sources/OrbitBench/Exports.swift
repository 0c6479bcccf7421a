// `import OrbitBench` brings the whole harness: the portable modules (what an app embeds) and
// the modules that simulate, run, measure and report. The top-level API is `Bench`.
@_exported import BundledFiles
@_exported import Capture
@_exported import Execution
@_exported import ExperimentReports
@_exported import Experiments
@_exported import Runs
@_exported import Fusion
@_exported import OrbitMath
@_exported import Plotting
@_exported import Recordings
@_exported import Rendering
@_exported import Rephoto
@_exported import ReportFormats
@_exported import ReportIO
@_exported import Reports
@_exported import Scenarios
@_exported import Simulation
@_exported import StatisticsKit
@_exported import Twin
