"""Playing helps in a real browser: the Aztec 3D view turned while placing, what each Zapotec
choice costs before it is taken, and the engine's own words (board labels, refusals) in French."""

from __future__ import annotations

import re

from browser_steps import create_table, last_seq, log_seqs, play_one_move, wait_turn_or_end
from playwright.sync_api import Page, expect

COST = re.compile(r"costs \d+ (wood|brick|stone|corn|gold|priest)")


def test_the_aztec_3d_view_turns_and_placing_still_works(page: Page, server: str) -> None:
    create_table(page, server, "aztec", ["you", "easy"], seed=21)
    assert wait_turn_or_end(page) == "turn"
    corner = page.locator("#view-corner")
    expect(corner).to_contain_text("SW")
    before = page.locator(".board svg").inner_html()
    cells = page.locator('.board [data-target^="cell:"]').count()
    page.click("#turn-view")
    expect(corner).to_contain_text("SE")
    expect(page.locator(".board svg")).to_contain_text("(SE)")
    turned = page.locator(".board svg").inner_html()
    assert turned != before
    assert page.locator('.board [data-target^="cell:"]').count() == cells
    # T turns it on by the keyboard; the drawing follows each quarter turn.
    page.locator("body").press("t")
    expect(corner).to_contain_text("NE")
    expect(page.locator(".board svg")).to_contain_text("(NE)")
    assert page.locator(".board svg").inner_html() not in (before, turned)
    # Placing works on the turned drawing: an orientation, then a highlighted cell.
    page.locator(".orientations button.orient").first.click()
    next_cells = page.locator('.board .sw-next[data-target^="cell:"]')
    assert next_cells.count() >= 1
    seq = last_seq(page)
    next_cells.first.locator("rect").first.click(force=True)
    if page.locator("#place").count():
        page.click("#place")
    page.wait_for_function(
        "b => [...document.querySelectorAll('#log li')].some(li => +li.dataset.seq > b)", arg=seq
    )
    # The next drawing (after the AI's answer) is still seen from the corner chosen, and a reload
    # keeps it.
    assert wait_turn_or_end(page) == "turn"
    expect(page.locator(".board svg")).to_contain_text("(NE)")
    page.reload()
    expect(page.locator("#view-corner")).to_contain_text("NE")
    expect(page.locator(".board svg")).to_contain_text("(NE)")
    page.locator("body").press("Shift+T")
    expect(page.locator("#view-corner")).to_contain_text("SE")


def test_zapotec_shows_what_each_choice_costs_before_it_is_taken(page: Page, server: str) -> None:
    create_table(page, server, "zapotec", ["you", "easy"], seed=4)
    assert wait_turn_or_end(page) == "turn"
    # Choosing a card costs nothing, and each card button says so.
    expect(page.locator(".action-buttons small.effects").first).to_have_text("costs nothing")
    found = False
    for _ in range(30):
        if wait_turn_or_end(page) == "end":
            break
        tips = page.locator(
            ".board [data-target].sw-next > title.sw-tip, .board [data-target].sw-start > title.sw-tip"
        )
        costly = [i for i in range(tips.count()) if COST.search(tips.nth(i).text_content() or "")]
        if costly:
            tip = tips.nth(costly[0])
            text = tip.text_content() or ""
            cost = COST.search(text)
            assert cost is not None
            seq = log_seqs(page)
            target = tip.locator("xpath=..")
            shape = target.locator("polygon, rect, circle, path").first
            (shape if shape.count() else target).click(force=True)
            # Before the choice is committed the panel says what it will cost.
            line = page.locator("#effects-line, .next-choices small.effects")
            if log_seqs(page) == seq:
                expect(line.first).to_contain_text(cost.group(0))
                found = True
                break
        play_one_move(page)
    assert found, "no costly choice came up in 30 moves"


def test_french_shows_the_engines_words_on_the_board_and_in_a_refusal(
    page: Page, server: str
) -> None:
    create_table(page, server, "aztec", ["you", "easy"], seed=9)
    assert wait_turn_or_end(page) == "turn"
    board = page.locator(".board svg")
    expect(board).to_contain_text("the last piece placed")
    page.click("#lang-fr")
    expect(board).to_contain_text("la dernière pièce posée")
    expect(board).not_to_contain_text("the last piece placed")
    expect(page.locator(".turn .detail")).to_contain_text("pose une pièce")
    seqs = log_seqs(page)
    page.fill("#notation", "EN-a1-3")
    page.click(".notation-form button")
    message = page.locator(".message.error")
    expect(message).to_contain_text("Ce coup n'est pas permis.")
    expect(message).to_contain_text("n'est pas permis :")
    expect(message).not_to_contain_text("is not legal")
    assert log_seqs(page) == seqs
    # A move played in French still goes through, and the next drawing (a frame) stays French.
    play_one_move(page)
    assert wait_turn_or_end(page) == "turn"
    expect(board).to_contain_text("la dernière pièce posée")
    page.click("#lang-en")
    expect(board).to_contain_text("the last piece placed")
