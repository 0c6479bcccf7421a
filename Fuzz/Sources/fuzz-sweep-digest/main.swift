import FuzzDriver

// libFuzzer over the sweep digest reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.sweepDigest)
