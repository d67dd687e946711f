"""Double Solitaire help pages: (title, line, ...) each, 14/16 characters at most, plain ASCII."""

PAGES = (
    (
        "Goal",
        "Empty your Pile",
        "(13 cards, its",
        "top face up) on",
        "the four Stacks",
        "before the rival",
        "empties theirs.",
    ),
    (
        "Stacks",
        "Shared. An ace",
        "opens one; then",
        "2, 3 ... K, any",
        "suit. A king",
        "takes the Stack",
        "to the discards.",
    ),
    (
        "A turn",
        "Draw up to 5.",
        "Play your Pile",
        "top, column tops",
        "and hand cards",
        "to the Stacks -",
        "or keep them.",
    ),
    (
        "Ending a turn",
        "Fill empty",
        "columns from",
        "the hand, then",
        "put a hand card",
        "on a column.",
        "Hand empty: +5.",
    ),
    (
        "Screen",
        "Top: the rival's",
        "Pile and column",
        "tops. Play: the",
        "Stacks. Then",
        "yours, the hand,",
        "the Draw Pile.",
    ),
    (
        "Controls",
        "<> cells  v zone",
        "A pick, then A",
        "on the Stack or",
        "column. B back",
        "UP hint",
        "B: pause menu",
    ),
)

SHOTS = (
    ("start", "the first turn: your Pile, columns and hand", None, 0),
    ("play", "the Stacks built up, the rival's last move on the log line", None, 40),
    ("over", "the end: who emptied the Pile first", None, None),
)
