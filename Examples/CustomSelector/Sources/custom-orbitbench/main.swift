import CustomCode
import OrbitBenchCLI

// The whole orbitbench command line, with the team's selector and filter available by name:
//   custom-orbitbench run orbit-72 --set selection.selector=lowest-blur
//   custom-orbitbench fusion orbit-72 --filters gyro-only,bias-estimating
//   custom-orbitbench replay my-session --set selection.selector=lowest-blur
try registerCustomCode()
OrbitBenchCommand.main()
