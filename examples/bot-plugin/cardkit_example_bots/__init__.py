"""Example cardkit bots, registered under the ``cardkit.bots`` entry-point group.

- ``lowball`` plays any game: it plays its lowest card and bids its lowest bid.
- ``ducker`` plays Oh Hell only: it aims at a bid (a parameter) and ducks tricks
  once it has made it.
"""

from cardkit_example_bots.bots import DuckerBot, LowballBot

__all__ = ["DuckerBot", "LowballBot"]
