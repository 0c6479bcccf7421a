#ifndef ORBITBENCH_CPNG_SHIM_H
#define ORBITBENCH_CPNG_SHIM_H
#include <png.h>
#endif
