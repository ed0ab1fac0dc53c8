"""The web table in a real browser: headless Chromium plays a deal of simple by clicking cards.

A creator, a friend with the invitation link, a stranger without it and a spectator: the
seats round the table, the trick in front of its players and its taker, a refused card's
reason, the end-of-deal pause with the last trick and the deal's points, and the spectator's
page, which shows no hand.

Skips when Chromium, its driver, Selenium or uvicorn is absent. Set ``KINGLIB_SCREENSHOTS``
to a folder to keep the screenshots there (the docs' pictures are made that way).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import socket
import struct
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, cast

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
    lobby = Lobby(bot_delay=0.02, seeds=lambda: 20)
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


#: What a table page shows: the state's version, its legal cards, whether some are disabled,
#: the trick's taker and the cards laid in front of the seats.
_SHOWN = """
const cards = [...document.querySelectorAll('#hand .card')];
const taker = document.getElementById('trick-winner');
return {version: document.body.dataset.version || '',
        paused: document.body.dataset.paused || '',
        legal: cards.filter(c => c.classList.contains('legal')).map(c => c.dataset.card),
        disabled: cards.some(c => !c.classList.contains('legal')),
        taker: taker ? Number(taker.dataset.seat) : null,
        laid: [...document.querySelectorAll('#ring .played')].map(
            p => [Number(p.dataset.seat), p.querySelector('.card').dataset.card]),
        seats: document.querySelectorAll('#ring .seat').length};
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


def _cards_shown(driver: WebDriver) -> set[str]:
    cards = driver.execute_script(
        "return [...document.querySelectorAll('[data-card]')].map(c => c.dataset.card);"
    )
    assert isinstance(cards, list)
    return {str(card) for card in cards}


def _same_colour_neighbours(cards: list[str]) -> tuple[int, int]:
    """How many neighbouring suits of a hand share a colour, and the fewest that can."""
    suits: list[str] = []
    for card in cards:
        if not card.startswith("JK") and (not suits or suits[-1] != card[-1]):
            suits.append(card[-1])
    reds = sum(suit in "HD" for suit in suits)
    same = sum((a in "HD") == (b in "HD") for a, b in itertools.pairwise(suits))
    return same, max(0, abs(len(suits) - 2 * reds) - 1)


def _error_text(driver: WebDriver) -> str:
    return str(driver.find_element(By.ID, "error").text)


def _browser_errors(driver: WebDriver) -> list[str]:
    return [
        str(entry["message"])
        for entry in cast(Any, driver).get_log("browser")
        if entry["level"] == "SEVERE" or "Content Security Policy" in str(entry["message"])
    ]


