"""The applications built on the library: the command line and the terminal table.

:mod:`~kinglib.apps.cli` is the ``kinglib`` command; :mod:`~kinglib.apps.play_cli` and
:mod:`~kinglib.apps.tournament_cli` its ``play``/``replay`` and ``tournament`` commands, with
:mod:`~kinglib.apps.tournament` the tournament itself; :mod:`~kinglib.apps.terminal` and
:mod:`~kinglib.apps.human` the table a person plays at; :mod:`~kinglib.apps.play_text` and
:mod:`~kinglib.apps.rule_tables` what they print; :mod:`~kinglib.apps.progress_bar` and
:mod:`~kinglib.apps.command_errors` their shared pieces. The web table (:mod:`kinglib.web`)
and the AI adapters (:mod:`kinglib.adapters`) are applications too, in packages of their own.
"""
