#!/usr/bin/python3
# What the session bus costs `fontd serve` in memory per call and per change (docs/DESIGN.md §27 (The session bus),
# §28 (The Settings portal backend)): READS calls of org.freedesktop.portal.Settings.ReadAll through xdg-desktop-portal
# (which asks fontd's backend each time), then CHANGES category changes (PUT /category, alternating xl and l; each one
# a Changed and SettingChanged signals), each phase after a warm-up of a tenth of its count (at least 200), with fontd's
# VmRSS read from /proc/PID/status before and after. Used by Benchmarks/bus-memory.sh and SessionBusMemoryTests.
#
# Usage: bus-memory.py BUS_ADDRESS FONTD_PID FONTD_PORT READS CHANGES [--token TOKEN]
# Prints one JSON object: the counts and, per phase, the RSS in KiB after the warm-up and at the end.
import http.client
import json
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

address, pid, port, reads, changes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
headers = {"Content-Type": "application/json"}
if sys.argv[6:7] == ["--token"]:
    headers["Authorization"] = "Bearer " + sys.argv[7]
bus = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
http_connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)


def rss_kib():
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS for %d" % pid)


def call(name, path, interface, method, arguments):
    return bus.call_sync(name, path, interface, method, arguments, None, Gio.DBusCallFlags.NONE, 30000, None)


def portal_read_all(count):
    patterns = GLib.Variant("(as)", (["org.fontd.*"],))
    for _ in range(count):
        answer = call("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                      "ReadAll", patterns).unpack()[0]
        if "content-size-category" not in answer.get("org.fontd.DynamicType", {}):
            raise RuntimeError("the portal answered without fontd's keys: %r" % (answer,))


changed = [0]


def change(count):
    for _ in range(count):
        changed[0] += 1
        body = json.dumps({"category": "xl" if changed[0] % 2 else "l"})
        http_connection.request("PUT", "/category", body, headers)
        answer = http_connection.getresponse()
        answer.read()
        if answer.status != 200:
            raise RuntimeError("PUT /category answered %d" % answer.status)
    # Signals are sent from fontd's bus thread in the order given, and ReadAll is answered from it: once answered, the
    # signals of every change before it have been sent.
    call("org.fontd.Fontd1", "/org/fontd/Fontd1", "org.fontd.Fontd1", "ReadAll", None)


def phase(work, count):
    work(max(count // 10, 200))
    before = rss_kib()
    work(count)
    return {"count": count, "warmRSSKiB": before, "endRSSKiB": rss_kib()}


print(json.dumps({"reads": phase(portal_read_all, reads), "changes": phase(change, changes)}))
