import FuzzDriver

// libFuzzer over the euroc reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.euroc)
