#!/usr/bin/env python3
"""Every command's report.html in headless Chromium, at desktop (1400 px) and phone (390 px)
widths, over the W3C WebDriver HTTP protocol (the client of viewer_test.py).

scripts/check-browser.sh writes the pages (Tests/Browser/make_pages.sh: run, rephoto, compare of
two and three arms and of a sweep, sweep, tune, fusion of scenarios, of recordings and with their
twin, thesis, regress, replay, calibrate, validate), starts chromedriver and calls this file with
"NAME=FOLDER=COMMAND" arguments. Each page is copied ALONE into an empty folder before it is
opened, so a figure that is linked rather than embedded fails to load, and opened at each width
as a phone or a desktop opens it (not resized). Per page and width it checks: the page does not scroll sideways; every image
loaded from a data URL and nothing is fetched from elsewhere; "What ran" names the command and
the version; the summary line is not empty; every table sits in a box, and every value of its
first row is inside the window without sideways scrolling (rows are cards on a phone); every
figure has a caption from the figure guide; a figure opens at full size over the page and
Escape closes it. Screenshots go to --screenshots.

Exits 0 when all pass, 1 when an expectation fails, 2 when chromedriver or the browser fails.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

from viewer_test import DriverError, Failure, WebDriver, check

WIDTHS = [(1400, 900), (390, 844)]


def set_width(driver, width, height):
    driver.command("POST", "/window/rect", {"width": width, "height": height})
    inner = driver.script("return window.innerWidth;")
    # Headless Chromium's window is its viewport; allow a few pixels of frame.
    check(abs(inner - width) <= 16, f"asked for a {width} px window, the page is {inner} px wide")
    return inner


def check_page(driver, name, page, command, width, screenshots):
    where = f"{name} at {width} px"
    state = driver.script("""
        var root = document.documentElement;
        var images = Array.from(document.images).filter(function (image) { return image.closest('figure'); });
        var sources = Array.from(document.querySelectorAll('[src], link[href]')).map(function (element) {
            return element.getAttribute('src') || element.getAttribute('href'); });
        var tables = Array.from(document.querySelectorAll('table'));
        var facts = {};
        document.querySelectorAll('#what-ran dt').forEach(function (term) { facts[term.textContent] = term.nextElementSibling.textContent; });
        return {
            overflow: root.scrollWidth - window.innerWidth,
            images: images.map(function (image) { return {complete: image.complete, width: image.naturalWidth,
                data: image.getAttribute('src').indexOf('data:image/') === 0}; }),
            external: sources.filter(function (source) { return source && source.indexOf('data:') !== 0; }),
            unboxedTables: tables.filter(function (table) { return !table.parentElement.classList.contains('scroll'); }).length,
            boxOverflow: tables.map(function (table) { return table.parentElement.getBoundingClientRect().right - window.innerWidth; })
                .filter(function (excess) { return excess > 1; }).length,
            // Every value of a table's first row on screen with no sideways scrolling: the box
            // does not scroll, and each cell lies inside the window.
            hiddenValues: tables.filter(function (table) {
                var box = table.parentElement, row = table.querySelector('tbody tr');
                if (box.scrollWidth > box.clientWidth + 1) { return true; }
                return row && Array.from(row.querySelectorAll('td')).some(function (cell) {
                    var rect = cell.getBoundingClientRect(); return rect.left < -1 || rect.right > window.innerWidth + 1; });
            }).map(function (table) {
                var heading = table.closest('section') && table.closest('section').querySelector('h2');
                return heading ? heading.textContent : '(no heading)'; }),
            captions: Array.from(document.querySelectorAll('figure figcaption')).map(function (caption) {
                var strong = caption.querySelector('strong'); return strong ? strong.textContent : ''; }),
            facts: facts,
            summary: (document.querySelector('p.summary') || {textContent: ''}).textContent.trim(),
            headings: Array.from(document.querySelectorAll('h2')).map(function (heading) { return heading.textContent; })
        };
    """)
    check(state["overflow"] <= 0, f"{where}: the page scrolls sideways by {state['overflow']} px")
    check(state["unboxedTables"] == 0, f"{where}: {state['unboxedTables']} tables are not in a scrolling box")
    check(state["boxOverflow"] == 0, f"{where}: {state['boxOverflow']} table boxes reach past the window")
    check(not state["hiddenValues"], f"{where}: tables whose values need sideways scrolling: {state['hiddenValues'][:4]}")
    check(not state["external"], f"{where}: the page loads files from elsewhere: {state['external'][:3]}")
    for index, image in enumerate(state["images"]):
        check(image["data"], f"{where}: figure {index + 1} is not embedded")
        check(image["complete"] and image["width"] > 0, f"{where}: figure {index + 1} did not load")
    check(all(state["captions"]), f"{where}: a figure has no caption from the figure guide: {state['captions']}")
    facts = state["facts"]
    check(facts.get("command", "").startswith(f"orbitbench {command}"),
          f"{where}: 'What ran' does not name the command orbitbench {command}: {facts.get('command')!r}")
    check(facts.get("version", "").startswith("orbitbench "), f"{where}: 'What ran' has no version: {facts}")
    check(state["summary"], f"{where}: the summary line is empty")
    check(state["headings"] and state["headings"][0] == "What ran", f"{where}: 'What ran' is not first: {state['headings'][:3]}")
    if screenshots:
        driver.screenshot(os.path.join(screenshots, f"{name}-{width}.png"))
    return state


def check_zoom(driver, where):
    links = driver.find_all("figure a.zoomable")
    if not links:
        return
    driver.command("POST", f"/element/{links[0]}/click")
    opened = driver.script("""
        var zoom = document.getElementById('zoom'), image = zoom.querySelector('img');
        var figure = document.querySelector('figure img');
        return {hidden: zoom.hidden, same: image.src === figure.src, natural: image.naturalWidth, shown: image.getBoundingClientRect().width};
    """)
    check(not opened["hidden"] and opened["same"], f"{where}: selecting a figure does not open it")
    check(abs(opened["shown"] - opened["natural"]) <= 1, f"{where}: the opened figure is {opened['shown']} px, not its {opened['natural']} px")
    driver.actions([{"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": "\ue00c"}, {"type": "keyUp", "value": "\ue00c"}]}])
    check(driver.script("return document.getElementById('zoom').hidden;"), f"{where}: Escape does not close the opened figure")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", required=True)
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("pages", nargs="+", help="NAME=FOLDER=COMMAND: a report folder and the command that wrote it")
    arguments = parser.parse_args()
    driver = WebDriver(arguments.driver)
    scratch = tempfile.mkdtemp(prefix="orbitbench-pages-")
    try:
        driver.wait_ready(30)
        driver.start(arguments.chromium, arguments.profile)
        for entry in arguments.pages:
            name, folder, command = entry.split("=", 2)
            source = os.path.join(folder, "report.html")
            check(os.path.isfile(source), f"{name}: {source} was not written")
            alone = os.path.join(scratch, name)
            os.makedirs(alone)
            page = os.path.join(alone, "report.html")
            shutil.copyfile(source, page)
            started = time.monotonic()
            for width, height in WIDTHS:
                set_width(driver, width, height)
                # Opened at this width, as a phone or a desktop opens it: a resize event the
                # page handles after the check starts made the phone check flaky.
                driver.open("file://" + page)
                state = check_page(driver, name, page, command, width, arguments.screenshots)
                check_zoom(driver, f"{name} at {width} px")
            print(f"ok: {name}: {len(state['images'])} figures embedded, what ran: {', '.join(state['facts'])} "
                  f"({time.monotonic() - started:.1f} s)")
    except DriverError as error:
        print(f"report_test: browser: {error}", file=sys.stderr)
        return 2
    except Failure as error:
        print(f"report_test: FAIL: {error}", file=sys.stderr)
        return 1
    finally:
        driver.quit()
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
