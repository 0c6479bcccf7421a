// Scenario loading throws ConfigError and takes ConfigOverride values: the schema engine is part
// of this module's interface.
@_exported import ConfigKit
