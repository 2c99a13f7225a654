#!/bin/sh
# Makes sure an Avahi daemon answers, for the discovery tests: if none does, starts a D-Bus
# system bus (when there is none) and avahi-daemon on loopback with multicast switched on.
# Needs root. Where it cannot (no root, no avahi-daemon), it says why and exits 0: the
# discovery tests then skip themselves and say so.
if avahi-browse --terminate --all >/dev/null 2>&1; then
    echo "discovery: an Avahi daemon is running"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then echo "discovery: not root, cannot start avahi-daemon; the discovery tests will be skipped"; exit 0; fi
command -v avahi-daemon >/dev/null || { echo "discovery: avahi-daemon is not installed; the discovery tests will be skipped"; exit 0; }
mkdir -p /run/dbus
# A bus left behind by an earlier run (its socket and pid file, its process gone) is cleared first.
if [ -f /run/dbus/pid ] && ! kill -0 "$(cat /run/dbus/pid)" 2>/dev/null; then rm -f /run/dbus/pid /run/dbus/system_bus_socket; fi
[ -S /run/dbus/system_bus_socket ] || dbus-daemon --system --fork || { echo "discovery: cannot start a D-Bus system bus"; exit 0; }
ip link set lo multicast on 2>/dev/null || echo "discovery: cannot switch on multicast on loopback"
avahi-daemon -k >/dev/null 2>&1
rm -f /run/avahi-daemon/pid
avahi-daemon -f "$(dirname "$0")/avahi-daemon.conf" -D || { echo "discovery: avahi-daemon would not start"; exit 0; }
for i in 1 2 3 4 5 6 7 8 9 10; do
    avahi-browse --terminate --all >/dev/null 2>&1 && { echo "discovery: started avahi-daemon on loopback"; exit 0; }
    sleep 0.3
done
echo "discovery: avahi-daemon started but does not answer; the discovery tests will be skipped"
