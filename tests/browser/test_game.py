"""The game in the browser: a human (real clicks and drags) against bots, in both variants.

The page runs with `?botDelay=0` (bots move one step per task, with no pause) so a whole
round takes seconds. Screenshots go to docs/screenshots/ only when missing or with
UPDATE_SCREENSHOTS=1 (see browser_helpers.screenshot_path).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import statistics
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_helpers import (FAIL_NEXT_BOT_STEP, long_tasks, plain_move, screenshot_path,
                             wait_service_worker)

GAME_READY_MS = 120_000
RULE_ID = re.compile(r"\b(?:[CET]\d{1,2}|notation)\b")


# ------------------------------------------------------------------ helpers


def open_game(page, site_url: str, query: str = "botDelay=0") -> None:
    page.goto(f"{site_url}?{query}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)


def snap(page) -> dict:
    return page.evaluate("JSON.parse(JSON.stringify(window.remiGame.snap))")


def wait_turn(page, timeout_ms: int = 60_000) -> dict:
    """Until it is the local player's turn (or the round is over); the page is idle."""
    page.wait_for_function(
        """() => { const s = window.remiGame; return s.snap && !s.busy
             && (s.snap.my_turn || s.snap.view.phase === 'over'); }""",
        timeout=timeout_ms)
    return snap(page)


def rack_names(page) -> list[str]:
    return page.locator("[data-testid=rack] [data-testid=tile]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)")


def draw_by_key(page) -> None:
    """S draws from the stock; until the page is idle in the play phase."""
    page.keyboard.press("s")
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")


def click_tile(page, name: str) -> None:
    page.locator(f'[data-testid=rack] [data-tile="{name}"]:not(.selected):not(.in-draft)').first.click()


def drag(page, source, target, at: float = 0.5) -> None:
    """A real pointer drag: press, move in steps, release (at: where across the target)."""
    a = source.bounding_box()
    b = target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 10, a["y"] + a["height"] / 2 + 5, steps=3)
    page.mouse.move(b["x"] + b["width"] * at, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def phone_page(new_context, width: int, height: int, **options):
    """A page in a phone's viewport (touch, twice the pixels), in a context of its own."""
    return new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                       is_mobile=True, has_touch=True, **options).new_page()


def history_len(page) -> int:
    return page.evaluate("window.remiGame.snap.view.history.length")


def wait_change(page, before: int) -> None:
    """Until the engine accepted something (the history grew) and the page is idle again."""
    page.wait_for_function(
        "n => !window.remiGame.busy && window.remiGame.snap.view.history.length > n",
        arg=before, timeout=60_000)


def play_my_turn(page, turn_no: int, screenshot=None) -> None:
    """A simple human: take the atu / draw (click, or drag the stock), open when the legal
    list offers an opening (composed tile by tile), close when possible, else discard."""
    state = snap(page)
    legal = state["legal"]
    if "atu" in legal:
        before = history_len(page)
        page.get_by_test_id("act-atu").click()
        wait_change(page, before)
    elif "take" in legal and state["view"]["variant"] == "etalat" and turn_no % 2 == 0:
        before = history_len(page)              # opened: take the top of the strip
        page.locator("[data-testid=strip] [data-testid=tile].takeable").last.click()
        wait_change(page, before)
    elif "draw" in legal:
        before = history_len(page)
        if turn_no % 3 == 1:
            drag(page, page.get_by_test_id("stock"), page.get_by_test_id("rack"))
        else:
            page.get_by_test_id("stock").click()
        wait_change(page, before)
    state = snap(page)
    legal = state["legal"]
    if state["view"]["phase"] == "over":
        return
    opening = next((a for a in legal if a.startswith("open ")), None)
    if opening:
        before = history_len(page)
        for formation in opening[5:].split("|"):
            for name in formation.split():
                click_tile(page, name)
            page.get_by_test_id("act-add").click()
        page.get_by_test_id("act-open").click()
        wait_change(page, before)
        legal = snap(page)["legal"]
    attach = next((a for a in legal if a.startswith("attach ")), None)
    if attach and turn_no % 2 == 0:             # select the tile, click the formation
        before = history_len(page)
        _, name, _, number = attach.split()
        click_tile(page, name)
        page.locator(f'[data-testid=formation][data-number="{number}"]').click()
        wait_change(page, before)
        legal = snap(page)["legal"]
    if screenshot:
        screenshot()
    closes = [a.split()[1] for a in legal if a.startswith("close ")]
    before = history_len(page)
    if closes:
        click_tile(page, closes[0])
        page.get_by_test_id("act-close").click()
    else:
        discards = [a.split()[1] for a in legal if a.startswith("discard ")]
        assert discards, (f"nothing to discard: {legal}; the page has "
                          f"{ {k: v for k, v in snap(page)['view'].items() if k != 'rack'} }")
        name = discards[-1]
        if turn_no % 4 == 2:
            tile = page.locator(f'[data-testid=rack] [data-tile="{name}"]').first
            target = (page.get_by_test_id("strip") if state["view"]["variant"] == "etalat"
                      else page.locator("[data-testid=row].discard-target"))
            drag(page, tile, target)
        else:
            click_tile(page, name)
            page.get_by_test_id("act-discard").click()
    wait_change(page, before)


def play_round(page, screenshot_at=None) -> dict:
    turn = 0
    while True:
        state = wait_turn(page, timeout_ms=120_000)
        if state["view"]["phase"] == "over":
            return state
        turn += 1
        assert turn < 80, "the round does not end"
        shot = None
        if screenshot_at and screenshot_at[0](state):
            shot = screenshot_at[1]
            screenshot_at = None
        play_my_turn(page, turn, shot)


def overloaded() -> bool:
    """The machine runs far more than it has cores (parallel test runs): wall-clock task
    times then include time the browser was not scheduled at all."""
    return os.getloadavg()[0] > 2 * (os.cpu_count() or 1)


def play_tasks(page, since: float = 0) -> list[dict]:
    """Long tasks since the game was ready (boot is measured elsewhere), or since `since`
    (a page time: play began after a dialog, which opening costs the browser a style pass
    of the whole page, once 264 ms on a busy machine), in which the page's
    scripts ran: over 200 ms with at least 100 ms of script (or over 1000 ms and 500 ms on an
    overloaded machine; the engine on the main thread cost seconds). A task whose frame ran
    almost no script is the browser's own pause (garbage collection, not being scheduled):
    CI once saw one of 223 ms while every redraw took under 25 ms."""
    ready = max(since, float(page.evaluate("document.body.dataset.readyAt")))
    limit = 1000 if overloaded() else 200
    return [task for task in long_tasks(page, over_ms=limit) if task["start"] > ready
            and (task["script"] is None or task["script"] >= limit / 2)]


def assert_no_freeze(page, since: float = 0) -> None:
    tasks = play_tasks(page, since)
    renders = page.evaluate("window.remiGame.stats.render")
    assert tasks == [], f"long tasks while playing: {tasks}; redraws (ms): {renders}"
    # a freeze, not a slow frame: the engine on the main thread cost seconds, while on 2 busy
    # cores (CI) one redraw in a round took 104 ms with the others under 80 (timings: bench)
    limit = 500 if overloaded() else 250
    assert max(renders) < limit, f"a redraw took {max(renders):.0f} ms: {renders}"
    assert statistics.median(renders) < 50, f"redraws (ms): {renders}"


def new_game_via_dialog(page, variant: str, seats: int, levels: list[str], timer: str = "",
                        target: str = "") -> float:
    """A new game by the dialog; returns the page's time when it is there."""
    before = page.evaluate("window.remiGame.snap?.match_id ?? null")
    page.get_by_test_id("new-game").click()
    dialog = page.get_by_test_id("new-game-dialog")
    assert dialog.get_by_test_id("new-game-room-warning").is_hidden()     # no room to end
    dialog.locator(f'input[name=variant][value="{variant}"]').check()
    dialog.locator("select[name=seats]").select_option(str(seats))
    for i, level in enumerate(levels, start=1):
        dialog.get_by_test_id(f"level-{i}").select_option(level)
    dialog.locator("select[name=timer]").select_option(timer)
    dialog.locator("select[name=target]").select_option(target)
    page.get_by_test_id("start-game").click()
    page.wait_for_function(                   # the new match (the old one may be this variant)
        "([v, old]) => { const s = window.remiGame; return s.snap.view.variant === v"
        " && s.snap.match_id !== old && !s.busy; }", arg=[variant, before])
    return page.evaluate("performance.now()")


# A match over at a table of four, two bots of one level, every usual column scored.
FOUR_SEATS_OVER = {
    "players": [{"is_bot": False, "name": "Tu"}, {"is_bot": True, "level": "medium"},
                {"is_bot": True, "level": "medium"}, {"is_bot": True, "level": "expert"}],
    "totals": [353, -487, 1020, -12], "round": 7, "match_over": True, "winners": [2], "legal": [],
    "view": {
        "seat": 0, "closer": 2, "end": "closed", "double_round": True, "variant": "etalat",
        "options": {"target": 1000}, "racks": [["R5", "B7"], ["K1", "K2", "J"], [], ["Y9"]], "closing_formations": None,
        "breakdown": [
            {"laid": 65, "rack": -12, "unopened": 0, "closing": 0, "twin": 50, "jokers": -50, "total": 53},
            {"laid": 0, "rack": -87, "unopened": -100, "closing": 0, "twin": 0, "jokers": 0, "total": -187},
            {"laid": 120, "rack": 0, "unopened": 0, "closing": 100, "twin": 0, "jokers": 0, "total": 220},
            {"laid": 45, "rack": -33, "unopened": 0, "closing": 0, "twin": 0, "jokers": 0, "total": 12},
        ],
    },
}


TABLA_ROUND_OVER = {
    "players": [{"is_bot": False, "name": "Tu"}, {"is_bot": True, "level": "easy"},
                {"is_bot": True, "level": "hard"}],
    "totals": [-15, 40, -40], "round": 1, "match_over": False, "winners": [], "legal": [],
    "view": {
        "seat": 0, "closer": 1, "end": "closed", "double_round": False, "variant": "tabla",
        "atu": "R7", "racks": [["K2", "Y5", "B9"], [], ["K1", "R7", "J"]],
        "closing_formations": [["B1", "B2", "B3"]],
        "breakdown": [
            {"laid": 0, "rack": -15, "closing": 0, "twin": 0, "total": -15},
            {"laid": 40, "rack": 0, "closing": 0, "twin": 0, "total": 40},
            {"laid": 0, "rack": -90, "closing": 0, "twin": 50, "total": -40},
        ],
    },
}


def show_scores(page, state: dict) -> None:
    """Draws the round-end panel for `state` (a snapshot's shape) with the page's own module."""
    page.evaluate("""async (state) => {
        const render = await import(new URL("web/game/render.js", location.href));
        render.renderScores(state);
        document.getElementById("scores-panel").hidden = false; }""", state)


# ------------------------------------------------------------------ tests


def test_first_visit_goes_straight_to_a_game_against_bots(page, site_url):
    open_game(page, site_url)
    state = wait_turn(page)          # the bots are still; the page shows this very snapshot
    assert state["view"]["variant"] == "etalat" and state["view"]["seats"] == 3
    assert [p["is_bot"] for p in state["players"]] == [False, True, True]
    assert page.locator("[data-testid=seat]").count() == 3
    assert "AI" in page.locator("[data-testid=seat]").first.inner_text()
    assert len(rack_names(page)) in (14, 15)
    assert page.get_by_test_id("stock").inner_text().strip().endswith(str(state["view"]["stock"]))
    assert page.locator("[data-testid=atu] [data-testid=tile]").get_attribute(
        "data-tile") == state["view"]["atu"]
    # screen readers: told it is their turn; the atu is a named image (the strip's tiles:
    # the illegal-move test)
    assert "Rândul tău" in page.get_by_test_id("announce").text_content()
    # a seat card is heard as one line: the title attributes of its parts are not read
    label = page.locator("[data-testid=seat]").first.get_attribute("aria-label")
    size = state["view"]["rack_sizes"][1]
    assert label.startswith("AI ") and f"{size} piese, neetalat, Scor 0" in label, label
    assert page.get_by_test_id("atu").get_by_role("img").count() == 1
    # reduced motion: animations end at once
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("""() => { const t = document.createElement('span');
        t.className = 'tile fresh thinking'; document.body.append(t);
        const s = getComputedStyle(t);
        const ends = parseFloat(s.animationDuration) < 0.001 && s.animationIterationCount === '1';
        t.remove();
        return ends; }""")
    page.emulate_media(reduced_motion="no-preference")
    assert page.get_by_test_id("strip").is_visible()
    assert page.evaluate("document.body.dataset.engine") == "worker"
    # the top bar names the game and its round (Romanian by default); "ready" is on hover
    assert page.locator("#status").inner_text() == f"Remi Etalat · runda {state['round']}"
    assert page.locator("#status").get_attribute("title").startswith("Gata de joc")
    hint = page.locator("#turn-info").inner_text()
    if state["view"]["phase"] == "draw" and not any(a.startswith("take") for a in state["legal"]):
        assert "Trage din teanc." in hint and " ia din " not in hint, hint   # E3: draw only
    page.keyboard.press("?")
    help_panel = page.get_by_test_id("help-panel")
    assert help_panel.is_visible() and "Enter" in help_panel.inner_text()
    assert all(rule in help_panel.inner_text() for rule in ("E3", "E4", "E11", "T6", "T9"))
    # the help opens at its top (focusing OK scrolled it to the end); Tab reaches OK, Esc closes
    scroll = "(() => { const h = document.getElementById('help'); return [h.scrollTop, h.scrollHeight - h.clientHeight]; })()"
    top, room = page.evaluate(scroll)
    assert room > 0 and top == 0, (top, room)
    page.keyboard.press("Tab")                  # the keys' fold first: Enter folds it
    assert page.evaluate("document.activeElement.textContent") == "Taste"
    page.keyboard.press("Enter")
    assert help_panel.is_visible() and page.locator(".help-keys").evaluate("(d) => !d.open")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "OK"
    page.keyboard.press("Enter")
    help_panel.wait_for(state="hidden")
    page.get_by_test_id("help").click()
    assert page.evaluate(scroll)[0] == 0
    page.keyboard.press("Enter")                # Enter closes at once, as OK did when focused
    help_panel.wait_for(state="hidden")
    page.get_by_test_id("help").click()
    page.keyboard.press("Escape")
    help_panel.wait_for(state="hidden")


