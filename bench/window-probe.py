#!/usr/bin/python3
# The window seen from outside its process, through AT-SPI, as a screen reader sees it. Run by
# bench/window-benchmark.sh inside a private D-Bus session under Xvfb; needs the system Python
# (/usr/bin/python3) for pyatspi. Starts the AT-SPI bus, launches the given kubeglass command
# with Qt accessibility on, and prints one JSON object:
#   window_ms      launch to the application's accessible window being reachable
#   first_row_ms   launch to the "Objects" table reporting a row (Table.NRows > 0)
#   all_rows_ms    launch to the table reporting --rows rows
#   list_started_ms  launch to the simulator answering the table's first list (with --sim: its
#                  request log's monotonic clock, the same as ours); first_row_after_list_ms is
#                  what issue 33's target counts: first row seen less the list's first bytes
#   status         the status bar's text then
#   vmhwm_kb       the process's peak RSS (VmHWM) after the sync, and after the churn
#   idle_query_ms / churn_query_ms   round trips of an NRows query (p50, p99, max): the GUI
#                  thread answers them, so a long one is a stall seen from outside
#   events         AT-SPI events received per type (with --listen, as a screen reader would)
# With --follow it only runs the command to its end (its output passes through), listening with
# --listen: a screen reader attached to bench_gui --accessibility.
import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

from gi.repository import Gio, GLib


def log(*args):
    print("window-probe:", *args, file=sys.stderr, flush=True)


def start_atspi_bus(timeout_s=20):
    """Starts at-spi-bus-launcher (its registry is activated on the a11y bus); waits for it."""
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        owned = session.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                  "org.freedesktop.DBus", "NameHasOwner",
                                  GLib.Variant("(s)", ("org.a11y.Bus",)),
                                  GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, -1, None)
        if owned.unpack()[0]:
            return launcher
        time.sleep(0.05)
    launcher.kill()
    raise SystemExit("window-probe: org.a11y.Bus did not appear (at-spi-bus-launcher)")


