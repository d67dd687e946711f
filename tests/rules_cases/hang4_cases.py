"""Hang Four rule cases: clauses C1-C19 and decisions D1-D16 of the review of the rule
text (docs/rules/hang4.md). Plain functions, plain asserts: they run on CPython and
inside the MicroPython VM. Positions are built with new() and then overwritten (dogs,
sand dollars, the deck); the die is scripted with Dice (the rules roll only through
rng.below(6)); moves are written in the notation ("roll", "buy 2", "take 1n").
"""

from rules_cases.kit import played as kit_played
from rules_cases.kit import raises, with_word
from shared_rules import hang4 as h

N, D, T = 1, 2, 4  # a nose, a character, a tail (a dog's bits)
FULL = 7


class Dice:
    """Scripted dice: below(6) gives the faces in order (6 is the Shack icon); shuffles
    leave the order as it is."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.used = 0

    def below(self, n):
        face = self.faces[self.used]
        self.used += 1
        return face - 1

    def shuffle(self, seq, n=-1):
        pass

    def get_state(self):
        return 1


def build(dogs, sand, rivals=None, deck=None, turn=0):
    """A game of len(dogs) seats with these dogs and sand dollars, the bank the rest of
    the 30; the Surf deck the cards left (`deck`, top last, else noses, characters and
    tails in that order)."""
    n = len(dogs)
    s = h.new(1, {"rivals": n - 1 if rivals is None else rivals})
    s.dogs = [list(d) for d in dogs]
    s.sand = bytearray(sand)
    s.bank = h.SAND_TOTAL - sum(sand)
    left = [h.PER_KIND] * 3
    for d in dogs:
        for v in d:
            for kind in (h.NOSE, h.DOG, h.TAIL):
                if v & h.KIND_BITS[kind]:
                    left[kind] -= 1
    if deck is None:
        deck = [h.NOSE] * left[0] + [h.DOG] * left[1] + [h.TAIL] * left[2]
    s.ndeck = len(deck)
    s.deck[: s.ndeck] = bytearray(deck)
    if sorted(deck) != sorted([h.NOSE] * left[0] + [h.DOG] * left[1] + [h.TAIL] * left[2]):
        s.discard[0] = left[0] - deck.count(h.NOSE)
        s.discard[2] = left[2] - deck.count(h.TAIL)
    s.turn = turn
    s.start = turn
    h.check(s)
    return s


def move(s, text, faces=()):
    """Play one move in the notation, with scripted dice (every one of them used)."""
    dice = Dice(faces)
    keep = s.rng
    s.rng = dice
    h.play(s, h.parse_move(s, text))
    s.rng = keep
    assert dice.used == len(dice.faces), (dice.used, dice.faces)


def texts(s):
    return [h.move_text(s, m) for m in h.moves(s)]


def case_c1_d1_d3_the_components():
    """51 cards: 39 Surf cards (13 noses, 13 characters, 13 tails) and 12 Shack cards (4
    of each kind); 30 sand dollars; a die of 1-5 and the Surf Shack icon."""
    assert h.SURF_CARDS + h.SHACK_CARDS == 51
    assert h.PER_KIND * 3 == h.SURF_CARDS and h.PER_SHACK * 3 == h.SHACK_CARDS
    assert h.SAND_TOTAL == 30 and h.FACES == (1, 2, 3, 4, 5, h.ICON)
    s = h.new(7, {"rivals": 3})
    kinds = [0, 0, 0]
    for i in range(s.ndeck):
        kinds[s.deck[i]] += 1
    assert kinds == [13, 13 - 4, 13]
    shack = [0, 0, 0]
    for i in range(s.nshack):
        shack[s.shack[i]] += 1
    assert shack == [4, 4, 4]


def case_c2_c3_c4_the_set_up():
    """A character face up for each player, the rest of the Surf deck shuffled face
    down, the Shack deck beside it, 3 sand dollars each and the rest in the bank."""
    for rivals in (1, 2, 3):
        s = h.new(11, {"rivals": rivals})
        n = rivals + 1
        assert s.n == n and s.dogs == [[D]] * n
        assert list(s.sand) == [3] * n and s.bank == 30 - 3 * n
        assert s.ndeck == 39 - n and s.nshack == 12 and s.nused == 0
    a = h.new(1)
    b = h.new(2)
    assert a.deck[: a.ndeck] != b.deck[: b.ndeck]  # shuffled by the seed


def case_c5_one_action_a_turn():
    """A turn is ONE of: roll, buy (3 a card), pay 2 for a Shack card; having rolled you
    cannot pay, and the reverse: the turn passes after the action."""
    s = build([[D], [D]], [7, 3])
    assert texts(s) == ["roll", "buy 1", "buy 2", "shack"]
    move(s, "roll", [2])
    assert s.turn == 1 and s.sand[0] == 9 and s.phase == h.PH_TURN
    move(s, "buy 1")
    assert s.turn == 0
    t = build([[D], [D]], [1, 3])
    assert texts(t) == ["roll"]  # neither a card nor a Shack card affordable


def case_c6_c7_a_number_collects_up_to_nine():
    """A number collects that many from the bank and ends the turn; never above 9 by
    rolling (collect_from_roll)."""
    assert h.collect_from_roll(3, 4) == 4
    assert h.collect_from_roll(7, 5) == 2
    assert h.collect_from_roll(9, 1) == 0 and h.collect_from_roll(12, 6) == 0
    assert h.collect_from_roll(0, 6) == 6  # any face 1-6, whatever the die has
    assert raises(h.collect_from_roll, 3, 0) and raises(h.collect_from_roll, 3, 7)
    assert raises(h.collect_from_roll, -1, 2)
    s = build([[D], [D]], [7, 3])
    move(s, "roll", [5])
    assert s.sand[0] == 9 and s.bank == 30 - 12 and s.turn == 1


def case_d7_the_bank_runs_dry():
    """A roll collects no more than the bank holds."""
    s = build([[D], [D], [D], [D]], [9, 9, 9, 1], turn=3)
    assert s.bank == 2
    move(s, "roll", [5])
    assert s.sand[3] == 3 and s.bank == 0  # only the 2 the bank had
    move(s, "roll", [4])
    assert s.sand[0] == 9  # at the cap: nothing


def case_c8_c9_the_seagull_takes_from_each_opponent():
    """The icon draws the top Shack card face up; the Seagull rolls again and takes that
    many from each opponent, as many as each has."""
    s = build([[D], [D], [D]], [2, 5, 1])
    s.shack[s.nshack - 1] = h.SEAGULL
    move(s, "roll", [6, 3])
    assert list(s.sand) == [2 + 3 + 1, 2, 0]
    assert s.used[0] == h.SEAGULL and s.nused == 1 and s.drawn[h.SEAGULL] == 1
    assert s.last[h.L_DIE] == h.ICON and s.last[h.L_CARD] == h.SEAGULL + 1
    assert s.last[h.L_DIE2] == 3 and s.last[h.L_GAIN] == 4


def case_c9_a_second_icon_gives_nothing():
    s = build([[D], [D]], [2, 5])
    s.shack[s.nshack - 1] = h.SEAGULL
    move(s, "roll", [6, 6])
    assert list(s.sand) == [2, 5] and s.turn == 1


def case_c10_d6_above_nine_then_a_card_must_be_bought():
    """The Seagull is the only way above 9, and the next turn must buy at least one card
    (only purchases are legal: Surf cards, or a Shack card, which the text buys too: "no
    puedes comprar varias cartas de Surf Shack en un turno"); the obligation lasts that
    one turn, and lapses when no card is affordable."""
    s = build([[D], [D]], [8, 9])
    s.shack[s.nshack - 1] = h.SEAGULL
    move(s, "roll", [6, 5])
    assert s.sand[0] == 13 and s.must_buy[0] == 1
    move(s, "roll", [1])  # the rival's turn
    assert texts(s) == ["buy 1", "buy 2", "buy 3", "buy 4", "shack"]
    move(s, "buy 1")
    assert s.must_buy[0] == 0
    t = build([[D], [D]], [1, 0])
    t.shack[t.nshack - 1] = h.SEAGULL
    move(t, "roll", [6, 2])  # the rival has nothing: still 1
    assert t.must_buy[0] == 1
    move(t, "roll", [2])
    assert texts(t) == ["roll"]  # nothing affordable: the obligation lapses
    move(t, "roll", [1])
    assert t.must_buy[0] == 0


def case_c11_d12_grab_a_board_from_one_opponent():
    """Grab a Board: roll again and take that many incomplete boards from one opponent
    (your choice of opponent and of boards); fewer there: as many as there are."""
    s = build([[D], [N | D, T], [D | T, N]], [2, 2, 2])
    s.shack[s.nshack - 1] = h.GRAB
    move(s, "roll", [6, 1])
    assert s.phase == h.PH_FROM and texts(s) == ["from west", "from north"]
    move(s, "from north")
    assert s.phase == h.PH_TAKE and s.count == 1
    assert texts(s) == ["take 1t", "take 2n"]
    move(s, "take 1t")
    assert s.dogs[2] == [D, N] and s.dogs[0] == [D | T] and s.turn == 1
    t = build([[D], [N, T | D]], [2, 2])
    t.shack[t.nshack - 1] = h.GRAB
    move(t, "roll", [6, 5])  # one opponent, fewer boards than the roll: all of them
    assert t.dogs[1] == [D] and t.dogs[0] == [FULL] and t.turn == 1


def case_c11_d17_grab_from_a_player_holding_that_many():
    """'Si ningun jugador tiene el numero exacto de cartas que tiraste, puedes tomar hasta
    ese numero': fewer than the roll only when no opponent holds that many; when one
    does, the boards come from such an opponent."""
    s = build([[D], [D | N], [D | N, N | T, T]], [2, 2, 2])
    s.shack[s.nshack - 1] = h.GRAB
    move(s, "roll", [6, 3])  # West holds 1 board, North 4: North it is
    assert s.phase == h.PH_TAKE and s.victim == 2 and s.count == 3
    t = build([[D], [D | N], [D | N, T]], [2, 2, 2])
    t.shack[t.nshack - 1] = h.GRAB
    move(t, "roll", [6, 3])  # nobody holds 3: up to 3, from either
    assert t.phase == h.PH_FROM and texts(t) == ["from west", "from north"]
    move(t, "from west")
    assert t.dogs[1] == [D] and t.turn == 1


def case_c11_c12_d4_characters_and_complete_dogs_are_safe():
    """Only boards in incomplete dogs can be taken or lost: never a character, never a
    card of a complete dog."""
    s = build([[D], [FULL, D]], [2, 2])
    s.shack[s.nshack - 1] = h.GRAB
    move(s, "roll", [6, 3])
    assert s.dogs[1] == [FULL, D] and s.turn == 1  # nothing to take
    t = build([[FULL, D | N], [D]], [2, 2])
    t.shack[t.nshack - 1] = h.WIPE
    move(t, "roll", [6, 4])
    assert t.dogs[0] == [FULL, D] and t.discard[h.NOSE] == 1


def case_c12_wipe_out_your_choice():
    """Wipe Out: roll again and lose that many of your incomplete boards, your choice,
    to the discard pile; a second icon keeps them safe."""
    s = build([[D | N, T, N], [D]], [2, 2])
    s.shack[s.nshack - 1] = h.WIPE
    move(s, "roll", [6, 2])
    assert s.phase == h.PH_LOSE and texts(s) == ["lose 1n", "lose 2t", "lose 3n"]
    move(s, "lose 3n")
    move(s, "lose 2t")
    assert s.dogs[0] == [D | N] and list(s.discard) == [1, 0, 1] and s.turn == 1
    t = build([[D | N, T], [D]], [2, 2])
    t.shack[t.nshack - 1] = h.WIPE
    move(t, "roll", [6, 6])
    assert t.dogs[0] == [D | N, T] and t.turn == 1


def case_c13_buying_three_a_card():
    """Three sand dollars a card, paid to the bank; the cards come from the top of the
    Surf deck, face up, onto your dogs."""
    s = build([[D], [D]], [9, 3], deck=[h.NOSE] * 13 + [h.DOG] * 11 + [h.TAIL] * 13)
    bank = s.bank
    move(s, "buy 3")
    assert s.sand[0] == 0 and s.bank == bank + 9 and s.ndeck == 34
    assert s.dogs[0] == [D | T, T, T]  # the top three are tails (D5 places them)
    assert raises(h.play, s, h.BUY + 2)  # 3 sand dollars: one card at most


def case_c14_d5_where_a_card_goes():
    """A card goes onto the incomplete dog it helps most (the one it completes, else the
    one holding most cards, the first such), else it starts a new dog in an empty
    space; several dogs may be under way."""
    assert h.place_slot([D, D | N], h.TAIL) == 1
    assert h.place_slot([N, D], h.TAIL) == 0
    assert h.place_slot([FULL, D | T], h.NOSE) == 1
    assert h.place_slot([FULL, N], h.NOSE) == -1
    s = build([[D | T], [D]], [3, 3], deck=[h.NOSE] * 13 + [h.DOG] * 11 + [h.TAIL] * 12)
    move(s, "buy 1")  # a tail, and no dog lacks one: a new dog
    assert s.dogs[0] == [D | T, T]


def case_c15_a_complete_dog():
    """Nose + character + tail make a complete dog."""
    s = build([[D | N], [D]], [3, 3], deck=[h.NOSE] * 12 + [h.DOG] * 11 + [h.TAIL] * 13)
    move(s, "buy 1")
    assert s.dogs[0] == [FULL] and h.complete(s, 0) == 1 and h.boards(s, 0) == 0


def case_c16_paying_two_for_a_shack_card():
    """Pay 2 for the top Shack card and follow it; one a turn (the turn passes)."""
    s = build([[D], [D | N]], [4, 2])
    s.shack[s.nshack - 1] = h.GRAB
    move(s, "shack", [1])
    assert s.sand[0] == 2 and s.dogs[0] == [D | N] and s.dogs[1] == [D] and s.turn == 1
    assert "shack" in texts(s)
    s.sand[1] = 1
    s.bank += 1
    assert "shack" not in texts(s)


def case_d8_the_shack_deck_reshuffled():
    """When the Shack deck is empty the cards drawn are shuffled into a new one."""
    s = build([[D], [D]], [2, 2])
    s.used[:] = s.shack
    j = 0
    while s.used[j] != h.SEAGULL:
        j += 1
    s.used[j], s.used[11] = s.used[11], h.SEAGULL  # the top (Dice's shuffle keeps it)
    s.nused = 12
    s.nshack = 0
    h.check(s)
    move(s, "roll", [6, 6])
    assert s.nshack == 11 and s.nused == 1 and s.used[0] == h.SEAGULL


def case_c17_four_complete_dogs_win():
    s = build([[FULL, FULL, FULL, D | N], [D]], [3, 3])
    s.deck[s.ndeck - 1] = h.TAIL
    move(s, "buy 1")
    assert h.over(s) and h.winner(s) == 0 and s.end == h.END_FOUR
    assert h.summary(s)["end"] == "four dogs" and h.summary(s)["dogs"] == [4, 0]


def case_d15_a_grab_can_win():
    s = build([[FULL, FULL, FULL, D | N], [D | T, T]], [2, 2])
    s.shack[s.nshack - 1] = h.GRAB
    move(s, "roll", [6, 1])
    assert s.phase == h.PH_TAKE
    move(s, "take 1t")
    assert h.over(s) and h.winner(s) == 0


def case_c18_d10_the_deck_runs_out():
    """The last Surf card bought ends the game: most complete dogs win, then most sand
    dollars; equal on both: a draw."""
    dogs = [[FULL] + [D] * 6, [FULL] + [D] * 5]  # every character in play
    s = build(dogs, [3, 5], deck=[h.NOSE])
    move(s, "buy 1")
    assert h.over(s) and s.end == h.END_DECK and h.winner(s) == 1  # dogs 1-1, sand 0-5
    assert h.summary(s)["end"] == "deck out"
    t = build(dogs, [6, 3], deck=[h.NOSE, h.TAIL])
    move(t, "buy 2")  # the deck's last two complete a dog: 2-1
    assert h.over(t) and h.winner(t) == 0
    u = build(dogs, [3, 0], deck=[h.NOSE])
    move(u, "buy 1")
    assert h.over(u) and h.winner(u) == -1 and h.summary(u)["winner"] is None


def case_c19_d9_who_starts_and_play_to_the_left():
    """The first player comes from the seed (the text's "last to smell a wet dog"),
    then play goes round in seat order."""
    starts = set()
    for seed in range(40):
        starts.add(h.new(seed, {"rivals": 3}).start)
    assert starts == {0, 1, 2, 3}
    s = build([[D], [D], [D]], [0, 0, 0], turn=2)
    move(s, "roll", [1])
    assert s.turn == 0


def case_d14_an_illegal_move_changes_nothing():
    s = build([[D], [D]], [3, 3])
    before = h.dump(s)
    for m in (h.BUY + 2, h.SHACK + 5, h.TAKE, h.LOSE, -1, "roll", 3.0):
        assert raises(h.play, s, m)
    assert h.dump(s) == before
    assert raises(h.parse_move, s, "buy 2") and raises(h.parse_move, s, "jump")


# ---- the save: fields that must agree -------------------------------------------------


def played(seed, rivals, stop):
    """A game played by Rng(seed)'s moves until stop(s) holds (kit.played)."""
    return kit_played(h, seed, stop, {"rivals": rivals})


def edited(s, key, i, word):
    """The save of s with word i of its line `key` (the key is word 0) set to `word`."""
    return with_word(h.dump(s), key, i, word)


def case_save_the_last_action_as_play_writes_it():
    """The log line reads the last action's Shack card (CARD_WORDS[card - 1]): a card 9,
    a die 9, an action 11 are damage, and so is a turn not following the first seat."""
    s = played(1, 1, lambda s: s.phase == h.PH_TURN and s.last[h.L_CARD])
    assert h.dump(h.load(h.dump(s))) == h.dump(s)
    assert raises(h.load, edited(s, "last", 1 + h.L_CARD, "9"))
    assert raises(h.load, edited(s, "last", 1 + h.L_DIE2, "9"))
    assert raises(h.load, edited(s, "last", 1 + h.L_ACT, "11"))
    assert raises(h.load, edited(s, "last", 1 + h.L_SEAT, str(s.turn)))
    assert raises(h.load, edited(s, "at", 2, str((s.turn + 1) % s.n)))


def case_save_four_dogs_end_the_game():
    """A seat with four complete dogs while play goes on is damage (here the person's
    character and tail and a nose merged into a fourth dog: the same cards)."""
    s = played(35, 1, lambda s: s.phase == h.PH_TURN and s.dogs[0] == [FULL, FULL, D | T, FULL, N])
    assert h.dump(h.load(h.dump(s))) == h.dump(s)
    assert raises(h.load, edited(s, "dogs0", 1, "7777"))


def case_save_a_finished_game_names_its_winner():
    """Over by four dogs: the winner is the seat that made them, the end is not a deck
    out; over by a deck out: the winner is the most dogs, then sand dollars."""
    s = played(1, 2, h.over)
    assert s.end == h.END_FOUR and h.winner(s) == 0 and h.dump(h.load(h.dump(s))) == h.dump(s)
    assert raises(h.load, edited(s, "at", 9, "1"))
    assert raises(h.load, edited(s, "at", 9, "-1"))
    assert raises(h.load, edited(s, "at", 8, "2"))
    t = played(2, 2, h.over)
    assert t.end == h.END_DECK and h.winner(t) == 2 and h.dump(h.load(h.dump(t))) == h.dump(t)
    assert raises(h.load, edited(t, "at", 9, "0"))
    assert raises(h.load, edited(t, "at", 9, "-1"))
