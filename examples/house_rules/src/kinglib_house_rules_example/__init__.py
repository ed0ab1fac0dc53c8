"""Three house rules for kinglib, as installable plugins (entry point group kinglib.house_rules).

* :mod:`~kinglib_house_rules_example.boys_jacks_kings` (``"boys-jacks-kings"``): the boys are
  the jacks and the kings, 2 points each;
* :mod:`~kinglib_house_rules_example.no_eralash` (``"no-eralash"``): the match has no eralash
  and no plus-eralash: 12 deals in the classic scheme;
* :mod:`~kinglib_house_rules_example.clean_sheet` (``"clean-sheet"``): at the end of the match,
  a bonus (option ``clean_sheet_bonus``) for each no_tricks deal a seat took no trick in.

Apply them by name: ``kinglib.load_rules("simple", plugins=["no-eralash"])``.
"""

__all__ = ["BOYS_JACKS_KINGS", "CLEAN_SHEET", "NO_ERALASH"]

#: The entry point name of the boys rule.
BOYS_JACKS_KINGS = "boys-jacks-kings"
#: The entry point name of the end-of-match bonus rule.
CLEAN_SHEET = "clean-sheet"
#: The entry point name of the no-eralash rule.
NO_ERALASH = "no-eralash"