def test_etalat_round_by_clicks_and_drags_to_the_score_table(page, site_url, tmp_path):
    open_game(page, site_url)

    def shot():
        page.screenshot(path=str(screenshot_path("etalat.png", tmp_path)), animations="disabled")

    def rich(state):  # a table worth showing: formations laid, a strip
        return len(state["view"]["table"]) >= 3 and len(state["view"]["strip"]) >= 5

    state = play_round(page, (rich, shot))
    scores = page.get_by_test_id("scores")
    scores.wait_for()
    assert scores.locator("tbody tr").count() == 3
    header = scores.locator("thead").inner_text().lower()
    assert "total" in header
    assert sum(state["view"]["scores"]) == sum(state["totals"])
    assert_no_freeze(page)
    before = state["round"]
    assert page.evaluate("document.activeElement.id") == "btn-next"   # the panel has the keys
    inside = "document.getElementById('scores-panel').contains(document.activeElement)"
    for _ in range(6):                          # Tab goes round the panel, never behind it
        page.keyboard.press("Tab")
        assert page.evaluate(inside)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(inside)
    # Esc sets the panel aside to look at the table; "Scoruri" brings it back, and so does
    # "Vezi masa" then "Scoruri" again
    back = page.get_by_test_id("scores-back")
    assert back.is_hidden()
    page.keyboard.press("Escape")
    page.locator("#scores-panel").wait_for(state="hidden")
    assert back.is_visible() and page.evaluate("document.activeElement.id") == "btn-scores"
    shown = page.locator("#actions button").evaluate_all(
        "buttons => buttons.filter(b => b.getClientRects().length).map(b => b.id)")
    assert shown == ["btn-scores"], "the round is over: no move is offered"
    assert page.evaluate("""() => { const r = document.getElementById('stock').getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
            .closest('#stock') !== null; }"""), "the table is under the pointer again"
    back.click()
    page.locator("#scores-panel").wait_for()
    assert back.is_hidden() and page.evaluate("document.activeElement.id") == "btn-next"
    page.get_by_test_id("scores-aside").click()
    page.locator("#scores-panel").wait_for(state="hidden")
    back.click()
    page.locator("#btn-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("r => window.remiGame.snap.round === r + 1", arg=before)
    page.locator("#scores-panel").wait_for(state="hidden")
    assert back.is_hidden()


def test_tabla_round_against_four_levels(page, site_url, tmp_path):
    open_game(page, site_url)
    started = new_game_via_dialog(page, "tabla", 4, ["easy", "hard", "expert"])
    assert page.evaluate("document.activeElement.id") == "rack-tiles"   # the keys act on it
    state = snap(page)
    assert [p.get("level") for p in state["players"]] == [None, "easy", "hard", "expert"]
    assert page.locator("[data-testid=row]").count() == 4
    assert page.locator("#status").inner_text() == "Remi pe Tablă · runda 1"
    # the score sheet beside the table names each seat on one line (at 15 rem "AI mediu" and
    # "AI expert" took two)
    heads = page.wait_for_function("""() => {
        const cells = [...document.querySelectorAll('#score-sheet thead th')].slice(1);
        return cells.length === 4 && cells.map((th) => {
            const range = document.createRange();
            range.selectNodeContents(th);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; });
    }""").json_value()
    assert heads == [1, 1, 1, 1], heads
    # two by two (a QA pass: three in a line and the fourth alone, stretched); measured in
    # one go once laid out (CI once read four zeros between a wait and a separate measure)
    tops = page.wait_for_function("""() => {
        const rows = [...document.querySelectorAll('#formations > .row-wrap')]
            .map((row) => row.getBoundingClientRect());
        return rows.length === 4 && rows.every((box) => box.height > 0)
            && rows.map((box) => Math.round(box.top));
    }""").json_value()
    assert tops[0] == tops[1] < tops[2] == tops[3], tops
    assert "AI" in page.locator("[data-testid=seat]").nth(1).inner_text()
    # C3: the match's first line (the list is newest first) is the dice that chose the dealer
    names = page.evaluate("""async (players) => {
        const i18n = await import(new URL("web/i18n.js", location.href));
        return players.map((p, seat) => i18n.playerLabel(players, seat, 0)); }""", state["players"])
    throws = " · ".join(f"{names[seat]}: {roll}" for seat, roll in enumerate(state["dice"]["throws"][0]))
    dice = page.locator("#history li").last.inner_text()
    assert dice.startswith(f"Zaruri (C3): {throws}") and len(state["dice"]["throws"]) == 1 + dice.count("din nou")
    assert dice.endswith(f" — împarte: {names[state['dice']['dealer']]}"), dice
    assert state["view"]["first"] == (state["dice"]["dealer"] + 1) % 4

    def shot():
        page.screenshot(path=str(screenshot_path("tabla.png", tmp_path)), animations="disabled")

    def rich(state):
        return sum(len(row) for row in state["view"]["rows"]) >= 10

    state = play_round(page, (rich, shot))
    page.get_by_test_id("scores").wait_for()
    assert page.get_by_test_id("scores").locator("tbody tr").count() == 4
    view = state["view"]
    head = page.get_by_test_id("scores").locator("thead").inner_text().lower()
    assert "formații arătate" in head and "coborâte" not in head     # T1: nothing is laid
    scored = {key for row in view["breakdown"] for key, value in row.items() if value}
    columns = {"laid", "rack"} | (scored - {"total"})      # a column of zeros is left out
    assert page.get_by_test_id("scores").locator("thead th").count() == 1 + len(columns) + 2
    if view["closer"] is not None:             # T6: the closer's rack is shown as formations
        groups = page.get_by_test_id("closing-formations").locator(".end-formation")
        shown = [group.locator("[data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)")
                 for group in groups.all()]
        assert shown == view["closing_formations"] and len(shown) >= 2
    sheet = page.locator("#history-panel .score-sheet")   # four seats fit the side column
    assert sheet.evaluate("s => s.scrollWidth <= s.clientWidth"), "the score sheet is cut"
    assert page.locator(".discard-target").count() == 0, "no discard is left to mark (T2)"
    assert_no_freeze(page, since=started)


def saved_match(match_id: str, variant: str, atu: str, hands: list, stock: list,
                actions: list, seed: str | None, first: int = 1) -> dict:
    """A saved 3-seat match (the page's `remi.save`): the human at seat 0, seat `first` first
    to play, the given deal and the actions played so far."""
    players = [{"name": "Tu", "is_bot": False, "level": None},
               {"name": "AI medium", "is_bot": True, "level": "medium"},
               {"name": "AI hard", "is_bot": True, "level": "hard"}]
    options = {"preset": "platform", "double_rounds": True, "target": None, "timer": None,
               "three_doubles": False}
    return {"match_id": match_id, "variant": variant, "options": options, "seats": 3,
            "rounds": [{"first": first, "atu": atu, "hands": hands, "stock": stock,
                        "actions": actions}],
            "players": players, "seed": seed}


def atu_close_log() -> dict:
    """A saved 3-seat Tablă match whose human (seat 0, third to play) misses exactly the atu
    R7: K1 K2 K3 · B4 B5 B6 · Y9–Y13 · R6 _ R8, and K9 to discard (T7)."""
    import random
    hand = "K1 K2 K3 B4 B5 B6 Y9 Y10 Y11 Y12 Y13 R6 R8 K9".split()
    rest = [f"{c}{n}" for c in "KRYB" for n in range(1, 14)] * 2 + ["J", "J"]
    for tile in [*hand, "R7"]:
        rest.remove(tile)
    random.Random(7).shuffle(rest)
    hands = [hand, rest[:15], rest[15:29]]
    return saved_match("atuclose0001", "tabla", "R7", hands, rest[29:], [], seed="atu")


def close_with_the_atu(page, site_url: str, query: str = "botDelay=0") -> None:
    """The saved atu-close game: take the atu, close discarding K9 (T7); the round-end panel
    shows."""
    save_before_load(page, atu_close_log())
    open_game(page, site_url, query)
    wait_turn(page)
    page.locator("#atu").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'atu'")
    click_tile(page, "K9")
    page.get_by_test_id("act-close").click()
    page.get_by_test_id("scores").wait_for()


def test_a_round_end_panel_set_aside_stays_aside_after_a_reload(page, site_url):
    """Vezi masa sets the round-end panel aside to look at the table; a reload brought it back
    over the table (the set-aside was not saved). Brought back, it stays back."""
    close_with_the_atu(page, site_url)
    panel_hidden = "document.getElementById('scores-panel').hidden"
    for aside in (True, False):
        page.get_by_test_id("scores-aside" if aside else "scores-back").click()
        page.wait_for_function(f"{panel_hidden} === {str(aside).lower()}")
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
        page.wait_for_function(f"window.remiGame.snap && {panel_hidden} === {str(aside).lower()}")
        page.wait_for_timeout(300)
        assert page.evaluate(panel_hidden) == aside
        assert page.get_by_test_id("scores-back").is_visible() == aside


# The rack: whether it has the focus, and whether its keyboard ring (gold) is drawn.
RACK_RING = """() => { const rack = document.getElementById('rack-tiles');
  return [document.activeElement === rack, getComputedStyle(rack).boxShadow.includes('242, 193, 78')]; }"""


def test_a_tap_on_the_round_end_panel_draws_no_keyboard_ring_on_the_rack(new_context, site_url):
    """A QA pass on a phone tapped Runda următoare (the panel shown again by a reload) and the
    rack came up in the keyboard's thick gold ring; a key on the panel still draws it."""
    for by_key in (False, True):
        page = phone_page(new_context, 390, 844)
        close_with_the_atu(page, site_url)
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
        page.get_by_test_id("scores").wait_for()
        round_no = snap(page)["round"]
        if by_key:
            page.keyboard.press("Enter")                # the panel's main button has the focus
        else:
            page.locator("#btn-next").tap()
        page.wait_for_function("n => window.remiGame.snap.round === n + 1 && !window.remiGame"
                               ".busy", arg=round_no)
        assert page.evaluate(RACK_RING) == [True, by_key], by_key


def test_the_help_opens_over_the_round_end_panel(new_context, site_url):
    """A QA pass on a phone: at a round's end, the score to understand, the help could not be
    opened (the bar's ? lies under the panel). The panel has its own ?, and the ? key works
    there too; the help closes back onto the panel. Its language switch too."""
    page = phone_page(new_context, 390, 844)
    close_with_the_atu(page, site_url)
    on_top = """() => { const d = document.getElementById('help').getBoundingClientRect();
        return document.getElementById('help').contains(
            document.elementFromPoint(d.left + d.width / 2, d.top + d.height / 2)); }"""
    help_panel = page.get_by_test_id("help-panel")
    page.get_by_test_id("help-from-scores").tap()
    help_panel.wait_for()
    assert page.evaluate(on_top)
    assert "T8" in help_panel.inner_text()              # Tablă's scoring, what the panel shows
    page.locator("#help .sheet-buttons button").tap()
    help_panel.wait_for(state="hidden")
    assert page.locator("#scores-panel").is_visible()
    page.keyboard.press("?")
    help_panel.wait_for()
    page.keyboard.press("Escape")
    help_panel.wait_for(state="hidden")
    assert page.locator("#scores-panel").is_visible()
    # so is the bar's language switch (a QA pass: a guest waiting there could not change it)
    title = page.locator("#scores-title")
    assert title.inner_text() == "Runda 1 s-a încheiat"
    page.get_by_test_id("lang-from-scores").tap()
    page.wait_for_function("document.getElementById('scores-title').textContent === 'Round 1 is over'")
    assert page.get_by_test_id("lang-from-scores").inner_text() == "RO"
    assert page.locator("#scores-panel").is_visible()
    # no line of the title under the corner's two buttons
    assert page.evaluate("""() => { const t = document.getElementById('scores-title'),
        c = document.querySelector('.sheet-corner').getBoundingClientRect(), r = document.createRange();
        r.selectNodeContents(t);
        return [...r.getClientRects()].every((line) => line.right <= c.left || line.top >= c.bottom); }""")
    # a note shown meanwhile covers none of the panel's buttons (a QA pass: a phone's toast,
    # over the player's place, hid its Meniu — at a watched table, whose place sits lower)
    page.evaluate("""async () => { const menu = document.getElementById('btn-menu2').getBoundingClientRect();
        document.documentElement.style.setProperty('--above-rack', `${innerHeight - menu.bottom}px`);
        (await import('./web/game/messages.js')).toast('Privești o masă de AI.'); }""")
    assert page.evaluate("""() => { const n = document.getElementById('toast').getBoundingClientRect();
        return [...document.querySelectorAll('#scores-panel button')].every((b) => {
          const r = b.getBoundingClientRect();
          return r.bottom <= n.top || r.top >= n.bottom || r.right <= n.left || r.left >= n.right; }); }""")


def test_the_first_move_hint_names_its_rule(page, site_url):
    """A QA pass: the first move's hint was the one to name no rule; in Tablă it is T3's
    (Etalat's, E2, is checked with the refusals)."""
    log = atu_close_log()
    deal = log["rounds"][0]
    deal["first"] = 0                                   # the person plays first: 15 tiles
    deal["hands"][0].append(deal["hands"][1].pop())
    save_before_load(page, log)
    open_game(page, site_url)
    assert wait_turn(page)["legal"][0].startswith("discard ")
    assert page.locator("#turn-info").inner_text().endswith(
        "Prima mutare: doar arunci o piesă (T3).")


GROUP_STARTS = ("() => [...document.querySelectorAll('[data-testid=rack] [data-testid=tile]')]"
                ".flatMap((tile, i) => tile.classList.contains('group-start') ? [i] : [])")


def test_arrange_sets_each_formation_apart_while_it_stays_whole(page, site_url, tmp_path):
    """Two QA passes: after Arrange the rack was one line of tiles, the formations not told
    from the loose ones. A gap now opens before and after each of the arrangement's
    formations, and closes around one the player breaks up."""
    save_before_load(page, atu_close_log())   # K1 K2 K3 · B4 B5 B6 · Y9–Y13 · R6 R8 K9
    open_game(page, site_url)
    wait_turn(page)
    page.get_by_test_id("arrange").click()
    page.wait_for_function("window.remiGame.groups.length === 3")
    names = rack_names(page)
    groups = page.evaluate("window.remiGame.groups.map((group) => group.map((key) =>"
                           " window.remiGame.order.find((item) => item.key === key).name))")
    assert {tuple(g) for g in groups} == {("K1", "K2", "K3"), ("B4", "B5", "B6"),
                                         ("Y9", "Y10", "Y11", "Y12", "Y13")}
    assert names[:11] == [name for group in groups for name in group]   # formations first
    assert sorted(names[11:]) == ["K9", "R6", "R8"]
    first, second = len(groups[0]), len(groups[0]) + len(groups[1])
    assert page.evaluate(GROUP_STARTS) == [first, second, 11]
    page.screenshot(path=str(tmp_path / "arranged.png"))
    page.locator("[data-testid=rack] [data-testid=tile]").nth(first).click()
    page.keyboard.press("Shift+ArrowLeft")     # the second formation's first tile, one left
    assert rack_names(page)[first - 1] == names[first]
    assert page.evaluate(GROUP_STARTS) == [second, 11]   # the first two are broken up


def test_the_round_end_shows_one_s_rack_as_arranged_and_marks_the_twin_that_scored(
        page, site_url):
    """Two QA passes: the round-end panel showed the player's rack in the engine's order
    (not recognised as one's own), and a +50 for the atu's twin with no tile for it (T8)."""
    open_game(page, site_url)
    wait_turn(page)
    page.evaluate("""async (state) => {
        const render = await import(new URL("web/game/render.js", location.href));
        render.renderScores(state, ["B9", "K2", "Y5"]);
        document.getElementById("scores-panel").hidden = false; }""", TABLA_ROUND_OVER)
    racks = page.locator("#end-racks .end-rack")
    tiles = lambda line: racks.nth(line).locator(".tile").evaluate_all(   # noqa: E731
        "tiles => tiles.map((t) => [t.dataset.tile, t.classList.contains('twin')])")
    assert tiles(0) == [["B9", False], ["K2", False], ["Y5", False]]      # as arranged
    assert tiles(2) == [["K1", False], ["R7", True], ["J", False]]        # T8: held, +50
    assert "+50" in racks.nth(2).locator(".tile.twin").get_attribute("aria-label")
    # the rows of tiles say what they are (a QA pass read them with no word for them)
    title = page.locator("#end-racks .end-racks-title")
    assert title.inner_text().lower() == "rastelele (cine a închis: formațiile lui)"
    # the stock ended the round (T9): nobody closed, no word of a closer (a QA pass)
    unclosed = json.loads(json.dumps(TABLA_ROUND_OVER))
    unclosed["view"].update(closer=None, end="stock")
    show_scores(page, unclosed)
    assert title.inner_text().lower() == "ce a rămas în rastele"
    # a Tablă match ended by a fall to −target (T10) says whose: a QA pass read "Ținta ±500 e
    # atinsă · Câștigă: AI greu" with the winner on 40
    fallen = json.loads(json.dumps(TABLA_ROUND_OVER))
    fallen.update(totals=[-515, 40, -40], match_over=True, winners=[1], reached=[0])
    fallen["view"]["options"] = {"target": 500}
    show_scores(page, fallen)
    assert "Ținta ±500 e atinsă: Tu -515 · Câștigă: AI ușor" in page.locator("#scores-end").inner_text()
    fallen.update(totals=[-515, -505, -640], reached=[0, 1, 2])     # the winner fell too
    show_scores(page, fallen)
    assert ("Ținta ±500 e atinsă: Tu -515, AI ușor -505, AI greu -640 · Câștigă: AI ușor"
            in page.locator("#scores-end").inner_text())
    # an Etalat closer's rack is empty: a dash, not a line that reads as missing (a QA pass)
    show_scores(page, FOUR_SEATS_OVER)
    # the match's winner in gold; the player's own win said as one (a QA pass: a faint glow)
    assert page.locator("#scores tbody tr.winner").evaluate_all(
        "rows => rows.map((r) => r.dataset.seat)") == ["2"]
    assert page.locator("#scores-title").inner_text() == "Meciul s-a încheiat"
    won = json.loads(json.dumps(FOUR_SEATS_OVER))
    won["winners"] = [0]
    show_scores(page, won)
    assert page.locator("#scores-title").inner_text() == "Ai câștigat meciul!"
    # a double round is said where it begins, in the history (a QA pass saw only ATU ×2)
    said = page.evaluate("""async (state) => {
        const render = await import(new URL("web/game/render.js", location.href));
        render.renderHistory({ ...state, view: { ...state.view, history: [] } });
        return [...document.querySelectorAll('#history li')].map((li) => li.textContent); }""",
                         FOUR_SEATS_OVER)
    assert said[0].startswith("Rundă dublă (C7): atuul e un as sau un joker"), said
    show_scores(page, FOUR_SEATS_OVER)
    assert racks.nth(2).locator(".tile-row").inner_text() == "—"
    assert title.inner_text().lower() == "ce a rămas în rastele"
    assert page.get_by_test_id("scores-legend").is_hidden()     # the headers are whole here
    # a seat never opened: its rack is not counted (E13, a flat −100); a QA pass read "0"
    # beside its fourteen tiles as a rack counted and worth nothing
    unopened = json.loads(json.dumps(FOUR_SEATS_OVER))
    unopened["view"]["breakdown"][1]["rack"] = 0
    show_scores(page, unopened)
    rack = page.locator("#scores tbody tr[data-seat='1'] td").nth(1)
    assert rack.inner_text() == "—" and "E13" in rack.get_attribute("title")
    assert page.locator("#scores tbody tr[data-seat='3'] td").nth(1).inner_text() == "-33"
    # a tile scoring for someone other than its formation's owner is explained (E8, E9): a
    # QA pass's laid column left out a swapped joker's 50, rightly, and nothing said why
    note = page.get_by_test_id("scores-note")
    assert note.is_hidden()                                  # no table, nothing credited
    credited = json.loads(json.dumps(FOUR_SEATS_OVER))
    credited["view"]["table"] = [{"owner": 0, "tiles": ["B1", "B2", "B3", "J"], "credits": [0, 0, 0, 2]}]
    show_scores(page, credited)
    assert "(E9)" in note.inner_text() and "(E8)" in note.inner_text()
    credited["view"]["table"][0]["credits"] = [0, 0, 0, 0]
    show_scores(page, credited)
    assert note.is_hidden()


def last_draw_log(variant: str, stock: int = 1) -> dict:
    """A saved 3-seat match at the human's turn (seat 0) with one draw left in the stock:
    Etalat's atu, drawn last (E12), or Tablă's last tile (T9) — or `stock` tiles left, a
    multiple of 3 plus 1 —; every turn so far drew and threw the tile drawn."""
    import random

    from remi.deal import Deal
    from remi.match import Match
    from remi.options import Options
    from remi.tiles import tile_name

    first = 0 if variant == "etalat" else 1    # so that seat 0 makes the last draw
    tiles = [f"{c}{n}" for c in "KRYB" for n in range(1, 14)] * 2
    random.Random(12).shuffle(tiles)
    hands = [tiles[:14], tiles[14:28], tiles[28:42]]
    hands[first].append(tiles[42])
    deal = {"first": first, "atu": tiles[43], "hands": hands}
    match = Match(variant, Options(), 3)
    match.start_round(Deal.from_json(deal, 3))
    match.play(f"discard {hands[first][0]}")
    while match.current.stock_count > stock:
        match.play("draw")
        match.play(f"discard {tile_name(match.current.drawn)}")
    return saved_match("lastdraw0001", variant, tiles[43], hands, [], list(match.current.actions),
                       seed=None, first=first)


@pytest.mark.parametrize("variant, hint", [
    ("etalat", "În teanc a rămas doar atuul: runda se încheie odată cu tura care îl trage (E12)."),
    ("tabla", "E ultima piesă din teanc: runda se încheie odată cu tura care o trage (T9)."),
])
def test_the_last_draw_says_it_ends_the_round(page, site_url, variant, hint):
    """A rules QA pass: with one draw left the hint said only "draw or take", and the round
    then ended with that turn (E12: the atu, drawn last; T9: the stock's last tile)."""
    save_before_load(page, last_draw_log(variant))
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["view"]["stock"] == 1 and state["view"]["phase"] == "draw"
    assert page.locator("#turn-info").inner_text().endswith(hint)
    if variant == "tabla":        # not drawn yet: Închide is disabled, and says when it works
        close = page.locator("#act-close")
        assert close.is_disabled() and close.get_attribute("title") == (
            "Închizi când toate piesele, în afară de cea aruncată, fac formații (T6).")
    before = history_len(page)
    page.get_by_test_id("stock").click()
    wait_change(page, before)
    assert hint not in page.locator("#turn-info").inner_text()     # drawn: the hint has gone
    discard = next(a for a in snap(page)["legal"] if a.startswith("discard "))
    click_tile(page, discard.split()[1])
    page.get_by_test_id("act-discard").click()
    page.get_by_test_id("scores").wait_for()                       # and the round is over
    assert snap(page)["view"]["closer"] is None


def no_draw_log() -> dict:
    """A saved 3-seat Tablă match after eight turns in a row without a stock draw (seat 1
    throws R1, each next seat takes it from its row and throws it on): the ninth, seat 0's,
    ends the round unless it draws (T9)."""
    import random
    tiles = [f"{c}{n}" for c in "KRYB" for n in range(2, 14)] * 2
    random.Random(3).shuffle(tiles)
    hands = [tiles[:14], ["R1", *tiles[14:28]], tiles[28:42]]
    actions = ["discard R1"] + ["take", "discard R1"] * 7
    return saved_match("nodraws00001", "tabla", tiles[42], hands, tiles[43:], actions, seed=None)


def test_the_turn_that_ends_the_round_without_a_draw_says_so(page, site_url):
    """A rules QA pass (41b): after three rounds without a stock draw but one turn, the hint
    said only "draw or take", and a take ended the round (T9). The engine says when
    (`ends_without_draw`), the hint warns."""
    save_before_load(page, no_draw_log())
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["view"]["ends_without_draw"] and state["view"]["phase"] == "draw"
    hint = "dacă nu tragi nici tu, runda se încheie după tura ta (T9)."
    assert page.locator("#turn-info").inner_text().endswith(hint)
    before = history_len(page)
    page.get_by_test_id("stock").click()                            # a draw: it goes on
    wait_change(page, before)
    assert not snap(page)["view"]["ends_without_draw"]
    assert hint not in page.locator("#turn-info").inner_text()


def last_tile_log() -> dict:
    """A saved 3-seat Etalat match: seat 0 opened R2–R11 and K5 Y5 B5 last turn, kept R12, and
    has just drawn a joker: R12 attached, the joker is its last tile."""
    import random

    from remi.deal import Deal
    from remi.match import Match
    from remi.options import Options
    from remi.tiles import tile_name

    hand = "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 K5 Y5 B5".split()
    tiles = [f"{c}{n}" for c in "KRYB" for n in range(1, 14)] * 2
    for tile in hand:
        tiles.remove(tile)
    random.Random(4).shuffle(tiles)
    hands = [hand, tiles[:15], tiles[15:29]]
    stock = tiles[29:-1]
    stock.insert(7, "J")                                 # seat 0's third draw
    match = Match("etalat", Options(), 3)
    match.start_round(Deal.from_json({"first": 1, "atu": tiles[-1], "hands": hands, "stock": stock}, 3))

    def draw_and_throw() -> None:
        match.play("draw")
        match.play(f"discard {tile_name(match.current.drawn)}")

    match.play(f"discard {hands[1][0]}")
    for _ in range(4):
        draw_and_throw()
    match.play("draw")
    drawn = tile_name(match.current.drawn)
    match.play("open R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 | K5 Y5 B5")
    match.play(f"discard {drawn}")
    for _ in range(2):
        draw_and_throw()
    match.play("draw")
    return saved_match("lasttile0001", "etalat", tiles[-1], hands, stock, list(match.current.actions),
                       seed=None)


def test_an_etalat_rack_down_to_one_tile_is_told_its_discard_closes(page, site_url):
    """QA 41b: with one tile left the hint still said "lay…, then discard a tile": neither that
    the discard closes (E11, +50) nor that a joker thrown so stays on the strip for −50 (E10);
    the round-end panel's Jokeri column named no rule either."""
    save_before_load(page, last_tile_log())
    open_game(page, site_url)
    state = wait_turn(page)
    assert sorted(state["view"]["rack"]) == ["J", "R12"], state["view"]["rack"]
    hint = "Ultima piesă: aruncând-o închizi (E11, +50). Un joker aruncat rămâne pe șir: −50 (E10)."
    assert hint not in page.locator("#turn-info").inner_text()
    before = history_len(page)
    click_tile(page, "R12")
    page.locator('[data-testid=formation][data-number="1"]').click()
    wait_change(page, before)
    assert page.locator("#turn-info").inner_text().endswith(hint)
    click_tile(page, "J")
    page.get_by_test_id("act-discard").click()
    page.get_by_test_id("scores").wait_for()
    titles = page.locator("#scores thead th").evaluate_all("ths => ths.map((th) => th.title)")
    assert {"Jokeri (E10)", "Închidere (E13)"} <= set(titles), titles


@pytest.mark.parametrize("variant,hint", [
    ("etalat", "Aruncă o piesă: nu poți etala încă (E4)."),
    ("tabla", "Alege piesa de aruncat și apasă Aruncă."),
])
def test_after_the_draw_the_hint_says_what_the_turn_allows(page, site_url, variant, hint):
    """A QA pass read "Formează, apoi aruncă o piesă." in Tablă, where nothing is laid (T1),
    and looked for a way to form: after the draw the hint is the variant's own (Etalat: an
    unopened rack that cannot open only discards, E4)."""
    save_before_load(page, last_draw_log(variant, stock=31))
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["view"]["phase"] == "draw" and not state["view"].get("first_round")
    before = history_len(page)
    page.get_by_test_id("stock").click()
    wait_change(page, before)
    legal = snap(page)["legal"]
    assert not any(a.startswith(("open ", "close ")) for a in legal), legal
    assert page.locator("#turn-info").inner_text() == f"Rândul tău · {hint}"


def test_a_long_history_fades_at_its_foot_until_scrolled_to_its_end(page, site_url):
    """The side history cut its last visible line in two, as if nothing followed (a QA pass):
    a list longer than its box fades out at its foot; scrolled to its end, it does not."""
    save_before_load(page, last_draw_log("etalat"))
    open_game(page, site_url)
    wait_turn(page)
    history = page.get_by_test_id("history")
    fade = "(list) => parseFloat(getComputedStyle(list).getPropertyValue('--fade-bottom'))"
    assert history.evaluate("(list) => list.scrollHeight > list.clientHeight + 50")
    assert history.evaluate(fade) > 10
    history.evaluate("(list) => { list.scrollTop = list.scrollHeight; }")
    page.wait_for_function(f"({fade})(document.getElementById('history')) === 0")


def test_the_atu_s_close_is_hinted_and_the_help_follows_the_table(page, site_url):
    """A QA pass of the rules: with the atu's close legal (T7) the hint said only "draw or
    take"; the help said the rack counts when someone closes (never opened: −100 flat, E13;
    and a round may end with no close), that a joker close doubles (only the formations,
    not the twin's +50, T8), and that an ace or joker atu doubles the round at a table that
    plays no double rounds (C7 is an option)."""
    log = atu_close_log()
    save_before_load(page, log)
    open_game(page, site_url)
    assert "atu" in wait_turn(page)["legal"]
    assert page.locator("#turn-info").inner_text().endswith(
        "Trage din teanc sau ia din rândul tău. Sau ia atuul și închide cu el (T7).")
    page.get_by_test_id("help").click()
    text = page.get_by_test_id("help-panel").inner_text()
    assert "oricum s-ar termina, piesele rămase pe rastel se scad" in text
    assert "cine n-a etalat ia −100 fix" in text
    assert "+50 al geamănului nu se dublează" in text
    assert "nu se joacă runde duble" not in text
    page.keyboard.press("Escape")
    page.get_by_test_id("help-panel").wait_for(state="hidden")
    log["options"]["double_rounds"] = False
    page.evaluate("log => localStorage.setItem('remi.save', JSON.stringify(log))", log)
    open_game(page, site_url)
    wait_turn(page)
    page.get_by_test_id("help").click()
    assert page.get_by_test_id("help-panel").locator(".help-note").inner_text().startswith(
        "La masa aceasta nu se joacă runde duble")


def test_tabla_take_the_atu_and_close_by_clicks(page, site_url):
    """T7 by mouse: the atu, then Închide (it stayed disabled); T4: a tile no one may take
    and T2: a tile dropped on a row that is not the discard's say why instead of nothing."""
    save_before_load(page, atu_close_log())
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "atuclose0001" and "atu" in state["legal"], state["legal"]
    labels = page.locator(".row-wrap .owner-name").all_inner_texts()   # "Rândul · Tu" read oddly
    assert labels[0] == "Rândul tău" and all(x.startswith("Rândul · AI ") for x in labels[1:])
    page.locator("#stock").click()             # a turn away: draw, throw the drawn tile back
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    drawn = snap(page)["view"]["drawn"]
    before = snap(page)["view"]["history"]
    tile = page.locator(f'[data-testid=rack] [data-tile="{drawn}"]').first
    drag(page, tile, page.locator(".tile-row.own"))           # not the left neighbour's: T2
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "T2" and "vecinului din stânga" in banner.inner_text()
    assert snap(page)["view"]["history"] == before and snap(page)["view"]["phase"] == "play"
    page.keyboard.press("Escape")
    page.get_by_test_id("rack").focus()
    page.keyboard.press("1")                   # a formation's number: Tablă has none (T1)
    page.wait_for_timeout(300)
    assert "formației" not in page.locator("#toast").inner_text()
    # the heading of the row one discards into takes the tile too (a QA pass: it did nothing)
    drag(page, tile, page.locator(".row-wrap.discard-target .owner-name"))
    page.wait_for_function("n => window.remiGame.snap.view.history.length > n",
                           arg=len(state["view"]["history"]) + 1)
    assert snap(page)["view"]["history"][len(state["view"]["history"]) + 1]["action"] == \
        f"discard {drawn}"
    state = wait_turn(page)
    assert "atu" in state["legal"] and len(state["view"]["rows"][0]) >= 2, state["view"]["rows"]
    page.locator(".tile-row.own [data-testid=tile]").first.click()   # buried: T4
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "T4"
    assert snap(page)["view"]["history"] == state["view"]["history"]
    page.keyboard.press("Escape")
    banner.wait_for(state="hidden")
    # dragged onto the rack, the same answer (QA 39b: no drag started and nothing was said)
    drag(page, page.locator(".tile-row.own [data-testid=tile]").first, page.get_by_test_id("rack"))
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "T4"
    assert snap(page)["view"]["history"] == state["view"]["history"]
    page.keyboard.press("Escape")
    page.locator("#atu").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'atu'")
    click_tile(page, "K9")
    close = page.get_by_test_id("act-close")
    assert close.is_enabled() and page.get_by_test_id("act-discard").is_disabled()
    close.click()
    page.get_by_test_id("scores").wait_for()
    over = snap(page)
    assert over["view"]["history"][-1]["action"] == "close K9"
    assert over["view"]["scores"][0] > 0
    # the tile that closed is said (a QA pass found it only in the history)
    # … and that the atu made the close (T7)
    assert page.locator("#scores-end").inner_text().startswith(
        "Tu ai închis cu atuul (T7), aruncând 9 negru")
    # T8: Tablă has no closing bonus; its "closing" column is a joker close's ×2, so named
    titles = page.evaluate("""async () => { const s = structuredClone(window.remiGame.snap);
        s.view.breakdown[0].closing = s.view.breakdown[0].laid;   // as if closed with a joker
        (await import('./web/game/render.js')).renderScores(s);
        return [...document.querySelectorAll('#scores th')].map(th => th.title); }""")
    assert "Închis cu joker ×2 (T8)" in titles and "Închidere (E13)" not in titles, titles


def test_tabla_the_first_player_closes_on_the_first_turn(page, site_url):
    """T6: the first player's 15 tiles may close at once; the hint does not say "discard only"
    then, and Închide closes the round."""
    log = atu_close_log()
    log["match_id"] = "firstclose01"
    deal = log["rounds"][0]
    deal["first"] = 0
    deal["hands"][0].append("R7")                  # the atu R7 joins the rack: 15 that close
    deal["stock"].append(deal["hands"][1].pop())   # seat 1 is not first: 14
    deal["atu"] = deal["stock"].pop(0)
    save_before_load(page, log)
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "firstclose01" and "close K9" in state["legal"], state["legal"]
    # the hint says a close is there (a QA pass: a newcomer saw only the enabled button)
    assert page.locator("#turn-info").inner_text() == \
        "Rândul tău · Poți închide (T6): alege o piesă marcată și apasă Închide."
    click_tile(page, "K9")
    page.get_by_test_id("act-close").click()
    page.get_by_test_id("scores").wait_for()
    assert snap(page)["view"]["closer"] == 0


def take_to_open_log() -> dict:
    """A saved 3-seat Etalat match where the human (seat 0, unopened) may take the strip's
    top Y10 only to open with it (E5 case A): Y5–Y9 on the rack, and K10 R10 B10, K2 K3 K4."""
    hands = [
        "Y5 Y6 Y7 Y8 Y9 K10 R10 B10 B6 B9 J K2 K3 K4".split(),
        "B5 J B7 B8 K12 R12 Y12 R1 R2 R3 K11 K4 R4 B6 R1".split(),
        "K6 Y13 Y10 R6 K10 R11 B12 B4 R13 R9 R3 Y12 R5 Y11".split(),
    ]
    stock = ("B13 K8 R13 Y1 K7 R9 B2 R11 B11 R8 Y3 B4 Y2 B11 Y2 K9 Y4 B2 Y4 R4 K1 B8 K6 Y8 K5 "
             "Y1 Y10 B1 B7 B3 K9 R2 R8 K13 R7 K1 B10 B3 B5 Y6 Y7 Y3 R7 R5 K3 B1 K13 Y5 K12 B13 "
             "R10 K2 K7 K11 B12 K5 R6 Y13 R12 Y11 B9 K8").split()
    actions = ["discard R1", "draw", "discard K6", "draw", "discard K8", "draw",
               "open B5 J B7 B8 | K12 R12 Y12", "discard R2", "draw", "discard Y10"]
    return saved_match("taketoopen01", "etalat", "Y9", hands, stock, actions, seed="take-to-open")


def test_a_formation_being_composed_shows_as_it_will_be_laid(page, site_url):
    """A QA pass: a run composed as 11, joker, 13 showed as "11 · 13 · joker", which reads as
    no run. The opening being composed shows each formation as the engine will lay it (C5):
    a run low to high with its joker at the place it stands for; tiles that make none, in
    number order."""
    save_before_load(page, take_to_open_log())   # Y5–Y9 K10 R10 B10 B6 B9 J K2 K3 K4
    open_game(page, site_url)
    wait_turn(page)
    draw_by_key(page)
    for count, tiles in enumerate((["J", "Y7", "Y5"], ["B9", "K4", "B6"]), start=1):
        for name in tiles:
            click_tile(page, name)
        page.get_by_test_id("act-add").click()
        page.wait_for_function("n => document.querySelectorAll('#draft .draft-group').length"
                               " === n && !window.remiGame.busy", arg=count)
    expected = [["Y5", "J", "Y7"], ["K4", "B6", "B9"]]
    shown = ("() => [...document.querySelectorAll('#draft .draft-group')].map((g) =>"
             " [...g.querySelectorAll('.tile')].map((t) => t.dataset.tile))")
    with contextlib.suppress(PlaywrightTimeout):       # the engine's order comes a moment later
        page.wait_for_function(f"(want) => JSON.stringify(({shown})()) === want",
                               arg=json.dumps(expected, separators=(",", ":")), timeout=5_000)
    assert page.evaluate(shown) == expected
    # each a named group to a screen reader (QA 40: one flat list of tiles)
    assert page.locator("#draft .draft-group").evaluate_all(
        "gs => gs.map((g) => [g.getAttribute('role'), g.getAttribute('aria-label')])") == [
        ["group", "Formația 1 a etalării: 5 galben, joker, 7 galben"],
        ["group", "Formația 2 a etalării: 4 negru, 6 albastru, 9 albastru"]]
    # E4, C5: what it is worth so far, and the group that is no formation, said as it is
    # composed (QA 39: only Etalează's refusal told either)
    worth = page.locator("#draft .draft-worth")
    page.wait_for_function("() => document.querySelector('#draft .draft-worth')")
    assert worth.inner_text() == "15 din 45 de puncte"
    marks = page.locator("#draft .draft-group").evaluate_all(
        "groups => groups.map((g) => g.classList.contains('not-formation'))")
    assert marks == [False, True]
    assert page.locator("#draft .not-formation").get_attribute("title") == "nu e formație (C5)"
    page.keyboard.press("Backspace")                 # the last group comes back to the rack
    for name in ("K10", "R10", "B10"):
        click_tile(page, name)
    page.get_by_test_id("act-add").click()
    page.wait_for_function("() => document.querySelector('#draft .draft-worth.enough')")
    assert worth.inner_text() == "45 de puncte ✓"
    assert page.locator("#draft .not-formation").count() == 0


def test_a_composed_run_s_joker_stands_at_its_high_end_wherever_it_sits_on_the_rack(page, site_url):
    """QA 40: a joker left of Y10 Y11 on the rack was named first, so the composed run had it
    at its low end (9): 40 points where the engine's own opening, the joker as 12, had 45,
    and Etalează was refused (E4). A joker that fills no gap stands at the high end."""
    save_before_load(page, take_to_open_log())   # Y5–Y9 K10 R10 B10 B6 B9 J K2 K3 K4
    open_game(page, site_url)
    wait_turn(page)
    draw_by_key(page)
    tiles = page.locator("[data-testid=rack] [data-testid=tile]")
    drag(page, page.locator('[data-testid=rack] [data-tile="J"]'), tiles.first, at=0.1)
    assert rack_names(page)[0] == "J"
    for name in ("J", "Y8", "Y9"):
        click_tile(page, name)
    page.get_by_test_id("act-add").click()
    shown = "() => [...document.querySelectorAll('#draft .draft-group .tile')].map((t) => t.dataset.tile)"
    with contextlib.suppress(PlaywrightTimeout):       # the engine's order comes a moment later
        page.wait_for_function(f"() => ({shown})().join() === 'Y8,Y9,J'", timeout=5_000)
    assert page.evaluate(shown) == ["Y8", "Y9", "J"]
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("() => document.querySelector('#draft .draft-worth')?.textContent"
                               " === '20 din 45 de puncte'", timeout=5_000)
    assert page.locator("#draft .draft-worth").inner_text() == "20 din 45 de puncte"  # C6: 5 + 5 + 10 (as 7: 15)


def test_a_take_that_must_open_shows_the_opening_the_engine_allows(page, site_url):
    """E5: after taking the top discard unopened, only an opening with it is legal; the page
    offers to lay that opening out, so a player who took is never stuck."""
    page.add_init_script("if (!localStorage.getItem('remi.save')) localStorage.setItem("
                         f"'remi.save', {json.dumps(json.dumps(take_to_open_log()))});")
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "taketoopen01" and "take" in state["legal"], state["legal"]
    assert page.get_by_test_id("act-show-opening").is_hidden()
    page.locator("[data-testid=strip] .tile.takeable[data-depth='1']").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    state = snap(page)
    assert state["view"]["must_open"] == "E5" and all(a.startswith("open ") for a in state["legal"])
    # said so (a QA pass read "Make formations, then discard", which no discard could follow)
    assert page.locator("#turn-info").inner_text() == (
        "Rândul tău · Ai luat ca să etalezi (E5): etalează în tura asta; apasă Arată"
        " etalarea. De coborât în tura asta: 10 galben")
    page.locator("[data-testid=rack] [data-testid=tile]").first.click()
    assert page.get_by_test_id("act-discard").is_disabled()     # no discard is legal yet
    page.locator("[data-testid=rack] [data-testid=tile]").first.click()
    page.get_by_test_id("act-show-opening").click()
    opening = state["legal"][0]
    draft = page.evaluate("window.remiGame.draft.map(g => g.map(k =>"
                          " window.remiGame.order.find(i => i.key === k).name).join(' '))")
    assert " | ".join(draft) == opening[len("open "):], (draft, opening)
    page.keyboard.press("Enter")        # the opening laid out, Enter opens (a QA pass: it did not)
    page.wait_for_function("window.remiGame.snap.view.opened[0]")
    assert snap(page)["view"]["history"][-1]["action"] == opening


def test_a_rack_that_can_open_is_told_so_and_shown_the_opening(page, site_url):
    """E4: a QA pass saw a newcomer with 65 opening points on the rack keep discarding; only a
    take that had to open showed its opening. After a stock draw too, the hint says the rack
    can open and *Arată etalarea* lays the engine's opening out; once open, the hint goes."""
    save_before_load(page, take_to_open_log())
    open_game(page, site_url)
    wait_turn(page)
    assert "E4" not in page.locator("#turn-info").inner_text()       # draw first
    page.get_by_test_id("stock").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    state = snap(page)
    opening = next(a for a in state["legal"] if a.startswith("open "))
    assert not state["view"]["must_open"]
    assert page.locator("#turn-info").inner_text() == (
        "Rândul tău · Poți etala (E4): apasă Arată etalarea, apoi Etalează.")
    page.get_by_test_id("act-show-opening").click()
    draft = page.evaluate("window.remiGame.draft.map(g => g.map(k =>"
                          " window.remiGame.order.find(i => i.key === k).name).join(' '))")
    assert " | ".join(draft) == opening[len("open "):]
    page.get_by_test_id("act-open").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.opened[0]")
    assert snap(page)["view"]["history"][-1]["action"] == opening
    assert "E4" not in page.locator("#turn-info").inner_text()       # opened: nothing to say
    assert page.get_by_test_id("act-show-opening").is_hidden()


def test_a_whole_opening_selected_at_once_opens(page, site_url):
    """C5, E4: a QA pass selected both formations of its opening at once and pressed
    Etalează; the six tiles went as one formation and C5 refused them. Tiles that make no one
    formation but split wholly into formations are composed as those formations."""
    save_before_load(page, take_to_open_log())
    open_game(page, site_url)
    wait_turn(page)
    page.get_by_test_id("stock").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    # tiles that do not split wholly: C5, and a word on how to add each formation
    for name in "Y5 Y6 Y7 K10 R10 B9".split():
        click_tile(page, name)
    page.get_by_test_id("act-open").click()
    banner = page.get_by_test_id("banner")
    banner.locator(".rule-hint").wait_for()
    assert banner.get_attribute("data-rule") == "C5"
    assert banner.locator(".rule-hint").inner_text() == (
        "Fiecare formație se adaugă separat: alege-i piesele și apasă Formație +.")
    # a language switch says the refusal again, and its hint with it
    page.get_by_test_id("lang").click()
    page.wait_for_function("document.querySelector('[data-testid=banner] .rule-hint')"
                           "?.textContent.startsWith('Add each formation')")
    assert banner.locator(".rule-hint").count() == 1 and banner.get_attribute("data-rule") == "C5"
    page.get_by_test_id("lang").click()
    page.wait_for_function("document.querySelector('[data-testid=banner] .rule-hint')"
                           "?.textContent.startsWith('Fiecare formație')")
    page.get_by_test_id("act-clear").click()
    # the same tiles composed as one by Formație +: C5, and no word of adding each on its own
    # (a QA pass had done just that)
    banner.locator(".banner-close").click()
    for name in "Y5 Y6 Y7 K10 R10 B9".split():
        click_tile(page, name)
    page.get_by_test_id("act-add").click()
    page.get_by_test_id("act-open").click()
    page.wait_for_function("document.querySelector('[data-testid=banner]').dataset.rule === 'C5'"
                           " && !document.querySelector('[data-testid=banner]').hidden")
    assert banner.locator(".rule-hint").count() == 0
    page.get_by_test_id("act-clear").click()
    opening = next(a for a in snap(page)["legal"] if a.startswith("open "))
    tiles = opening[len("open "):].replace("| ", "").split()
    assert len(tiles) >= 6 and opening.count("|") >= 1, opening
    for name in tiles:
        click_tile(page, name)
    page.get_by_test_id("act-open").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.opened[0]",
                           timeout=10_000)
    laid = snap(page)["view"]["history"][-1]["action"]
    assert laid.startswith("open ") and laid.count("|") >= 1, laid
    assert sorted(laid[len("open "):].replace("| ", "").split()) == sorted(tiles)
    assert page.get_by_test_id("banner").is_hidden()


