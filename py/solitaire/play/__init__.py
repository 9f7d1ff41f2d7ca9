"""The headless controller: intents in, ``Answer``s out; the searches it runs, in slices or as
jobs for the solver's worker.
"""
