"""The variant kit: the building blocks the built-in variants are made of, for new variants.

* :mod:`kinglib.kit.choosing`: choosing each deal's contract from a plan of a shared pool and
  per-player quotas (with the forcing rule), and ordering a trump round with the hand seen
  (the CHOOSE and DECLARE phases of ``ordered``, ``atomic`` and the dos1993 example);
* :mod:`kinglib.kit.trump_rounds`: trump rounds in praise mode (the three-card declaration,
  the auction for the declaration, the answer, raspis), a plugin of its own that ``simple``
  and ``three-hand`` name in their ``VariantInfo.parts``;
* :mod:`kinglib.kit.widow`: a widow shown and taken by one player, and the discard phase
  (``atomic``);
* :mod:`kinglib.kit.full_pack`: the 52-card pack (51 for three) and the threshold end of the
  penalty-race variants (``bidding``, ``omnibus``).

The King contract catalogue (the fourteen games and the trump round at any prices) is
:func:`kinglib.values.contracts.king_contracts` with :class:`kinglib.values.contracts.Prices`.
"""
