"""G'nerts help pages: (title, line, ...) each, 12/16 characters at most, plain ASCII."""

PAGES = (
    (
        "Goal",
        "Empty your Pile",
        "of 13 first: the",
        "last card calls",
        "G'NERTS and ends",
        "the round. All",
        "play at once.",
    ),
    (
        "Foundations",
        "Top rows: each",
        "suit's piles, A",
        "up to K, shared.",
        "Any ace starts",
        "one. A rival's",
        "card flashes.",
    ),
    (
        "Your cards",
        "P: your Pile,",
        "its top card.",
        "4 columns: down,",
        "red on black.",
        "S: your Stack,",
        "3 flipped shown.",
    ),
    (
        "Keys",
        "LEFT/RIGHT: pick",
        "Pile, column or",
        "flipped card.",
        "A: up to the",
        "foundations. UP:",
        "onto a column.",
    ),
    (
        "More keys",
        "DOWN: flip three",
        "of your Stack.",
        "A column moves",
        "whole; emptied,",
        "the Pile fills.",
        "B: pause, Hint.",
    ),
    (
        "Standstill",
        "No one can play:",
        "Stacks turn one",
        "card. The 4th",
        "standstill ends",
        "the round.",
        "",
    ),
    (
        "Score",
        "Cards you put up",
        "less twice your",
        "Pile left. Game",
        "to 100/200/500.",
        "Rivals: 1-3,",
        "speed 1-5.",
    ),
)

SHOTS = (
    ("start", "a new round", {"rivals": 3, "speed": 2}, 1),
    ("play", "the middle of a round", {"rivals": 3, "speed": 2}, 60),
    ("over", "game over", {"rivals": 1, "speed": 1}, None),
)