def opened_log() -> dict:
    """take_to_open_log's match after the human (seat 0) took Y10, opened with it and
    discarded B9, and the bots' turns after it (in the log: the position does not hang on how
    the bots play); it is seat 0's turn again, opened, with B6 J K2 K3 K4. On the table:
    formation 1 is B4 B5 J B7 B8 B9 (the joker stands for B6; AI greu attached B4); the
    strip's top two are takeable."""
    log = take_to_open_log()
    log["match_id"] = "opened000001"
    log["rounds"][0]["actions"] += [
        "take", "open Y5 Y6 Y7 Y8 Y9 Y10 | K10 R10 B10", "discard B9",
        "take", "attach B9 to 1", "discard R1",
        "take 2", "open R1 R2 R3 | Y11 Y12 Y13 Y1", "attach B4 to 1", "attach B12 to 2",
        "discard B13"]
    return log


def test_a_joker_that_must_be_laid_is_said_jokerul_in_the_refusal(page, site_url):
    """E9: after a joker is swapped off the table it must be laid this turn; a discard first
    is refused, and the Romanian reason starts "Jokerul trebuie…" (it read "joker trebuie…")."""
    save_before_load(page, opened_log())
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "opened000001" and state["view"]["opened"][0], state["view"]
    before = history_len(page)
    page.get_by_test_id("stock").click()
    wait_change(page, before)
    click_tile(page, "B6")
    before = history_len(page)
    page.locator('[data-testid=formation][data-number="1"]').click()
    wait_change(page, before)
    assert snap(page)["view"]["history"][-1]["action"] == "swap B6 in 1"
    assert snap(page)["view"]["must_lay"] == ["J"]
    click_tile(page, "K2")
    page.keyboard.press("d")                     # (Aruncă is disabled: no discard is listed)
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "E9"
    page.wait_for_function("document.querySelector('#banner .rule-text').textContent"
                           ".startsWith('Jokerul ')")
    assert (banner.locator(".rule-text").inner_text()
            == "Jokerul trebuie să ajungă pe masă în tura asta înainte să arunci")
    page.get_by_test_id("lang").click()          # in English it reads "The joker must…"
    page.wait_for_function("document.querySelector('[data-testid=menu]').textContent === 'Menu'")
    page.keyboard.press("d")                     # K2 is still selected
    page.wait_for_function("document.querySelector('#banner .rule-text').textContent"
                           ".startsWith('The joker ')")
    assert (banner.locator(".rule-text").inner_text()
            == "The joker must be laid this turn before you discard")


def draft_names(page) -> list[list[str]]:
    return page.evaluate("window.remiGame.draft.map(g => g.map(k =>"
                         " window.remiGame.order.find(i => i.key === k).name))")


def test_enter_lays_once_opened_and_no_opening_is_composed_then(page, site_url):
    """Enter after opening lays the selection, as L and Coboară do (it sent `open`, refused
    E4, and left the tiles in an "Etalare în lucru" box, dimmed, that survived Esc and a
    reload); an opening composed before and saved (the defect's leftover) goes at the load."""
    save_before_load(page, opened_log())
    page.add_init_script("if (!localStorage.getItem('remi.rack')) localStorage.setItem('remi.rack',"
                         " JSON.stringify({id: 'opened000001/1', names: ['B6', 'J', 'K2', 'K3', 'K4'],"
                         " draft: [[2, 3, 4]]}));")
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "opened000001" and state["view"]["opened"][0], state["view"]
    assert draft_names(page) == [] and page.get_by_test_id("draft").is_hidden()
    assert json.loads(page.evaluate("localStorage.getItem('remi.rack')"))["draft"] == []
    draw_by_key(page)
    for name in ("K2", "K3", "K4"):
        click_tile(page, name)
    before = history_len(page)
    page.keyboard.press("Enter")
    wait_change(page, before)
    assert snap(page)["view"]["history"][-1]["action"] == "lay K2 K3 K4"
    assert draft_names(page) == [] and page.get_by_test_id("draft").is_hidden()
    assert page.get_by_test_id("banner").is_hidden()


def test_enter_in_tabla_composes_nothing(page, site_url):
    """Tablă lays nothing (T1): Enter with tiles selected sends nothing and composes no
    opening (it sent `open`, refused T1, and left the tiles in a stuck composed opening)."""
    save_before_load(page, atu_close_log())
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "atuclose0001"
    draw_by_key(page)
    for name in ("K1", "K2", "K3"):
        click_tile(page, name)
    before = history_len(page)
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    assert draft_names(page) == [] and page.get_by_test_id("draft").is_hidden()
    assert page.get_by_test_id("banner").is_hidden() and history_len(page) == before
    assert page.locator("[data-testid=rack] .tile.selected").count() == 3


