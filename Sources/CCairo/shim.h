#ifndef ORBITBENCH_CCAIRO_SHIM_H
#define ORBITBENCH_CCAIRO_SHIM_H
#include <cairo.h>
#endif