def pump():
    """Dispatches whatever the AT-SPI connection has received (events for --listen)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def percentiles(values):
    if not values:
        return None
    ordered = sorted(values)

    def at(fraction):
        index = max(0, min(len(ordered) - 1, int(-(-fraction * len(ordered) // 1)) - 1))
        return round(ordered[index], 1)

    return {"n": len(ordered), "p50": at(0.5), "p99": at(0.99), "max": round(ordered[-1], 1)}


class Probe:
    # Roles whose children are rows or cells: never walked (100,000 rows x 10 columns).
    def __init__(self, pyatspi, pid):
        self.pyatspi = pyatspi
        self.pid = pid
        self.skip_roles = {pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_LIST,
                           pyatspi.ROLE_TREE, pyatspi.ROLE_LIST_BOX}

    def application(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            try:
                if app is not None and app.get_process_id() == self.pid:
                    return app
            except GLib.GError:
                continue
        return None

    def find(self, root, role, name=None):
        queue = [root]
        while queue:
            node = queue.pop(0)
            try:
                node_role = node.getRole()
                if node_role == role and (name is None or node.name == name):
                    return node
                if node_role in self.skip_roles or node.childCount > 500:
                    continue
                queue.extend(c for c in (node.getChildAtIndex(i) for i in range(node.childCount))
                             if c is not None)
            except GLib.GError:
                continue
        return None


def vm_kb(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def sim_control(url, call):
    request = urllib.request.Request(url.rstrip("/") + "/_sim/" + call, data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read().decode()


def list_started_ms(url, started):
    """When the simulator answered the window's first list (a GET of pods or nodes, not a
    watch, not of metrics), in ms after `started` (time.monotonic(), CLOCK_MONOTONIC)."""
    with urllib.request.urlopen(url.rstrip("/") + "/_sim/requests", timeout=10) as answer:
        requests = json.load(answer)
    for r in requests:
        if (r.get("method") == "GET" and r.get("path", "").rsplit("/", 1)[-1] in ("pods", "nodes")
                and "metrics.k8s.io" not in r["path"] and "watch" not in r.get("query", {})
                and "monotonicMs" in r):
            return round(r["monotonicMs"] - started * 1000)
    return None


def timed_queries(table_iface, seconds, interval_s, on_tick=None):
    """NRows round trips every interval for `seconds`; their durations (ms)."""
    durations = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        try:
            table_iface.nRows
        except GLib.GError as error:
            log("query failed:", error)
        durations.append((time.monotonic() - started) * 1000)
        pump()
        if on_tick:
            on_tick()
        time.sleep(max(0.0, interval_s - (time.monotonic() - started)))
    return durations


def follow(command, env, events):
    process = subprocess.Popen(command, env=env)
    log("following pid", process.pid)
    started = time.monotonic()
    while process.poll() is None:
        pump()
        time.sleep(0.01)
    seconds = time.monotonic() - started
    log(f"AT-SPI events received in {seconds:.0f} s:", json.dumps(events, sort_keys=True))
    return process.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1, help="rows the table must reach")
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for the rows")
    parser.add_argument("--sim", help="the simulator's URL, for churn")
    parser.add_argument("--rate", type=float, default=0, help="churn events/s after the sync")
    parser.add_argument("--churn-seconds", type=float, default=10)
    parser.add_argument("--listen", action="store_true",
                        help="register for AT-SPI events as a screen reader does")
    parser.add_argument("--follow", action="store_true",
                        help="run the command to its end without probing it")
    parser.add_argument("--screenshot", help="save a screenshot of the screen here after the sync")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- kubeglass [options]")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("the kubeglass command is missing")

    launcher = start_atspi_bus()
    import pyatspi  # after the bus exists: libatspi connects to it on import
    from gi.repository import Atspi
    # A stalled GUI thread must show as a long answer, not as libatspi's 0.8 s default timeout.
    Atspi.set_timeout(120000, 120000)

    events = {}
    if args.listen:
        def count(event):
            kind = ":".join(event.type.split(":")[:3]).rstrip(":")
            events[kind] = events.get(kind, 0) + 1
        # What Orca listens to, in the groups the Qt bridge can send.
        for kind in ("object:children-changed", "object:state-changed", "object:property-change",
                     "object:text-changed", "object:text-caret-moved", "object:selection-changed",
                     "object:active-descendant-changed", "object:value-changed",
                     "object:row-inserted", "object:row-deleted", "object:row-reordered",
                     "object:model-changed", "object:column-reordered", "window:activate",
                     "focus:"):
            pyatspi.Registry.registerEventListener(count, kind)

    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb")
    if args.follow:
        rc = follow(command, env, events)
        launcher.terminate()
        sys.exit(rc)
    result = {"rows_expected": args.rows}
    started = time.monotonic()
    app_process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                   stderr=open(os.environ.get("PROBE_APP_LOG", os.devnull), "w"))
    ms = lambda: round((time.monotonic() - started) * 1000)
    probe = Probe(pyatspi, app_process.pid)
    try:
        deadline = started + args.timeout
        app = table = None
        while time.monotonic() < deadline and table is None:
            if app_process.poll() is not None:
                raise SystemExit(f"window-probe: kubeglass exited ({app_process.returncode})")
            pump()
            app = app or probe.application()
            if app is not None and "window_ms" not in result and app.childCount > 0:
                result["window_ms"] = ms()
            if app is not None:
                table = probe.find(app, pyatspi.ROLE_TABLE, "Objects")
            if table is None:
                time.sleep(0.02)
        if table is None:
            raise SystemExit("window-probe: no table named Objects reachable through AT-SPI")
        result["table_found_ms"] = ms()
        table_iface = table.queryTable()
        rows = 0
        while time.monotonic() < deadline:
            rows = table_iface.nRows
            if rows > 0 and "first_row_ms" not in result:
                result["first_row_ms"] = ms()
            if rows >= args.rows:
                result["all_rows_ms"] = ms()
                break
            pump()
            time.sleep(0.01)
        result["rows_seen"] = rows
        if args.sim:
            result["list_started_ms"] = list_started_ms(args.sim, started)
            if result["list_started_ms"] is not None and "first_row_ms" in result:
                result["first_row_after_list_ms"] = (result["first_row_ms"] -
                                                     result["list_started_ms"])
        result["vmhwm_kb_synced"] = vm_kb(app_process.pid, "VmHWM")
        status_bar = probe.find(app, pyatspi.ROLE_STATUS_BAR)
        result["status"] = status_bar.name if status_bar is not None else None
        if args.screenshot:
            subprocess.run(["import", "-window", "root", args.screenshot], check=False)
        # Idle answers first (the reference), then the same queries under churn.
        result["idle_query_ms"] = percentiles(timed_queries(table_iface, 2, 0.02))
        if args.sim and args.rate > 0:
            answer = sim_control(args.sim, f"churn?rate={args.rate:g}")
            log("churn", args.rate, "events/s:", answer.strip())
            timed_queries(table_iface, 1, 0.02)  # settle into it
            events.clear()
            result["churn_query_ms"] = percentiles(
                timed_queries(table_iface, args.churn_seconds, 0.02))
            sim_control(args.sim, "churn?rate=0")
            result["events_per_s"] = {k: round(v / args.churn_seconds)
                                      for k, v in sorted(events.items())}
        result["vmhwm_kb"] = vm_kb(app_process.pid, "VmHWM")
        result["vmrss_kb"] = vm_kb(app_process.pid, "VmRSS")
    finally:
        app_process.send_signal(signal.SIGTERM)
        try:
            app_process.wait(10)
        except subprocess.TimeoutExpired:
            app_process.kill()
        launcher.terminate()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
