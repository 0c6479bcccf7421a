import FuzzDriver

// libFuzzer over the recording-json reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.recordingJSON)
