import Plotting
import ReportIO

extension ReportDirectory {
    /// Writes the figure `draw` makes to `name` ("plots/allan.png", with `format`'s extension)
    /// carrying `origin`'s provenance; nothing without a format (--no-plots).
    package func writeFigure(_ name: String, format: FigureFormat?, origin: ReportOrigin, _ draw: (FigureOutput) throws -> [UInt8]) throws {
        guard let format else { return }
        try write(try draw(FigureOutput(format, provenance: origin.pngTexts)), to: format.fileName(name))
    }
}
