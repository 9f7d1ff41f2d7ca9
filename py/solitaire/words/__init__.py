"""Words players see: the catalogue (English, Spanish), messages, the board read aloud, and the
rules pages' format. The lowest layer: it imports nothing else of the package.
"""
