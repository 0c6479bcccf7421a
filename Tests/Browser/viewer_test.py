#!/usr/bin/env python3
"""The spin viewer (orbitbench view DIR --html) in headless Chromium, driven over the W3C
WebDriver HTTP protocol with the Python standard library only.

scripts/check-browser.sh prepares a run folder and its viewer/index.html, starts chromedriver
and calls this file. The page's style and script must be the checkout's assets/viewer/viewer.css
and viewer.js, which orbitbench compiles in. Every expectation is computed here from the run's recording.json and
slots.csv, independently of the page: the nearest-on-circle rule of Recording.element(nearest:),
the slot rule of FramePlacer (round(angle / width) mod count), the largest gap (the most empty
slots in a row, as metrics.csv's max_gap_deg). The page opens turned to 0°.

Prints one line per check; exits 0 when all pass, 1 when an expectation fails, 2 when
chromedriver or the browser fails.
"""

import argparse
import base64
import json
import math
import os
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
KEYS = {"ArrowLeft": "\ue012", "ArrowRight": "\ue014", "Home": "\ue011", "End": "\ue010"}


class Failure(Exception):
    """An expectation that does not hold."""


class DriverError(Failure):
    """chromedriver or the browser did not do what was asked."""


def check(condition, message):
    if not condition:
        raise Failure(message)


# --- WebDriver client ------------------------------------------------------------------------

class WebDriver:
    def __init__(self, url):
        self.url = url.rstrip("/")
        self.session = None

    def request(self, method, path, body=None, timeout=60):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                payload = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            try:
                value = json.loads(error.read() or b"{}").get("value", {})
            except ValueError:
                value = {}
            message = (value.get("message") or "").strip().splitlines()
            raise DriverError(f"WebDriver {method} {path}: {value.get('error', error.code)}: {message[0] if message else ''}")
        return payload.get("value")

    def wait_ready(self, seconds):
        deadline = time.monotonic() + seconds
        while True:
            try:
                if self.request("GET", "/status", timeout=2).get("ready"):
                    return
            except (OSError, Failure):
                pass
            if time.monotonic() > deadline:
                raise DriverError(f"chromedriver did not answer at {self.url} within {seconds} s")
            time.sleep(0.1)

    def start(self, binary, profile):
        arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--no-first-run", "--disable-extensions",
                     f"--user-data-dir={profile}"]
        capabilities = {"browserName": "chrome", "goog:chromeOptions": {"binary": binary, "args": arguments}}
        value = self.request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}}, timeout=120)
        self.session = value["sessionId"]

    def quit(self):
        if self.session:
            try:
                self.request("DELETE", f"/session/{self.session}", timeout=30)
            except (OSError, Failure):
                pass
            self.session = None

    def command(self, method, path, body=None):
        return self.request(method, f"/session/{self.session}{path}", {} if body is None and method == "POST" else body)

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def find(self, css):
        return self.command("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css):
        return [found[ELEMENT] for found in self.command("POST", "/elements", {"using": "css selector", "value": css})]

    def text(self, element):
        return self.command("GET", f"/element/{element}/text")

    def attribute(self, element, name):
        return self.command("GET", f"/element/{element}/attribute/{name}")

    def displayed(self, element):
        return self.command("GET", f"/element/{element}/displayed")

    def script(self, source, *arguments):
        return self.command("POST", "/execute/sync", {"script": source, "args": list(arguments)})

    def actions(self, sources):
        self.command("POST", "/actions", {"actions": sources})
        self.command("DELETE", "/actions")

    def press(self, key):
        code = KEYS[key]
        self.actions([{"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]}])

    def drag(self, element, dx):
        self.actions([{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: element}, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 300, "origin": "pointer", "x": dx, "y": 0},
                {"type": "pointerUp", "button": 0},
            ]}])

    def click(self, element, x, y):
        self.actions([{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: element}, "x": x, "y": y},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]}])

    def wheel(self, element, dy):
        self.actions([{
            "type": "wheel", "id": "wheel",
            "actions": [{"type": "scroll", "duration": 0, "origin": {ELEMENT: element}, "x": 0, "y": 0, "deltaX": 0, "deltaY": dy}]}])

    def screenshot(self, path):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.command("GET", "/screenshot")))


# --- expectations, from the files --------------------------------------------------------------

def distance(a, b):
    """Recording.element(nearest:)'s distance on the circle (truncating remainders, as Swift)."""
    return abs(math.fmod(math.fmod(a - b, 360) + 540, 360) - 180)


