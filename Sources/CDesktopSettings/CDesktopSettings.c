// The interface is the header alone; this file exists because a C target needs a source file.
#include "CDesktopSettings.h"
