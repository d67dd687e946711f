"""Three-Thirteen on the headless device: what the panel shows (the round and wild
rank, each rival's cards and total, the discard's top, the hand in melds with its
deadwood), the draw and the discard by the picker, going out by the OUT cell, the
moment to grab a wild a computer threw (and a resume in it), the log of what the
computers did, the score table between rounds and at the end, a save in any phase
resumed."""

import pytest
import unlisted

from firmware import buttons as btn
from host_sim import device
from rules_cases.rummy_kit import build
from shared_rules import rummy as r

play = device.press_move


def open_match(tmp_path, options=None, seed=3):
    return unlisted.open_game(tmp_path, "rummy", options, seed)


def put(app, screen, s):
    """Play on from position s (built by the rule cases' helper)."""
    screen.s = s
    screen.let_picker_go()  # yours on your turns only
    screen.take_picker()
    if screen.picker is not None:
        screen.picker.reset()
    screen.app.dirty = True
    app.frame(0, 0)


def idle_until(app, screen, done, limit=400):
    for _ in range(limit):
        if done():
            return
        app.frame(0, 0)
    raise AssertionError("not reached")


def watch_loads(monkeypatch, name, s, after=None):
    """Imports watched (builtins.__import__): the seat to act each time module `name`
    comes into sys.modules, listed; after(imported name) follows every import. Returns
    that list and the call that puts the real import back."""
    import builtins
    import sys

    real_import = builtins.__import__
    loads = []

    def watched(*args, **kwargs):
        had = name in sys.modules
        mod = real_import(*args, **kwargs)
        if not had and name in sys.modules:
            loads.append(r.to_act(s))
        if after is not None:
            after(args[0])
        return mod

    monkeypatch.setattr(builtins, "__import__", watched)
    return loads, lambda: monkeypatch.setattr(builtins, "__import__", real_import)


