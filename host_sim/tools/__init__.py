"""Comparison tools for the games' computer players (python -m host_sim.tools.ID_compare)."""


def map_in_order(fn, args, jobs=1, chunksize=None):
    """[fn(a) for a in args], spread over `jobs` processes when more than one."""
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            return pool.map(fn, args, chunksize=chunksize)
    return [fn(a) for a in args]


def timing_text(times, what="decision"):
    """'  decision ms mean 1.23 p99 4.56 max 7.89' for a list of times in seconds ('' for
    none): the strong player's time a choice in a line of a comparison."""
    if not times:
        return ""
    times = sorted(times)
    return "  %s ms mean %.2f p99 %.2f max %.2f" % (
        what,
        1000 * sum(times) / len(times),
        1000 * times[len(times) * 99 // 100],
        1000 * times[-1],
    )
