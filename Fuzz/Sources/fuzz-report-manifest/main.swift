import FuzzDriver

// libFuzzer over the report manifest reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.reportManifest)