def test_a_browser_plays_a_deal_at_the_new_table_with_a_friend_and_a_spectator(
    site: tuple[str, Lobby], browsers: Callable[[], WebDriver], tmp_path: Path
) -> None:
    base, lobby = site
    me = browsers()
    me.get(base + "/")
    _wait(lambda: me.find_elements(By.CSS_SELECTOR, "#variant option"), "the variants")
    chosen = me.find_element(By.CSS_SELECTOR, "#variant option:checked").text
    assert chosen == "Simple King"
    assert me.find_element(By.ID, "variant-summary").text.startswith("The classic")
    options = "#options [data-option='{}']"
    assert (
        me.find_element(By.CSS_SELECTOR, options.format("first_dealer")).get_attribute("type")
        == "number"
    )
    assert me.find_element(By.CSS_SELECTOR, options.format("boys")).tag_name == "select"
    assert (
        me.find_element(By.CSS_SELECTOR, options.format("early_end")).get_attribute("type")
        == "checkbox"
    )
    order = me.find_elements(By.CSS_SELECTOR, options.format("order") + " li")
    assert [li.get_attribute("data-id") for li in order][:2] == ["no_tricks", "no_boys"]
    me.find_element(By.CSS_SELECTOR, "#players option[value='5']").click()
    for seat, kind in enumerate(["you", "heuristic", "random", "heuristic", "invite"]):
        me.find_element(By.CSS_SELECTOR, f"#seat-{seat} option[value='{kind}']").click()
    me.find_element(By.ID, "name").send_keys("Ann")
    shots = [_shot(me, tmp_path, "web-lobby.png")]
    me.find_element(By.ID, "create-button").click()
    _wait(lambda: "/table/" in me.current_url and _version(me), "the table page")
    table = lobby.tables[me.current_url.rsplit("/", 1)[1]]
    assert table.rules.variant == "simple" and table.rules.players == 5
    invite = me.find_element(By.ID, "invite-link").text
    assert "#invite=" in invite

    stranger = browsers()
    stranger.get(me.current_url)
    _wait(lambda: "kept for the invited" in stranger.find_element(By.ID, "free-seats").text, "")
    assert not stranger.find_elements(By.CSS_SELECTOR, "#free-seats button")

    friend = browsers()
    friend.get(invite)
    _wait(lambda: friend.find_elements(By.CSS_SELECTOR, "#free-seats button"), "a free seat")
    friend.find_element(By.CSS_SELECTOR, "#free-seats button[data-seat='4']").click()
    _wait(lambda: _version(friend), "the friend's table")
    assert _hand(friend) and set(_hand(friend)) == set(str(table.state.hand(4)).split())
    assert set(_hand(me)) == set(str(table.state.hand(0)).split())
    assert not set(_hand(friend)) & set(_hand(me))
    for player in (me, friend):  # the colours of the suits alternate in the hand
        same, fewest = _same_colour_neighbours(_hand(player))
        assert same == fewest

    watcher = browsers()
    watcher.get(base + "/watch/" + table.id)
    _wait(lambda: _version(watcher), "the spectator's page")
    assert not watcher.find_element(By.ID, "hand-box").is_displayed()
    assert watcher.find_element(By.CSS_SELECTOR, ".watching").text == "watching"

    pages = {0: me, 4: friend}
    mid_trick = refused = taker_seen = False
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
        assert shown["seats"] == 5
        expected = sorted(str(m) for m in table.state.legal_moves())
        assert sorted(shown["legal"]) == expected  # type: ignore[call-overload]
        trick = [[s, str(c)] for s, c in table.state.trick]
        if trick:  # the cards on the table lie in front of the seats that played them
            assert sorted(shown["laid"]) == sorted(trick)  # type: ignore[call-overload]
        elif table.state.tricks:  # the trick just taken, and who took it
            last = table.state.tricks[-1]
            assert shown["taker"] == last.winner
            assert sorted(shown["laid"]) == sorted([s, str(c)] for s, c in last.plays)  # type: ignore[call-overload]
            taker_seen = True
        if not refused and shown["disabled"]:  # a card that may not be played: the reason
            page.find_element(By.CSS_SELECTOR, "#hand .card:not(.legal)").click()
            _wait(partial(_error_text, page), "the reason")
            reason = _error_text(page)
            assert "may not" in reason or "must" in reason, reason
            assert table.version == before
            refused = True
        if not mid_trick and to_move == 0 and len(table.state.trick) >= 2:
            shots.append(_shot(me, tmp_path, "web-table.png"))
            seen = _cards_shown(watcher)
            hidden = set().union(*({str(c) for c in table.state.hand(s)} for s in range(5)))
            assert seen and not seen & hidden  # the spectator sees no hand
            mid_trick = True
        page.find_element(By.CSS_SELECTOR, "#hand .card.legal").click()
        clicks += 1
        _wait(partial(_moved, table, before), "the click to play the card")
    assert mid_trick and clicks >= 2 * 5
    del taker_seen  # a trick's taker is shown until the next card; a bot that took it leads on
    assert table.paused  # the end of the deal: everybody waits for the players to go on
    result = table.state.results[0]
    points = [("—" if p == 0 else f"{p:+d}") for p in result.points]
    for viewer in (me, friend, watcher):
        _wait(partial(viewer.find_elements, By.ID, "pause-title"), "the pause")
        assert viewer.find_element(By.ID, "pause-title").text.startswith("Deal 1 over")
        row = viewer.find_element(By.CSS_SELECTOR, "#pause .points-table tbody tr").text
        assert row.split()[1:] == points
    assert table.last_deal is not None and table.last_deal["last_trick"] is not None
    on_pause = watcher.execute_script(_SHOWN)
    assert on_pause["taker"] == table.last_deal["last_trick"]["winner"]
    laid = table.last_deal["last_trick"]["plays"]
    assert sorted(on_pause["laid"]) == sorted(laid)
    shots.append(_shot(me, tmp_path, "web-deal-end.png"))
    hands = watcher.find_elements(By.CSS_SELECTOR, "#deal .deal-hand")
    assert len(hands) >= 5  # the spectator sees the whole deal once it is over
    assert not watcher.find_elements(By.ID, "continue")
    shots.append(_shot(watcher, tmp_path, "web-spectator.png"))
    version = table.version
    time.sleep(0.3)
    assert table.version == version and table.paused  # the bots wait too
    me.find_element(By.ID, "continue").click()
    _wait(lambda: 4 in table._waiting() and 0 not in table._waiting(), "Ann to go on")
    assert table.paused and "Waiting for" in me.find_element(By.ID, "pause").text
    friend.find_element(By.ID, "continue").click()
    _wait(lambda: not table.paused and table.version > version + 1, "the next deal")
    _wait(lambda: me.execute_script("return document.body.dataset.paused") == "no", "")
    rows: list[str] = []

    def sheet_row() -> bool:
        text = me.execute_script(_SHEET_ROW)
        if isinstance(text, str) and text.strip():
            rows.append(text)
            return True
        return False

    _wait(sheet_row, "the sheet")
    assert rows[-1].split()[-5:] == points
    me.execute_script("document.getElementById('sheet').scrollIntoView()")
    shots.append(_shot(me, tmp_path, "web-score-sheet.png"))
    log = [li.text for li in me.find_elements(By.CSS_SELECTOR, "#log li")]
    assert any("takes the trick" in line for line in log)
    for viewer in (me, friend, watcher, stranger):
        assert not _browser_errors(viewer)
    for shot in shots:
        width, height = _png_size(shot)
        assert width >= 800 and height >= 600 and shot.stat().st_size > 10_000


