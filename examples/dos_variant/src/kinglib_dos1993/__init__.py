"""dos1993: King as the 1993 DOS game played it, a kinglib variant installed as a plugin.

The variant lives in :mod:`kinglib_dos1993.variant`, registered under the entry point group
``kinglib.variants`` as ``"dos1993"``: ``kinglib.load_rules("dos1993")``.
"""

__all__ = ["NAME"]

#: The variant's name.
NAME = "dos1993"
