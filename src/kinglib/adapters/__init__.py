"""Adapters that make every kinglib variant a game of the common game-AI frameworks.

- :mod:`kinglib.adapters.actions`: a fixed numbering of every move a rules object can produce;
- :mod:`kinglib.adapters.observation`: one seat's view as a fixed-size vector (and a dict);
- :mod:`kinglib.adapters.worlds`: full states that agree with what one seat has seen;
- :mod:`kinglib.adapters.openspiel`: the OpenSpiel game ``python_kinglib`` (extra
  ``kinglib[openspiel]``);
- :mod:`kinglib.adapters.pettingzoo`: a PettingZoo AEC environment (extra ``kinglib[rl]``);
- :mod:`kinglib.adapters.gymnasium`: a Gymnasium environment for one seat against kinglib bots
  (extra ``kinglib[rl]``).

The first three need nothing beyond kinglib; the framework modules import their framework.
"""