def test_a_refused_opening_stays_composed_until_esc(page, site_url):
    """Before opening, Enter opens the selection; refused (E4: 15 points), the formation
    stays composed to be mended, and Esc takes it apart after the banner and the selection
    (it stayed until Backspace or Anulează)."""
    save_before_load(page, take_to_open_log())
    open_game(page, site_url)
    wait_turn(page)
    draw_by_key(page)
    for name in ("K2", "K3", "K4"):
        click_tile(page, name)
    page.keyboard.press("Enter")
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "E4"
    assert draft_names(page) == [["K2", "K3", "K4"]]
    page.keyboard.press("Escape")                # the banner first
    banner.wait_for(state="hidden")
    assert draft_names(page) == [["K2", "K3", "K4"]]
    click_tile(page, "B6")
    page.keyboard.press("Escape")                # then the selection
    assert page.locator("[data-testid=rack] .tile.selected").count() == 0
    assert draft_names(page) == [["K2", "K3", "K4"]]
    page.keyboard.press("Escape")                # then the opening being composed
    assert draft_names(page) == [] and page.get_by_test_id("draft").is_hidden()
    assert page.locator("[data-testid=rack] .tile.in-draft").count() == 0
    assert json.loads(page.evaluate("localStorage.getItem('remi.rack')"))["draft"] == []


def rack_by_keys(page) -> None:
    """The rack focused as a keyboard player has it: a key pressed there (its cursor shows,
    so D and C may throw the cursor's tile; after a click they ask for a tile)."""
    page.get_by_test_id("rack").focus()
    page.keyboard.press("ArrowRight")


def test_a_new_deal_s_rack_cursor_is_at_its_first_tile(page, site_url):
    """A QA pass by keys: a rematch's rack had its cursor on the second tile, where the last
    match's had been. A new game, round or table starts at the first tile."""
    open_game(page, site_url)
    wait_turn(page)
    rack_by_keys(page)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("window.remiGame.cursor") == 2
    new_game_via_dialog(page, "tabla", 2, ["easy"])
    wait_turn(page)
    rack_by_keys(page)                     # the rack's first key shows the cursor, one step on
    assert page.evaluate("window.remiGame.cursor") == 1
    assert page.locator("[data-testid=rack] [data-testid=tile]").nth(1).evaluate(
        "(tile) => tile.classList.contains('cursor')")


def draw_if_legal(page, state: dict) -> None:
    """Draw from the stock by a click, unless this is the first player's discard-only turn."""
    if "draw" in state["legal"]:
        before = history_len(page)
        page.get_by_test_id("stock").click()
        wait_change(page, before)


def test_a_refusal_on_show_is_said_in_the_language_switched_to(page, site_url):
    """A QA pass switched to English with a refusal on show and lost its reason (the banner
    went): the engine's refusal is said again in the other language, and back."""
    save_before_load(page, take_to_open_log())         # the human's turn, before its draw
    open_game(page, site_url)
    wait_turn(page)
    page.get_by_test_id("lang").focus()                 # D, no cursor in sight: a note asks
    page.keyboard.press("d")                            # for a tile
    page.get_by_test_id("toast").wait_for()
    rack_by_keys(page)
    page.keyboard.press("d")                            # a discard before the draw: E2
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    # the note on the last try goes with the refusal (a QA pass read both, one over the other)
    assert page.get_by_test_id("toast").is_hidden()
    said = ("(want) => { const b = document.querySelector('[data-testid=banner]');"
            " return !b.hidden && b.querySelector('.rule-text').textContent === want"
            " && !b.querySelector('.rule-text').hidden; }")
    page.wait_for_function(said, arg="Trage întâi: din teanc sau din șir")
    for text, heading in (("Draw first: from the stock or the strip", "Move refused — E2"),
                          ("Trage întâi: din teanc sau din șir", "Mutare refuzată — E2")):
        page.get_by_test_id("lang").click()
        page.wait_for_function(said, arg=text)
        assert banner.locator("strong").inner_text() == heading
        assert banner.get_attribute("data-rule") == "E2"


def test_discard_by_click_needs_a_selected_tile_the_d_key_uses_the_cursor(page, site_url):
    """Aruncă clicked with nothing selected asks for a tile (it had thrown the rack's first
    away), and so it does with two selected (it was greyed out, with no word why: a QA
    pass); the keyboard's D discards the tile under the cursor."""
    open_game(page, site_url)
    state = wait_turn(page)
    draw_if_legal(page, state)
    before = history_len(page)
    asked = "document.getElementById('toast').textContent.includes('alege o singură piesă')"
    for tile in (0, 1):
        page.locator("[data-testid=rack] [data-testid=tile]").nth(tile).click()
    page.get_by_test_id("act-discard").click()
    page.wait_for_function(asked)
    assert history_len(page) == before and snap(page)["view"]["phase"] == "play"
    page.get_by_test_id("act-clear").click()
    page.evaluate("document.getElementById('toast').textContent = ''")
    page.get_by_test_id("act-discard").click()
    page.wait_for_function(asked)
    assert history_len(page) == before and snap(page)["view"]["phase"] == "play"
    rack_by_keys(page)
    under = page.evaluate("window.remiGame.order[window.remiGame.cursor].name")
    page.keyboard.press("d")
    wait_change(page, before)
    assert snap(page)["view"]["history"][before]["action"] == f"discard {under}"
    # the note about the turn's discard goes with the turn (a QA pass saw it still shown
    # after the bots' moves, at its next turn)
    assert page.get_by_test_id("toast").is_hidden()


def test_the_cursor_is_drawn_after_a_key_not_after_a_click(page, site_url):
    """A click that leaves the focus in the rack (a tile; the stock, which the draw took
    away) draws no keyboard cursor, and D then throws nothing it did not show; the first key
    draws the cursor, and D throws its tile."""
    open_game(page, site_url)
    state = wait_turn(page)
    outlined = """() => [...document.querySelectorAll('[data-testid=rack] .tile')]
        .filter(t => getComputedStyle(t).outlineStyle === 'dashed').map(t => t.dataset.tile)"""
    in_rack = "document.getElementById('rack-tiles').contains(document.activeElement)"
    if "draw" in state["legal"]:
        before = history_len(page)
        page.get_by_test_id("stock").click()
        wait_change(page, before)
        assert page.evaluate(in_rack) and page.evaluate(outlined) == []
    tile = page.locator("[data-testid=rack] [data-testid=tile]").nth(2)
    name = tile.get_attribute("data-tile")
    tile.click()
    tile.click()                               # selected, then not: nothing is selected
    assert page.evaluate(in_rack) and page.evaluate(outlined) == []
    before = history_len(page)
    page.keyboard.press("d")
    page.wait_for_function("document.getElementById('toast').textContent.includes('alege')")
    assert history_len(page) == before
    assert page.evaluate(outlined) == [name]   # the key showed it, on the tile clicked last
    page.keyboard.press("d")
    wait_change(page, before)
    assert snap(page)["view"]["history"][before]["action"] == f"discard {name}"


def twin_rack_log() -> dict:
    """A saved 3-seat Etalat match whose human (seat 0, third to play) holds R7 twice: the
    first and the sixth tile of its rack."""
    import random
    hand = "R7 K2 Y4 B9 K11 R7 Y12 B3 K5 R10 Y1 B13 K8 Y6".split()
    rest = [f"{c}{n}" for c in "KRYB" for n in range(1, 14)] * 2 + ["J", "J"]
    for tile in [*hand, "K9"]:
        rest.remove(tile)
    random.Random(5).shuffle(rest)
    return saved_match("twinrack0001", "etalat", "K9", [hand, rest[:15], rest[15:29]], rest[29:],
                       [], seed="twin")


@pytest.mark.parametrize("deal", ["random", "twin"])
def test_the_cursor_stays_on_its_tile_when_a_tile_left_of_it_goes(page, site_url, deal):
    """A discard (or laying) of a tile left of the cursor leaves the cursor on its own tile
    (it kept its place in the rack and so landed on the next tile) — the cursor's tile the
    twin of the tile thrown too: the copy chosen is the one that goes (the flakiness audit of
    QA 40: the page kept the first copy by name, and the cursor's went)."""
    if deal == "twin":
        save_before_load(page, twin_rack_log())
    open_game(page, site_url)
    state = wait_turn(page)
    draw_if_legal(page, state)
    page.locator("[data-testid=rack] .tile").first.click()     # selects it, the cursor there
    first = page.evaluate("window.remiGame.order[0].name")
    page.get_by_test_id("rack").focus()
    for _ in range(5):                                         # to a tile mid-rack
        page.keyboard.press("ArrowRight")
    assert deal == "random" or page.evaluate("window.remiGame.order[window.remiGame.cursor].name") == first
    key = page.evaluate("window.remiGame.order[window.remiGame.cursor].key")
    before = history_len(page)
    page.keyboard.press("d")                                   # throws the selected first tile
    wait_change(page, before)
    assert snap(page)["view"]["history"][before]["action"] == f"discard {first}"
    assert page.evaluate("window.remiGame.order[window.remiGame.cursor].key") == key


def test_home_and_end_take_the_rack_s_cursor_to_its_ends(page, site_url):
    """The rack is a toolbar: Home and End go to its first and last tile (a QA pass stepped
    along 15 tiles with the arrows); the page's own Home and End are left alone elsewhere."""
    open_game(page, site_url)
    wait_turn(page)
    rack_by_keys(page)
    cursor = "window.remiGame.cursor"
    page.keyboard.press("End")
    assert page.evaluate(cursor) == page.evaluate("window.remiGame.order.length") - 1
    assert page.locator("#rack-tiles .tile.cursor").get_attribute("data-key") == page.evaluate(
        "window.remiGame.order.at(-1).key")
    page.keyboard.press("Home")
    assert page.evaluate(cursor) == 0
    page.get_by_test_id("menu").focus()            # not on the rack: the key is not the game's
    page.keyboard.press("End")
    assert page.evaluate(cursor) == 0


def test_d_and_c_with_no_cursor_in_sight_ask_for_a_tile_and_sorting_keeps_the_cursor_tile(
        page, site_url):
    """With nothing selected D and C take the cursor's tile only while it is drawn (the rack
    has the focus): after a reload, with no focus, they threw the rack's first tile, unseen.
    G / N / R keep the cursor on its tile (it kept its place and so moved to another)."""
    save_before_load(page, atu_close_log())
    open_game(page, site_url)
    wait_turn(page)
    page.get_by_test_id("stock").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
    wait_turn(page)
    page.mouse.click(3, 300)                       # the "resumed" note goes (the felt: no focus)
    assert page.evaluate("document.activeElement === document.body")
    assert page.locator("[data-testid=rack] .tile.cursor").count() == 0
    before = history_len(page)
    for key, word in (("d", "Aruncă"), ("c", "Închide")):
        page.keyboard.press(key)
        page.wait_for_function("w => { const t = document.getElementById('toast'); return !t.hidden"
                               " && t.textContent.startsWith(w)"
                               " && t.textContent.includes('alege o singură piesă'); }", arg=word)
        page.wait_for_timeout(300)
        assert history_len(page) == before and page.get_by_test_id("banner").is_hidden()
    # the cursor on a tile that sorting by number moves; each sort keeps it on that tile
    page.get_by_test_id("rack").focus()
    moved = page.evaluate("""async () => { const S = window.remiGame;
        const { byNumber } = await import('./web/game/tiles.js');
        const sorted = [...S.order].sort((a, b) => byNumber(a.name, b.name));
        return S.order.findIndex((item, i) => sorted[i] !== item); }""")
    assert moved >= 0
    for _ in range(20):
        page.keyboard.press("ArrowLeft")
    for _ in range(moved):
        page.keyboard.press("ArrowRight")
    key = page.evaluate("window.remiGame.order[window.remiGame.cursor].key")
    for sort in ("n", "g", "r"):
        page.keyboard.press(sort)
        page.wait_for_function("k => document.querySelector('[data-testid=rack] .tile.cursor')"
                               "?.dataset.key === k", arg=key, timeout=5_000)
    cursor_tile = page.evaluate("window.remiGame.order[window.remiGame.cursor].name")
    page.keyboard.press("d")                       # shown now: D throws the cursor's tile
    wait_change(page, before)
    assert snap(page)["view"]["history"][before]["action"] == f"discard {cursor_tile}"


def test_an_illegal_move_is_explained_with_its_rule_and_changes_nothing(page, site_url):
    open_game(page, site_url)
    state = wait_turn(page)
    rack = rack_names(page)
    saved = page.evaluate("localStorage.getItem('remi.save')")
    if "draw" in state["legal"]:
        rack_by_keys(page)
        page.keyboard.press("d")               # discard before drawing: E2
    else:                                      # the first player's first turn: E3
        for name in rack[:3]:
            click_tile(page, name)
        page.get_by_test_id("act-add").click()
        assert "Prima mutare: doar arunci o piesă (E2)." in page.locator("#turn-info").inner_text()
        # greyed, Etalează says why (QA 41b: it said nothing)
        assert page.get_by_test_id("act-open").is_disabled()
        assert page.get_by_test_id("act-open").get_attribute("title") == (
            "Prima mutare: doar arunci o piesă (E2).")
        open_by_enter(page)                    # refused all the same
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    text = banner.inner_text()
    assert RULE_ID.search(text), text
    assert banner.get_attribute("data-rule")
    # Romanian page: the rule's Romanian name, and the engine's reason in Romanian
    # (remi/messages_ro.py), e.g. E2 "Trage întâi: din teanc sau din șir"
    assert banner.locator(".rule-name").inner_text()
    reason = banner.locator(".rule-text")
    reason.wait_for()
    assert not re.search(r"\b(the|you|your|first|draw)\b", reason.inner_text()), reason.inner_text()
    if "draw" in state["legal"]:
        assert reason.inner_text() == "Trage întâi: din teanc sau din șir"   # a sentence
        # English: the reason is said once, without its rule id (the title has it)
        page.get_by_test_id("lang").click()
        rack_by_keys(page)
        page.keyboard.press("d")
        banner.wait_for()
        assert reason.inner_text() == "Draw first: from the stock or the strip"
        assert banner.inner_text().count("E2") == 1
        page.get_by_test_id("lang").click()
        rack_by_keys(page)
        page.keyboard.press("d")
        banner.wait_for()
    # a tile named by the engine's text is said in words (the codes use English letters)
    tile_words = "async (text) => (await import('./web/i18n.js')).tileWords(text)"
    said = page.evaluate(tile_words, "E5: you may take Y8 only to use it; not J or B13 (E4)")
    assert said == "E5: you may take 8 galben only to use it; not joker or 13 albastru (E4)"
    # a list of tiles with commas (a QA pass read "2 roșu 12 galben 4 roșu" as one jumble)
    said = page.evaluate(tile_words, "C5: a run is one colour in consecutive numbers: R2 Y12 J")
    assert said == "C5: a run is one colour in consecutive numbers: 2 roșu, 12 galben, joker"
    said = page.evaluate("async () => (await import('./web/i18n.js'))"
                         ".describe({ action: 'open Y7 Y5 Y6 | K10 R10 J | B12 B13 B1' }, 'AI greu', false, 'etalat')")
    assert said == "AI greu a etalat: 5–7 galben · 10 negru, roșu, joker · 12 13 1 albastru"
    said = page.evaluate("""async () => { const i18n = await import('./web/i18n.js');
        const lay = 'lay J R12 R13 | J J B1 | K3 J K5';
        const said = [i18n.describe({ action: lay }, 'Tu', true, 'etalat')]; i18n.setLang('en');
        said.push(i18n.describe({ action: lay }, 'You', true, 'etalat')); i18n.setLang('ro');
        return said; }""")
    assert said == [   # a joker in a run is said as the number its place stands for
        "Tu ai coborât 11–13 roșu (jokerul: 11) · 12–1 albastru (jokerii: 12, 13)"
        " · 3–5 negru (jokerul: 4)",
        "You laid red 11–13 (the joker as 11) · blue 12–1 (the jokers as 12, 13)"
        " · black 3–5 (the joker as 4)"], said
    # the history entry's formations, as laid, say where a joker is (the action's order is
    # the player's); a host's junk there leaves the action's words
    said = page.evaluate("""async () => { const i18n = await import('./web/i18n.js');
        return [i18n.describe({ action: 'open J B11 B13 | R11 R12 J R1',
                                formations: [['B11', 'J', 'B13'], ['R11', 'R12', 'J', 'R1']] },
                              'Tu', true, 'etalat'),
                i18n.describe({ action: 'lay Y9 Y7 Y8', formations: [[{}]] }, 'Tu', true, 'etalat')]; }""")
    assert said == ["Tu ai etalat: 11–13 albastru (jokerul: 12) · 11–1 roșu (jokerul: 13)",
                    "Tu ai coborât 7–9 galben"], said
    said = page.evaluate("async () => (await import('./web/i18n.js'))"
                         ".describe({ action: 'draw', rule: 'E12' }, 'AI greu', false, 'etalat')")
    assert said == "AI greu a tras atuul, ultima piesă a teancului"     # E12: the history says it
    said = page.evaluate("""async () => { const i18n = await import('./web/i18n.js');
        return [['R12', 'R13'], [], [{}]].map((tiles) => i18n.describe(
            { action: 'rolled back', auto: true, tiles }, 'AI greu', false, 'etalat')); }""")
    assert said == ["AI greu a pus la loc ce a luat: 12 roșu, 13 roșu",     # C8: what went back
                    "AI greu a pus la loc ce a luat", "AI greu a pus la loc ce a luat"], said
    said = page.evaluate("""async () => { const i18n = await import('./web/i18n.js');
        i18n.setLang('en');
        const said = i18n.describe({ action: 'take', tiles: ['Y13'] }, 'Ana', false, 'tabla');
        i18n.setLang('ro');
        return said; }""")
    assert said == "Ana took yellow 13 from their row"      # a person, not "its" (a QA pass)
    composing = "draw" not in state["legal"]     # the E3 try left an opening being composed
    page.keyboard.press("Escape")                # the banner goes; the opening stays
    banner.wait_for(state="hidden")
    assert page.evaluate("window.remi.state.draft.length") == (1 if composing else 0)
    page.keyboard.press("Backspace")             # the opening's last formation comes back
    assert page.evaluate("window.remi.state.draft.length") == 0
    page.keyboard.press("1")                     # a formation's number with no tile chosen
    page.wait_for_function("document.getElementById('toast').textContent.includes('numărul formației')")
    page.keyboard.press("c")                     # Tablă's close and atu keys: nothing in Etalat
    page.keyboard.press("a")
    page.wait_for_timeout(300)
    assert banner.is_hidden()
    if "draw" in state["legal"]:                 # a strip tile no one may take says why
        roles = page.locator("[data-testid=strip] [data-testid=tile]").evaluate_all(
            "tiles => tiles.map(t => t.getAttribute('role'))")
        assert roles and set(roles) <= {"img", "button"}, roles   # named for screen readers
        page.locator("[data-testid=strip] [data-testid=tile]").first.click()
        banner.wait_for()
        assert banner.get_attribute("data-rule") in ("E1", "E3"), banner.inner_text()
        page.keyboard.press("Escape")
    assert rack_names(page) == rack
    assert page.evaluate("localStorage.getItem('remi.save')") == saved
    assert snap(page)["view"]["history"] == state["view"]["history"]


def clasic_log(match_id: str, actions: list) -> dict:
    """take_to_open_log's deal at a table with the clasic preset, after `actions`."""
    log = take_to_open_log()
    log["match_id"] = match_id
    log["options"]["preset"] = "clasic"
    log["rounds"][0]["actions"] = actions
    return log


def save_before_load(page, log: dict) -> None:
    page.add_init_script("if (!localStorage.getItem('remi.save')) localStorage.setItem("
                         f"'remi.save', {json.dumps(json.dumps(log))});")


def test_a_strip_tile_dragged_to_the_rack_when_no_take_is_legal_says_why(page, site_url):
    """QA 39b: a tile that may not be taken starts no drag, and let go on the rack it said
    nothing, where a click on it names the rule. Now the drop answers as the click does."""
    open_game(page, site_url)
    state = wait_turn(page)
    if "draw" not in state["legal"]:           # the first player's first turn: a discard (E2)
        rack_by_keys(page)
        page.keyboard.press("d")
        state = wait_turn(page)
    draw_by_key(page)
    before = snap(page)["view"]["history"]
    tile = page.locator("[data-testid=strip] [data-testid=tile]").last
    assert tile.get_attribute("data-drag") is None
    drag(page, tile, page.get_by_test_id("rack"))
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "E2"
    assert snap(page)["view"]["history"] == before and snap(page)["view"]["phase"] == "play"


def test_a_clasic_refusal_is_headed_by_the_clasic_rule(page, site_url, tmp_path):
    """E4 at a clasic table: the banner's heading is the clasic opening (a run or three
    groups), as its text is, in both languages; E6 and E10 are named by their clasic reading
    too, the platform names stay."""
    save_before_load(page, clasic_log("clasicopen01", take_to_open_log()["rounds"][0]["actions"]))
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "clasicopen01" and state["view"]["options"]["preset"] == "clasic"
    page.locator("#stock").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    banner = page.get_by_test_id("banner")
    for lang, name, reason in (
            ("ro", "Etalarea: 45 de puncte, cu o suită sau trei grupuri", "trei grupuri"),
            ("en", "Opening: 45 points, with a run or three groups", "three groups")):
        if lang == "en":
            page.get_by_test_id("lang").click()
            banner.wait_for(state="hidden")
        for name_ in ("K2", "K3", "K4"):         # a run of 15 opening points: E4
            click_tile(page, name_)
        page.get_by_test_id("act-add").click()
        page.get_by_test_id("act-open").click()
        banner.wait_for()
        assert banner.get_attribute("data-rule") == "E4"
        assert banner.locator(".rule-name").inner_text() == f" · {name}"
        page.wait_for_function("document.querySelector('#banner .rule-text').textContent"
                               f".includes({json.dumps(reason)})")
        if lang == "ro":
            page.screenshot(path=str(tmp_path / "clasic-e4.png"), animations="disabled")
        page.keyboard.press("Escape")
        banner.wait_for(state="hidden")
        page.keyboard.press("Backspace")         # the composed formation goes back
    assert snap(page)["view"]["opened"][0] is False
    names = page.evaluate("""async () => { const i18n = await import('./web/i18n.js');
        return ['E4', 'E6', 'E10', 'E11'].flatMap(
            (rule) => ['platform', 'clasic'].map((preset) => i18n.ruleName(rule, preset))); }""")
    assert names == ["Opening: 45 points and a run", "Opening: 45 points, with a run or three groups",
                     "Breaking the strip", "Breaking the strip: opened players only",
                     "Joker on the strip", "A joker is never discarded (classic rules)",
                     "Closing", "Closing"], names