def nearest(elements, angle):
    """Index of the element nearest on the circle (first on a tie) and the margin to the next best."""
    distances = [distance(element["angle"], angle) for element in elements]
    best = min(range(len(elements)), key=lambda index: (distances[index], index))
    others = [d for index, d in enumerate(distances) if index != best]
    return best, (min(others) - distances[best]) if others else math.inf


def wrap(angle):
    wrapped = angle % 360.0
    return 0.0 if wrapped >= 360 else wrapped


def slot_count(radius):
    return max(1, min(3600, int(round(360 / radius))))


def empty_slots(elements, radius):
    count = slot_count(radius)
    width = 360 / count
    filled = {int(round(element["angle"] / width)) % count for element in elements}
    return count - len(filled)


def largest_gap(elements, radius):
    """The most empty slots in a row around the circle × the slot width, degrees (SlotGap)."""
    count = slot_count(radius)
    width = 360 / count
    filled = {int(round(element["angle"] / width)) % count for element in elements}
    if not filled:
        return 360.0
    longest = run = 0
    start = min(filled)
    for step in range(1, count + 1):
        run = 0 if (start + step) % count in filled else run + 1
        longest = max(longest, run)
    return longest * width


def metric_of_first_seed(path, name):
    """A column of the first seed's row in metrics.csv."""
    with open(path, encoding="utf-8") as file:
        header = file.readline().strip().split(",")
        row = file.readline().strip().split(",")
    return float(row[header.index(name)])


def empty_slots_in_csv(path):
    """Empty slots of the first seed in slots.csv (the seed recording.json exports)."""
    with open(path, encoding="utf-8") as file:
        header = file.readline().strip().split(",")
        seed_column, filled_column = header.index("seed"), header.index("filled")
        rows = [line.strip().split(",") for line in file if line.strip()]
    first = rows[0][seed_column]
    return sum(1 for row in rows if row[seed_column] == first and row[filled_column] in ("0", "false"))


