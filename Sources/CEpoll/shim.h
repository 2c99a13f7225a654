#ifndef CHALKLINE_CEPOLL_SHIM_H
#define CHALKLINE_CEPOLL_SHIM_H
// Linux headers the client's event loop needs and Swift's Glibc module does not export.
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/resource.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <termios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <netdb.h>
#endif