def test_a_take_in_the_first_turn_of_the_table_is_named_for_both_refusals(page, site_url):
    """E3 covers a take too (each seat's first turn: nothing laid, nothing taken from the
    strip); the turn's hint says so and Etalează waits for the next turn (Enter still asks the
    engine, which refuses). T9's end says three full turns of the table, not three turns or
    rounds."""
    save_before_load(page, clasic_log("firstturn001", ["discard R1", "draw", "discard K6"]))
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "firstturn001" and state["view"]["strip"] == ["R1", "K6"]
    page.locator("[data-testid=strip] [data-testid=tile][data-depth='1']").click()
    banner = page.get_by_test_id("banner")
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "E3"
    assert (banner.locator(".rule-name").inner_text()
            == " · Primul tur al mesei: nu se coboară, nu se ia din șir")
    page.keyboard.press("Escape")
    draw_by_key(page)
    assert snap(page)["view"]["first_round"]
    assert "Primul tur al mesei: doar arunci o piesă (E3)" in page.locator("#turn-info").inner_text()
    for name in ("K2", "K3", "K4"):             # composing is not refused, opening is
        click_tile(page, name)
    page.get_by_test_id("act-add").click()
    assert page.get_by_test_id("act-open").is_disabled()    # greyed, it says why (QA 41b)
    assert page.get_by_test_id("act-open").get_attribute("title") == (
        "Primul tur al mesei: doar arunci o piesă (E3).")
    open_by_enter(page)
    banner.wait_for()
    assert banner.get_attribute("data-rule") == "E3" and snap(page)["view"]["opened"][0] is False
    page.keyboard.press("Escape")
    before = history_len(page)
    click_tile(page, "Y5")                      # (B9 would let seat 1 take it and close)
    page.get_by_test_id("act-discard").click()
    wait_change(page, before)
    state = wait_turn(page)                     # the table's second turn: opening is possible
    assert not state["view"]["first_round"]
    draw_by_key(page)
    assert page.evaluate("window.remiGame.draft.length") == 0   # it ended with the turn
    for name in ("K2", "K3", "K4"):
        click_tile(page, name)
    assert page.get_by_test_id("act-open").is_enabled()
    assert "Poți etala (E4)" in page.locator("#turn-info").inner_text()   # the rack can open
    ends = page.evaluate("""async () => { const i18n = await import('./web/i18n.js');
        const said = [i18n.t('endNoDraws')]; i18n.setLang('en'); said.push(i18n.t('endNoDraws'),
        i18n.ruleName('E3')); i18n.setLang('ro'); return said; }""")
    assert ends == ["Trei tururi complete ale mesei (fiecare jucător de trei ori) fără tras din teanc.",
                    "Three full turns of the table (every player three times) without a stock draw.",
                    "First turn of the table: nothing laid, nothing taken from the strip"], ends


def help_text(page) -> str:
    page.get_by_test_id("help").click()
    panel = page.get_by_test_id("help-panel")
    panel.wait_for()
    return panel.inner_text()


def shoot_help(page, tmp_path, name: str) -> None:
    """The help's rules, from their heading, then its end."""
    page.evaluate("document.querySelector('#help-body h3').scrollIntoView()")
    page.screenshot(path=str(tmp_path / f"{name}.png"), animations="disabled")
    page.evaluate("document.getElementById('help').scrollTop = 1e6")
    page.screenshot(path=str(tmp_path / f"{name}-end.png"), animations="disabled")


def test_the_help_says_every_scoring_rule_and_what_the_clasic_preset_changes(
        page, phone, site_url, tmp_path):
    """The help's rules in short: tile values (C6), the short rack (E7), the joker swap (E9),
    the atu drawn last (E12), the whole round score (E13) and each clasic difference (E4, E6,
    E10, E11, E13), in both languages; it fits a phone."""
    open_game(page, site_url)
    wait_turn(page)
    text = help_text(page)
    for said in ("C6", "E7", "E9", "E12", "E13", "T7", "T9", "asul 25", "jokerul 50",
                 "cine închide: +50", "neetalat, −100 (clasic: minus rastelul)",
                 "(clasic: fără plafon)", "E6; clasic: doar jucătorii etalați",
                 "E10; clasic: nu se aruncă", "E11; clasic: se poate",
                 "E4; clasic: o suită sau trei grupuri", "doar dintr-unul de 4",
                 "Atuul se trage ultimul", "trei tururi complete ale mesei",
                 "la prima tură doar aruncă (T3)", "primul jucător chiar la prima tură"):
        assert said in text, said
    assert "Neetalat la final" not in text and "trei ture" not in text.lower()
    # what the game is comes first, the keys last (a QA pass: a newcomer met the keys first,
    # and atu, Etalat and Tablă were never explained)
    headings = page.locator("#help-body h3").all_inner_texts()
    assert headings == ["Jocul", "Mutările tale", "Regulile pe scurt", "Taste"], headings
    game = text.split("Mutările tale")[0]
    for said in ("atuul", "Remi Etalat", "Remi pe Tablă", "etalarea", "formații"):
        assert said in game, said
    shoot_help(page, tmp_path, "help-ro")
    page.keyboard.press("Escape")
    page.get_by_test_id("lang").click()
    text = help_text(page)
    for said in ("C6", "E7", "E9", "E12", "E13", "the ace 25", "the closer: +50",
                 "never opened, −100 (classic: minus the rack)", "(classic: no floor)",
                 "E6; classic: opened players only", "E10; classic: never",
                 "E11; classic: you may", "E4; classic: a run or three groups",
                 "only a 4-group's missing colour", "The atu is drawn last",
                 "three full turns of the table", "at most one joker per formation",
                 "only discards on the first turn (T3)", "the first player even on that first turn"):
        assert said in text, said
    assert "three full rounds" not in text and "one joker a formation" not in text
    headings = page.locator("#help-body h3").all_inner_texts()
    assert headings == ["The game", "Your moves", "The rules in short", "Keys"], headings
    shoot_help(page, tmp_path, "help-en")
    open_game(phone, site_url)
    wait_turn(phone)
    help_text(phone)
    box = phone.locator("#help").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    width = phone.evaluate("document.getElementById('help-body').scrollWidth"
                           " - document.getElementById('help-body').clientWidth")
    assert width <= 0, f"the help scrolls sideways by {width}px"
    shoot_help(phone, tmp_path, "help-phone")


def test_the_help_is_written_for_the_table_and_the_device(new_context, site_url):
    """A QA pass on a phone at a Tablă table: the help said "click", named Etalat's buttons,
    put Tablă's rules after Etalat's and ended in a long table of keys. It is written for the
    variant at the table (its moves, its rules first) and the device (tap; keys folded)."""
    page = phone_page(new_context, 390, 844, locale="en-US")
    save_before_load(page, atu_close_log())
    open_game(page, site_url)
    wait_turn(page)
    text = help_text(page)
    moves = text.split("Your moves")[1].split("The rules in short")[0]
    for said in ("your row", "Close", "Take the atu", "⇠", "tap it"):
        assert said in moves, said
    for unsaid in ("Open", "Formation +", "strip", "click"):
        assert unsaid not in moves, unsaid
    rules = text.split("The rules in short")[1]
    assert rules.index("Remi pe Tablă.") < rules.index("Remi Etalat.") < rules.index("The match")
    assert "(C)" not in rules and "(A)" not in rules, "the keys are the keys' table's"
    assert page.locator(".help-keys").evaluate("(keys) => !keys.open")
    assert "move along the rack" not in text                  # the keys' table, folded


def test_the_new_game_and_help_dialogs_are_named_by_their_headings(page, site_url):
    """A screen reader hears each dialog's name: its heading, in the page's language (the
    menu and replay dialogs were named, these two were not)."""
    open_game(page, site_url)
    for lang, new_game, help_title in (("ro", "Joc nou", "Cum se joacă"),
                                       ("en", "New game", "How to play")):
        if lang == "en":
            page.get_by_test_id("lang").click()
        page.get_by_test_id("new-game").click()
        assert page.get_by_role("dialog", name=new_game, exact=True).is_visible()
        page.keyboard.press("Escape")
        page.get_by_test_id("new-game-dialog").wait_for(state="hidden")
        page.get_by_test_id("help").click()
        assert page.get_by_role("dialog", name=help_title, exact=True).is_visible()
        page.keyboard.press("Escape")
        page.get_by_test_id("help-panel").wait_for(state="hidden")


def test_a_dialog_taller_than_the_window_keeps_its_buttons_in_sight(page, site_url):
    """A phone on its side (640×360): the new-game and help dialogs scroll, and their
    Începe and OK were below the fold (a QA pass). The closing buttons stay pinned at the
    dialog's foot, in sight and pressable before any scrolling."""
    page.set_viewport_size({"width": 640, "height": 360})
    open_game(page, site_url)
    state = wait_turn(page)
    in_sight = """(b) => { const d = b.closest('dialog'), r = b.getBoundingClientRect(),
        s = d.getBoundingClientRect(); return d.scrollHeight > d.clientHeight + 50
        && d.scrollTop === 0 && r.top >= s.top && r.bottom <= s.bottom && r.bottom <= innerHeight; }"""
    page.get_by_test_id("help").click()
    assert page.locator("#help .sheet-buttons button").evaluate(in_sight)
    page.locator("#help .sheet-buttons button").click()
    page.get_by_test_id("help-panel").wait_for(state="hidden")
    page.get_by_test_id("new-game").click()
    start = page.get_by_test_id("start-game")
    assert start.evaluate(in_sight)
    # more options below the fold are shown to be there (a QA pass missed them), until seen
    chevron = """() => getComputedStyle(document.querySelector('#new-game form > .sheet-buttons'),
        '::before').opacity"""
    page.wait_for_function(f"({chevron})() === '1'")
    page.locator("#new-game").evaluate("(d) => { d.scrollTop = d.scrollHeight; }")
    page.wait_for_function(f"({chevron})() === '0'")
    start.click()                                  # not covered by the fields scrolling under it
    page.get_by_test_id("new-game-dialog").wait_for(state="hidden")
    page.wait_for_function("m => window.remiGame.snap.match_id !== m", arg=state["match_id"])


def test_the_dialogs_choices_are_in_the_table_s_gold(page, site_url):
    """A QA pass: the new-game dialog's and the menu's radios and checkboxes were the
    browser's blue on the green felt. They take the table's gold."""
    open_game(page, site_url)
    page.get_by_test_id("new-game").click()
    accents = page.locator("#new-game input:is([type=radio], [type=checkbox])").evaluate_all(
        "inputs => [...new Set(inputs.map((i) => getComputedStyle(i).accentColor))]")
    assert accents == ["rgb(242, 193, 78)"]


def test_enter_in_the_new_game_dialog_starts_the_game(page, site_url):
    """Enter in the new-game form submits with Începe, the default button (Renunță, the
    form's first button, had cancelled); Renunță and Esc still cancel."""
    open_game(page, site_url)
    state = wait_turn(page)
    dialog = page.get_by_test_id("new-game-dialog")
    page.get_by_test_id("new-game").click()
    page.get_by_role("button", name="Renunță").click()
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.getElementById('new-game').returnValue") == "cancel"
    page.get_by_test_id("new-game").click()
    dialog.locator("input[name=variant][value=etalat]").check()
    preset = dialog.locator("select[name=preset]")
    assert preset.is_visible()
    # what the preset means is said, and follows the choice (a QA pass: it said nothing)
    note = dialog.get_by_test_id("preset-note")
    preset.select_option("clasic")
    assert note.inner_text().startswith("Clasic: etalare cu o suită sau trei grupuri (E4)")
    preset.select_option("platform")
    assert note.inner_text().startswith("Platformă: etalarea cere o suită (E4)")
    # …and when a target ends the match (C9, T10; a QA pass could not tell)
    target = dialog.locator("select[name=target]")
    target.select_option("1000")
    assert "Ținta 1000: meciul se încheie după runda în care cineva o atinge" in note.inner_text()
    target.select_option("")
    assert "Ținta" not in note.inner_text()
    dialog.locator("input[name=variant][value=etalat]").focus()
    page.keyboard.press("ArrowRight")            # to "Remi pe Tablă", then Enter
    assert dialog.locator("input[name=variant][value=tabla]").is_checked()
    assert preset.is_hidden() and note.is_hidden()   # the preset changes only Etalat's rules
    target.select_option("500")
    assert note.inner_text().startswith("Ținta ±500: meciul se oprește îndată ce cineva ajunge "
                                        "la +500 sau scade la −500") and "(T10)" in note.inner_text()
    target.select_option("")
    assert note.is_hidden()
    dialog.locator("input[name=variant][value=tabla]").focus()
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.getElementById('new-game').returnValue") == "start"
    page.wait_for_function("m => window.remiGame.snap.match_id !== m && !window.remiGame.busy"
                           " && window.remiGame.snap.view.variant === 'tabla'", arg=state["match_id"])
    page.get_by_test_id("new-game").click()      # Esc cancels: the Tablă game stays
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    page.wait_for_timeout(300)
    assert snap(page)["view"]["variant"] == "tabla"


def test_a_bot_whose_step_fails_is_timed_out_and_the_table_goes_on(page, site_url):
    """C8: a failed bot step must not stall the table; the clock's timeout finishes the bot's
    turn (the engine draws if needed and discards), the failure is told, and play goes on."""
    open_game(page, site_url)
    page.evaluate(FAIL_NEXT_BOT_STEP)
    # the player plays until a seat after the timed-out bot has played (that seat may be the
    # player's: stopping at the failure stalled the test in CI)
    for _ in range(80):
        history = snap(page)["view"]["history"]
        at = next((i for i, entry in enumerate(history) if entry["action"] == "timeout"), None)
        if at is not None and any(entry["seat"] != history[at]["seat"] for entry in history[at:]):
            break
        state = wait_turn(page)
        assert state["view"]["phase"] != "over", "the round ended before the timeout showed"
        if state["my_turn"]:
            page.evaluate("a => window.remi.act(a)", plain_move(state["legal"]))
        page.wait_for_timeout(100)
    else:
        raise AssertionError("no seat played after the timed-out bot")
    page.wait_for_function("(window.remiGame.stats.botErrors ?? 0) === 1 && document"
                           ".getElementById('toast').textContent.includes('forced bot failure')")
    seat = history[at]["seat"]
    assert snap(page)["players"][seat]["is_bot"]
    after = at + 1
    while history[after]["seat"] == seat:             # the engine's own draw and discard
        assert history[after].get("auto"), history[after]
        after += 1
    assert history[after - 1]["action"].startswith("discard"), history[at:after]
    assert after < len(history), "the next seat plays after the timed-out bot"
    saved = json.loads(page.evaluate("localStorage.getItem('remi.save')"))
    assert "timeout" in json.dumps(saved), "the timeout is in the saved game"


TOAST_OVER_SEATS = """() => { const toast = document.getElementById('toast').getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid=seat]')].filter((seat) => {
      const r = seat.getBoundingClientRect();
      return r.bottom > toast.top && r.top < toast.bottom && r.right > toast.left && r.left < toast.right;
    }).length; }"""


def test_reload_resumes_mid_turn_with_the_rack_order(page, site_url):
    open_game(page, site_url)
    state = wait_turn(page)
    if "draw" in state["legal"]:
        page.get_by_test_id("stock").click()
        page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    # reorder by dragging the last tile to the front
    tiles = page.locator("[data-testid=rack] [data-testid=tile]")
    last = rack_names(page)[-1]
    drag(page, tiles.last, tiles.first, at=0.2)
    page.wait_for_function("t => document.querySelector('[data-testid=rack] [data-testid=tile]')"
                           ".dataset.tile === t", arg=last)
    # select two tiles with the keyboard (arrows + space)
    page.get_by_test_id("rack").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert page.locator("[data-testid=rack] .tile.selected").count() == 1
    # screen readers follow the cursor: the rack names its tile as the active one
    active = page.get_by_test_id("rack").get_attribute("aria-activedescendant")
    cursor = page.locator(f"#{active}")
    assert "cursor" in cursor.get_attribute("class") and cursor.get_attribute("aria-pressed") == "true"
    assert cursor.get_attribute("aria-label") == page.evaluate(
        "async (n) => (await import('./web/i18n.js')).tileLabel(n)", cursor.get_attribute("data-tile"))
    before = snap(page)
    order = rack_names(page)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
    after = snap(page)
    assert after["match_id"] == before["match_id"]
    assert after["view"]["history"] == before["view"]["history"]
    assert after["view"]["phase"] == "play" and after["my_turn"]
    assert rack_names(page) == order
    # the tile selected is selected still (it was lost to a reload)
    selected = page.locator("[data-testid=rack] .tile.selected")
    assert selected.count() == 1 and selected.get_attribute("data-tile") == order[1]
    assert page.get_by_test_id("toast").is_visible()
    assert page.evaluate(TOAST_OVER_SEATS) == 0, "the 'resumed' note covers a seat"
    # the status line under it gives way (its ends showed on both sides; a QA pass)
    assert page.locator("#status").evaluate("(s) => getComputedStyle(s).opacity") == "0"
    page.mouse.click(3, 300)                               # the player's first click dismisses it
    assert page.get_by_test_id("toast").is_hidden()
    assert page.locator("#status").evaluate("(s) => getComputedStyle(s).opacity") != "0"


def test_a_phone_upright_shows_its_notes_over_the_rack(phone, site_url):
    """A QA pass on a phone: a note ("Discard: choose a tile") came over the top bar, 750 px
    above the button pressed, and covered Meniu and Joc nou. On a phone upright notes sit
    just above the player's place; the bar stays free."""
    open_game(phone, site_url)
    wait_turn(phone)
    phone.reload()
    phone.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
    toast = phone.get_by_test_id("toast")
    toast.wait_for()                                     # the "resumed" note
    t, m = toast.bounding_box(), phone.get_by_test_id("menu").bounding_box()
    rack = phone.locator("#rack").bounding_box()
    assert t["y"] > m["y"] + m["height"], "the note covers the bar"
    assert rack["y"] - 40 <= t["y"] + t["height"] <= rack["y"], (t, rack)
    phone.get_by_test_id("menu").tap(timeout=1_000)      # the note lasts 3.5 s
    phone.get_by_test_id("tab-history").wait_for(timeout=5_000)


def test_a_tap_on_a_greyed_move_says_why(phone, site_url):
    """Touch shows no title, and a greyed Închide told a QA pass nothing: a tap on a greyed
    move says why in a note — Închide its rule (T6), Aruncă what the turn allows now (draw
    first). Nothing is played."""
    open_game(phone, site_url)
    new_game_via_dialog(phone, "tabla", 2, ["easy"])
    state = wait_turn(phone)
    if state["view"]["phase"] != "draw":               # the first turn only discards (T3)
        play_my_turn(phone, 0)
        state = wait_turn(phone)
    assert state["view"]["phase"] == "draw"
    for button, said in (("act-close", "Închizi când toate piesele, în afară de cea aruncată,"
                                       " fac formații (T6)."),
                         ("act-discard", "Rândul tău · Trage din teanc sau ia din rândul tău")):
        assert phone.get_by_test_id(button).is_disabled()
        phone.get_by_test_id(button).tap(force=True)
        phone.wait_for_function("([id, text]) => { const t = document.getElementById(id);"
                                " return !t.hidden && t.textContent.startsWith(text); }",
                                arg=["toast", said], timeout=5_000)
    assert snap(phone)["view"]["history"] == state["view"]["history"]
    # the stock, greyed once drawn (T3), says what the turn wants now (QA 39b: nothing)
    phone.get_by_test_id("stock").tap()
    phone.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    phone.evaluate("async () => (await import('./web/game/messages.js')).hideToast()")
    assert phone.get_by_test_id("stock").is_disabled()
    phone.get_by_test_id("stock").tap(force=True)
    phone.wait_for_function("() => { const t = document.getElementById('toast');"
                            " return !t.hidden && t.textContent.startsWith('Rândul tău · '); }",
                            timeout=5_000)


def test_offline_reload_resumes_through_the_service_worker(page, context, site_url):
    open_game(page, site_url)
    wait_service_worker(page)
    state = wait_turn(page)
    context.set_offline(True)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
    after = wait_turn(page)
    assert after["match_id"] == state["match_id"]
    assert after["view"]["history"][: len(state["view"]["history"])] == state["view"]["history"]
    assert page.evaluate("document.body.dataset.engine") == "worker"


def test_a_phone_takes_from_the_strip_or_its_row_with_a_tile_of_the_rack_s_size(
        new_context, site_url, tmp_path):
    """A QA pass on a phone: the top of one's row, the tile a Tablă turn takes, was 26×35 px
    under a 40 px finger. The strip's top and the own row's, when takeable, are as big as a
    rack's tiles; the rest of the strip and the rows stay small."""
    page = phone_page(new_context, 390, 844)
    save_before_load(page, atu_close_log())    # the own row holds Y13, takeable (T3)
    open_game(page, site_url)
    wait_turn(page)
    rack_tile = page.locator("[data-testid=rack] [data-testid=tile]").first.bounding_box()
    top = page.locator(".tile-row.own .tile.top.takeable").bounding_box()
    assert top["width"] >= rack_tile["width"] - 1 and top["height"] >= 40, (top, rack_tile)
    page.screenshot(path=str(tmp_path / "row-top.png"))
    page.locator(".tile-row.own .tile.top.takeable").tap()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    assert snap(page)["view"]["history"][-1]["action"] == "take"


