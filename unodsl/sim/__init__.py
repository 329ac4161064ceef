"""Simulation: many bot-played matches of an edition, counted and summed up.

- `tally`: one match counted as it is played (a `GameTally`), without the event log.
- `parallel`: games in this process, in worker processes or on Ray, in game order.
- `simulate`: the sums of many games and their report (`unodsl simulate`).
- `compare`: two sides played on the same seeds, every difference measured (`unodsl compare`).
- `stats`: Wilson and Newcombe intervals, distributions, paired ratios.
"""
