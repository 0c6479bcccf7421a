#ifndef ORBITBENCH_CGSL_SHIM_H
#define ORBITBENCH_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_multifit.h>

/* GSL exposes its generator types as mutable C globals, which Swift 6 strict concurrency
   refuses to read. These accessors hand out the (never modified) pointers. */
static inline const gsl_rng_type *cgsl_rng_type_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_multimin_fminimizer_type *cgsl_multimin_nmsimplex2(void) {
    return gsl_multimin_fminimizer_nmsimplex2;
}

#endif
