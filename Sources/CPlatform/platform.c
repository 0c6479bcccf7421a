/* The helpers are static inline in include/platform.h; SwiftPM needs one source file. */
#include "platform.h"