def test_the_top_rows_show_round_wild_rivals_and_the_discard(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4S 5S 9D", "2C 2D 2H 6H", "KC KD KH 6S", "7C 8C 9C 6C"], "QH", rnd=1)
    s.totals = [12, -3, 40, 7]
    put(app, screen, s)
    assert device.text_on_screen(board, "R2 wild 4", 0)  # round 2: four cards, fours wild
    assert device.text_on_screen(board, "12", 0)
    for name, total in (("W", "-3"), ("N", "40"), ("E", "7")):
        assert device.text_on_screen(board, name, 8)
        assert device.text_on_screen(board, total, 8)
    assert device.text_on_screen(board, "Pile", 16)
    assert device.text_on_screen(board, "Stock", 16)
    assert device.text_on_screen(board, "A:draw <>:pile", 56)


def test_the_hand_is_grouped_into_melds_with_the_deadwood_last(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    hands = ["9D 3S 5S KH 4S", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"]
    s = build(hands, "QH", rnd=1, phase=r.PH_DISCARD)
    put(app, screen, s)
    # the run with its wild (fours are wild) in the gap, then the rest
    assert screen.hand_order() == r.parse_cards("3S 4S 5S 9D KH")
    assert screen.melded == 3 and screen.dead == 9 + 13
    assert device.text_on_screen(board, "dead 22", 48)
    buf = board.display.buf
    y = 32 + 7  # the line under the run's three cards, none under the deadwood
    assert all(device.pixel(buf, x, y) for x in range(6, 5 + 3 * 17 - 2))
    assert not any(device.pixel(buf, x, y) for x in range(5 + 3 * 17, 5 + 4 * 17))  # 9D
    assert screen.picker.item() == r.parse_card("KH")  # the cursor (inverted): the dearest


def test_a_turn_draws_by_the_pile_cell_and_throws_the_dearest_deadwood(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = build(["9D 3S 5S KH", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "4S", rnd=1)
    put(app, screen, s)
    d.keys("RIGHT")  # the draw row's second cell: the pile
    assert device.text_on_screen(board, "A:take <>:stock", 56)
    d.keys("A")
    assert s.phase == r.PH_DISCARD and r.parse_card("4S") in s.hands[0]
    assert device.text_on_screen(board, "You took 4S", 24)
    assert screen.picker.item() == r.parse_card("KH")  # the cursor: the dearest card left
    d.keys("A")
    assert r.top(s) == r.parse_card("KH") and s.turn == 1
    assert device.text_on_screen(board, "West's turn", 56)


def test_a_last_turn_with_the_stock_gone_takes_the_pile(tmp_path):
    """D14: a seat went out with the stock's last card; your last turn can only take
    the discard pile's top, and the panel says so."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    s = build(["2C 9H KD", "5S 6S 9D"], "4D", "7S", turn=1)
    s.rebuilds = 2
    stock = r.stock_cards(s)
    r.set_piles(s, stock[-1:], stock[:-1] + r.pile_cards(s))
    r.play(s, r.STOCK)
    r.play(s, r.parse_move(s, "out 9D"))
    put(app, screen, s)
    assert not s.nstock and r.to_act(s) == 0 and r.moves(s) == [r.PILE]
    assert device.text_on_screen(board, "Stock 0", 16)
    assert device.text_on_screen(board, "A:take the pile", 56)
    d.keys("A")
    assert s.phase == r.PH_DISCARD and r.parse_card("9D") in s.hands[0]
    d.keys("A")  # the dearest card thrown: the round is scored
    idle_until(app, screen, lambda: s.phase == r.PH_BETWEEN)
    assert s.rounds[0][3] == -1  # West went out; you paid for what you held


def test_the_card_just_taken_may_go_back_but_the_cursor_starts_elsewhere(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = build(["9D 3S 5S KH", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "8H", rnd=1)
    put(app, screen, s)
    play(app, screen, r.PILE)
    order = screen.hand_order()
    assert screen.focus() == ("hand", order.index(r.parse_card("KH")))  # not the 8H
    screen.picker.place("hand", order.index(r.parse_card("8H")))
    d.keys("A")  # thrown back (D8): played on the next frame, the turn passes
    idle_until(app, screen, lambda: s.turn != 0)
    assert r.top(s) == r.parse_card("8H") and s.hands[0] == sorted(r.parse_cards("9D 3S 5S KH"))


def test_going_out_by_the_out_cell(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH", "6S", rnd=1)
    put(app, screen, s)
    play(app, screen, r.STOCK)  # 6S: 3S 4H 5S 6S a run (4H wild), 9D to throw
    assert r.out_cards(s) == [r.parse_card("9D")]
    assert device.text_on_screen(board, "OUT", 48)
    assert device.text_on_screen(board, "A:throw v:OUT", 56)
    d.keys("DOWN")
    assert screen.picker.zone == "out"
    assert device.text_on_screen(board, "A:go out v:hand", 56)
    d.keys("A")  # the OUT cell chosen: now the card
    assert device.text_on_screen(board, "out: throw card", 56)
    d.keys("A")
    assert s.out == 0 and s.turn == 1


def test_a_hand_that_can_go_out_is_shown_melded_but_for_its_card_out(tmp_path):
    """OUT shows only when all but one card meld: the hand is grouped so (the least
    deadwood would leave two cards out: JS JK 4D a set, 3D 3H dead)."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    s = build(["JS JK 4D 3D", "2C 7D 9H KC"], "QH", "3H", rnd=1)
    put(app, screen, s)
    play(app, screen, r.STOCK)
    app.frame(0, 0)  # the hand sorted
    assert r.out_cards(s) == [r.parse_card("JS")]
    order = screen.hand_order()
    assert order[-1] == r.parse_card("JS") and screen.melded == 4 and screen.dead == 11
    assert screen.picker.item() == r.parse_card("JS")  # the cursor on the card to go out
    assert device.text_on_screen(board, "OUT", 48) and device.text_on_screen(board, "dead 11", 48)


def test_the_last_turns_after_someone_went_out_say_so(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    s = build(["2C 9H KD", "5S 6S 9D"], "4D", "7S", turn=1)
    r.play(s, r.STOCK)
    r.play(s, r.parse_move(s, "out 9D"))
    put(app, screen, s)
    assert s.out == 1 and r.to_act(s) == 0
    assert device.text_on_screen(board, "LAST", 48)


def test_your_last_turn_shows_the_melds_of_the_seat_that_went_out(tmp_path):
    """The text: the others may lay cards off on the melds of the seat that went out;
    on your last turn the log line adds them as laid down (`arrange`: sets by rank,
    runs by their ends; the last computer's line first), and again after your draw."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 2})
    hands = ["2C 9H KD 4S 8H 5D", "7S 7H 7D QC KC 9D", "QH QD 4C 2S 3S 8C"]
    s = build(hands, "4D", "AC", rnd=3, turn=1)  # sixes wild
    r.play(s, r.STOCK)  # West: the AC, a set of sevens and a run QC KC AC
    r.play(s, r.parse_move(s, "out 9D"))
    assert r.arrange(s.hands[1], 6) == ([6], [(3, 11, 13)])
    put(app, screen, s)  # North's last turn
    idle_until(app, screen, lambda: r.to_act(s) == 0)
    text = screen.log.text
    assert text.startswith("North threw ") and text.endswith(". West laid 7s QC-AC"), text
    play(app, screen, r.STOCK)
    app.frame(0, 0)  # the hand sorted
    text = screen.log.text
    assert text.startswith("You drew ") and text.endswith(". West laid 7s QC-AC"), text
    app.frame(0, 0)
    assert device.text_on_screen(board, "You drew ", 24)
    screen.hint()  # a hint keeps them
    text = screen.log.text
    assert text.startswith("Hint: ") and text.endswith(". West laid 7s QC-AC"), text


def test_on_the_device_the_melds_shown_leave_the_scoring_code_as_they_found_it(
    tmp_path, monkeypatch
):
    """West goes out and your last turn comes next: the melds' text loads the scoring
    code (arrange) and, on the device, lets it go again (your turn does not need it)."""
    import sys

    from firmware import gamescreen

    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    s = build(["2C 9H KD", "5S 6S 7S"], "4D", "JD", turn=1)  # West goes out at once
    sys.modules.pop("shared_rules.rummy_table", None)
    put(app, screen, s)
    idle_until(app, screen, lambda: r.to_act(s) == 0)
    assert s.out == 1 and screen.log.text.endswith(" West laid 5S-7S"), screen.log.text
    assert "shared_rules.rummy_table" not in sys.modules
    monkeypatch.setattr(screen, "laid_text", None)  # worked out once a round
    screen.log.set("You drew 2S")
    screen.show_laid()
    assert screen.log.text == "You drew 2S. West laid 5S-7S"
    monkeypatch.setattr(gamescreen, "_dropping", lambda: False)  # the host keeps it
    assert type(screen).laid_text(screen, s) == "West laid 5S-7S"
    assert "shared_rules.rummy_table" in sys.modules


def test_on_the_device_a_computers_last_turn_takes_its_scoring_code_with_it(tmp_path, monkeypatch):
    """West goes out, North's last throw (the strong player's) loads the scoring code
    to weigh lay-offs; on the device it leaves with the players, so your last turn
    (the picker, the grouping) does not hold it beside them."""
    import sys

    from firmware import gamescreen

    table = "shared_rules.rummy_table"
    app, board, d, screen = open_match(tmp_path, {"cpus": 2})
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    hands = ["2C 9H KD 4S 8H 5D", "7S 7H 7D QC KC 9D", "QH QD 4C 2S 3S 8C"]
    s = build(hands, "4D", "AC", rnd=3, turn=1)
    r.play(s, r.STOCK)
    r.play(s, r.parse_move(s, "out 9D"))
    gamescreen.drop_module(table)  # out of sys.modules and its package: imported anew
    loaded, stop = watch_loads(monkeypatch, table, s)
    put(app, screen, s)  # North's last turn
    idle_until(app, screen, lambda: r.to_act(s) == 0)
    stop()
    assert loaded[0] == 2 and table not in sys.modules  # North's throw had it
    assert screen.picker is not None and screen.log.text.endswith(". West laid 7s QC-AC")


def test_the_pause_menus_log_shows_the_last_plays_then_goes_back(tmp_path):
    """The log line shows one play at a time (0.4 s each for a computer's): the pause
    menu's Log lists the last six, yours and the computers', the newest last."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 2})
    s = build(["2C 9H KD", "5S 6S 9D", "QH QD 4C"], "4D", "7S")
    put(app, screen, s)
    play(app, screen, r.STOCK)  # the 7S
    play(app, screen, r.parse_card("KD"))
    idle_until(app, screen, lambda: r.to_act(s) == 0)
    lines = screen.history
    assert lines[:2] == ["You drew 7S", "You threw KD"] and len(lines) == 6
    assert lines[2].startswith("West ") and lines[-1].startswith("North threw ")
    before = r.dump(s)
    d.keys("B," + "DOWN," * screen.PAUSE.index("Log") + "A")
    assert screen.help is not None
    assert device.text_on_screen(board, "Log: last plays", 1)
    from firmware.play.rummy_log import short

    for i, line in enumerate(lines):
        assert device.text_on_screen(board, short(line), 10 + 9 * i), line
    d.keys("RIGHT,B")
    assert screen.help is None and screen.pause == -1 and r.dump(s) == before
    assert device.text_on_screen(board, "A:draw <>:pile", 56)


def test_the_log_is_kept_in_the_save_and_shown_again_on_resume(tmp_path):
    """Save & exit, then Continue: the Log lists the same last plays and the log line
    shows the newest again (a save from before the lines were kept resumes with none)."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 2})
    s = build(["2C 9H KD", "5S 6S 9D", "QH QD 4C"], "4D", "7S")
    put(app, screen, s)
    play(app, screen, r.STOCK)
    play(app, screen, r.parse_card("KD"))
    idle_until(app, screen, lambda: r.to_act(s) == 0)
    lines = list(screen.history)
    shown = screen.log.text  # the newest line, and the melds of the seat gone out
    assert shown.startswith(lines[-1] + ". West laid ")
    screen.save_now()
    saved = app.store.read_text("rummy.sav")
    assert "\nmeta " + "|".join(lines) + "\n" in saved
    app.home()
    d.idle()
    again = app.start_game("rummy", resume=True)
    d.idle()
    assert again.history == lines and again.log.text == shown
    assert device.text_on_screen(board, shown[:16], 24)
    d.keys("B," + "DOWN," * again.PAUSE.index("Log") + "A")
    from firmware.play.rummy_log import short

    for i, line in enumerate(lines):
        assert device.text_on_screen(board, short(line), 10 + 9 * i), line
    d.keys("B")
    again.save_now()
    app.home()
    d.idle()
    old = "".join(x for x in saved.splitlines(True) if not x.startswith("meta "))
    app.store.write("rummy.sav", lambda f: f.write(old))
    third = app.start_game("rummy", resume=True)
    d.idle()
    assert third.history == [] and r.dump(third.s) == r.dump(again.s)


def test_a_log_line_a_damaged_save_left_odd_is_shown_not_refused(tmp_path):
    """Whatever a damaged save's "meta" line holds (no space, too long, too many), the
    Log keeps its last six lines, cut to a line's 32 characters, and draws them."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    screen.save_now()
    saved = app.store.read_text("rummy.sav")
    odd = "|".join(["x" * 50, "", "West drew"] + ["y%d" % i for i in range(8)])
    damaged = saved.replace("\n--\n", "\nmeta " + odd + "\n--\n", 1)
    app.store.write("rummy.sav", lambda f: f.write(damaged))
    app.home()
    d.idle()
    again = app.start_game("rummy", resume=True)
    d.idle()
    assert again.history == ["y%d" % i for i in range(2, 8)]
    again.history[0] = "x" * 50
    d.keys("B," + "DOWN," * again.PAUSE.index("Log") + "A")
    assert device.text_on_screen(board, "x" * 16, 10)


def test_the_log_shortens_a_line_too_long_for_the_panel():
    from firmware.play.rummy_log import short

    assert short("North went out with 8S") == "N out with 8S"
    assert short("You went out with TD") == "You out with TD"
    assert short("North grabbed 5S") == "North grabbed 5S"


def test_a_hint_asked_on_a_computers_turn_says_it_is_not_yours(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    s = build(["2C 9H KD", "5S 6S 9D"], "4D", "7S", turn=1)
    put(app, screen, s)
    assert r.to_act(s) == 1
    d.keys("B," + "DOWN," * screen.PAUSE.index("Hint") + "A")
    assert screen.pause == -1 and not screen.hint_due
    assert screen.log.text == "Not your turn" and r.to_act(s) == 1
    assert device.text_on_screen(board, "Not your turn", 24)


def test_a_log_line_too_long_for_the_panel_runs_as_a_marquee(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"cpus": 1})
    s = build(["2C 9H KD", "5S 6S 9D"], "4D", "7S", turn=0)
    put(app, screen, s)
    screen.log.set("West went out with 9D")
    app.dirty = True
    app.frame(0, 0)
    assert device.text_on_screen(board, "West went out wi", 24)
    for _ in range(16):  # a character every eight frames
        app.frame(0, 0)
    assert device.text_on_screen(board, "st went out with", 24)


def test_four_seats_keep_a_pixel_between_a_rivals_count_and_its_total(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    hands = ["3S 4S 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"]
    s = build(hands, "QH", rnd=1)
    s.totals = [5, -10, 118, 104]
    put(app, screen, s)
    buf = board.display.buf
    for seat, total in ((1, "-10"), (2, "118"), (3, "104")):
        x = (128 // 3) * (seat - 1)
        assert device.text_on_screen(board, total, 8)
        assert not any(device.pixel(buf, x + 16, y) for y in range(8, 16)), seat
        assert any(device.pixel(buf, x + 13 + dx, y) for dx in range(3) for y in range(8, 16))


def claim_window(app, screen):
    """East (seat 3) has just thrown 4D, a wild in round 2; the person decides first."""
    s = build(["9D 3S 5S KH", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH 4D", rnd=1)
    s.turn = 3
    s.phase = r.PH_CLAIM
    s.claim = [0, 1, 2]
    r.check(s)
    put(app, screen, s)
    return s


def test_a_wild_a_computer_threw_is_grabbed_with_A_then_a_card_thrown(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = claim_window(app, screen)
    assert screen.human_turn() and device.text_on_screen(board, "A:grab B:let go", 56)
    assert device.text_on_screen(board, "*", 16)  # the pile's top marked wild
    d.keys("A")
    assert s.phase == r.PH_GRAB and s.grabber == 0 and r.parse_card("4D") in s.hands[0]
    assert device.text_on_screen(board, "You grabbed 4D", 24)
    assert screen.picker.item() != r.parse_card("4D")  # the grabbed card may not go back
    d.keys("A")
    assert s.phase == r.PH_DRAW and s.turn == 0  # play resumes with the seat after East


def test_letting_a_wild_go_with_B_leaves_it_to_the_next_seats(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = claim_window(app, screen)
    d.keys("B")
    assert r.parse_card("4D") not in s.hands[0]
    assert s.phase != r.PH_CLAIM or r.claimants(s)[0] == 1
    assert device.text_on_screen(board, "You passed", 24)


def test_a_save_in_the_claim_window_resumes_in_it(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = claim_window(app, screen)
    screen.save_now()
    want = r.dump(s)
    app.home()
    d.idle()
    again = app.start_game("rummy", resume=True)
    d.idle()
    assert r.dump(again.s) == want and again.human_turn()
    assert device.text_on_screen(board, "A:grab B:let go", 56)


def test_a_resume_makes_the_picker_once_the_saves_code_has_left(tmp_path, monkeypatch):
    """The picker and the meld search its cursor needs come after the opening (opened),
    not while the save is read (beside the save's code: a resume's heap at its worst on
    the device). The save's readers leave too."""
    import sys

    from firmware import gamescreen

    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4S 5S 9D", "2C 2D 2H 6H", "KC KD KH 6S", "7C 8C 9C 6C"], "QH", rnd=1)
    put(app, screen, s)
    assert screen.picker is not None  # the person's draw
    screen.save_now()
    app.home()
    d.idle()
    assert "firmware.ui.picker" not in sys.modules
    seen = []
    real = gamescreen.release_save_code

    def release_save_code(rules):  # the save is read: is the picker made yet?
        seen.append("firmware.ui.picker" in sys.modules)
        real(rules)

    monkeypatch.setattr(gamescreen, "release_save_code", release_save_code)
    again = app.start_game("rummy", resume=True)
    assert r.dump(again.s) == r.dump(s) and again.picker is not None
    assert seen and not any(seen)
    for name in ("shared_rules.rummy_save", "shared_rules.save_cards", "shared_rules.save_text"):
        assert name not in sys.modules


def test_the_log_line_says_what_each_computer_did(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = screen.s
    seen = []
    for _ in range(3000):
        if screen.human_turn():
            play(app, screen, screen.rules.best_move(s))
        else:
            app.frame(0, 0)
        text = screen.log.text
        if text and (not seen or seen[-1] != text):
            seen.append(text)
        if len(seen) > 12:
            break
    names = ("West", "North", "East")
    assert any(t.startswith(names) and (" drew" in t or " took " in t) for t in seen), seen
    assert any(t.startswith(names) and " threw " in t for t in seen), seen
    assert any(t.endswith("thinking") for t in seen), seen


def test_between_rounds_the_score_table_then_A_deals(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH", "6S", rnd=1)
    put(app, screen, s)
    play(app, screen, r.STOCK)
    play(app, screen, r.OUT + r.parse_card("9D"))
    idle_until(app, screen, lambda: s.phase == r.PH_BETWEEN, 2000)
    assert device.text_on_screen(board, "R2: You out", 0)  # the round's end shows at once,
    assert device.text_on_screen(board, "scoring...", 28)  # the table a frame later (its
    assert not device.text_on_screen(board, "A:deal round 3", 56)  # import: ~40 ms)
    assert screen.thinking and screen.bot_press() == 0
    d.idle()
    assert device.text_on_screen(board, "R2: You out", 0)
    assert device.text_on_screen(board, "A:deal round 3", 56)
    assert device.text_on_screen(board, " -2", 24)  # round 2's line: the person's -2
    app.frame(btn.A, btn.A)  # A: "dealing..." at once over the table, the deal next frame
    assert device.text_on_screen(board, "dealing...", 56)
    assert device.text_on_screen(board, " -2", 24) and s.phase == r.PH_BETWEEN
    assert screen.thinking and screen.bot_press() == 0
    app.frame(0, 0)
    assert s.phase == r.PH_DRAW and s.round == 2 and len(s.hands[0]) == 5
    assert not device.text_on_screen(board, "dealing...", 56)


def last_discard_due(app, screen, s):
    """West went out in s; you draw from the stock, and your 9D is the round's last move
    (returned)."""
    s.out = 1
    put(app, screen, s)
    play(app, screen, r.STOCK)
    idle_until(app, screen, lambda: not screen.busy())
    move = r.parse_card("9D")
    assert r.ends_round(s, move)
    return move


def press_until_due(app, screen, move, limit=12):
    """The picker's presses toward `move`, a move that ends the round: the press that
    made it due (shown now, played on the next frame), or 0."""
    for _ in range(limit):
        key = screen.picker.press_toward(move)
        app.frame(key, key)
        if screen.end_due >= 0:
            return key
        app.frame(0, 0)
    return 0


@pytest.mark.parametrize("key", ["A", "B", "UP", "DOWN", "LEFT"])
def test_a_press_as_your_move_ends_the_match_is_let_go(tmp_path, key):
    """Your discard that ends the last round is played on the frame after its press; a
    press in that frame found no picker (it had gone with the match) and the game
    stopped on an error. Now the press is let go and the match ends as ever."""
    app, board, d, screen = open_match(tmp_path, {"cpus": 1, "rounds": 1})
    s = build(["3S 4H 9D", "2C 2D 2H"], "QH", "6S", turn=0, options={"rounds": 1})
    move = last_discard_due(app, screen, s)
    assert press_until_due(app, screen, move) and screen.end_due == move
    d.keys(key)  # the frame that plays it and ends the match
    assert r.over(s) and app.screen is screen and app.last_error is None
    idle_until(app, screen, lambda: screen.finished)
    assert app.last_error is None


def test_your_discard_that_ends_the_round_shows_at_once_and_scores_next_frame(
    tmp_path, monkeypatch
):
    """West went out; your discard is the round's last move: its press shows "scoring..."
    and plays nothing (no scoring in that frame), the next frame plays it and the rules
    score the round (a thinking frame), the table comes after."""
    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 2S"], "QH", "6S", rnd=1, turn=0)
    move = last_discard_due(app, screen, s)
    rules = screen.rules
    scored = []
    end_round = rules._end_round
    monkeypatch.setattr(rules, "_end_round", lambda st: scored.append(1) or end_round(st))
    before = s.nmoves
    play_press = press_until_due(app, screen, move)
    assert play_press and s.nmoves == before and scored == []
    assert device.text_on_screen(board, "R2: West out", 0)
    assert device.text_on_screen(board, "scoring...", 28)
    assert screen.thinking and screen.busy() and screen.bot_press() == 0
    app.frame(0, 0)
    assert scored == [1] and s.phase == r.PH_BETWEEN and s.nmoves == before + 1
    assert device.text_on_screen(board, "scoring...", 28) and screen.table_due
    d.idle()
    assert device.text_on_screen(board, "A:deal round 3", 56)


def test_on_the_device_the_next_deal_drops_the_table_and_scoring_code(tmp_path, monkeypatch):
    """Between rounds the score table's screen part and the scoring code are loaded; the
    deal that starts the next round drops them (the device: no launcher in the heap),
    and the next round's end loads them again."""
    import sys

    from firmware import gamescreen

    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH", "6S", rnd=1)
    put(app, screen, s)
    play(app, screen, r.STOCK)
    play(app, screen, r.OUT + r.parse_card("9D"))
    idle_until(app, screen, lambda: s.phase == r.PH_BETWEEN, 2000)
    d.idle()  # the score table's frame
    parts = ("firmware.table", "shared_rules.rummy_table")
    assert all(name in sys.modules for name in parts)
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    d.keys("A")
    assert s.phase == r.PH_DRAW and not any(name in sys.modules for name in parts)
    assert screen.table is None
    d.keys("UP")  # a hint, a move: the round plays on without them
    assert r.deadwood(s.hands[0], r.wild_of(s)) >= 0
    assert r.is_meld(r.parse_cards("3S 4S 5S"), 5) and "shared_rules.rummy_table" in sys.modules


def test_on_the_device_players_and_scoring_code_leave_the_heap(tmp_path, monkeypatch):
    """On the device the computer players leave the heap after each choice (the next
    choice loads them: PLAYERS_EACH_MOVE) and the scoring code at a round's end; the
    deal's only move needs no players; the meld search stays for the whole match."""
    import sys

    from firmware import gamescreen

    ai, table, search = (
        "shared_rules.rummy_ai",
        "shared_rules.rummy_table",
        "shared_rules.rummy_melds",
    )
    app, board, d, screen = open_match(tmp_path)
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH", "6S", rnd=1)
    put(app, screen, s)
    play(app, screen, r.STOCK)
    play(app, screen, r.OUT + r.parse_card("9D"))
    idle_until(app, screen, lambda: s.phase == r.PH_BETWEEN, 2000)
    assert s.rounds[-1][0] == 0  # you went out; the rivals had their last turns
    assert ai not in sys.modules and table not in sys.modules and search in sys.modules
    assert screen.bot_press() == 0  # the score table comes on the next frame
    d.idle()
    assert screen.bot_press() and ai not in sys.modules  # the deal: no search
    d.keys("A")  # the deal: the person draws first, then the computers play
    assert s.phase == r.PH_DRAW and s.round == 2
    play(app, screen, r.STOCK)
    throw = [m for m in r.moves(s) if m < r.OUT][0]
    moved = s.nmoves
    play(app, screen, throw)
    idle_until(app, screen, lambda: r.to_act(s) == 0, 2000)
    assert s.nmoves > moved + 1  # your throw, then the rivals played
    assert ai not in sys.modules and search in sys.modules


def test_the_last_turns_leave_the_rest_of_the_players_out_of_the_heap(tmp_path, monkeypatch):
    """After someone went out, the strong player's last throws (rummy_last) load the
    scoring code they need without the rest of the players (rummy_ai), and leave with
    the players: on the device the two are never in the heap together there."""
    import sys

    from firmware import gamescreen

    ai, last = "shared_rules.rummy_ai", "shared_rules.rummy_last"
    app, board, d, screen = open_match(tmp_path)
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH", "6S", rnd=1)
    put(app, screen, s)
    play(app, screen, r.STOCK)
    together = []

    def both(name):
        if ai in sys.modules and last in sys.modules:
            together.append(name)

    loads, stop = watch_loads(monkeypatch, last, s, both)  # one a choice (it leaves)
    play(app, screen, r.OUT + r.parse_card("9D"))
    idle_until(app, screen, lambda: s.phase == r.PH_BETWEEN, 2000)
    stop()
    assert loads == [1, 2, 3] and together == []
    assert ai not in sys.modules and last not in sys.modules


def test_the_picker_is_yours_on_your_turns_and_leaves_while_the_computers_play(
    tmp_path, monkeypatch
):
    """The move picker exists while you are to act in a round; while the computers play
    and between rounds (A deals, B pauses) it is gone, and on the device its code and
    the hand's grouping leave the heap with it. Its cursor's cells come back with it."""
    import sys

    from firmware import gamescreen

    picker, grouping = "firmware.ui.picker", "shared_rules.rummy_groups"
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    for name in (picker, grouping):  # as on a device, where only this game loads them
        gamescreen.drop_module(name)
    app, board, d, screen = open_match(tmp_path, {"rounds": 3})
    s = screen.s
    seen = {"yours": 0, "theirs": 0, "between": 0}
    searched = []  # every search, yours too (the press for you, a hint): no picker
    best_move = screen.rules.best_move

    def watched(state):
        searched.append(screen.picker is None and picker not in sys.modules)
        return best_move(state)

    monkeypatch.setattr(screen.rules, "best_move", watched)
    for _ in range(6000):
        if screen.finished:
            break
        if screen.sort_due or screen.table_due or screen.deal_due or screen.end_due >= 0:
            kind = None  # a frame of work between steps
        elif s.phase == r.PH_BETWEEN:
            kind = "between"
        elif r.to_act(s) == 0:
            kind = "yours"
        else:
            kind = "theirs"
        if kind == "yours":
            assert screen.picker is not None and screen.picker.remembered is screen.remembered
        elif kind is not None:
            assert screen.picker is None
            assert picker not in sys.modules and grouping not in sys.modules
        if kind is not None:
            seen[kind] += 1
        m = screen.bot_press()
        app.frame(m, m)
    assert screen.finished and min(seen.values()) > 0, seen
    assert len(searched) > seen["yours"] // 2 and all(searched)
    hands = ["3S 4H 5S 9D KH", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"]
    put(app, screen, build(hands, "QH", "6S", rnd=1, phase=r.PH_DISCARD))
    screen.hint()  # the picker back after it, on the hinted card
    assert searched[-1] and picker in sys.modules
    assert screen.picker.item() == best_move(screen.s)
    s = build(["3S 4H 5S 9D", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "QH", "6S", rnd=1)
    app, board, d, screen = open_match(tmp_path / "b")
    put(app, screen, s)
    s.phase = r.PH_BETWEEN  # between rounds B opens the pause menu without a picker
    put(app, screen, s)
    d.keys("B")
    assert screen.picker is None and screen.pause >= 0


def test_the_end_shows_who_won_over_the_round_table(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"rounds": 3, "cpus": 1})
    assert d.autoplay(12000)  # the computer's presses, to the result and its files
    s = screen.s
    assert screen.finished
    w = r.winner(s)
    won = "Tie" if w < 0 else ("You win!" if w == 0 else "West wins")
    assert device.text_on_screen(board, won, 0)
    assert device.text_on_screen(board, "R3", 32) and device.text_on_screen(board, "Tot", 48)
    assert device.text_on_screen(board, "A:new B:menu", 56)
    d.keys("UP")  # the table scrolls, the match stays over
    assert screen.finished and device.text_on_screen(board, "R1", 16)


def test_on_the_device_the_search_and_scoring_code_leave_as_the_match_ends(tmp_path, monkeypatch):
    """Nothing searches once the match is over: on the device the meld search and the
    scoring code leave the heap in the ending's first frame (room for the end's code),
    and nothing at the end (the result over the score table, its files) loads them
    again."""
    import sys

    from firmware import gamescreen
    from firmware.play import rummy_screen

    app, board, d, screen = open_match(tmp_path, {"rounds": 3, "cpus": 1})
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    assert "shared_rules.rummy_melds" in sys.modules
    assert d.autoplay(12000)
    assert screen.finished and device.text_on_screen(board, "A:new B:menu", 56)
    assert [name for name in rummy_screen.OVER_DROPS if name in sys.modules] == []
    d.keys("UP")  # the table scrolls: still nothing searches
    assert [name for name in rummy_screen.OVER_DROPS if name in sys.modules] == []


def test_a_draw_shows_at_once_and_the_hand_is_sorted_on_the_next_frame(tmp_path, monkeypatch):
    """The press's frame makes no meld search (the card joins the end of the hand,
    "sorting..." below it); the next frame, a thinking one, sorts the hand into melds
    and works out the moves (going out) for the cursor."""
    from firmware import buttons as btn

    app, board, d, screen = open_match(tmp_path)
    s = build(["9D 3S 5S KH", "2C 2D 2H 6H", "KC KD KS 6S", "7C 8C 9C 6C"], "4S", rnd=1)
    put(app, screen, s)
    d.keys("RIGHT")
    searches = []
    rules = screen.rules  # the module the app loaded (a game's modules are reloaded)
    groups, out_cards = rules.groups, rules.out_cards
    monkeypatch.setattr(rules, "groups", lambda h, w: searches.append("groups") or groups(h, w))
    monkeypatch.setattr(rules, "out_cards", lambda st: searches.append("out") or out_cards(st))
    app.frame(btn.A, btn.A)
    assert searches == [] and screen.thinking and screen.busy()
    assert device.text_on_screen(board, "You took 4S", 24)
    assert device.text_on_screen(board, "sorting...", 48)
    assert screen.hand_order()[-1] == r.parse_card("4S")  # at the end, for now
    assert screen.bot_press() == 0  # the computer's presses wait for the sort too
    app.frame(0, 0)
    assert "groups" in searches and "out" in searches and not screen.thinking
    assert screen.hand_order()[:3] == r.parse_cards("3S 4S 5S")
    assert device.text_on_screen(board, "dead 22", 48)


def test_the_end_loads_the_score_table_before_the_result_frame(tmp_path, monkeypatch):
    """The device: the deal dropped the score table's screen part; the match's last
    move (its thinking frame, the round scored there) loads it, so neither the ending's
    first frame nor the result's has that import: the result's frame only draws it."""
    import sys

    from firmware import gamescreen

    app, board, d, screen = open_match(tmp_path, {"rounds": 3, "cpus": 1})
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    for _ in range(12000):
        if screen.s.rounds and len(screen.s.rounds) == 2 and screen.s.phase != r.PH_BETWEEN:
            assert "firmware.table" not in sys.modules and screen.table is None  # dealt
        if r.over(screen.s):
            break
        mask = screen.bot_press()
        app.frame(mask, mask)
    assert screen.ending and not screen.finished  # the last move's frame
    assert "firmware.table" in sys.modules and screen.table is not None
    table = screen.table
    app.frame(0, 0)  # the ending's first frame: the same table
    assert screen.table is table
    idle_until(app, screen, lambda: screen.finished)
    assert screen.table is table  # the result's frame drew the one made then
    assert device.text_on_screen(board, "A:new B:menu", 56)


def test_a_computers_thinking_sign_redraws_the_log_line_alone(tmp_path, monkeypatch):
    """The frame that shows "West thinking" draws the log line only, and the panel then
    holds exactly what a whole redraw of that moment draws."""
    from firmware.play import rummy_screen

    app, board, d, screen = open_match(tmp_path)
    hands = []
    real = rummy_screen.RummyScreen.draw_hand
    monkeypatch.setattr(
        rummy_screen.RummyScreen, "draw_hand", lambda self, fb: hands.append(1) or real(self, fb)
    )
    signs = 0
    for _ in range(3000):
        if screen.human_turn():
            play(app, screen, screen.rules.best_move(screen.s))
            continue
        drawn = len(hands)
        app.frame(0, 0)
        if screen.seats.thinking:  # the sign was drawn this frame
            assert screen.log.text.endswith("thinking") and len(hands) == drawn
            shown = device.screen_bytes(board)
            screen.incremental = screen.log_only = False
            app.fb.fill(0)
            screen.draw(app.fb)  # the whole panel, as a frame that redraws it all
            assert device.screen_bytes(board) == shown
            signs += 1
            if signs == 6:
                break
    assert signs == 6


def test_the_press_for_you_leaves_the_players_and_finds_the_candidates(tmp_path, monkeypatch):
    """On the device the search behind the press for you (demo, bench) makes its room
    (the picker's candidates dropped, the players loaded); after it the players leave,
    as after a computer's choice, and the candidates are worked out again, so the
    press's frame does what a person's press does."""
    import sys

    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    app, board, d, screen = open_match(tmp_path)
    searches = []
    presses = 0
    for _ in range(3000):
        m = screen.bot_press()
        if not m:
            app.frame(0, 0)
            continue
        pk = screen.picker  # yours on your turns (a new one each turn)
        if pk is None:  # between rounds: A deals
            app.frame(m, m)
            continue
        assert pk.fresh() and "shared_rules.rummy_ai" not in sys.modules
        search = pk._search
        pk._search = lambda s, search=search: searches.append(s.nmoves) or search(s)
        del searches[:]
        app.frame(m, m)
        assert searches == []
        app.frame(0, 0)
        presses += 1
        if presses == 12:
            break
    assert presses == 12  # draws and discards of the person's, a few turns


def _whole_match(tmp_path, stops=()):
    """A match by the screen's own presses (yours by the strong player, but a wild you
    hold is thrown, so the computers may claim and grab it); at the first position each
    stop's test holds, Save & exit and a resume. The final state and the stops that
    were reached."""
    app, board, d = device.make(str(tmp_path))
    d.idle()
    screen = app.start_game("rummy", seed=3, resume=False)
    d.idle()
    reached = []
    for _ in range(100000):
        s = screen.s
        if screen.finished:
            break
        for name, test in stops:
            if name not in reached and test(s):
                reached.append(name)
                want = r.dump(s)
                screen.save_and_exit()
                d.idle()
                screen = app.start_game("rummy", resume=True)
                d.idle()
                assert r.dump(screen.s) == want, name
        wilds = [c for c in s.hands[0] if r.is_wild(c, r.wild_of(s))]
        if s.phase == r.PH_DISCARD and r.to_act(s) == 0 and wilds and r.is_legal(s, wilds[0]):
            play(app, screen, wilds[0])
            continue
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    assert screen.finished
    return r.dump(screen.s), reached


def _computer(s, phase):
    return s.phase == phase and r.to_act(s) > 0


def test_a_save_in_any_phase_resumes_and_plays_the_same_match(tmp_path):
    """Save & exit during a computer's draw, its discard, its claim, a grab, between
    rounds and in the last turns: each resumes exactly, and the match plays on to the
    same end as without them."""
    stops = (
        ("a computer draws", lambda s: _computer(s, r.PH_DRAW) and s.round >= 2),
        ("a computer discards", lambda s: _computer(s, r.PH_DISCARD)),
        ("a computer may grab", lambda s: _computer(s, r.PH_CLAIM)),
        ("a grab", lambda s: s.phase == r.PH_GRAB),
        ("between rounds", lambda s: s.phase == r.PH_BETWEEN),
        ("the last turns", lambda s: s.out >= 0 and s.phase == r.PH_DRAW),
    )
    plain, _ = _whole_match(tmp_path / "plain")
    saved, reached = _whole_match(tmp_path / "saved", stops)
    assert sorted(reached) == sorted(name for name, _ in stops), reached
    assert saved == plain


def test_a_resume_loads_the_search_before_the_save_is_read(tmp_path, monkeypatch):
    """The bytecode meld search, which the match holds throughout and the first frame
    after a resume needs, comes before the save's code (the rules' before_reading):
    after it, its 2,177-byte function found no room on the device."""
    import sys

    from firmware import gamescreen

    app, board, d, screen = open_match(tmp_path)
    s = build(["3S 4S 5S 9D", "2C 2D 2H 6H", "KC KD KH 6S", "7C 8C 9C 6C"], "QH", rnd=1)
    put(app, screen, s)
    screen.save_now()
    app.home()
    d.idle()
    for name in ("shared_rules.rummy_search", "shared_rules.rummy_melds"):
        sys.modules.pop(name, None)
    seen = []
    real = gamescreen.release_save_code

    def release_save_code(rules):  # the save is read (the first call)
        seen.append("shared_rules.rummy_search" in sys.modules)
        real(rules)

    monkeypatch.setattr(gamescreen, "release_save_code", release_save_code)
    again = app.start_game("rummy", resume=True)
    assert r.dump(again.s) == r.dump(s)
    assert seen[0]


def test_a_match_a_computer_opens_groups_your_hand_before_its_first_frame(tmp_path):
    """Your hand's melds (a meld search) are worked out as the game opens, not by the
    first frame's draw: on the emulated Pico that draw took 30.8 ms when a computer dealt
    first, over a frame's 25 (docs/rules/rummy.md, "The first frame")."""
    app, board, d = device.make(str(tmp_path))
    d.idle()
    screen = app.start_game("rummy", seed=1000, resume=False)
    assert not screen.human_turn() and screen.s.phase == r.PH_DRAW
    assert screen.grouped == list(screen.s.hands[0])  # worked out as the game opened
    calls = []
    real = screen.group
    screen.group = lambda hand: calls.append(1) or real(hand)
    d.idle()  # the first frame draws the hand as grouped, without a search
    assert calls == [] and screen.order
