import FuzzDriver

// libFuzzer over the hdf5 reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.hdf5)
