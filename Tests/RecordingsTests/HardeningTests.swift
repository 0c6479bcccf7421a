import CHDF5
import Foundation
import OrbitMath
import Recordings
import Testing

/// Files that used to crash, exhaust memory or pass silently.
@Suite(.serialized) struct RecordingHardeningTests {
    /// sampling_rate holding 4096 (or 2) values was read into one Double: a stack overflow.
    @Test func multiValueAttributeIsRefused() throws {
        for count in [2, 4096] {
            let url = temporaryFile("attribute-\(count).hdf5")
            var fixture = HDF5Fixture()
            fixture.samplingRate = nil
            fixture.write(to: url)
            HDF5Lock.withLock {
                let access = unlockedFileAccess()
                defer { _ = H5Pclose(access) }
                let file = H5Fopen(url.path, chdf5_read_write(), access)
                var dimensions: [hsize_t] = [hsize_t(count)]
                let space = H5Screate_simple(1, &dimensions, nil)
                let attribute = H5Acreate2(file, "sampling_rate", chdf5_ieee_f64le(), space, chdf5_default(), chdf5_default())
                var values = [Double](repeating: 200, count: count)
                _ = H5Awrite(attribute, chdf5_native_double(), &values)
                _ = H5Aclose(attribute)
                _ = H5Sclose(space)
                _ = H5Fclose(file)
            }
            let problem = recordingError { _ = try BROADReader.read(url.path) }
            #expect(problem?.column == "sampling_rate" && problem?.message == "expected one number, found \(count) values")
        }
    }

    /// Datasets declared 2⁶²×3 (overflows Int) and 2⁴⁰×3 (26 TB) with nothing stored: refused
    /// before any allocation.
    @Test func hugeDeclaredDatasetsAreRefused() throws {
        for rows: hsize_t in [1 << 62, 1 << 40, 1 << 20] {
            let url = temporaryFile("huge.hdf5")
            var fixture = HDF5Fixture()
            fixture.omit = ["imu_gyr"]
            fixture.write(to: url)
            HDF5Lock.withLock {
                let access = unlockedFileAccess()
                defer { _ = H5Pclose(access) }
                let file = H5Fopen(url.path, chdf5_read_write(), access)
                var dimensions: [hsize_t] = [rows, 3], maximum: [hsize_t] = [chdf5_unlimited(), 3], chunk: [hsize_t] = [1024, 3]
                let space = H5Screate_simple(2, &dimensions, &maximum)
                let properties = H5Pcreate(chdf5_dataset_create())
                _ = H5Pset_chunk(properties, 2, &chunk)
                let dataset = H5Dcreate2(file, "imu_gyr", chdf5_ieee_f64le(), space, chdf5_default(), properties, chdf5_default())
                _ = H5Dclose(dataset)
                _ = H5Pclose(properties)
                _ = H5Sclose(space)
                _ = H5Fclose(file)
            }
            let problem = recordingError { _ = try BROADReader.read(url.path) }
            #expect(problem?.column == "imu_gyr" && problem?.message.contains("declares \(rows)×3") == true, "\(String(describing: problem))")
        }
    }

