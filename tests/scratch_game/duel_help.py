"""Duel help pages: (title, line, ...) each, 14/16 characters at most, plain ASCII."""

PAGES = (
    (
        "Goal",
        "Play cards onto",
        "the table. Beat",
        "the top card: 1",
        "point. Most",
        "points wins.",
    ),
    (
        "A turn",
        "LEFT/RIGHT pick",
        "a card, A plays",
        "it. Then you",
        "draw from the",
        "stock.",
    ),
    (
        "Snap",
        "Same value as",
        "the top card:",
        "the other seat",
        "may snap (A) the",
        "pair: 2 points,",
        "or pass (B).",
    ),
    (
        "Rounds",
        "Hands empty: the",
        "round ends. A:",
        "next round. The",
        "Rival starts a",
        "point ahead per",
        "level you won.",
    ),
    (
        "Buttons",
        "UP: a hint",
        "B: pause menu",
        "hold A+B: save",
        "and exit",
    ),
)