def test_phone_portrait_layout(phone, site_url, tmp_path):
    page = phone
    open_game(page, site_url)
    wait_turn(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide"
    boxes = page.locator("[data-testid=rack] [data-testid=tile]").evaluate_all(
        "tiles => tiles.map(t => t.getBoundingClientRect().toJSON())")
    assert boxes and all(b["left"] >= 0 and b["right"] <= 390 for b in boxes)
    assert all(b["bottom"] <= 844 for b in boxes), "the rack is below the screen"
    assert min(b["width"] for b in boxes) >= 32, "tiles too small to touch"
    for button in ("act-discard", "stock"):
        box = page.get_by_test_id(button).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator("[data-testid=rack] [data-testid=tile]").nth(2).tap()
    assert page.locator("[data-testid=rack] .tile.selected").count() == 1
    # a finger's targets: every button on the table 40 px tall, the bar's still on one line
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    small = small_targets(page, "button, summary")
    assert not small, f"under 40 px tall: {small}"
    tops = page.locator(".bar-buttons .chip:visible").evaluate_all(
        "chips => chips.map((c) => Math.round(c.getBoundingClientRect().top))")
    assert len(tops) >= 4 and len(set(tops)) == 1, f"the bar's buttons wrap: {tops}"
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("new-game-dialog").wait_for()
    small = small_targets(page, "dialog[open] :is(button, select, label)")
    assert not small, f"under 40 px tall in the new-game dialog: {small}"
    page.keyboard.press("Escape")
    page.get_by_test_id("new-game-dialog").wait_for(state="hidden")
    # seat names fit their cards; Etalat's opened chip is shown in its short word
    heads = page.locator("[data-testid=seat] .seat-head").evaluate_all(
        "heads => heads.map((h) => h.scrollWidth - h.clientWidth)")
    assert max(heads) <= 0, f"a seat's name overflows its card: {heads}"
    if snap(page)["view"]["variant"] == "etalat":
        chip = page.get_by_test_id("opened-chip").first
        assert chip.is_visible() and chip.inner_text() in {"neet.", "etal."}
    page.evaluate("document.activeElement.blur()")   # Escape's focus ring: not a finger's
    page.screenshot(path=str(screenshot_path("phone.png", tmp_path)), animations="disabled")
    page.evaluate("document.getElementById('scores-panel').hidden = false")
    panel = page.locator("#scores-panel .sheet").bounding_box()   # the round-end panel fits
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= 390, panel
    # four seats with every usual column (twin and jokers too) fit without scrolling sideways
    show_scores(page, FOUR_SEATS_OVER)
    wide = page.evaluate("(() => { const box = document.getElementById('scores').parentElement;"
                         " return [box.scrollWidth, box.clientWidth]; })()")
    assert wide[0] <= wide[1], f"the round-end table scrolls sideways: {wide}"
    assert page.locator("#scores thead th[title=Coborâte]").inner_text() == "Cob."
    # the short headers in full under the table: a touch shows no title (a QA pass could not
    # read "Arăt. / Răm. / Gem.")
    legend = page.get_by_test_id("scores-legend")
    assert legend.is_visible() and "Cob. = Coborâte · Răm. = Rămase" in legend.inner_text()
    assert "Gem. = Geamăn atu" in legend.inner_text() and "Runda =" not in legend.inner_text()
    # why the match ended, then who won (a QA pass read only the winner)
    said = page.locator("#scores-end").inner_text()
    assert " · Ținta 1000 e atinsă · Câștigă: AI mediu #3" in said
    assert ". ·" not in said, "a full stop, then a dot (a QA pass)"
    # every button the panel can show (a tournament's four) keeps its words on one line
    heights = page.locator("#scores-panel .sheet-buttons button").evaluate_all(
        "buttons => buttons.map((b) => { b.hidden = false; return b.offsetHeight; })")
    assert len(heights) >= 4 and max(heights) == min(heights), heights
    page.screenshot(path=str(tmp_path / "phone-scores.png"), animations="disabled")


def test_a_phone_shows_a_bot_thinking_clear_of_its_number_and_the_round_end_buttons_in_two_lines(
        phone, site_url):
    """A QA pass, at 390×844: the round-end panel's four buttons left *Joc nou* alone on a
    second line, and a bot's "thinking" dots were drawn over its card's "#3" (four seats).
    The panel's main button has the foot to itself; the dots sit on the card's top edge."""
    page = phone
    close_with_the_atu(page, site_url, "botDelay=2500")
    rows = page.locator("#scores-panel .sheet-buttons button:visible").evaluate_all(
        """buttons => buttons.map((b) => { const r = b.getBoundingClientRect();
            return { id: b.id, top: Math.round(r.top), width: r.width,
                     row: b.parentElement.getBoundingClientRect().width }; })""")
    assert len(rows) == 4, rows
    *others, main = sorted(rows, key=lambda b: b["top"])
    assert main["id"] == "btn-next" and main["width"] >= main["row"] - 1, rows
    assert len({b["top"] for b in others}) == 1 and main["top"] > others[0]["top"], rows
    page.keyboard.press("Escape")                  # the panel aside: the bar's Joc nou
    new_game_via_dialog(page, "etalat", 4, ["expert", "expert", "expert"])   # the longest pill
    state = snap(page)
    if state["my_turn"]:                           # the first to play: a discard, then a bot
        page.evaluate("a => window.remi.act(a)", next(a for a in state["legal"] if a.startswith("discard")))
    page.locator(".thinking").wait_for()
    overlaps = page.evaluate("""() => {
        const dots = document.querySelector('.thinking').getBoundingClientRect();
        const card = document.querySelector('.thinking').closest('.seat');
        return [...card.querySelectorAll('.seat-head > *, .seat-info > *')].filter((part) => {
            const r = part.getBoundingClientRect();
            return r.left < dots.right && dots.left < r.right && r.top < dots.bottom && dots.top < r.bottom;
        }).map((part) => part.textContent); }""")
    assert overlaps == [], f"the dots cover {overlaps}"


def small_targets(page, selector: str) -> list:
    """The visible elements matching `selector` a finger would miss: under 40 px tall."""
    return page.locator(selector).evaluate_all(
        "els => els.filter((e) => e.offsetParent !== null)"
        " .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect().height])"
        " .filter(([, height]) => height < 40)")


def touch_swipe(cdp, start: dict, end: dict, steps: int = 10) -> None:
    """A finger from the centre of box `start` to the centre of box `end` (real touch events)."""
    (x, y), (x2, y2) = ((b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in (start, end))
    send = cdp.send
    send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, steps + 1):
        point = {"x": x + (x2 - x) * i / steps, "y": y + (y2 - y) * i / steps}
        send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def a_phone_s_turn(new_context, site_url, width: int = 375, height: int = 667):
    """A phone's page at its turn, with its CDP session (for real touch events)."""
    page = phone_page(new_context, width, height)
    cdp = page.context.new_cdp_session(page)
    open_game(page, site_url)
    wait_turn(page)
    return page, cdp


def scrolling_board(page):
    """The board, taller than a small phone's window: it scrolls under the rack."""
    board = page.locator("#board")
    assert board.evaluate("b => b.scrollHeight > b.clientHeight + 100"), "nothing to scroll"
    return board


def test_small_phone_a_swipe_from_a_shown_tile_scrolls_and_the_whole_stock_drags(
        new_context, site_url):
    """375×667: the board scrolls under the rack. A swipe that starts on a tile nobody can
    drag (the atu) scrolls it; a drag from the stock's label, not only its tile backs, draws."""
    page, cdp = a_phone_s_turn(new_context, site_url)
    board = scrolling_board(page)
    atu = page.locator("#atu .tile").bounding_box()
    touch_swipe(cdp, atu, {**atu, "y": atu["y"] - 150})
    page.wait_for_function("document.getElementById('board').scrollTop > 50")
    # back to the top, and still there five frames on: the swipe's fling is over (on a busy
    # machine it outlasted one reset and moved the stock from under the next swipe)
    board.evaluate("""b => new Promise((done) => { let still = 0;
        const tick = () => { still = b.scrollTop === 0 ? still + 1 : 0; b.scrollTop = 0;
                             if (still > 5) done(); else requestAnimationFrame(tick); };
        tick(); })""")
    if "draw" not in snap(page)["legal"]:             # the first player's turn is a discard
        play_my_turn(page, 1)
        wait_turn(page)
    tiles = len(rack_names(page))
    before = history_len(page)
    touch_swipe(cdp, page.locator(".stock-label").bounding_box(),
                page.get_by_test_id("rack").bounding_box())
    wait_change(page, before)
    assert len(rack_names(page)) == tiles + 1
    assert snap(page)["view"]["history"][-1]["action"] == "draw"


PILES_IN_SIGHT = """() => { const board = document.getElementById('board').getBoundingClientRect();
    return document.getElementById('piles').getBoundingClientRect().top >= board.top - 1; }"""


def test_a_new_turn_brings_the_stock_back_into_sight(new_context, site_url):
    """A QA pass on a phone: scrolled down to the formations, the stock and the strip stayed
    out of view when the next turn began with a draw. The board scrolls back to them then,
    and only then: within the turn the player's scrolling stays."""
    page = phone_page(new_context, 375, 667)
    open_game(page, site_url, "botDelay=800")
    state = wait_turn(page)
    board = page.locator("#board")
    assert board.evaluate("b => b.scrollHeight > b.clientHeight + 100"), "nothing to scroll"
    if "draw" in state["legal"]:
        before = history_len(page)
        page.get_by_test_id("stock").click()
        wait_change(page, before)
    board.evaluate("b => { b.scrollTop = b.scrollHeight; }")     # within the turn: it stays
    page.wait_for_timeout(300)
    assert not page.evaluate(PILES_IN_SIGHT)
    before = history_len(page)
    click_tile(page, rack_names(page)[0])
    page.get_by_test_id("act-discard").click()
    wait_change(page, before)
    board.evaluate("b => { b.scrollTop = b.scrollHeight; }")     # the bots play meanwhile
    assert not page.evaluate(PILES_IN_SIGHT)
    state = wait_turn(page)
    assert state["view"]["phase"] == "draw"
    page.wait_for_function(PILES_IN_SIGHT, timeout=5_000)


def test_a_new_deal_starts_at_the_top_of_the_board(new_context, site_url):
    """A QA pass on a phone: scrolled down to the score sheet before *Next round*, the new
    deal's atu, stock and rows stayed out of sight (a first turn that only discards brought
    nothing back). A new deal shows the board from its top, the seats included."""
    page = phone_page(new_context, 375, 667)
    close_with_the_atu(page, site_url)
    board = page.locator("#board")
    board.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    assert board.evaluate("b => b.scrollTop") > 100
    assert page.locator("#status").text_content() == "Remi pe Tablă · runda 1"
    page.get_by_test_id("next-round").click()
    wait_turn(page)
    page.wait_for_function("document.getElementById('board').scrollTop === 0", timeout=5_000)
    # the top bar's line follows the deal, on a line of its own under the buttons, and so
    # does the tab's title, which the phone's tab list shows (QA 39: nothing on the page
    # named the game or round; beside the buttons the line had no room and was hidden)
    assert page.locator("#status").inner_text() == "Remi pe Tablă · runda 2"
    status, buttons = (page.locator(css).bounding_box() for css in ("#status", ".bar-buttons"))
    assert status["y"] >= buttons["y"] + buttons["height"] - 1 and status["height"] < 24, status
    assert page.title() == "Remi pe Tablă · runda 2 — Remi"


def test_the_round_end_panel_opens_at_its_top(new_context, site_url):
    """A QA pass on a phone on its side: a round-end panel opened where the last one had been
    scrolled to, its title and the closer's line out of sight."""
    page = phone_page(new_context, 844, 390)
    close_with_the_atu(page, site_url)
    sheet = page.locator("#scores-panel .sheet")
    sheet.evaluate("(s) => { s.scrollTop = s.scrollHeight; }")
    assert sheet.evaluate("(s) => s.scrollTop") > 50, "nothing to scroll"
    page.locator("#btn-aside").click()                # the table, then the scores again
    page.locator("#btn-scores").click()
    page.locator("#scores-panel").wait_for()
    assert sheet.evaluate("(s) => s.scrollTop") == 0


def touch_tap(cdp, box: dict) -> None:
    """A finger's tap at the centre of `box` (real touch events)."""
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def a_phone_after_a_quick_draw(new_context, site_url):
    """A phone's page (and its CDP session) whose turn began with a quick finger's drag from
    the stock onto the rack, the page idle again."""
    page = phone_page(new_context, 390, 844)
    cdp = page.context.new_cdp_session(page)
    open_game(page, site_url)
    if "draw" not in wait_turn(page)["legal"]:          # the first player's turn is a discard
        play_my_turn(page, 1)
        wait_turn(page)
    before = history_len(page)
    touch_swipe(cdp, page.get_by_test_id("stock").bounding_box(),
                page.get_by_test_id("rack").bounding_box())
    wait_change(page, before)
    page.wait_for_function("!window.remiGame.busy")
    return page, cdp


def test_a_tap_right_after_a_drag_selects_the_tile(new_context, site_url):
    """A QA pass on a phone: the tap that chose a tile within about half a second of dragging
    from the stock was lost (Chromium sent the pointer events, no click: the drag had ended in
    a fling, which the tap only stopped). No fling now: the tap selects, a second takes it back."""
    page, cdp = a_phone_after_a_quick_draw(new_context, site_url)
    tile = page.locator("[data-testid=rack] [data-testid=tile]").nth(1)
    touch_tap(cdp, tile.bounding_box())
    page.wait_for_timeout(600)                          # a click, if one came, has come
    assert "selected" in tile.get_attribute("class")
    touch_tap(cdp, tile.bounding_box())
    page.wait_for_timeout(600)
    assert "selected" not in tile.get_attribute("class")


def test_a_tile_chosen_before_the_draw_stays_chosen(page, site_url):
    """A QA pass chose its discard while waiting for its turn: the draw dropped the choice.
    A draw keeps it; the discard then ends it."""
    save_before_load(page, atu_close_log())
    open_game(page, site_url)
    wait_turn(page)
    click_tile(page, "K9")
    page.get_by_test_id("stock").click()
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    chosen = page.locator("[data-testid=rack] .tile.selected")
    assert chosen.count() == 1 and chosen.get_attribute("data-tile") == "K9"
    page.get_by_test_id("act-discard").click()
    page.wait_for_function("window.remiGame.snap.view.history.some((h) => h.action === 'discard K9')")
    assert page.locator("[data-testid=rack] .tile.selected").count() == 0


def test_a_button_tapped_right_after_a_quick_drag_acts(new_context, site_url):
    """A QA pass on a phone: a tap on Arrange within a second of a quick drag from the stock
    was lost — the drag had ended in a fling, and the tap only stopped it (no click). A drag
    that starts on a tile is the page's own: no fling, and the next tap clicks."""
    page, cdp = a_phone_after_a_quick_draw(new_context, site_url)
    arrange = page.get_by_test_id("arrange")
    arrange.evaluate("b => { window.arrangeClicks = 0;"
                     " b.addEventListener('click', () => window.arrangeClicks++); }")
    touch_tap(cdp, arrange.bounding_box())
    page.wait_for_timeout(600)
    assert page.evaluate("window.arrangeClicks") == 1


def finger(cdp, kind: str, x: float = 0, y: float = 0) -> None:
    """One touch event: "touchStart" / "touchMove" at (x, y), or "touchEnd"."""
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def rack_keys(page) -> list[str]:
    return page.locator("[data-testid=rack] [data-testid=tile]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.key)")


def test_a_finger_s_tile_rides_above_it_and_a_caret_shows_where_it_lands(
        new_context, site_url):
    """A QA pass on a phone: the tile a finger dragged hid under the finger, and nothing showed
    where on the rack it would land. The held tile is drawn above the finger, a caret marks its
    place, and the tile lands there."""
    page, cdp = a_phone_s_turn(new_context, site_url, 390, 844)
    keys = rack_keys(page)
    tiles = page.locator("[data-testid=rack] [data-testid=tile]")
    left, right = tiles.nth(3).bounding_box(), tiles.nth(4).bounding_box()
    assert abs(left["y"] - right["y"]) < 2, "tiles 3 and 4 share a line"
    x, y = centre(tiles.nth(0).bounding_box())
    to_x, to_y = right["x"] + right["width"] * 0.3, right["y"] + right["height"] / 2
    finger(cdp, "touchStart", x, y)
    for i in range(1, 11):
        finger(cdp, "touchMove", x + (to_x - x) * i / 10, y + (to_y - y) * i / 10)
    page.wait_for_timeout(100)
    ghost = page.locator(".drag-ghost").bounding_box()
    assert ghost["y"] + ghost["height"] < to_y - 8, "the tile is drawn above the finger"
    assert abs(centre(ghost)[0] - to_x) < 4
    caret = page.locator(".drop-caret").bounding_box()
    assert left["x"] + left["width"] - 2 <= centre(caret)[0] <= right["x"] + 1
    assert caret["y"] <= right["y"] and caret["y"] + caret["height"] >= right["y"] + right["height"]
    finger(cdp, "touchEnd")
    page.wait_for_function("k => [...document.querySelectorAll('[data-testid=rack] [data-testid=tile]')]"
                           ".map(t => t.dataset.key)[0] !== k", arg=keys[0])
    after = rack_keys(page)
    assert after.index(keys[0]) + 1 == after.index(keys[4]), (keys, after)
    assert page.locator(".drop-caret, .drag-ghost").count() == 0


def test_a_tile_held_at_the_board_s_foot_scrolls_it(new_context, site_url):
    """A QA pass on a phone: a formation below the fold could not be reached by dragging (the
    board scrolled only by a swipe first). A rack tile held at the board's foot scrolls it; the
    board stops when the tile moves away from the edge, and no rule is played."""
    page, cdp = a_phone_s_turn(new_context, site_url)
    board = scrolling_board(page)
    before = history_len(page)
    box = board.bounding_box()
    x, y = centre(page.locator("[data-testid=rack] [data-testid=tile]").nth(0).bounding_box())
    finger(cdp, "touchStart", x, y)
    for i in range(1, 11):
        finger(cdp, "touchMove", x, y + (box["y"] + box["height"] - 6 - y) * i / 10)
    page.wait_for_function("document.getElementById('board').scrollTop > 100", timeout=5_000)
    finger(cdp, "touchMove", x, box["y"] + box["height"] / 2)
    page.wait_for_timeout(100)
    held = board.evaluate("b => b.scrollTop")
    page.wait_for_timeout(300)
    assert board.evaluate("b => b.scrollTop") == held
    finger(cdp, "touchEnd")
    page.wait_for_timeout(300)
    assert history_len(page) == before


def test_the_page_speaks_the_browser_s_language_until_the_player_picks_one(
        new_context, site_url):
    """A QA pass: an English-speaking newcomer met a Romanian page. Romanian when the browser
    lists it among its languages, English otherwise; the player's choice wins over both."""
    for locale, stored, expected in (("en-US", None, "en"), ("de-DE", None, "en"),
                                     ("ro-RO", None, "ro"), ("en-US", "ro", "ro"),
                                     ("ro-RO", "en", "en")):
        page = new_context(locale=locale).new_page()
        if stored:
            page.add_init_script(f"localStorage.setItem('remi.lang', '{stored}')")
        open_game(page, site_url)
        assert page.locator("html").get_attribute("lang") == expected, (locale, stored)
        words = {"en": "New game", "ro": "Joc nou"}[expected]
        assert page.get_by_test_id("new-game").inner_text() == words, (locale, stored)
        page.context.close()


def finished_match_log(seed: str) -> dict:
    """A 3-seat Tablă match played by bots to its end (target 1: the first round decides), the
    person at seat 1, as the page saves it."""
    from remi.cli import play_match
    from remi.log import to_json
    from remi.options import Options

    match, _ = play_match("tabla", ["easy", "easy", "hard"], 1, seed, Options(target=1))
    assert match.over
    players = [{"name": "AI ușor", "is_bot": True, "level": "easy"},
               {"name": "Tu", "is_bot": False, "level": None},
               {"name": "AI greu", "is_bot": True, "level": "hard"}]
    return {**to_json(match, players), "seed": seed}


def test_a_finished_match_is_played_again_at_the_same_table(page, site_url):
    """A QA pass: a solo match's end offered only the new-game dialog (the room's host had
    Revanșă). Now Revanșă deals a new match of the same variant, options and seats."""
    log = finished_match_log("again1")
    save_before_load(page, log)
    open_game(page, site_url)
    page.get_by_test_id("scores").wait_for()
    assert snap(page)["match_over"]
    assert page.get_by_test_id("next-round").is_hidden()
    page.get_by_test_id("rematch").click()
    page.wait_for_function("() => { const s = window.remiGame; return !s.busy"
                           f" && s.snap.match_id !== '{log['match_id']}'; }}")
    state = snap(page)
    assert not state["match_over"] and state["round"] == 1
    assert state["view"]["variant"] == "tabla" and state["view"]["options"] == log["options"]
    assert [(p["is_bot"], p["level"]) for p in state["players"]] == [
        (True, "easy"), (False, None), (True, "hard")]
    assert state["view"]["seat"] == 1
    page.locator("#scores-panel").wait_for(state="hidden", timeout=5_000)
    saved = json.loads(page.evaluate("localStorage.getItem('remi.save')"))
    assert saved["match_id"] == state["match_id"]      # the new match is the one kept


def test_english_switch_is_remembered_and_the_clock_plays_for_you(page, site_url):
    """C8: with a (test-shortened) turn clock, a timeout completes the turn and shows it."""
    open_game(page, site_url, "botDelay=0&clockScale=0.05")
    page.get_by_test_id("lang").click()
    assert page.get_by_test_id("new-game").inner_text() == "New game"
    assert page.locator("#status").get_attribute("title").startswith("Ready to play")
    new_game_via_dialog(page, "etalat", 2, ["easy"], timer="30")
    assert page.locator("#status").inner_text() == "Remi Etalat · round 1"
    state = wait_turn(page)
    assert state["view"]["options"]["timer"] == 30
    page.wait_for_function(                   # the tiles and landmarks are named in English
        "() => document.getElementById('rack-tiles').getAttribute('aria-label') === 'Your rack'"
        " && [...document.querySelectorAll('#rack-tiles [data-testid=tile]')]"
        ".every(t => /^((black|red|yellow|blue) \\d+|joker)$/.test(t.getAttribute('aria-label')))")
    page.wait_for_function(
        "() => window.remiGame.snap.view.history.some(h => h.auto && h.seat === 0)",
        timeout=30_000)
    assert page.locator("[data-testid=history] li.auto").count() >= 1
    history = page.get_by_test_id("history").inner_text()
    assert re.search(r"You (drew from the stock|discarded|ran out of time)", history), history
    # and said where the player looks (a QA pass: the history alone said it, under the bots')
    # with the tile the clock discarded (a QA pass: nothing said which)
    page.wait_for_function("document.getElementById('toast').textContent.startsWith("
                           "'Your time ran out (C8): your turn was finished for you, discarding ')",
                           timeout=10_000)
    # the toast and the history read in one go: the clock (1.5 s a turn) may time out again
    toast, said = page.evaluate("""async () => {
        const i18n = await import('./web/i18n.js');
        const last = window.remiGame.snap.view.history.findLast((h) => h.auto && h.seat === 0
            && h.action.startsWith('discard '));
        return [document.getElementById('toast').textContent, i18n.tileLabel(last.action.split(' ')[1])]; }""")
    assert toast.endswith(f"discarding {said}."), (toast, said)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
    assert page.get_by_test_id("new-game").inner_text() == "New game"
    assert page.locator("html").get_attribute("lang") == "en"
    assert snap(page)["view"]["options"]["timer"] == 30


def test_the_language_switch_leaves_nothing_said_in_the_other_language(page, site_url):
    """The live region for screen readers (#announce) held the last moves in Romanian after
    the switch to English (a QA pass); it is emptied, and the next move is said in English."""
    open_game(page, site_url)
    wait_turn(page)
    announce = page.get_by_test_id("announce")
    assert "Rândul tău" in announce.text_content()
    page.get_by_test_id("lang").click()
    assert announce.text_content() == ""
    rack_by_keys(page)
    if "draw" in snap(page)["legal"]:
        before = history_len(page)
        page.keyboard.press("s")
        wait_change(page, before)
        # the player's own move is not said back, only the tile drawn, in English (QA 40)
        drawn = page.evaluate("async () => (await import('./web/i18n.js'))"
                              ".tileLabel(window.remiGame.snap.view.drawn)")
        assert announce.text_content() == f"You drew {drawn}"
    before, heard = history_len(page), announce.text_content()
    page.keyboard.press("d")
    wait_change(page, before)
    page.wait_for_function("""(heard) => { const said = document.getElementById('announce')
        .textContent; return said !== '' && said !== heard; }""", arg=heard)   # not the draw's
    said = announce.text_content()   # the bots' moves after the player's discard: any of
    # them, said in English (a bot may open or lay first: an earlier pattern missed those)
    assert re.match(r"AI \w+( #\d)? (drew|discarded|took|closed|opened|laid|attached|put|"
                    r"broke|asked|ran)\b", said), said


def draw_and_compose(page) -> None:
    """On the player's turn: draw (by key) if not drawn yet, then put the rack's first three
    tiles into the opening being composed (*Formație +*)."""
    state = wait_turn(page)
    if "draw" in state["legal"]:
        page.keyboard.press("s")
        page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
    for name in reversed(rack_names(page)[:3]):
        click_tile(page, name)
    page.get_by_test_id("act-add").click()


def open_by_enter(page) -> None:
    """Enter on the rack: the opening being composed (and the selection) goes to the engine,
    even while Etalează is disabled."""
    page.get_by_test_id("rack").focus()
    page.keyboard.press("Enter")


def draft_rank(names: list[str]):
    """The order tiles that make no formation are shown in while composing: by number (an
    ace after a king), jokers last, then by colour."""
    high = any(n != "J" and int(n[1:]) == 13 for n in names)

    def rank(name: str) -> tuple[int, int]:
        if name == "J":
            return (99, 4)
        number = int(name[1:])
        return (14 if number == 1 and high else number, "KRYB".index(name[0]))
    return rank


def test_the_turn_clock_and_the_composed_opening_survive_a_reload(page, site_url):
    """C8: reloading does not restart the turn clock; an opening being composed is kept."""
    open_game(page, site_url)
    new_game_via_dialog(page, "etalat", 2, ["easy"], timer="60")
    draw_and_compose(page)
    draft = page.evaluate("window.remiGame.draft.map(g => g.map(k =>"
                          " window.remiGame.order.find(i => i.key === k).name))")
    assert len(draft) == 1 and len(draft[0]) == 3
    from remi.bridge import formation
    # as the engine lays it, a joker named last (at a run's high end); no formation: number order
    laid = formation(sorted(draft[0], key=lambda name: name == "J"))
    want = laid or sorted(draft[0], key=draft_rank(draft[0]))
    shown = ("() => [...document.querySelectorAll('#draft .draft-group .tile')]"
             ".map((t) => t.dataset.tile)")
    with contextlib.suppress(PlaywrightTimeout):   # the engine's order comes a moment later
        page.wait_for_function(f"(want) => JSON.stringify(({shown})()) === want",
                               arg=json.dumps(want, separators=(",", ":")), timeout=5_000)
    assert page.evaluate(shown) == want, draft
    draft = page.evaluate("window.remiGame.draft.map(g => g.map(k =>"
                          " window.remiGame.order.find(i => i.key === k).name))")
    page.wait_for_function("parseInt(document.querySelector('.clock').textContent) <= 58",
                           timeout=10_000)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=GAME_READY_MS)
    after = wait_turn(page)
    assert after["view"]["history"] == snap(page)["view"]["history"]
    assert int(page.locator(".clock").inner_text().split()[0]) <= 58
    assert page.evaluate("window.remiGame.draft.map(g => g.map(k =>"
                         " window.remiGame.order.find(i => i.key === k).name))") == draft
    assert page.locator("#draft .draft-group").count() == 1
    # a turn's line is drawn before its clock runs: it shows the turn's whole time, not the
    # last turn's 0 (a QA pass saw "0 s" flash at every turn's start)
    shown = page.evaluate("""async () => {
        const { TurnClock } = await import(new URL("web/game/clock.js", location.href));
        const clock = new TurnClock({ busy: () => false, onExpire: () => {} });
        const span = document.createElement("span");
        span.className = "clock";
        document.body.prepend(span);
        clock.show(60);
        const text = span.textContent;
        span.remove();
        return text; }""")
    assert shown == "60 s"


