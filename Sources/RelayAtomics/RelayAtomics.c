// Every operation is a `static inline` function in the header, compiled into the code that
// calls it; this file only gives the target a source to build.
#include "RelayAtomics.h"
