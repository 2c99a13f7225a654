#ifndef CHALKLINE_CZLIB_SHIM_H
#define CHALKLINE_CZLIB_SHIM_H
/* zlib (Debian's zlib1g-dev): the pages' files gzipped once, for browsers that accept it. */
#include <zlib.h>

/* deflateInit2 is a macro Swift cannot call: a gzip wrapper (15 + 16), zlib's usual memory. */
static inline int chalkline_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