    /// t_ns from −9e18 to 9e18: the integer difference overflows; read as doubles instead (no
    /// trap), and the 1.8e10 s gap is then refused like any gap over the bound.
    @Test func extremeTimestampsDoNotTrap() throws {
        let url = temporaryFile("extreme.csv")
        let header =
            "#timestamp [ns],w_RS_S_x [rad s^-1],w_RS_S_y [rad s^-1],w_RS_S_z [rad s^-1],a_RS_S_x [m s^-2],a_RS_S_y [m s^-2],a_RS_S_z [m s^-2]\n"
        try (header + "-9000000000000000000,0,0,0,0,0,9.8\n9000000000000000000,0,0,0,0,0,9.8\n").write(to: url, atomically: true, encoding: .utf8)
        let problem = recordingError { _ = try EuRoCReader.read(url.path) }
        #expect(
            problem?.row == 3 && problem?.message.hasPrefix("1.8e+10 s after the sample before it (row 2)") == true, "\(String(describing: problem))")
    }

    /// Two IMU samples 9e18 ns apart made a 570-year recording with no filter update: a gap
    /// over 5 s between consecutive samples is an error naming the file and the row, in every
    /// reader (EuRoC, mapped CSV, BROAD through its sampling rate); 5 s itself is allowed.
    @Test func implausibleGapsAreErrors() throws {
        let header =
            "#timestamp [ns],w_RS_S_x [rad s^-1],w_RS_S_y [rad s^-1],w_RS_S_z [rad s^-1],a_RS_S_x [m s^-2],a_RS_S_y [m s^-2],a_RS_S_z [m s^-2]\n"
        let euroc = temporaryFile("gap.csv")
        try (header + "0,0,0,0,0,0,9.8\n5000000,0,0,0,0,0,9.8\n9000000000000000000,0,0,0,0,0,9.8\n").write(
            to: euroc, atomically: true, encoding: .utf8)
        let problem = recordingError { _ = try RecordingLoader.read(euroc.path) }
        #expect(
            problem?.description
                == "\(euroc.path), row 4, column timestamp [ns]: 9e+09 s after the sample before it (row 3), more than the 5 s a recording may pause: two recordings in one file, or times in another unit?"
        )
        try (header + "0,0,0,0,0,0,9.8\n5000000000,0,0,0,0,0,9.8\n").write(to: euroc, atomically: true, encoding: .utf8)
        #expect(try RecordingLoader.read(euroc.path).times == [0, 5])

        let mapping = temporaryFile("map.yaml"), mapped = temporaryFile("mapped.csv")
        try "time: {column: t, unit: ms}\ngyroscope: {columns: [gx, gy, gz]}\naccelerometer: {columns: [ax, ay, az]}\n".write(
            to: mapping, atomically: true, encoding: .utf8)
        try "t,gx,gy,gz,ax,ay,az\n0,0,0,0,0,0,9.8\n10,0,0,0,0,0,9.8\n60000,0,0,0,0,0,9.8\n".write(to: mapped, atomically: true, encoding: .utf8)
        let gap = recordingError { _ = try RecordingLoader.read(mapped.path, mapping: try CSVMapping.load(mapping.path)) }
        #expect(
            gap?.row == 4 && gap?.column == "t" && gap?.message.hasPrefix("59.99 s after the sample before it (row 3)") == true,
            "\(String(describing: gap))")

        let broad = temporaryFile("slow.hdf5")
        var fixture = HDF5Fixture()
        fixture.samplingRate = 0.1
        fixture.write(to: broad)
        let rate = recordingError { _ = try BROADReader.read(broad.path) }
        #expect(
            rate?.column == "sampling_rate" && rate?.message.hasPrefix("0.1 Hz puts the samples 10 s apart") == true, "\(String(describing: rate))")
    }

    /// A 1e300 °/s gyroscope sample is not a measurement: it becomes NaN (skipped by the
    /// filters) and is counted; zero or constant sensors are reported.
    @Test func impossibleAndDegenerateSamplesAreFlagged() throws {
        let mapping = temporaryFile("map.yaml")
        try """
        time: {column: t, unit: s}
        gyroscope: {columns: [gx, gy, gz], unit: deg_s}
        accelerometer: {columns: [ax, ay, az], unit: m_s2}
        magnetometer: {columns: [mx, my, mz], unit: ut}
        truth: {columns: [qw, qx, qy, qz], frame: enu}
        """.write(to: mapping, atomically: true, encoding: .utf8)
        var rows = ["t,gx,gy,gz,ax,ay,az,mx,my,mz,qw,qx,qy,qz"]
        for index in 0..<300 {
            let gyro = index == 10 ? "1e300" : String(Double(index % 7))
            rows.append("\(Double(index) * 0.01),\(gyro),0,0,0.1,0,9.8,0,0,0,1,0,0,0")
        }
        let csv = temporaryFile("log.csv")
        try (rows.joined(separator: "\n") + "\n").write(to: csv, atomically: true, encoding: .utf8)
        let recording = try RecordingLoader.read(csv.path, mapping: try CSVMapping.load(mapping.path))
        #expect(recording.gyroscope[10].x.isNaN && recording.outOfRange == ["gyroscope": 1])
        let findings = recording.degenerateSensors()
        // All zero from start to end is no magnetometer at all (a 6D recording), and said so.
        #expect(recording.magnetometer == nil)
        #expect(findings.contains { $0.hasPrefix("magnetometer all zero in every sample") }, "\(findings)")
        #expect(findings.contains { $0.hasPrefix("accelerometer constant at (0.1, 0, 9.8)") })
        #expect(findings.contains("gyroscope: 1 samples beyond the physical limit, skipped"))
        #expect(!findings.contains { $0.hasPrefix("gyroscope constant") })

        // README promised unit reference quaternions: a norm-2 one is an error naming its row.
        rows[5] = "0.04,0,0,0,0,0,9.8,20,0,-40,2,0,0,0"
        try (rows.joined(separator: "\n") + "\n").write(to: csv, atomically: true, encoding: .utf8)
        let problem = recordingError { _ = try RecordingLoader.read(csv.path, mapping: try CSVMapping.load(mapping.path)) }
        #expect(problem?.row == 6 && problem?.message.contains("not a unit quaternion") == true)
    }
}
