import FuzzDriver

// libFuzzer over the scenario reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.scenario)
