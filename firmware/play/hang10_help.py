"""Hang 10 help pages: (title, line, ...) each, 14/16 characters at most, plain ASCII."""

PAGES = (
    (
        "Goal",
        "Grow 4 waves of",
        "cards; kick them",
        "out for points.",
        "Pile empty: play",
        "on until no card",
        "fits. Game over.",
    ),
    (
        "A turn",
        "Draw: A on pile.",
        "Pick a card (A),",
        "then a wave (A).",
        "Then A: kick out",
        "(score it) or B:",
        "keep surfin'.",
    ),
    (
        "Take a card",
        "Or take a lone",
        "wave card (new):",
        "A on it. Then",
        "pick a different",
        "card to replace",
        "it. Turn over.",
    ),
    (
        "Waves",
        "Run: same suit,",
        "one past either",
        "end: 7H 8H 6H 9H",
        "Ace is 1 and 14:",
        "K-A-2 is a run.",
        "Set: same rank.",
    ),
    (
        "Points",
        "Run: 2 cards 0,",
        "3 cards 1, 4+ 1",
        "per card, 6+ +2.",
        "Each 10 in it +1",
        "Set: 1 per card,",
        "four 10s: 8.",
    ),
    (
        "Wipe out",
        "No card fits",
        "after a draw?",
        "Wipe out: pick a",
        "wave, -1 a card.",
        "Then pick a hand",
        "card as new wave",
    ),
    (
        "Controls",
        "LEFT/RIGHT: move",
        "A: pick / act",
        "B: cancel / menu",
        "UP: hint",
        "Hold A+B: save",
        "and quit.",
    ),
    (
        "Tips",
        "Kick only right",
        "after adding, so",
        "keep a card for",
        "each wave. Waves",
        "left at the end",
        "score nothing.",
    ),
)

# The README pictures (host_sim.shots): (name, caption, options, computer steps or None
# for the end of the game).
SHOTS = (
    ("start", "a new game, cursor on the pile", None, 0),
    ("play", "a card picked, legal waves marked", None, 87),
    ("kick", "kick out or keep surfin'?", None, 180),
    ("over", "game over", None, None),
)
