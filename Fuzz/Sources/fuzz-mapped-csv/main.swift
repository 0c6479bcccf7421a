import Foundation
import FuzzEntryPoints

// A libFuzzer target: the program hands its arguments to libFuzzer's driver, which calls
// fuzzOneInput for every input (build with -sanitize=fuzzer,address; see scripts/fuzz.sh).

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-fuzz-mapped-csv-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

func fuzzOneInput(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzTarget.mappedCSV.run(data, scratch: scratch)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func fuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

var argumentCount = CommandLine.argc
var argumentVector = CommandLine.unsafeArgv
exit(fuzzerRunDriver(&argumentCount, &argumentVector, fuzzOneInput))
