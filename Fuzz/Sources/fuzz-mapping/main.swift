import FuzzDriver

// libFuzzer over the mapping reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.mapping)