def test_the_turn_clock_does_not_run_while_the_page_is_closed(page, context, site_url):
    """C8 against bots: a QA pass closed the page on its turn and came back to find the turn
    played by the clock (an ace thrown). The clock keeps its time left across a closed page:
    longer away than the whole clock, the turn is still the player's, with the time it had."""
    query = "botDelay=0&clockScale=0.2"                     # 30 s run out in 6 s
    open_game(page, site_url, query)
    new_game_via_dialog(page, "etalat", 2, ["easy"], timer="30")
    state = wait_turn(page)
    page.wait_for_function("parseInt(document.querySelector('.clock').textContent) <= 27")
    left = int(page.locator(".clock").inner_text().split()[0])
    page.close()
    time.sleep(7)
    again = context.new_page()
    open_game(again, site_url, query)
    after = wait_turn(again)
    assert after["view"]["history"] == state["view"]["history"], "the clock played"
    shown = int(again.locator(".clock").inner_text().split()[0])
    # a clock second is 200 ms: 8 of them (1.6 s) for the close and the reload's own steps;
    # a clock that ran while the page was closed would have spent all 27 and played the turn
    assert left - 8 <= shown <= left, (left, shown)


def test_the_clock_ends_a_composition_and_a_tile_held_meanwhile_is_not_played(page, site_url):
    """C8 rolls back a meld being composed when the clock completes the turn: the page drops
    it too, and a tile still held (dragged) then is put down, not played in the next turn."""
    open_game(page, site_url, "botDelay=0&clockScale=0.2")
    new_game_via_dialog(page, "etalat", 2, ["easy"], timer="30")
    draw_and_compose(page)
    click_tile(page, rack_names(page)[4])
    assert page.locator("#draft .draft-group").count() == 1
    held = page.locator("[data-testid=rack] [data-testid=tile]").nth(5).bounding_box()
    page.mouse.move(held["x"] + held["width"] / 2, held["y"] + held["height"] / 2)
    page.mouse.down()
    page.mouse.move(held["x"] + 30, held["y"] - 60, steps=4)
    moves = len(snap(page)["view"]["history"])
    page.wait_for_function(                   # the clock played for seat 0, then the bot played
        "(n) => { const s = window.remiGame.snap; return s.my_turn && !window.remiGame.busy &&"
        " s.view.history.slice(n).some(h => h.auto && h.seat === 0); }", arg=moves, timeout=30_000)
    assert page.evaluate("window.remiGame.draft.length") == 0
    assert page.evaluate("window.remiGame.selected.size") == 0
    assert page.get_by_test_id("draft").is_hidden()
    moves = len(snap(page)["view"]["history"])
    strip = page.locator("[data-drop=discard]").first.bounding_box()
    page.mouse.move(strip["x"] + strip["width"] / 2, strip["y"] + strip["height"] / 2, steps=4)
    page.mouse.up()
    page.wait_for_timeout(500)
    assert len(snap(page)["view"]["history"]) == moves, "the held tile was not played"
    assert page.get_by_test_id("banner").is_hidden()


def test_keyboard_takes_from_the_strip_with_tab_and_enter(page, site_url):
    """Every strip tile the engine lets you take is reachable by Tab and taken by Enter."""
    open_game(page, site_url)
    new_game_via_dialog(page, "etalat", 2, ["easy"])
    for _ in range(12):
        state = wait_turn(page)
        if state["view"]["phase"] == "over":      # the bot closed first: the next round
            page.get_by_test_id("next-round").click()
            state = wait_turn(page)
        takes = [a for a in state["legal"] if a.startswith("take")]
        if takes:
            break
        if "draw" in state["legal"]:
            page.keyboard.press("s")
            page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'play'")
            state = snap(page)
        discard = next(a for a in state["legal"] if a.startswith("discard"))
        click_tile(page, discard.split()[1])
        before = history_len(page)
        page.keyboard.press("d")
        wait_change(page, before)
    else:
        raise AssertionError("no strip tile became takeable in 12 turns")
    depth = max(1 if a == "take" else int(a.split()[1]) for a in takes)
    tile = page.locator(f"[data-testid=strip] .tile.takeable[data-depth='{depth}']")
    tile.focus()
    before = history_len(page)
    page.keyboard.press("Enter")
    wait_change(page, before)
    last = snap(page)["view"]["history"][-1]
    assert last["seat"] == 0 and last["action"] == ("take" if depth == 1 else f"take {depth}")


SAVE = "localStorage.getItem('remi.save')"


def test_the_score_sheet_and_the_history_fold_by_enter_and_space(page, site_url):
    """Enter and Space on a focused summary fold and unfold its details (Enter was taken as
    "open" and did nothing, Space selected the rack's cursor tile)."""
    open_game(page, site_url)
    state = wait_turn(page)
    for details in ("sheet-details", "history-details"):
        is_open = f"document.getElementById('{details}').open"
        page.locator(f"#{details} summary").focus()
        assert page.evaluate(is_open)
        for key, opened in (("Enter", False), ("Enter", True), ("Space", False), ("Space", True)):
            page.keyboard.press(key)
            page.wait_for_function(f"{is_open} === {json.dumps(opened)}", timeout=5_000)
    assert page.locator("[data-testid=rack] .tile.selected").count() == 0
    assert page.evaluate("window.remiGame.draft.length") == 0
    assert snap(page)["view"]["history"] == state["view"]["history"]


FOCUSED = "document.activeElement.id || document.activeElement.tagName"


def press_on(page, locator, key: str = "Enter") -> None:
    """Focus an element, press a key on it, and wait until the engine took the move."""
    before = history_len(page)
    locator.focus()
    page.keyboard.press(key)
    wait_change(page, before)


def test_the_focus_goes_to_the_rack_when_a_move_takes_away_the_focused_control(page, site_url):
    """A strip tile taken, a formation swapped into, Aruncă and the stock pressed by Enter:
    each goes or is disabled by the move, and the focus goes to the rack (it dropped to the
    page's body, so Tab started over and the arrows moved nothing)."""
    save_before_load(page, opened_log())
    open_game(page, site_url)
    state = wait_turn(page)
    assert state["match_id"] == "opened000001" and "take" in state["legal"], state["legal"]
    press_on(page, page.locator("[data-testid=strip] .tile.takeable[data-depth='1']"))
    assert snap(page)["view"]["history"][-1]["action"] == "take"
    assert page.evaluate(FOCUSED) == "rack-tiles"
    assert page.locator("[data-testid=rack] .tile.cursor").count() == 1   # drawn with the focus
    click_tile(page, "B6")
    press_on(page, page.locator('[data-testid=formation][data-number="1"]'))
    assert snap(page)["view"]["history"][-1]["action"] == "swap B6 in 1"
    assert page.evaluate(FOCUSED) == "rack-tiles"
    for name in ("K2", "K3", "K4", "J"):
        click_tile(page, name)
    before = history_len(page)
    page.keyboard.press("l")
    wait_change(page, before)
    discard = next(a for a in snap(page)["legal"] if a.startswith("discard ")).split()[1]
    click_tile(page, discard)
    press_on(page, page.get_by_test_id("act-discard"))
    assert page.evaluate(FOCUSED) == "rack-tiles"
    state = wait_turn(page)
    assert state["view"]["phase"] == "draw", state["view"]["phase"]
    press_on(page, page.get_by_test_id("stock"))
    assert snap(page)["view"]["phase"] == "play"
    assert page.evaluate(FOCUSED) == "rack-tiles"
    page.keyboard.press("ArrowRight")             # the arrows go on from there
    assert page.locator("[data-testid=rack] .tile.cursor").count() == 1


def test_the_focus_goes_to_the_rack_after_enter_deals_the_next_round(page, site_url):
    """Enter on Runda următoare: the panel and its button go, the focus goes to the rack."""
    save_before_load(page, atu_close_log())
    open_game(page, site_url)
    wait_turn(page)
    press_on(page, page.get_by_test_id("stock"))
    assert page.evaluate(FOCUSED) == "rack-tiles"
    click_tile(page, snap(page)["view"]["drawn"])
    before = history_len(page)
    page.keyboard.press("d")
    wait_change(page, before)
    state = wait_turn(page)
    assert "atu" in state["legal"], state["legal"]
    page.keyboard.press("a")
    page.wait_for_function("!window.remiGame.busy && window.remiGame.snap.view.phase === 'atu'")
    click_tile(page, "K9")
    page.keyboard.press("c")
    page.get_by_test_id("scores").wait_for()
    page.wait_for_function("document.activeElement.id === 'btn-next'")
    page.keyboard.press("Enter")
    page.wait_for_function("window.remiGame.snap.round === 2 && !window.remiGame.busy")
    page.locator("#scores-panel").wait_for(state="hidden")
    page.wait_for_function("document.activeElement.id === 'rack-tiles'", timeout=5_000)


def test_a_second_tab_takes_the_game_and_the_first_stops_until_play_here(context, site_url,
                                                                          tmp_path):
    """Two tabs of one browser: the newest plays, the other shows "Remi is open in another
    tab", refuses every move and never writes the save; "Play here" takes the game back."""
    a = context.new_page()
    open_game(a, site_url)
    wait_turn(a)
    play_my_turn(a, 1)
    played = wait_turn(a)                      # A's turn again: the bots moved, all saved

    b = context.new_page()
    open_game(b, site_url)
    taken = a.get_by_test_id("tab-taken")
    taken.wait_for(state="visible", timeout=5_000)
    assert "Remi e deschis în altă filă" in taken.inner_text()
    assert a.get_by_test_id("play-here").inner_text() == "Joacă aici"
    assert b.get_by_test_id("tab-taken").count() == 0
    resumed = wait_turn(b)
    assert resumed["match_id"] == played["match_id"]
    assert resumed["view"]["history"] == played["view"]["history"], "B resumes A's game"
    a.screenshot(path=str(screenshot_path("tab-taken.png", tmp_path)), animations="disabled")

    # A is stopped: a move by its handle, a click under the modal or a key change nothing
    saved = a.evaluate(SAVE)
    legal = snap(a)["legal"]
    move = "draw" if "draw" in legal else next(x for x in legal if x.startswith("discard "))
    assert a.evaluate("m => window.remi.act(m)", move) is False
    a.get_by_test_id("stock").click(force=True)
    a.keyboard.press("Escape")                 # the modal stays: no key reaches the table
    a.wait_for_timeout(800)
    assert taken.is_visible()
    assert snap(a)["view"]["history"] == played["view"]["history"]
    assert a.evaluate("window.remiGame.botTimer") is None or not a.evaluate(
        "window.remiGame.snap.bot_to_play")
    assert a.evaluate(SAVE) == saved

    # B plays a turn (and its bots theirs); then A takes the game back with "Play here"
    play_my_turn(b, 2)
    latest = wait_turn(b)
    assert len(latest["view"]["history"]) > len(played["view"]["history"])
    assert a.evaluate(SAVE) != saved and snap(a)["view"]["history"] == played["view"]["history"]
    a.get_by_test_id("play-here").click()
    a.wait_for_function("document.body.dataset.ready === '1' && !document.body.dataset.tab",
                        timeout=GAME_READY_MS)
    back = wait_turn(a)
    assert back["view"]["history"] == latest["view"]["history"], "A shows B's latest position"
    assert a.get_by_test_id("tab-taken").count() == 0
    b.get_by_test_id("tab-taken").wait_for(state="visible", timeout=5_000)
    assert b.evaluate("window.remi.act('draw')") is False
    # nor does B store anything more (a tournament still catching up would overwrite A's)
    b.evaluate(STORE + "(db) => Promise.all([db.set('probe', 1), db.putMatch({id: 'probe'})]))")
    assert a.evaluate(STORE + "async (db) => [await db.get('probe'), await db.match('probe')])"
                      ) == [None, None]
    b.set_viewport_size({"width": 390, "height": 844})
    b.screenshot(path=str(screenshot_path("tab-taken-phone.png", tmp_path)), animations="disabled")


# `STORE + "(db) => …)"`: a page function given the platform's store (web/platform/storage.js)
STORE = ("async () => (await import(new URL('web/platform/storage.js', location.href)))"
         ".store().then(")


def test_the_bot_steps_timings_keep_the_last_500(page, site_url):
    """A page left open all evening kept every bot step's timing (16 000 in a QA pass's
    session); like the redraws', the list keeps the last 500."""
    open_game(page, site_url)
    wait_turn(page)
    page.evaluate("window.remiGame.stats.bot = Array.from({ length: 500 }, () => ({ ms: -1 }))")
    play_my_turn(page, 0)
    page.wait_for_function("window.remiGame.stats.bot.at(-1).ms >= 0")
    assert page.evaluate("window.remiGame.stats.bot.length") == 500


