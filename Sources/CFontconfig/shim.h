#ifndef FONTD_CFONTCONFIG_SHIM_H
#define FONTD_CFONTCONFIG_SHIM_H
// fcfreetype.h is left out on purpose: it drags FreeType into this module.
#include <fontconfig/fontconfig.h>
#endif
