import FuzzDriver

// libFuzzer over the thesis reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.thesis)
