"""The solver: searches with a position budget, threads and their pooling, hints, the look-back,
difficulty, simple players, and the daily deal.
"""
