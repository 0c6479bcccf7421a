import FuzzDriver

// libFuzzer over the mapped-csv reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.mappedCSV)