def test_png(angle, width=480, height=360):
    """A small PNG standing in for a rendered frame (written under its .jpg name: browsers sniff
    images): a cylinder on a floor with a band painted on it, turned by `angle` degrees."""
    band = math.sin(math.radians(angle))
    facing = math.cos(math.radians(angle)) > 0
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            if y > height * 0.7:
                colour = (118 - y // 8, 108 - y // 8, 98 - y // 8)
            else:
                colour = (62 + y // 6, 74 + y // 6, 92 + y // 5)
            u = (x - width / 2) / (width * 0.2)
            if abs(u) < 1 and height * 0.2 < y < height * 0.78:
                shade = int(150 + 80 * math.sqrt(1 - u * u))
                colour = (shade, shade // 2 + 20, 36)
                if facing and abs(u - band) < 0.12:
                    colour = (236, 236, 240)
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")


# --- the test ------------------------------------------------------------------------------------

class ViewerTest:
    def __init__(self, driver, options):
        self.driver = driver
        self.options = options
        self.passed = 0

    def ok(self, message):
        self.passed += 1
        print(f"ok {self.passed} - {message}", flush=True)

    def wait(self, predicate, what, seconds=10):
        deadline = time.monotonic() + seconds
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                raise Failure(f"timed out after {seconds} s waiting for {what}")
            time.sleep(0.05)

    def state(self):
        return self.driver.script("""
            var root = document.getElementById('viewer');
            return { angle: Number(root.getAttribute('data-angle')), index: Number(root.getAttribute('data-index')),
                     image: root.getAttribute('data-image'), ready: root.getAttribute('data-ready') };""")

    def open_page(self, page):
        self.driver.open("file://" + os.path.abspath(page))
        self.wait(lambda: self.state()["ready"] == "true", f"{page} to start (data-ready)")

    def expect_shown(self, index, turned_to, what):
        """The page shows element `index` of the recording, turned to `turned_to` degrees."""
        element = self.elements[index]
        try:
            self.wait(lambda: self.state()["index"] == index, f"element {index}", seconds=3)
        except Failure:
            pass  # reported below, with what is shown
        state = self.state()
        check(state["index"] == index,
              f"{what}: shows element {state['index']}, expected {index} ({element['image']} at {element['angle']:.3f}°)")
        check(distance(state["angle"], turned_to) < 1e-6, f"{what}: turned to {state['angle']}°, expected {turned_to}°")
        name = self.driver.text(self.driver.find("#image-name"))
        check(name == element["image"], f"{what}: #image-name is {name!r}, expected {element['image']!r}")
        angle = self.driver.text(self.driver.find("#angle"))
        check(abs(float(angle.rstrip("°")) - element["angle"]) <= 0.051, f"{what}: #angle is {angle!r}, expected {element['angle']:.1f}°")
        for css, key, unit, tolerance in (("#pitch", "deviationPitch", "°", 0.0051), ("#roll", "deviationRoll", "°", 0.0051),
                                          ("#accel", "acceleration", " g", 0.00051)):
            shown = self.driver.text(self.driver.find(css))
            check(shown.endswith(unit) and abs(float(shown[:-len(unit)]) - element[key]) <= tolerance,
                  f"{what}: {css} is {shown!r}, expected {element[key]}{unit}")

    def run(self):
        options, driver = self.options, self.driver
        run = options.run
        with open(os.path.join(run, "recording.json"), encoding="utf-8") as file:
            recording = json.load(file)
        self.elements = elements = recording["elements"]
        check(len(elements) >= 4, f"the capture has {len(elements)} images; the test needs at least 4")

        # The page opens turned to 0°, at the element nearest to it. Images of that element and of
        # the one half the recording further present (written here unless the run has them), the
        # next one's absent.
        n = len(elements)
        start, _ = nearest(elements, 0.0)
        middle, after = (start + n // 2) % n, (start + 1) % n
        images = os.path.join(run, "images")
        os.makedirs(images, exist_ok=True)
        for element in (elements[start], elements[middle]):
            if not os.path.exists(os.path.join(images, element["image"])):
                with open(os.path.join(images, element["image"]), "wb") as file:
                    file.write(test_png(element["angle"]))
        present, absent = elements[start]["image"], elements[after]["image"]
        if os.path.exists(os.path.join(images, absent)):
            os.remove(os.path.join(images, absent))

        page = os.path.join(run, "viewer", "index.html")
        self.open_page(page)
        embedded = json.loads(driver.script("return document.getElementById('spin-data').textContent"))
        check(embedded["recording"]["elements"] == elements, "the embedded elements differ from recording.json (values or order)")
        check(embedded["recording"]["uid"] == recording["uid"], "the embedded uid differs from recording.json")
        settings = embedded["viewer"]
        drag_rate, wheel_rate = settings["dragDegreesPerPixel"], settings["wheelDegreesPerPixel"]
        help_text = driver.text(driver.find("#help"))
        check(f"{drag_rate:g}° per pixel" in help_text, f"the page does not document its drag sensitivity: {help_text!r}")
        check("0° (the recording's start) at the top and angles growing clockwise" in help_text and "opens turned to 0°" in help_text,
              f"the page does not say how its ring is laid out and where it opens: {help_text!r}")
        check(settings["imageBase"] == "../images/", f"images are looked up at {settings['imageBase']!r}, expected '../images/'")
        self.ok(f"page opens; embedded data matches recording.json ({len(elements)} elements, drag {drag_rate}°/px, wheel {wheel_rate}°/px)")

        # The code that runs is the checkout's assets/viewer/viewer.css and viewer.js, byte for byte.
        for name, css in (("viewer.css", "style"), ("viewer.js", "script:not([type])")):
            with open(os.path.join(options.assets, name), encoding="utf-8") as file:
                source = file.read()
            inline = driver.script(f"return document.querySelector('{css}').textContent")
            check(inline == "\n" + source, f"the page's {css} is not {os.path.join(options.assets, name)} (orbitbench built from other files?)")
        self.ok(f"the page's style and script are {options.assets}/viewer.css and viewer.js")

        # Turned to 0°, the element nearest to it, with its image.
        self.expect_shown(start, 0.0, "at start")
        self.wait(lambda: self.state()["image"] == "loaded", f"{present} to load")
        frame = driver.find("#frame")
        check(driver.script("return document.getElementById('frame').naturalWidth") > 0 and driver.displayed(frame),
              f"{present} is not shown")
        check(not driver.displayed(driver.find("#placeholder")), "the placeholder is shown over a loaded image")
        self.ok(f"opens turned to 0°: element {start} ({present}, {elements[start]['angle']:.1f}°), image shown")

        # (a) keys: next / previous in playback order, wrapping at both ends (Home first).
        driver.press("Home")
        self.expect_shown(0, elements[0]["angle"], "after Home")
        for key, index in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("ArrowLeft", 0), ("ArrowLeft", n - 1),
                           ("ArrowRight", 0)):
            driver.press(key)
            self.expect_shown(index, elements[index]["angle"], f"after {key}")
        self.ok("Home, ArrowRight / ArrowLeft step to the first, next / previous element (wrapping)")

        # Placeholder: the element after the start has no image file; the element still switches.
        for _ in range(start + 1):
            driver.press("ArrowRight")
        self.expect_shown(after, elements[after]["angle"], "placeholder")
        self.wait(lambda: self.state()["image"] == "missing", f"the placeholder for {absent}")
        placeholder = driver.find("#placeholder")
        check(driver.displayed(placeholder) and not driver.displayed(frame), "the placeholder is not shown instead of the image")
        check(absent in driver.text(placeholder), f"the placeholder does not name {absent}: {driver.text(placeholder)!r}")
        self.ok(f"a missing image ({absent}) shows a placeholder naming it")
        driver.press("ArrowLeft")

        # (b) drags: the element nearest to the angle the drag sensitivity implies.
        stage = driver.find("#stage")
        for label, candidates in (("rightwards", (37, 83, 59, 121, 150, 200)), ("leftwards across 0°", (-300, -260, -340, -220, -180))):
            start = self.state()["angle"]
            current = self.state()["index"]
            chosen = None
            for dx in candidates:
                target = wrap(start + dx * drag_rate)
                index, margin = nearest(elements, target)
                if index != current and margin > 0.5:
                    chosen = (dx, target, index)
                    break
            check(chosen, f"no drag among {candidates} px reaches a clearly nearest other element")
            dx, target, index = chosen
            driver.drag(stage, dx)
            self.expect_shown(index, target, f"drag {dx:+d} px")
            shown = elements[index]
            self.ok(f"drag {dx:+d} px {label}: {start:.2f}° → {target:.2f}°, shows {shown['image']} at {shown['angle']:.2f}°")

        # (c) the wheel.
        start = self.state()["angle"]
        current = self.state()["index"]
        chosen = None
        for dy in (100, 160, 240, 320, -120, -200):
            target = wrap(start + dy * wheel_rate)
            index, margin = nearest(elements, target)
            if index != current and margin > 0.5:
                chosen = (dy, target, index)
                break
        check(chosen, "no wheel turn reaches a clearly nearest other element")
        dy, target, index = chosen
        driver.wheel(stage, dy)
        self.wait(lambda: self.state()["index"] != current, "the wheel to turn the object", seconds=5)
        self.expect_shown(index, target, f"wheel {dy:+d} px")
        self.ok(f"wheel {dy:+d} px: {start:.2f}° → {target:.2f}°, shows {elements[index]['image']}")

        # (d) the ring: slots, empty slots, the largest gap.
        count = slot_count(recording["radius"])
        expected_empty = empty_slots(elements, recording["radius"])
        from_csv = empty_slots_in_csv(os.path.join(run, "slots.csv"))
        check(expected_empty == from_csv, f"recording.json implies {expected_empty} empty slots, slots.csv says {from_csv}")
        slots = driver.find_all("#ring path.slot")
        empty = driver.find_all("#ring path.slot.empty")
        check(len(slots) == count, f"the ring has {len(slots)} slots, expected {count}")
        check(len(empty) == expected_empty, f"the ring shows {len(empty)} empty slots, expected {expected_empty}")
        gap = float(driver.attribute(driver.find("#gap"), "data-degrees"))
        expected_gap = largest_gap(elements, recording["radius"])
        check(abs(gap - expected_gap) < 1e-9, f"the ring's largest gap is {gap}°, expected {expected_gap}°")
        metric = metric_of_first_seed(os.path.join(run, "metrics.csv"), "max_gap_deg")
        check(abs(gap - metric) < 1e-3, f"the ring's largest gap is {gap}°, metrics.csv's max_gap_deg {metric}°")
        shown_gap = driver.text(driver.find("#gap-size"))
        check(shown_gap == f"{gap:.1f}°", f"the legend says largest gap {shown_gap!r}, expected {gap:.1f}°")
        self.ok(f"ring: {count} slots, {expected_empty} empty (as slots.csv), largest gap {gap:.1f}° (as max_gap_deg) highlighted")

        # (e) a click on the ring jumps to the angle clicked: the middle element, its image shown.
        ring = driver.find("#ring")
        rect = driver.command("GET", f"/element/{ring}/rect")
        radius = 88 * rect["width"] / 260
        aim = math.radians(elements[middle]["angle"])
        x, y = round(radius * math.sin(aim)), round(-radius * math.cos(aim))
        clicked = wrap(math.degrees(math.atan2(x, -y)))
        index, margin = nearest(elements, clicked)
        check(margin > 1, f"the ring click at {clicked:.2f}° is too near the middle between two elements")
        driver.click(ring, x, y)
        self.wait(lambda: self.state()["index"] == index, f"the ring click at {clicked:.1f}° to show element {index}", seconds=5)
        check(distance(self.state()["angle"], clicked) < 1, f"the ring click turned to {self.state()['angle']}°, expected about {clicked:.2f}°")
        self.wait(lambda: self.state()["image"] == "loaded", f"{elements[index]['image']} to load")
        self.ok(f"a click on the ring at {clicked:.1f}° shows {elements[index]['image']} ({elements[index]['angle']:.1f}°), image shown")

        driver.screenshot(options.screenshot)
        self.ok(f"screenshot {options.screenshot}")

        self.hostile_names()

    def hostile_names(self):
        """Names that would break a page built by pasting text: each page shows them verbatim and
        runs nothing. Separate pages, because one name can hide another's effect (after `<!--` and
        `<script` inside a script element, `</script>` no longer ends it)."""
        # Image names cannot hold "/" (Recording.decode refuses them), so "</script>" is in a uid.
        cases = [
            ("</script><script>window.pwned = 1</script>", ["plain.jpg", "q\"uote'<b>&amp;.jpg"]),
            ("double escape", ["<!--<script>.jpg", "x<img src=x onerror=window.pwned=2>.jpg"]),
            ("separators \u2028\u2029 \"'<>&", ["line\u2028separator.jpg", "para\u2029graph.jpg"]),
        ]
        for number, (uid, names) in enumerate(cases, start=1):
            self.hostile_page(os.path.join(self.options.work, f"hostile-{number}"), uid, names)
        self.ok("hostile uids and image names (</script>, <!--<script>, quotes, markup, U+2028/9) are shown verbatim, nothing runs")

    def hostile_page(self, folder, uid, names):
        driver = self.driver
        os.makedirs(folder, exist_ok=True)
        elements = [{"image": name, "angle": 10.0 * (index + 1), "time": float(index), "deviationPitch": 0.0, "deviationRoll": 0.0,
                     "acceleration": 0.01} for index, name in enumerate(names)]
        with open(os.path.join(folder, "recording.json"), "w", encoding="utf-8") as file:
            json.dump({"uid": uid, "date": 1700000000, "radius": 5, "elements": elements}, file)
        written = subprocess.run([self.options.orbitbench, "view", folder, "--html"], capture_output=True, text=True)
        check(written.returncode == 0, f"orbitbench view --html failed on {names}: {written.stderr.strip()}")
        what = f"the page of uid {uid!r}, images {names!r}"
        self.open_page(os.path.join(folder, "viewer", "index.html"))
        check(driver.script("return window.pwned === undefined"), f"{what}: a name ran as script")
        check(driver.script("return document.scripts.length") == 2, f"{what}: other scripts than the data and the code")
        check(driver.script("return document.getElementById('uid').textContent") == uid, f"{what}: the uid is not shown verbatim")
        check(driver.script("return document.title") == "Spin viewer: " + uid, f"{what}: the title is not the uid verbatim")
        for index, name in enumerate(names):
            if index:
                driver.press("ArrowRight")
            shown = driver.script("return document.getElementById('image-name').textContent")
            check(shown == name, f"{what}: image name shown as {shown!r}")
            self.wait(lambda: self.state()["image"] == "missing", f"the placeholder for {name!r}")
            check(driver.script("return document.getElementById('placeholder-name').textContent") == name,
                  f"{what}: the placeholder does not name {name!r} verbatim")
        check(driver.script("return window.pwned === undefined"), f"{what}: a name ran as script")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", required=True, help="chromedriver URL, e.g. http://127.0.0.1:9515")
    parser.add_argument("--chromium", required=True, help="the browser binary")
    parser.add_argument("--profile", required=True, help="an empty folder for the browser profile")
    parser.add_argument("--run", required=True, help="a run folder with recording.json, slots.csv and viewer/index.html")
    parser.add_argument("--orbitbench", required=True, help="the orbitbench executable (for the hostile-names page)")
    parser.add_argument("--assets", required=True, help="the checkout's assets/viewer folder (the page's style and script)")
    parser.add_argument("--work", required=True, help="a scratch folder")
    parser.add_argument("--screenshot", required=True, help="where to save the PNG screenshot")
    options = parser.parse_args()

    driver = WebDriver(options.driver)
    test = ViewerTest(driver, options)
    started = time.monotonic()
    try:
        driver.wait_ready(20)
        driver.start(options.chromium, options.profile)
        test.run()
    except (Failure, OSError, KeyError, ValueError) as error:
        print(f"not ok {test.passed + 1} - {error}", flush=True)
        print(f"viewer_test: {test.passed} passed, 1 failed", flush=True)
        return 1 if type(error) is Failure else 2
    finally:
        driver.quit()
    print(f"viewer_test: {test.passed} passed, 0 failed ({time.monotonic() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
