"""The engine: the state of a game and how a move changes it; it imports only the values.

:mod:`~kinglib.engine.state` holds the immutable :class:`~kinglib.engine.state.State` and is
the only module that knows how a state is stored; the phases (:mod:`~kinglib.engine.phases`,
:mod:`~kinglib.engine.tricks`) decide what may be played and build the next state through the
state's builders; :mod:`~kinglib.engine.kernel` plays the cards of a trick on bit masks (and is
what the compiled build compiles); :mod:`~kinglib.engine.flow`,
:mod:`~kinglib.engine.match_end` and :mod:`~kinglib.engine.given_deals` take a match from deal
to deal; :mod:`~kinglib.engine.rules` is the :class:`~kinglib.engine.rules.Rules` value, which
calls the variant's hooks through :mod:`~kinglib.engine.hook_calls`; what a seat may know is
:mod:`~kinglib.engine.view`, and :mod:`~kinglib.engine.sampling` deals the cards it cannot see.
"""
