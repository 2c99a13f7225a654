#ifndef CHALKLINE_CQRENCODE_SHIM_H
#define CHALKLINE_CQRENCODE_SHIM_H
/* libqrencode (Debian's libqrencode-dev): the join URL's QR code, for the teacher's page and screen. */
#include <qrencode.h>
#endif
