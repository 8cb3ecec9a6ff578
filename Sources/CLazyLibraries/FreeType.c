// FreeType 2's functions that fontd calls, each opening libfreetype.so.6 on its first call (LazyLibrary.h).
#pragma GCC visibility push(hidden)
#include <ft2build.h>
#include <freetype/config/public-macros.h>
// FreeType marks each function it declares visibility("default"), which the pragma cannot override; its functions
// here are fontd's own forwarding functions, hidden as the others are.
#undef FT_PUBLIC_FUNCTION_ATTRIBUTE
#define FT_PUBLIC_FUNCTION_ATTRIBUTE
#include "../CFreeType/shim.h"
#include "LazyLibrary.h"

static fontd_lazy_library freetype = {"libfreetype.so.6", "libfreetype6", NULL};

FONTD_FORWARD(freetype, FT_Error, FT_Done_Face, FT_Face)
FONTD_FORWARD(freetype, FT_Error, FT_Done_FreeType, FT_Library)
FONTD_FORWARD(freetype, FT_Error, FT_Done_MM_Var, FT_Library, FT_MM_Var *)
FONTD_FORWARD(freetype, FT_Error, FT_Get_Advance, FT_Face, FT_UInt, FT_Int32, FT_Fixed *)
FONTD_FORWARD(freetype, FT_UInt, FT_Get_Char_Index, FT_Face, FT_ULong)
FONTD_FORWARD(freetype, FT_Error, FT_Get_MM_Var, FT_Face, FT_MM_Var **)
FONTD_FORWARD(freetype, const char *, FT_Get_Postscript_Name, FT_Face)
FONTD_FORWARD(freetype, FT_Error, FT_Get_Sfnt_Name, FT_Face, FT_UInt, FT_SfntName *)
FONTD_FORWARD(freetype, FT_UInt, FT_Get_Sfnt_Name_Count, FT_Face)
FONTD_FORWARD(freetype, void *, FT_Get_Sfnt_Table, FT_Face, FT_Sfnt_Tag)
FONTD_FORWARD(freetype, FT_Error, FT_Init_FreeType, FT_Library *)
FONTD_FORWARD(freetype, FT_Error, FT_Load_Char, FT_Face, FT_ULong, FT_Int32)
FONTD_FORWARD(freetype, FT_Error, FT_Load_Sfnt_Table, FT_Face, FT_ULong, FT_Long, FT_Byte *, FT_ULong *)
FONTD_FORWARD(freetype, FT_Error, FT_New_Face, FT_Library, const char *, FT_Long, FT_Face *)
FONTD_FORWARD_VOID(freetype, FT_Outline_Get_CBox, const FT_Outline *, FT_BBox *)
FONTD_FORWARD(freetype, FT_Error, FT_Set_Var_Design_Coordinates, FT_Face, FT_UInt, FT_Fixed *)

#pragma GCC visibility pop
