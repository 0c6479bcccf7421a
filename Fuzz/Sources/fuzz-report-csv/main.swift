import FuzzDriver

// libFuzzer over the report-csv reader (see FuzzDriver and scripts/fuzz.sh).
FuzzDriver.run(.reportCSV)
