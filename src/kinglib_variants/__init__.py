"""The variants that ship with kinglib, each an ordinary pluggy plugin module.

``kinglib.load_rules(name)`` finds them through kinglib's built-in table; nothing here is
registered anywhere else.
"""
