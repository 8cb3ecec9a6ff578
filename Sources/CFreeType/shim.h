#ifndef FONTD_CFREETYPE_SHIM_H
#define FONTD_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_MULTIPLE_MASTERS_H
#include FT_SFNT_NAMES_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H

// FreeType's function-like macros do not import into Swift; these wrap them.
static inline int fontd_ft_is_fixed_width(FT_Face face) { return FT_IS_FIXED_WIDTH(face) ? 1 : 0; }
static inline int fontd_ft_is_sfnt(FT_Face face) { return FT_IS_SFNT(face) ? 1 : 0; }
static inline int fontd_ft_has_multiple_masters(FT_Face face) { return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0; }
static inline int fontd_ft_is_variation(FT_Face face) { return FT_IS_VARIATION(face) ? 1 : 0; }
static inline int fontd_ft_is_named_instance(FT_Face face) { return FT_IS_NAMED_INSTANCE(face) ? 1 : 0; }
static inline FT_ULong fontd_ft_make_tag(char a, char b, char c, char d) { return FT_MAKE_TAG(a, b, c, d); }
#endif
