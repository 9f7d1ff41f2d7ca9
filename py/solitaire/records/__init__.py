"""Records: every value read from outside or stored (the address, the saved game, settings,
statistics, the daily cache), each through its one reader.
"""
