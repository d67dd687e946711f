"""Comparison tools for the games' computer players (python -m host_sim.tools.ID_compare)."""


def map_in_order(fn, args, jobs=1, chunksize=None):
    """[fn(a) for a in args], spread over `jobs` processes when more than one."""
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            return pool.map(fn, args, chunksize=chunksize)
    return [fn(a) for a in args]
