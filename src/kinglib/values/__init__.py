"""The values of the game, the bottom layer: nothing here imports another kinglib package.

Cards and card sets (:mod:`~kinglib.values.cards`), moves and their text
(:mod:`~kinglib.values.moves`), contracts and their prices (:mod:`~kinglib.values.contracts`),
the trick rules a contract carries as data (:mod:`~kinglib.values.trick_rules`), options
(:mod:`~kinglib.values.options`), the match schedule (:mod:`~kinglib.values.schedule`), the
values a deal is made of (:mod:`~kinglib.values.deals`), seeds
(:mod:`~kinglib.values.seeding`) and every error kinglib raises (:mod:`~kinglib.values.errors`).
"""
