"""The players: the bots, the search bot and its playouts, and playing whole matches.

:mod:`~kinglib.players.bots` holds the bot protocol and the random bot and names every bot;
:mod:`~kinglib.players.heuristic` is the heuristic bot; :mod:`~kinglib.players.search` the
search bot, which plays out sampled deals with :mod:`~kinglib.players.playouts`;
:mod:`~kinglib.players.matches` plays matches between bots (:func:`~kinglib.play`,
:func:`~kinglib.simulate`).
"""
