"""What every rules module shares: options checked against the module's own OPTIONS table.

OPTIONS rows are (key, label, values, default, help); see docs/contract.md.
"""


def options_with_defaults(game, table, options):
    """A new dict: every option of `table`, given or defaulted, each checked.

    Raises ValueError naming the game, the key and the allowed values.
    """
    out = {}
    for key, _label, _values, default, _help in table:
        out[key] = default
    if options:
        if not isinstance(options, dict):
            raise ValueError("%s options must be a record" % game)
        for key in options:
            row = find_option(table, key)
            if row is None:
                raise ValueError("%s has no option %r" % (game, key))
            out[key] = check_option(game, row, options[key])
    return out


def find_option(table, key):
    for row in table:
        if row[0] == key:
            return row
    return None


def check_option(game, row, value):
    """The value if it is one of the row's values (on/off options also take 1/0)."""
    values = row[2]
    if type(values[0]) is bool and type(value) is int and value in (0, 1):
        value = bool(value)
    for v in values:
        if v == value and type(v) is type(value):
            return value
    raise ValueError(
        "%s %s must be one of %s, got %r"
        % (game, row[0], ", ".join([str(v) for v in values]), value)
    )


def text(table, key, value):
    """The default option_text: the value as written."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)
