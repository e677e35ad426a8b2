"""Hints and review in a real browser: a hint against AI outlines its move on the board and can be
played; a short Aztec game played to the end is reviewed (progress, verdicts in the move log,
accuracy, costliest moves, the evaluation graph); a table between people offers no hint."""

from __future__ import annotations

from browser_steps import create_table, log_seqs, play_one_move, view_json, wait_turn_or_end
from playwright.sync_api import Browser, Page, expect


def test_a_hint_against_ai_shows_three_moves_and_outlines_one(page: Page, server: str) -> None:
    table = create_table(page, server, "aztec", ["you", "easy"], seed=4)
    assert wait_turn_or_end(page) == "turn"
    expect(page.locator("#hints #eval")).to_contain_text("Ask for a hint")
    page.click("#hint")
    moves = page.locator("#hint-moves li")
    # The first hint of the server also starts its analysis worker process: allow for that.
    expect(moves).to_have_count(3, timeout=60_000)
    legal = {a["notation"]: a for a in view_json(page, server, table)["legal"]}
    names = page.locator("#hint-moves .hint-move").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    assert all(name in legal for name in names)
    # The evaluation bar shows this seat's win probability.
    expect(page.locator("#hints .eval-bar")).to_have_attribute("role", "meter")
    expect(page.locator("#hints .eval-text")).to_contain_text("Win probability")
    # The first move is chosen: its cell is outlined on the board; choosing the second moves it.
    first = legal[names[0]]["targets"]
    assert page.locator(f'.board [data-target="{first[0]}"].sw-hint').count() == 1
    page.locator("#hint-moves .hint-move").nth(1).click()
    second = legal[names[1]]["targets"]
    expect(page.locator(f'.board [data-target="{second[0]}"].sw-hint')).to_have_count(1)
    if second[0] != first[0]:
        expect(page.locator(f'.board [data-target="{first[0]}"].sw-hint')).to_have_count(0)
    # Playing the hinted move plays exactly that move.
    before = log_seqs(page)
    page.locator("#hint-moves .hint-play").nth(1).click()
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=len(before))
    texts = page.locator("#log li .text").all_inner_texts()
    assert texts[len(before)] == names[1]


def test_a_table_between_people_offers_no_hint_unless_created_with_hints(
    page: Page, server: str, browser: Browser
) -> None:
    create_table(page, server, "aztec", ["you", "hotseat"], seed=6)
    assert wait_turn_or_end(page) == "turn"
    expect(page.locator("#hints")).to_be_hidden()
    expect(page.locator(".badge.hints-on")).to_have_count(0)
    # With the lobby's hints option, the table says hints are on and offers them.
    page.goto(server + "/")
    page.locator('.game-pick:has(input[value="aztec"])').click()
    page.select_option("#seat-1", "friend")
    page.check("#hints")
    page.click("#create")
    page.wait_for_url("**/t/*")
    expect(page.locator(".table-head .badge.hints-on")).to_be_visible()
    invite = page.locator(".invite-url").first.input_value()
    # The friend who joins by the link is told that hints are on at this table.
    friend = browser.new_context(locale="en-GB")
    try:
        other = friend.new_page()
        other.goto(invite)
        expect(other.locator(".message.info")).to_contain_text("Hints are on at this table")
        expect(other.locator(".table-head .badge.hints-on")).to_be_visible()
        assert wait_turn_or_end(page) == "turn"
        expect(page.locator("#hint")).to_be_enabled()
        expect(other.locator("#hint")).to_be_disabled()
    finally:
        friend.close()


def test_a_finished_aztec_game_is_reviewed(page: Page, server: str) -> None:
    table = create_table(page, server, "aztec", ["you", "easy"], seed=11)
    for _ in range(40):
        if wait_turn_or_end(page) == "end":
            break
        play_one_move(page)
    page.click("#review-link")
    page.wait_for_url(f"**/replay/{table}#review")
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review")).to_contain_text("Not reviewed yet")
    page.select_option("#review-seat", "0")
    page.click("#review-start")
    # Progress, then the result: a summary row, the graph, verdicts in the log.
    expect(page.locator("#review-summary tbody tr")).to_have_count(1, timeout=120_000)
    accuracy = page.locator("#review-summary td.accuracy").inner_text()
    assert accuracy.endswith("%")
    expect(page.locator("#eval-graph")).to_be_visible()
    dots = page.locator("#eval-graph .graph-dot")
    assert dots.count() >= 5
    page.click("#replay-last")
    marks = page.locator("#log li .verdict")
    expect(marks).to_have_count(dots.count())
    pairs = marks.evaluate_all("els => els.map(e => [e.dataset.verdict, e.firstChild.textContent])")
    symbols = {"best": "!", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    symbols["forced"] = "□"
    assert all(symbols[verdict] == mark for verdict, mark in pairs), pairs
    # Only seat 0's moves carry a verdict.
    seats = page.locator("#log li:has(.verdict) .who").all_inner_texts()
    assert all("AI" not in who for who in seats), seats
    # The costliest moves jump to their position; the graph's marker follows.
    costly = page.locator("#costliest li button")
    if costly.count():
        costly.first.click()
        expect(page.locator("#replay-position")).not_to_contain_text("Move 0 of")
    # Computed once: a reload shows the stored review at once, in French too.
    page.evaluate("localStorage.setItem('stonework.lang', 'fr')")
    page.reload()
    expect(page.locator("#review-summary tbody tr")).to_have_count(1, timeout=10_000)
    expect(page.locator("#review h2")).to_have_text("Analyse de la partie")
    expect(page.locator("#review-summary thead")).to_contain_text("Précision")
    page.evaluate("localStorage.setItem('stonework.lang', 'en')")
