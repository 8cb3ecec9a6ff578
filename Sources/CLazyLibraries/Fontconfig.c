// fontconfig 2's functions that fontd calls, each opening libfontconfig.so.1 on its first call (LazyLibrary.h).
#pragma GCC visibility push(hidden)
#include <fontconfig/fontconfig.h>
#include "LazyLibrary.h"

static fontd_lazy_library fontconfig = {"libfontconfig.so.1", "libfontconfig1", NULL};

FONTD_FORWARD(fontconfig, FcBool, FcConfigBuildFonts, FcConfig *)
FONTD_FORWARD_NO_PARAMETERS(fontconfig, FcConfig *, FcConfigCreate)
FONTD_FORWARD_VOID(fontconfig, FcConfigDestroy, FcConfig *)
FONTD_FORWARD(fontconfig, FcStrList *, FcConfigGetCacheDirs, FcConfig *)
FONTD_FORWARD(fontconfig, FcStrList *, FcConfigGetConfigDirs, FcConfig *)
FONTD_FORWARD(fontconfig, FcStrList *, FcConfigGetConfigFiles, FcConfig *)
FONTD_FORWARD(fontconfig, FcStrList *, FcConfigGetFontDirs, FcConfig *)
FONTD_FORWARD(fontconfig, FcBool, FcConfigParseAndLoad, FcConfig *, const FcChar8 *, FcBool)
FONTD_FORWARD(fontconfig, FcConfig *, FcConfigReference, FcConfig *)
FONTD_FORWARD(fontconfig, FcBool, FcConfigSubstitute, FcConfig *, FcPattern *, FcMatchKind)
FONTD_FORWARD(fontconfig, FcBool, FcConfigUptoDate, FcConfig *)
FONTD_FORWARD_VOID(fontconfig, FcDefaultSubstitute, FcPattern *)
FONTD_FORWARD(fontconfig, FcFontSet *, FcFontList, FcConfig *, FcPattern *, FcObjectSet *)
FONTD_FORWARD(fontconfig, FcPattern *, FcFontMatch, FcConfig *, FcPattern *, FcResult *)
FONTD_FORWARD_VOID(fontconfig, FcFontSetDestroy, FcFontSet *)
FONTD_FORWARD_NO_PARAMETERS(fontconfig, FcBool, FcInit)
FONTD_FORWARD_NO_PARAMETERS(fontconfig, FcConfig *, FcInitLoadConfigAndFonts)
FONTD_FORWARD(fontconfig, FcBool, FcObjectSetAdd, FcObjectSet *, const char *)
FONTD_FORWARD_NO_PARAMETERS(fontconfig, FcObjectSet *, FcObjectSetCreate)
FONTD_FORWARD_VOID(fontconfig, FcObjectSetDestroy, FcObjectSet *)
FONTD_FORWARD(fontconfig, FcBool, FcPatternAddBool, FcPattern *, const char *, FcBool)
FONTD_FORWARD(fontconfig, FcBool, FcPatternAddDouble, FcPattern *, const char *, double)
FONTD_FORWARD(fontconfig, FcBool, FcPatternAddInteger, FcPattern *, const char *, int)
FONTD_FORWARD(fontconfig, FcBool, FcPatternAddString, FcPattern *, const char *, const FcChar8 *)
FONTD_FORWARD_NO_PARAMETERS(fontconfig, FcPattern *, FcPatternCreate)
FONTD_FORWARD_VOID(fontconfig, FcPatternDestroy, FcPattern *)
FONTD_FORWARD(fontconfig, FcResult, FcPatternGetBool, const FcPattern *, const char *, int, FcBool *)
FONTD_FORWARD(fontconfig, FcResult, FcPatternGetDouble, const FcPattern *, const char *, int, double *)
FONTD_FORWARD(fontconfig, FcResult, FcPatternGetInteger, const FcPattern *, const char *, int, int *)
FONTD_FORWARD(fontconfig, FcResult, FcPatternGetMatrix, const FcPattern *, const char *, int, FcMatrix **)
FONTD_FORWARD(fontconfig, FcResult, FcPatternGetString, const FcPattern *, const char *, int, FcChar8 **)
FONTD_FORWARD_VOID(fontconfig, FcStrListDone, FcStrList *)
FONTD_FORWARD(fontconfig, FcChar8 *, FcStrListNext, FcStrList *)
FONTD_FORWARD(fontconfig, double, FcWeightFromOpenTypeDouble, double)
FONTD_FORWARD(fontconfig, double, FcWeightToOpenTypeDouble, double)

#pragma GCC visibility pop
