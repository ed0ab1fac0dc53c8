"""The web table in a real browser: headless Chromium plays simple by clicking legal cards.

Skips when Chromium, its driver, Selenium or uvicorn is absent. Set ``KINGLIB_SCREENSHOTS``
to a folder to keep the screenshots there (the docs' pictures are made that way).
"""

from __future__ import annotations

import os
import shutil
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

from kinglib.web import Lobby, create_app  # noqa: E402
from kinglib.web.table import Table  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

pytestmark = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)),
    reason="Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)",
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def site() -> Iterator[tuple[str, Lobby]]:
    """The web server on 127.0.0.1 in a thread, its bots quick."""
    lobby = Lobby(bot_delay=0.02)
    port = _free_port()
    config = uvicorn.Config(
        create_app(lobby=lobby), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", lobby
    server.should_exit = True
    thread.join(10)


def _browser(profile: Path) -> WebDriver:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1000",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=CHROMEDRIVER)
    try:
        driver: WebDriver = webdriver.Chrome(service=service, options=options)
        return driver
    except WebDriverException as exc:  # pragma: no cover - a broken browser install
        pytest.skip(f"Chromium does not start: {exc.msg}")


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[Callable[[], WebDriver]]:
    """Browsers with fresh profiles of their own, closed at the end."""
    opened: list[WebDriver] = []

    def open_one() -> WebDriver:
        driver = _browser(tmp_path / f"profile-{len(opened)}")
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()


def _wait(check: Callable[[], object], what: str, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _moved(table: Table, version: int) -> bool:
    return table.version > version


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _shot(driver: WebDriver, folder: Path, name: str) -> Path:
    path = folder / name
    assert driver.save_screenshot(str(path))
    keep = os.environ.get("KINGLIB_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / name)
    return path


def _version(driver: WebDriver) -> str:
    return str(driver.execute_script("return document.body.dataset.version || ''"))


#: What a table page shows: the state's version, its legal cards, whether some are disabled.
_SHOWN = """
const cards = [...document.querySelectorAll('#hand .card')];
return {version: document.body.dataset.version || '',
        legal: cards.filter(c => c.classList.contains('legal')).map(c => c.dataset.card),
        disabled: cards.some(c => !c.classList.contains('legal'))};
"""
# The text of the score sheet's only deal row, or null while there is not exactly one.
_SHEET_ROW = """
const rows = document.querySelectorAll('#sheet tbody tr.deal');
return rows.length === 1 ? rows[0].innerText : null;
"""


def _hand(driver: WebDriver) -> list[str]:
    # One script call: the page may redraw the hand between two WebDriver calls.
    cards = driver.execute_script(
        "return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.card || '');"
    )
    assert isinstance(cards, list)
    return [str(card) for card in cards]


def test_a_browser_plays_simple_against_three_bots_with_a_friend_joining(
    site: tuple[str, Lobby], browsers: Callable[[], WebDriver], tmp_path: Path
) -> None:
    base, lobby = site
    me = browsers()
    me.get(base + "/")
    _wait(lambda: me.find_elements(By.CSS_SELECTOR, "#variant option"), "the variants")
    me.find_element(By.CSS_SELECTOR, "#players option[value='5']").click()
    for seat, kind in enumerate(["you", "heuristic", "random", "heuristic", "open"]):
        me.find_element(By.CSS_SELECTOR, f"#seat-{seat} option[value='{kind}']").click()
    me.find_element(By.ID, "name").send_keys("Ann")
    shots = [_shot(me, tmp_path, "web-lobby.png")]
    me.find_element(By.ID, "create-button").click()
    _wait(lambda: "/table/" in me.current_url and _version(me), "the table page")
    table = lobby.tables[me.current_url.rsplit("/", 1)[1]]
    assert table.rules.variant == "simple" and table.rules.players == 5

    friend = browsers()
    friend.get(me.current_url)
    _wait(lambda: friend.find_elements(By.CSS_SELECTOR, "#free-seats button"), "a free seat")
    friend.find_element(By.CSS_SELECTOR, "#free-seats button[data-seat='4']").click()
    _wait(lambda: _version(friend), "the friend's table")
    assert _hand(friend) == str(table.state.hand(4)).split()
    assert _hand(me) == str(table.state.hand(0)).split()
    assert not set(_hand(friend)) & set(_hand(me))

    pages = {0: me, 4: friend}
    mid_trick = False
    clicks = 0
    while not table.state.results:  # the whole first deal
        to_move = table.state.to_move
        page = pages.get(to_move) if to_move is not None else None
        if page is None:
            time.sleep(0.01)
            continue
        before = table.version
        shown: dict[str, object] = {}

        def showing(
            page: WebDriver = page, before: int = before, shown: dict[str, object] = shown
        ) -> bool:
            shown.update(page.execute_script(_SHOWN))
            return shown["version"] == str(before)

        _wait(showing, "the page to show the latest state")
        expected = sorted(str(m) for m in table.state.legal_moves())
        assert sorted(shown["legal"]) == expected  # type: ignore[call-overload]
        if clicks == 0 and shown["disabled"]:  # a card that is not legal cannot be played
            page.find_element(By.CSS_SELECTOR, "#hand .card:not(.legal)").click()
            time.sleep(0.2)
            assert table.version == before
        if not mid_trick and to_move == 0 and table.state.trick:
            shots.append(_shot(me, tmp_path, "web-table.png"))
            mid_trick = True
        page.find_element(By.CSS_SELECTOR, "#hand .card.legal").click()
        clicks += 1
        _wait(partial(_moved, table, before), "the click to play the card")
    assert mid_trick and clicks >= 2 * 4
    result = table.state.results[0]
    # The page redraws the sheet as the next deal goes on: read the row in one script call.
    rows: list[str] = []

    def sheet_row() -> bool:
        text = me.execute_script(_SHEET_ROW)
        if isinstance(text, str) and text.strip():
            rows.append(text)
            return True
        return False

    _wait(sheet_row, "the sheet")
    row = rows[-1]
    points = [("—" if p == 0 else f"{p:+d}") for p in result.points]
    assert row.split()[-5:] == points
    me.execute_script("document.getElementById('sheet').scrollIntoView()")
    shots.append(_shot(me, tmp_path, "web-score-sheet.png"))
    assert me.find_elements(By.CSS_SELECTOR, "#log li")
    for shot in shots:
        width, height = _png_size(shot)
        assert width >= 800 and height >= 600 and shot.stat().st_size > 10_000