def test_a_finished_match_offers_its_record_and_replays_in_the_browser(
    site: tuple[str, Lobby], browsers: Callable[[], WebDriver], tmp_path: Path
) -> None:
    base, lobby = site
    lobby.bot_delay = 0.0
    body = json.dumps({"variant": "simple", "players": 3, "seats": ["random"] * 3}).encode()
    request = urllib.request.Request(
        base + "/api/tables", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        table = lobby.tables[json.loads(answer.read())["table"]]
    page = browsers()
    page.get(base + "/watch/" + table.id)
    _wait(lambda: _version(page), "the spectator's page")
    _wait(lambda: table.state.is_over, "the bots to play the match out", 60)
    _wait(lambda: page.find_elements(By.ID, "winners"), "the end of the match", 60)
    winners = page.find_element(By.ID, "winners").text
    assert winners.startswith("Match over — won by")
    assert all(table.seats[s].name in winners for s in table.state.winners), winners
    shots = [_shot(page, tmp_path, "web-match-over.png")]
    page.find_element(By.LINK_TEXT, "replay it here").click()
    _wait(lambda: page.find_elements(By.CSS_SELECTOR, "#hands div"), "the replay", 30)
    assert len(page.find_elements(By.CSS_SELECTOR, "#hands div")) == 3
    page.find_element(By.ID, "next").click()
    _wait(lambda: "move 1 of" in page.find_element(By.ID, "where").text, "a step")
    shots.append(_shot(page, tmp_path, "web-replay.png"))
    assert not _browser_errors(page)
    for shot in shots:
        width, height = _png_size(shot)
        assert width >= 800 and height >= 600 and shot.stat().st_size > 10_000
