"""The version of kinglib."""

#: The version of kinglib.
__version__ = "0.1.0"
