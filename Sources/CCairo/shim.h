#ifndef ORBITBENCH_CCAIRO_SHIM_H
#define ORBITBENCH_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
