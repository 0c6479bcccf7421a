extension Trajectory {
    /// Position and attitude at `time`: bit for bit those of `state(at:)`, without the
    /// derivatives (velocity, angular velocity, specific force) that only the sensors need.
    /// A blur measurement queries five poses per frame and needs the rates at one of them.
    public func pose(at time: Double) -> CameraPose {
        if let imported { return CameraPose(imported.motion.state(at: time)) }
        if let handheldBox { return CameraPose(handheldBox.motion.state(at: time)) }
        let state = orbitState(at: time)
        return CameraPose(position: state.position, attitude: state.attitude)
    }

    /// Azimuth of the phone around the object at `time`, rad: `state(at:).azimuth` from the
    /// walk's progress alone (a 20 Hz true-angle track needs nothing else).
    public func azimuth(at time: Double) -> Double {
        if let imported { return imported.state(at: time).azimuth }
        if let handheldBox { return handheldBox.motion.state(at: time).azimuth }
        let (progress, _) = profile.evaluate(at: time)
        return startAzimuth + direction * progress.value
    }
}
