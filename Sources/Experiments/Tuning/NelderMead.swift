import CGSL
import Runs
import Simulation

/// Minimisation without derivatives by GSL's Nelder–Mead simplex (`nmsimplex2`).
public enum NelderMead {
    public struct Outcome: Sendable {
        public var x: [Double]
        public var value: Double
        public var iterations: Int
        public var evaluations: Int
        /// The simplex shrank below the size tolerance (otherwise the evaluation budget ran out).
        public var converged: Bool
    }

    /// What the callback needs across the C boundary.
    private final class Context {
        let objective: ([Double]) throws -> Double
        let dimension: Int
        var error: Error?
        var evaluations = 0
        init(objective: @escaping ([Double]) throws -> Double, dimension: Int) {
            self.objective = objective
            self.dimension = dimension
        }
    }

    /// Minimises `objective` from `start` with initial simplex steps `steps` (same length),
    /// until the simplex's characteristic size is below `sizeTolerance` or `maxEvaluations`
    /// evaluations were spent. An error thrown by `objective` stops the search and is rethrown.
    /// Non-finite values are not allowed (return a large penalty instead).
    public static func minimize(
        start: [Double], steps: [Double], sizeTolerance: Double, maxEvaluations: Int,
        objective: @escaping ([Double]) throws -> Double
    ) throws -> Outcome {
        precondition(!start.isEmpty && start.count == steps.count)
        _ = gsl_set_error_handler_off()
        let n = start.count
        let context = Context(objective: objective, dimension: n)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }

        let function = UnsafeMutablePointer<gsl_multimin_function>.allocate(capacity: 1)
        defer { function.deallocate() }
        function.initialize(
            to: gsl_multimin_function(
                f: { vector, parameters in
                    let context = Unmanaged<Context>.fromOpaque(parameters!).takeUnretainedValue()
                    guard context.error == nil, let vector else { return .nan }
                    let x = (0..<context.dimension).map { gsl_vector_get(vector, $0) }
                    context.evaluations += 1
                    do {
                        let value = try context.objective(x)
                        return value.isFinite ? value : .nan
                    } catch {
                        context.error = error
                        return .nan
                    }
                },
                n: n, params: unmanaged.toOpaque()))

        guard let x = gsl_vector_alloc(n), let stepVector = gsl_vector_alloc(n),
            let minimizer = gsl_multimin_fminimizer_alloc(cgsl_multimin_nmsimplex2(), n)
        else {
            throw GSLError(code: Int32(GSL_ENOMEM), context: "Nelder–Mead: allocation")
        }
        defer {
            gsl_multimin_fminimizer_free(minimizer)
            gsl_vector_free(stepVector)
            gsl_vector_free(x)
        }
        for index in 0..<n {
            gsl_vector_set(x, index, start[index])
            gsl_vector_set(stepVector, index, steps[index])
        }
        var status = gsl_multimin_fminimizer_set(minimizer, function, x, stepVector)
        if let error = context.error { throw error }
        guard status == GSL_SUCCESS else { throw GSLError(code: status, context: "Nelder–Mead: initial simplex") }

        var iterations = 0
        var converged = false
        while context.evaluations < maxEvaluations {
            iterations += 1
            status = gsl_multimin_fminimizer_iterate(minimizer)
            if let error = context.error { throw error }
            guard status == GSL_SUCCESS else { throw GSLError(code: status, context: "Nelder–Mead: iteration \(iterations)") }
            if gsl_multimin_test_size(gsl_multimin_fminimizer_size(minimizer), sizeTolerance) == GSL_SUCCESS {
                converged = true
                break
            }
        }
        let best = gsl_multimin_fminimizer_x(minimizer)!
        return Outcome(
            x: (0..<n).map { gsl_vector_get(best, $0) }, value: gsl_multimin_fminimizer_minimum(minimizer),
            iterations: iterations, evaluations: context.evaluations, converged: converged)
    }
}