def test_a_large_window_draws_the_table_larger(page, site_url, tmp_path):
    """A QA pass at 1920 × 1080: tiles and words kept their 1280 px sizes and 60 % of the felt
    was bare. The table is drawn in rem, the rem grows with the window; nothing scrolls."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site_url)
    wait_turn(page)
    tile = page.locator("[data-testid=rack] [data-testid=tile]").first
    small = tile.bounding_box()["width"]
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function("w => document.querySelector('[data-testid=rack] [data-testid=tile]')"
                           ".getBoundingClientRect().width > w", arg=small)
    assert tile.bounding_box()["width"] >= 1.3 * small
    size = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size == [1920, 1080], size
    page.screenshot(path=str(tmp_path / "large-window.png"), animations="disabled")


def test_a_long_note_on_a_wide_window_stays_over_the_status_line(page, site_url, tmp_path):
    """A QA pass at 1280 px: a long note (C8's timeout) was centred on the window, not on the
    status line it stands for, and covered half of Meniu. It keeps to that line's width."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site_url)
    wait_turn(page)
    page.evaluate("""async () => { const { t } = await import('./web/i18n.js');
        (await import('./web/game/messages.js')).toast(t('youTimedOut', { tile: '12 roșu' })); }""")
    toast = page.get_by_test_id("toast").bounding_box()
    page.screenshot(path=str(tmp_path / "long-toast.png"), animations="disabled")
    for name in ("menu", "new-game"):
        b = page.get_by_test_id(name).bounding_box()
        assert toast["x"] + toast["width"] <= b["x"] or b["x"] + b["width"] <= toast["x"], name
    brand = page.locator(".brand").bounding_box()
    assert toast["x"] >= brand["x"] + brand["width"], "over the brand"


OFFER_UPDATE = """async () => {
    const offline = await import('./web/offline.js');
    const worker = { postMessage: (m) => { window.__skipped = m; } };   // a build waiting
    offline.offerUpdates({ waiting: worker, addEventListener() {} }, document.getElementById('status'));
    const box = document.getElementById('toast');          // the "resumed" note's place
    box.textContent = 'Joc reluat de unde ai rămas.';
    box.hidden = false;
  }"""


def test_an_update_is_offered_on_a_phone_too_and_no_toast_covers_it(page, phone, site_url):
    for each, width in ((page, 1280), (phone, 390)):
        open_game(each, site_url)
        wait_turn(each)
        wait_service_worker(each)
        each.evaluate(OFFER_UPDATE)
        button = each.get_by_test_id("update")
        assert button.is_visible(), width
        b = button.bounding_box()
        t = each.get_by_test_id("toast").bounding_box()
        assert 0 <= b["x"] and b["x"] + b["width"] <= width, (width, b)
        apart = (b["x"] + b["width"] <= t["x"] or t["x"] + t["width"] <= b["x"]
                 or b["y"] + b["height"] <= t["y"] or t["y"] + t["height"] <= b["y"])
        assert apart, (width, b, t)
        tops = {each.get_by_test_id(name).bounding_box()["y"] for name in ("menu", "help")}
        assert len(tops) == 1, f"the top bar wraps at {width}px"
        each.screenshot(path=f"/tmp/update-{width}.png")
        button.click()
        assert each.evaluate("window.__skipped") == "skip-waiting"


def test_a_phone_is_told_what_the_update_icon_is(page, phone, site_url):
    """A QA pass: on a phone the update offer is the ⟳ icon alone, unexplained. When it
    appears a toast says what it is; a wide screen, whose button says it in words, has none."""
    offer = """async () => {
        const offline = await import('./web/offline.js');
        document.getElementById('toast').hidden = true;
        offline.offerUpdates({ waiting: { postMessage() {} }, addEventListener() {} },
                             document.getElementById('status'));
        return document.getElementById('toast').hidden ? '' : document.getElementById('toast').textContent;
    }"""
    for each, expected in ((phone, "Versiune nouă: apasă ⟳ sus ca să reîncarci."), (page, "")):
        open_game(each, site_url)
        wait_turn(each)
        wait_service_worker(each)
        assert each.evaluate(offer) == expected


def test_a_page_left_open_looks_for_a_new_build(page, site_url):
    """A QA pass: a tab left open mid-round was never offered a build deployed meanwhile (the
    browser checks sw.js only on a navigation)."""
    open_game(page, site_url)
    wait_turn(page)
    watch = """async ([name, every]) => {
        const offline = await import('./web/offline.js');
        window[name] = 0;
        offline.watchForUpdates({ update: async () => { window[name] += 1; } }, every);
    }"""
    page.evaluate(watch, ["__shown", 10 ** 9])
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'));"
                  " window.dispatchEvent(new Event('online'))")      # shown again, back online
    assert page.evaluate("window.__shown") == 2
    page.evaluate(watch, ["__timer", 200])
    page.wait_for_function("window.__timer >= 2", timeout=5_000)       # and every so often


def test_a_board_taller_than_the_window_shows_that_more_lies_below(page, site_url, tmp_path):
    """With the window short the board scrolls; a shade and a chevron at its foot say so, and
    they go once the board is scrolled to the end (a QA pass missed the last seat's formations)."""
    page.set_viewport_size({"width": 1280, "height": 300})
    open_game(page, site_url)
    wait_turn(page)
    board = page.locator("#board")
    page.wait_for_function("() => { const b = document.getElementById('board');"
                           " return b.scrollHeight > b.clientHeight + 4; }")
    page.wait_for_function("document.getElementById('board').classList.contains('more-below')")
    shade = "getComputedStyle(document.getElementById('board'), '::after').opacity"
    page.wait_for_function(f"{shade} === '1'")
    page.screenshot(path=str(tmp_path / "board-more-below.png"))
    board.evaluate("b => b.scrollTo(0, b.scrollHeight)")
    page.wait_for_function("!document.getElementById('board').classList.contains('more-below')")
    page.set_viewport_size({"width": 1280, "height": 1400})       # all of it fits: no hint
    board.evaluate("b => b.scrollTo(0, 0)")
    page.wait_for_function("!document.getElementById('board').classList.contains('more-below')")
    assert board.evaluate("b => b.scrollHeight <= b.clientHeight + 4")


# The elements (of a locator's evaluate_all) that stick out of the board's visible box.
OUT_OF_BOARD = """(els) => { const board = document.getElementById('board').getBoundingClientRect();
    return els.filter((el) => { const r = el.getBoundingClientRect();
      return r.top < board.top - 1 || r.bottom > board.bottom + 1; })
      .map((el) => el.dataset.depth ?? el.dataset.tile ?? el.dataset.seat ?? el.id ?? el.className); }"""


def test_a_phone_on_its_side_shows_the_piles_and_the_strip_without_scrolling(
        page, site_url, tmp_path):
    """A phone in landscape (844×390) or a page at 200 % zoom (640×360): the board was a band
    the height of a tile, the strip and the atu below its fold. Thinner seats, smaller tiles and
    the piles side by side keep the stock, the atu and the strip in sight, the rack whole."""
    open_game(page, site_url)
    for width, height in ((844, 390), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        wait_turn(page)
        page.wait_for_timeout(300)
        page.screenshot(path=str(tmp_path / f"landscape-{width}.png"))
        hidden = page.locator("#stock, #atu, #strip-wrap").evaluate_all(OUT_OF_BOARD)
        hidden += page.locator("[data-testid=rack] .tile").evaluate_all(
            "tiles => tiles.filter((t) => t.getBoundingClientRect().bottom > innerHeight)")
        assert hidden == [], (width, hidden)


def test_a_phone_on_its_side_shows_tabla_s_own_row_and_the_row_discarded_into(
        page, site_url, tmp_path):
    """Tablă on a phone in landscape or at 200 % zoom (a QA pass): the rows stood one above
    the other, the row one discards into below the fold (a drag aimed at it fell on the
    rack). Two rows to a line keep one's own row and the next seat's beside each other."""
    open_game(page, site_url)
    for seats in (2, 4):
        page.set_viewport_size({"width": 1280, "height": 720})
        new_game_via_dialog(page, "tabla", seats, ["medium"] * (seats - 1))
        for width, height in ((844, 390), (640, 360)):
            page.set_viewport_size({"width": width, "height": height})
            wait_turn(page)
            page.wait_for_timeout(300)
            page.screenshot(path=str(tmp_path / f"tabla-{seats}-{width}.png"))
            hidden = page.locator("[data-testid=row].own, [data-testid=row].discard-target"
                                  ).evaluate_all(OUT_OF_BOARD)
            assert hidden == [], (seats, width, hidden)


# Per seat card: the room between its tile count's digits and its score's (px).
SCORE_GAPS = """(cards) => cards.map((card) => {
  const text = (selector) => {
    const range = document.createRange();
    range.selectNodeContents(card.querySelector(selector));
    return range.getBoundingClientRect();
  };
  return Math.round(text('.seat-score').left - text('[data-testid=rack-size] b').right);
})"""


def test_a_phone_on_its_side_sets_each_seat_s_score_apart_from_its_tile_count(page, site_url):
    """Tablă on a phone on its side: a seat card is as wide as its content, and a QA pass read
    "14 0" as two numbers of one kind. The score stands at least a rem from the count."""
    open_game(page, site_url)
    new_game_via_dialog(page, "tabla", 4, ["medium"] * 3)
    page.set_viewport_size({"width": 844, "height": 390})
    wait_turn(page)
    gaps = page.locator("[data-testid=seat]").evaluate_all(SCORE_GAPS)
    assert len(gaps) == 4 and min(gaps) >= 16, gaps


def test_a_phone_on_its_side_keeps_the_top_of_a_long_strip_or_row_in_sight(
        page, site_url, tmp_path):
    """A strip of three dozen tiles on a phone in landscape (a QA pass): it wrapped onto a
    third line below the fold, and that line held its top, the tiles one takes (a Tablă row
    of fourteen likewise). They grow upwards there: the top stays in sight, the oldest tiles
    go below the fold."""
    long = "(n) => Array.from({ length: n }, (_, i) => 'KRYB'[i % 4] + (1 + (i * 5) % 13))"
    open_game(page, site_url)
    wait_turn(page)
    for width, height in ((844, 390), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(f"""async () => {{
            const render = await import(new URL("web/game/render.js", location.href));
            render.renderStrip({{ view: {{ strip: ({long})(36) }} }},
                               {{ takes: new Set([1, 2, 3]) }}); }}""")
        page.screenshot(path=str(tmp_path / f"long-strip-{width}.png"))
        hidden = page.locator("#strip .tile.takeable").evaluate_all(OUT_OF_BOARD)
        assert hidden == [], (width, hidden)
    page.set_viewport_size({"width": 1280, "height": 720})
    new_game_via_dialog(page, "tabla", 2, ["medium"])
    wait_turn(page)
    for width, height in ((844, 390), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(f"""async () => {{
            const render = await import(new URL("web/game/render.js", location.href));
            const snap = window.remiGame.snap;
            const rows = [({long})(14), ({long})(14)];
            render.renderRows({{ ...snap, view: {{ ...snap.view, rows }} }},
                              {{ takes: new Set([1]) }}); }}""")
        page.screenshot(path=str(tmp_path / f"long-rows-{width}.png"))
        hidden = page.locator("[data-testid=row] .tile.top").evaluate_all(OUT_OF_BOARD)
        assert hidden == [], (width, hidden)


def test_a_phone_on_its_side_shows_the_strip_and_the_formations_mid_round(page, site_url, tmp_path):
    """844×390 mid-round (a QA pass): the score sheet and the history beside the table took a
    third of its width, a strip of sixteen tiles wrapped onto a second line and the
    formations, the tiles one attaches to, lay below the fold. There they go under the table:
    the strip keeps one line, the formations are in sight, the sheet is a scroll away."""
    long = "(n) => Array.from({ length: n }, (_, i) => 'KRYB'[i % 4] + (1 + (i * 5) % 13))"
    open_game(page, site_url)
    wait_turn(page)
    page.set_viewport_size({"width": 844, "height": 390})
    page.evaluate(f"""async () => {{
        const render = await import(new URL("web/game/render.js", location.href));
        const snap = window.remiGame.snap;
        const table = [["K1", "R1", "B1"], ["R2", "R3", "R4"], ["K9", "J", "K11"]]
            .map((tiles) => ({{ owner: 1, tiles, credits: [1, 1, 1] }}));
        render.renderStrip({{ view: {{ strip: ({long})(16) }} }}, {{ takes: new Set([1]) }});
        render.renderFormations({{ ...snap, view: {{ ...snap.view, table }} }}, false); }}""")
    page.wait_for_timeout(300)
    page.screenshot(path=str(tmp_path / "mid-round-844.png"))
    lines = page.locator("#strip .tile:not(.head)").evaluate_all(
        "tiles => new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().bottom))).size")
    assert lines == 1
    hidden = page.locator("[data-testid=formation] .tile").evaluate_all(OUT_OF_BOARD)
    assert hidden == []
    sheet = page.get_by_test_id("score-sheet").bounding_box()
    assert sheet["y"] > page.locator("#formations").bounding_box()["y"]   # under the table
    # …a scroll away: the board scrolls to it and to the history (QA 39: laid out with no
    # height, they lay under the rack, out of reach)
    for part in ("score-sheet", "history"):
        page.get_by_test_id(part).scroll_into_view_if_needed()
        hidden = page.get_by_test_id(part).evaluate_all(OUT_OF_BOARD)
        assert hidden == [], part
        box = page.get_by_test_id(part).bounding_box()
        top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('#board') !== null",
                            [box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 10)])
        assert top, part


def test_a_phone_on_its_side_keeps_the_stock_count_beside_its_word(page, site_url):
    """844×390 in a double round (a QA pass): the atu's "ATU ×2" beside the stock left the
    7.5 rem column too narrow, and "Teanc 63" broke onto two lines. The column widens."""
    open_game(page, site_url)
    wait_turn(page)
    for width, height in ((844, 390), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        lines = page.evaluate("""() => { document.getElementById('atu').classList.add('double');
            const range = document.createRange();
            range.selectNodeContents(document.querySelector('.stock-label'));
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            const piles = document.querySelector('.pile-area').getBoundingClientRect();
            const play = document.getElementById('play-area').getBoundingClientRect();
            return [tops.size, piles.right <= play.left]; }""")
        assert lines == [1, True], (width, lines)


def take_the_strip_top_to_open(page, site_url: str) -> None:
    """The saved take-to-open game, its strip's top taken: an opening with it is due (E5)."""
    save_before_load(page, take_to_open_log())
    open_game(page, site_url)
    wait_turn(page)
    page.locator("[data-testid=strip] .tile.takeable[data-depth='1']").click()
    page.wait_for_function("window.remiGame.snap.view.phase === 'play'")


def test_a_greyed_discard_says_which_tile_must_be_laid_first(page, site_url):
    """E5: the strip's top taken to open, Aruncă is greyed until it is laid; a QA pass found
    nothing on it saying why. Its title names the tile, and a click says it."""
    take_the_strip_top_to_open(page, site_url)
    button = page.get_by_test_id("act-discard")
    must = snap(page)["view"]["must_lay"]
    assert button.is_disabled() and len(must) == 1
    label = page.evaluate("async (n) => (await import('./web/i18n.js')).tileLabel(n)", must[0])
    said = f"De coborât în tura asta: {label}"
    assert button.get_attribute("title") == said
    box = button.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("(text) => document.getElementById('toast').textContent === text"
                           " && !document.getElementById('toast').hidden", arg=said)


def test_a_phone_on_its_side_keeps_the_strip_in_sight_while_an_opening_is_composed(
        phone, site_url, tmp_path):
    """A phone on its side, with a finger, an opening laid out to compose (a QA pass): the
    draft bar, the turn line and the buttons (40 px for a finger) left the board a band
    24–60 px high, the strip out of sight. Smaller draft tiles, the strip's word beside its
    tiles, a thinner rail and, below 820 px, the sort buttons stepping aside (the moves keep
    one line) keep the stock and the strip's tiles in sight down to 640×360."""
    page = phone
    take_the_strip_top_to_open(page, site_url)
    page.get_by_test_id("act-show-opening").click()
    for width, height in ((844, 390), (800, 360), (667, 375), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        page.get_by_test_id("draft").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=str(tmp_path / f"draft-{width}x{height}.png"))
        assert page.locator(".stock-stack, #strip .tile").evaluate_all(OUT_OF_BOARD) == [], (width, height)
        moves = page.locator(".moves").bounding_box()
        assert moves["height"] < 50, (width, height, moves)      # one line of 40 px buttons
        assert page.locator(".tools").is_visible() == (width > 820), (width, height)
    page.get_by_test_id("act-clear").click()                    # composing no more: they return
    page.get_by_test_id("draft").wait_for(state="hidden")
    assert page.locator(".tools").is_visible()


# The elements (of a locator's evaluate_all) the refusal banner covers.
UNDER_THE_BANNER = """(els) => { const b = document.getElementById('banner').getBoundingClientRect();
    return els.filter((el) => { const r = el.getBoundingClientRect();
      return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top; })
      .map((el) => el.dataset.depth ?? el.dataset.tile ?? el.id ?? el.className); }"""


def test_a_phone_on_its_side_keeps_the_piles_in_sight_under_a_refusal(phone, site_url, tmp_path):
    """A phone on its side composing an opening (a QA pass): a refusal banner in the player's
    place grew it to ~300 px, the board a band with the stock and the strip out of sight until
    the opening went through. There the banner floats over the bar: the board keeps its
    height, and nothing of the turn is under the banner — the piles, the strip, the opening,
    the moves, the rack — nor a note shown meanwhile."""
    page = phone
    take_the_strip_top_to_open(page, site_url)
    for name in ("K2", "K3", "K4"):
        click_tile(page, name)
    page.get_by_test_id("act-add").click()
    banner = page.get_by_test_id("banner")
    for width, height in ((844, 390), (640, 360)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        board = page.locator("#board").bounding_box()
        page.get_by_test_id("act-open").click()                 # 9 points, not 45 (E4)
        banner.wait_for()
        page.wait_for_timeout(400)                               # its shake is over
        page.screenshot(path=str(tmp_path / f"refusal-{width}x{height}.png"))
        assert page.locator("#board").bounding_box()["height"] >= board["height"] - 1, (width, height)
        assert page.locator(".stock-stack, #strip .tile").evaluate_all(OUT_OF_BOARD) == [], (width, height)
        hidden = page.locator(".stock-stack, #atu .tile, #strip .tile, .draft, .moves, [data-testid=rack]"
                              ).evaluate_all(UNDER_THE_BANNER)
        assert hidden == [], (width, height, hidden)
        assert banner.bounding_box()["y"] >= 0
        # a note meanwhile (a clock's, a room's) leaves the banner in sight
        page.evaluate("async () => (await import('./web/game/messages.js')).toast('Notă')")
        assert page.locator("#toast").evaluate_all(UNDER_THE_BANNER) == [], (width, height)
        assert 0 <= page.locator("#toast").bounding_box()["y"] <= height - 30, (width, height)
        page.locator(".banner-close").click()
        banner.wait_for(state="hidden")


def test_the_new_game_dialog_stays_put_when_tabla_hides_the_rules(new_context, site_url):
    """A QA pass on a phone: choosing Tablă hides the rules preset (Etalat's only), and the
    dialog, centred, jumped 40 px under the finger. It stands at the top: the choice stays
    where it was tapped, upright and on the side."""
    page = phone_page(new_context, 390, 844)
    open_game(page, site_url)
    page.get_by_test_id("new-game").click()
    dialog = page.get_by_test_id("new-game-dialog")
    for width, height in ((390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        places = []
        for variant in ("etalat", "tabla", "etalat"):
            choice = dialog.locator(f'input[name=variant][value="{variant}"]')
            choice.check()
            places.append(choice.bounding_box()["y"])
        assert dialog.locator("select[name=preset]").is_visible()
        assert max(places) - min(places) < 1, (width, height, places)
        box = dialog.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, height, box)


def test_a_small_phone_upright_keeps_the_table_in_sight_while_an_opening_is_composed(
        new_context, site_url):
    """360×640 with a finger (a QA pass): composing an opening left the board 28 px high —
    the seat card on two lines, the sort buttons a line of their own, fifteen tiles on three
    lines of seven. Now the card is one line, the sort buttons step aside while composing and
    the rack holds eight tiles to a line: the stock stays in sight above the opening."""
    page = phone_page(new_context, 360, 640)
    take_the_strip_top_to_open(page, site_url)
    tops = page.locator("[data-testid=rack] [data-testid=tile]").evaluate_all(
        "tiles => tiles.map((t) => Math.round(t.getBoundingClientRect().top))")
    assert len(tops) == 15 and len(set(tops)) == 2, tops      # 8 + 7
    card = page.locator(".me .seat").bounding_box()
    assert card["height"] < 50, card                          # one line
    page.get_by_test_id("act-show-opening").click()
    page.get_by_test_id("draft").wait_for()
    assert not page.locator(".tools").is_visible()
    assert page.locator(".stock-stack").evaluate_all(OUT_OF_BOARD) == []
    page.get_by_test_id("act-clear").click()
    page.get_by_test_id("draft").wait_for(state="hidden")
    assert page.locator(".tools").is_visible()


def test_six_and_nine_are_underlined_so_a_sideways_head_reads_right(page, site_url):
    """The strip's head lies sideways (E1), where a K6 read as a 9 (a QA pass): 6 and 9 carry
    an underline, as on real tiles; no other number does."""
    open_game(page, site_url)
    lines = page.evaluate("""async () => {
        const { tileEl } = await import('./web/game/tiles.js');
        return Object.fromEntries(['K6', 'Y9', 'R8', 'B13', 'J'].map((name) => {
            const tile = tileEl(name);
            document.body.append(tile);
            const line = getComputedStyle(tile.querySelector('.num')).textDecorationLine;
            tile.remove();
            return [name, line]; })); }""")
    assert lines == {"K6": "underline", "Y9": "underline", "R8": "none", "B13": "none",
                     "J": "none"}
    # the sideways head's number stands upright on it (a QA pass read a sideways 3 as ω)
    box = page.evaluate("""async () => {
        const { tileEl } = await import('./web/game/tiles.js');
        const strip = Object.assign(document.createElement('div'), { className: 'strip' });
        const tile = tileEl('K3');
        tile.classList.add('head');
        strip.append(tile);
        document.body.append(strip);
        const [t, n] = [tile, tile.querySelector('.num')].map((e) => e.getBoundingClientRect());
        strip.remove();
        return { tile: [t.width, t.height], num: [n.width, n.height] }; }""")
    assert box["tile"][0] > box["tile"][1], f"the head lies sideways: {box}"
    assert box["num"][1] > box["num"][0], f"its 3 stands upright: {box}"


def test_the_round_end_panel_opens_at_its_title_with_its_buttons_in_sight_when_short(
        page, site_url):
    """At 200 % zoom (683×384) the round-end sheet scrolls: it opened scrolled down, its title
    out of sight and the focused button below the fold (a QA pass). Its buttons stay pinned
    at its foot and it opens at the top."""
    page.set_viewport_size({"width": 683, "height": 384})
    close_with_the_atu(page, site_url)
    page.wait_for_function("document.activeElement?.id === 'btn-next'")
    page.wait_for_timeout(500)                     # the score sheet drawn after the focus
    boxes = page.evaluate("""() => {
        const sheet = document.querySelector('#scores-panel .sheet');
        const rect = (id) => document.getElementById(id).getBoundingClientRect();
        const s = sheet.getBoundingClientRect();
        const inside = (r) => r.top >= s.top - 1 && r.bottom <= s.bottom + 1;
        return { scrolls: sheet.scrollHeight > sheet.clientHeight, top: sheet.scrollTop,
                 title: inside(rect('scores-title')), next: inside(rect('btn-next')) }; }""")
    assert boxes == {"scrolls": True, "top": 0, "title": True, "next": True}, boxes
    page.locator("#scores-panel .sheet").evaluate("s => s.scrollTo(0, s.scrollHeight / 2)")
    assert page.evaluate("""() => { const s = document.querySelector('#scores-panel .sheet')
        .getBoundingClientRect(); const b = document.getElementById('btn-next')
        .getBoundingClientRect(); return b.top >= s.top && b.bottom <= s.bottom + 1; }""")
