"""Playing in a real browser: each game against AI by clicking the board, refusals, a game to
the end with its summary, a reload in the middle, and the replay of a finished game."""

from __future__ import annotations

import re

from browser_steps import create_table, last_seq, log_seqs, play_one_move, wait_turn_or_end
from playwright.sync_api import Page, expect


def test_akropolis_against_ai_by_clicking_site_then_city(page: Page, server: str) -> None:
    create_table(page, server, "akropolis", ["you", "easy"], seed=3)
    assert wait_turn_or_end(page) == "turn"
    # Pick a site tile: the city's hexes light up as the next targets.
    page.locator('.board .sw-next[data-target^="site:"]').first.locator("polygon").first.click(
        force=True
    )
    expect(page.locator('.board .sw-next[data-target^="hex:"]').first).to_be_attached()
    page.locator('.board .sw-next[data-target^="hex:"]').first.locator("polygon").first.click(
        force=True
    )
    # Several rotations share the two clicks: the ghost shows one, R turns it, Place lays it.
    expect(page.locator(".board .sw-ghost")).to_have_count(1)
    label = page.locator(".candidate").inner_text()
    if page.locator("#rotate").count():
        page.keyboard.press("r")
        expect(page.locator(".candidate")).not_to_have_text(label)
    before = last_seq(page)
    page.click("#place")
    page.wait_for_function(
        "b => [...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > b)", arg=before
    )
    # The AI answers, and its move appears in the log.
    assert wait_turn_or_end(page) == "turn"
    seqs = log_seqs(page)
    assert seqs == sorted(set(seqs))
    assert page.locator("#log li .who", has_text="AI").count() >= 1
    expect(page.locator(".sheet")).to_be_visible()


def test_aztec_against_ai_with_an_orientation_then_a_cell(page: Page, server: str) -> None:
    create_table(page, server, "aztec", ["you", "easy"], seed=5)
    assert wait_turn_or_end(page) == "turn"
    buttons = page.locator(".orientations button.orient")
    assert buttons.count() >= 2
    first = buttons.first.inner_text()
    buttons.first.click()
    # Only cells where that orientation fits stay highlighted; one click places it.
    expect(page.locator(".orientations button.orient").first).to_have_attribute(
        "aria-pressed", "true"
    )
    cells = page.locator('.board .sw-next[data-target^="cell:"]')
    assert cells.count() >= 1
    before = last_seq(page)
    cells.first.locator("rect").first.click(force=True)
    if page.locator("#place").count():
        page.click("#place")
    page.wait_for_function(
        "b => [...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > b)", arg=before
    )
    assert page.locator("#log li .text").first.inner_text().startswith(first)


def test_an_illegal_move_is_refused_with_a_message_and_changes_nothing(
    page: Page, server: str
) -> None:
    create_table(page, server, "aztec", ["you", "easy"], seed=9)
    assert wait_turn_or_end(page) == "turn"
    seqs = log_seqs(page)
    board = page.locator(".board svg").inner_html()
    page.fill("#notation", "EN-a1-3")
    page.click(".notation-form button")
    expect(page.locator(".message.error")).to_contain_text("not legal")
    assert log_seqs(page) == seqs
    assert page.locator(".board svg").inner_html() == board
    # A click on the board where nothing can go is refused on the spot.
    page.locator('.board [data-target^="cell:"]:not(.sw-next)').first.locator("rect").first.click(
        force=True
    )
    expect(page.locator(".message.error")).to_contain_text("not a legal choice")
    assert log_seqs(page) == seqs
    # The seat can still play.
    play_one_move(page)


def test_an_aztec_game_to_the_end_then_its_replay(page: Page, server: str) -> None:
    table = create_table(page, server, "aztec", ["you", "easy"], seed=11)
    for _ in range(40):
        if wait_turn_or_end(page) == "end":
            break
        play_one_move(page)
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary .ranking li")).to_have_count(2)
    expect(page.locator("#rematch")).to_be_visible()
    # The winner's points are the best total of the final sheet.
    totals = [int(x) for x in page.locator("#summary .sheet tr.total td").all_inner_texts()]
    winner = page.locator("#summary .ranking li").first.inner_text()
    assert winner.endswith(f"{max(totals)} points"), winner
    total = last_seq(page)
    # The replay steps through the finished game.
    page.click("text=Replay this game")
    page.wait_for_url(f"**/replay/{table}")
    expect(page.locator("#replay-position")).to_have_text(f"Move 0 of {total}")
    empty = page.locator(".board svg").inner_html()
    page.click("#replay-step")
    expect(page.locator("#replay-position")).to_have_text(f"Move 1 of {total}")
    expect(page.locator("#log li")).to_have_count(1)
    assert page.locator(".board svg").inner_html() != empty
    page.click("#replay-step")
    page.click("#replay-back")
    expect(page.locator("#replay-position")).to_have_text(f"Move 1 of {total}")
    page.click("#replay-last")
    expect(page.locator("#replay-position")).to_have_text(f"Move {total} of {total}")
    page.click("#replay-first")
    page.click("#replay-play")
    expect(page.locator("#replay-position")).to_have_text(f"Move 2 of {total}", timeout=5000)
    page.click("#replay-play")


