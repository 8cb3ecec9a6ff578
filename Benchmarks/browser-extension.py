#!/usr/bin/env python3
"""How soon a page that does not link fontd follows the reader through fontd's browser extension in
headless Chromium (docs/DESIGN.md §26 (The desktop bridge), "Browsers"), measured, never asserted:

  live     from a PUT /category's answer to the page's 1rem paragraph at 16 × r (ROUNDS rounds);
  idle     the same after the browser sat idle for IDLE_SECONDS (default 300: Chromium stops an idle
           extension worker after 30 s; the script says whether the worker was stopped);
  restart  from a fontd stopped and started again on the same port (its ready line) to the page back at 16 px;
  ref      the PUT's own round trip, measured in the same run.

The extension is built by scripts/build-browser-extensions and loaded with --load-extension; chromedriver
drives the browser over plain HTTP. Environment: FONTD_BIN (default .build/debug/fontd), ROUNDS (5),
IDLE_SECONDS (300). Needs chromium and chromium-driver.
"""
import json, os, socket, subprocess, sys, tempfile, threading, time, urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTD = os.environ.get("FONTD_BIN", os.path.join(ROOT, ".build/debug/fontd"))
ROUNDS = int(os.environ.get("ROUNDS", "5"))
IDLE = float(os.environ.get("IDLE_SECONDS", "300"))
EXTENSION_ID = "omclmjofiibfengblmpfihnienablkjh"
PAGE = b"""<!doctype html><meta charset="utf-8"><title>no fontd here</title>
<p id="rem" style="font-size: 1rem">Relative text</p><p id="px" style="font-size: 16px">Pixel text</p>"""
work = tempfile.mkdtemp(prefix="browser-extension.")


def http(method, url, body=None, timeout=60):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        text = answer.read()
    return json.loads(text) if text else None


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_fontd(port, state):
    process = subprocess.Popen([FONTD, "serve", "--port", str(port), "--state", state], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if "listening" not in line:
        sys.exit(f"fontd did not start: {line!r}")
    return process, time.monotonic()


class Page(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *arguments):
        pass


def main():
    subprocess.run([os.path.join(ROOT, "scripts/build-browser-extensions"), os.path.join(work, "browser")], check=True)
    fontd_port = free_port()
    fontd, _ = start_fontd(fontd_port, os.path.join(work, "state-1.json"))
    fontd_url = f"http://127.0.0.1:{fontd_port}"
    site = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    driver_port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**os.environ, "HOME": work})
    base = f"http://127.0.0.1:{driver_port}"
    for _ in range(100):
        try:
            if http("GET", base + "/status")["value"]["ready"]:
                break
        except OSError:
            time.sleep(0.1)
    arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--user-data-dir={work}/profile",
                 f"--load-extension={work}/browser/chromium"]
    session = http("POST", base + "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": arguments}}}})["value"]["sessionId"]
    command = lambda method, path, body=None: http(method, f"{base}/session/{session}{path}", body)["value"]
    script = lambda text, *args: command("POST", "/execute/sync", {"script": text, "args": list(args)})
    workers = lambda: [t["url"] for t in command("POST", "/goog/cdp/execute", {"cmd": "Target.getTargets", "params": {}})["targetInfos"]
                       if t["type"] == "service_worker" and EXTENSION_ID in t["url"]]
    try:
        command("POST", "/url", {"url": f"chrome-extension://{EXTENSION_ID}/options.html"})
        script("document.getElementById('server').value = arguments[0]; document.getElementById('save').click();", fontd_url)
        command("POST", "/url", {"url": f"http://127.0.0.1:{site.server_address[1]}/"})
        size = lambda: script("return parseFloat(getComputedStyle(document.getElementById('rem')).fontSize);")

        def await_size(pixels, since, deadline=120):
            while time.monotonic() - since < deadline:
                if size() == pixels:
                    return time.monotonic() - since
                time.sleep(0.005)
            sys.exit(f"the page never reached {pixels} px (at {size()})")

        def body(category):
            return http("GET", f"{fontd_url}/font?style=body&category={category}")["descriptor"]["pointSize"]

        def put(category):
            start = time.monotonic()
            http("PUT", f"{fontd_url}/category", {"category": category})
            return start, time.monotonic()

        await_size(16, time.monotonic())
        categories = ["ax2", "l", "xl", "ax4", "xxl", "ax1", "l"]
        for index in range(ROUNDS):
            category = categories[index % len(categories)]
            target = round(16 * body(category) / body("l"))
            sent, answered = put(category)
            took = await_size(target, answered)
            print(f"live     {category:4} {target:3} px  {took * 1000:7.1f} ms after the PUT's answer (ref: the PUT took {(answered - sent) * 1000:.1f} ms)")
        put("l")
        await_size(16, time.monotonic())
        print(f"idle     the browser sits idle for {IDLE:.0f} s …", flush=True)
        time.sleep(IDLE)  # the point of this measurement: nothing happens for this long
        print(f"idle     extension worker running after the idle: {bool(workers())}")
        target = round(16 * body("ax2") / body("l"))
        sent, answered = put("ax2")
        took = await_size(target, answered)
        print(f"idle     ax2  {target:3} px  {took * 1000:7.1f} ms after the PUT's answer (ref: the PUT took {(answered - sent) * 1000:.1f} ms)")
        fontd.terminate()
        fontd.wait()
        fontd, ready = start_fontd(fontd_port, os.path.join(work, "state-2.json"))
        took = await_size(16, ready, deadline=60)
        print(f"restart  l     16 px  {took * 1000:7.1f} ms after the new fontd's ready line")
    finally:
        try:
            http("DELETE", f"{base}/session/{session}")
        except OSError:
            pass
        driver.terminate()
        fontd.terminate()
        site.shutdown()
        subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
