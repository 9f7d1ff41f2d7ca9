"""The engine: cards, the PRNG, positions, moves and their notation, errors, and each game's rules
(``games/``, with the compact model its solver searches). ``checker_v1/`` is the daily deal's
frozen checker.
"""