def test_a_reload_in_the_middle_continues_the_game(page: Page, server: str) -> None:
    table = create_table(page, server, "akropolis", ["you", "easy"], seed=21)
    wait_turn_or_end(page)
    play_one_move(page)
    wait_turn_or_end(page)
    seqs = log_seqs(page)
    page.reload()
    page.wait_for_url(f"**/t/{table}")
    assert wait_turn_or_end(page) == "turn"
    assert log_seqs(page) == seqs
    play_one_move(page)
    wait_turn_or_end(page)
    after = log_seqs(page)
    assert after[: len(seqs)] == seqs and len(after) > len(seqs)
    assert after == sorted(set(after))


def test_zapotec_against_ai_step_by_step(page: Page, server: str) -> None:
    create_table(page, server, "zapotec", ["you", "easy"], seed=4)
    for _ in range(4):
        if wait_turn_or_end(page) == "end":
            break
        play_one_move(page)
    assert len(log_seqs(page)) >= 4


def test_a_hotseat_table_hands_the_screen_to_the_seat_to_move(page: Page, server: str) -> None:
    create_table(page, server, "aztec", ["you", "hotseat"], seed=13)
    for seat in (0, 1, 0):
        assert wait_turn_or_end(page) == "turn"
        expect(page.locator(".your-turn")).to_contain_text(f"Player {seat}")
        play_one_move(page)
    whos = page.locator("#log li .who").all_inner_texts()
    assert [w.startswith(f"Player {s}") for w, s in zip(whos, (0, 1, 0), strict=True)] == [True] * 3


def test_the_board_is_playable_with_the_keyboard(page: Page, server: str) -> None:
    create_table(page, server, "aztec", ["you", "easy"], seed=17)
    assert wait_turn_or_end(page) == "turn"
    before = last_seq(page)
    page.locator(".board").focus()
    page.keyboard.press("Tab")
    target = page.evaluate("document.activeElement.getAttribute('data-target')")
    assert target and target.startswith("cell:")
    page.keyboard.press("Enter")
    if page.locator("#place").count():
        page.keyboard.press("r")
        page.locator(".board").focus()
        page.keyboard.press("Enter")
    page.wait_for_function(
        "b => [...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > b)", arg=before
    )


def test_a_lost_connection_resumes_from_the_last_seq(page: Page, server: str) -> None:
    routes: list = []
    # The page's own hellos, recorded in the page as it sends them (Playwright's relay hears
    # frames through its event queue, which a loaded machine may deliver late or after the test
    # has looked: counting them there made this test flaky).
    page.add_init_script(
        """(() => {
          window.__hellos = [];
          const send = WebSocket.prototype.send;
          WebSocket.prototype.send = function (data) {
            try {
              const frame = JSON.parse(String(data));
              if (frame.type === "hello") window.__hellos.push(frame);
            } catch (e) {}
            return send.call(this, data);
          };
        })()"""
    )

    def relay(ws) -> None:
        # Every frame passes through to the server; the route is kept so that the test can cut
        # the page's live connection.
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket(re.compile(r".*/ws$"), relay)
    create_table(page, server, "akropolis", ["you", "easy"], seed=31)
    assert wait_turn_or_end(page) == "turn"
    expect(page.locator(".turn .warn")).to_have_count(0)
    # Cut the live connection: the page says so, reconnects by itself and says hello with the
    # last seq it saw; a move made meanwhile and the AI's answer arrive once each.
    routes[-1].close()
    expect(page.locator(".turn .warn")).to_be_visible()
    seen = last_seq(page)
    play_one_move(page)
    assert wait_turn_or_end(page) == "turn"
    expect(page.locator(".turn .warn")).to_have_count(0)
    # The page shows itself connected only after it sent its hello, so both are recorded now.
    hellos = page.evaluate("window.__hellos")
    assert len(hellos) >= 2 and hellos[-1]["since"] >= seen
    seqs = log_seqs(page)
    assert seqs == list(range(1, seqs[-1] + 1))


def test_resign_ends_the_game_and_rematch_opens_a_new_table(page: Page, server: str) -> None:
    table = create_table(page, server, "aztec", ["you", "easy"], seed=23)
    assert wait_turn_or_end(page) == "turn"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    expect(page.locator("#summary")).to_contain_text("resigned")
    expect(page.locator(".badge.status-finished")).to_be_visible()
    page.click("#rematch")
    page.wait_for_url(lambda url: "/t/" in url and not url.endswith(table))
    expect(page.locator(".badge.status-running")).to_be_visible()
    assert wait_turn_or_end(page) == "turn"
