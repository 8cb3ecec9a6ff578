#ifndef FONTD_CLAZYLIBRARIES_H
#define FONTD_CLAZYLIBRARIES_H
// Nothing to import: the forwarding functions of this target (LazyLibrary.h) are found by the linker under the
// libraries' own names, where fontd's Swift code and GRDB call them.
#endif
