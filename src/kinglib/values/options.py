"""Variant descriptions and their options: :class:`VariantInfo` and :class:`Option`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

__all__ = ["Option", "VariantInfo"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@attrs.frozen
class Option:
    """One rules option: its name, default, documentation and what values it accepts.

    Attributes:
        name: the keyword of :func:`kinglib.load_rules` (``"boys"``).
        default: the value when the caller gives none.
        doc: one sentence saying what it changes.
        choices: the allowed values, when they are a short list.
        kind: the type of the value (``bool``, ``int``, ``str``, ``tuple``); text from the command
            line is converted to it.
        convert: a function ``(value, players) -> value`` that checks and normalises a value,
            raising :class:`ValueError` with a message when it is bad. It runs after ``kind``.
        default_for: for a default that depends on the other options, a function
            ``(options, players) -> default`` given the other options already resolved (those
            without a ``default_for``); ``default`` is then the value it usually gives. A
            value the caller gives always wins.

    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    convert: Callable[[Any, int], Any] | None = None
    default_for: Callable[[Mapping[str, Any], int], Any] | None = None

    def default_given(self, options: Mapping[str, Any], players: int) -> Any:
        """The default with these other options: ``default_for``'s answer, else ``default``."""
        if self.default_for is None:
            return self.default
        return self.default_for(options, players)

    def resolve(self, value: Any, players: int) -> Any:
        """Check and normalise ``value``; raises :class:`ValueError` saying what is wrong."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                value = value.strip().lower() in _TRUE
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} is true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name!r} is a whole number, not {value!r}")
        elif kind is str:
            if not isinstance(value, str):
                raise ValueError(f"option {self.name!r} is text, not {value!r}")
        elif kind is tuple:
            if isinstance(value, str):
                value = tuple(w for w in value.replace(",", " ").split() if w)
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"option {self.name!r} is a list, not {value!r}")
            value = tuple(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if self.convert is not None:
            value = self.convert(value, players)
        return value


@attrs.frozen
class VariantInfo:
    """What a variant is: its name, titles, player counts, options and base variant.

    Attributes:
        name: the id used by :func:`kinglib.load_rules` (``"simple"``).
        title: the name in the game's own language (``"Кинг простой"``).
        english_title: the English name (``"Simple King"``), for menus and tables; empty
            means "use :attr:`title`" (see :attr:`display_title`).
        players: the player counts it supports.
        default_players: the count used when the caller gives none.
        options: the variant's own options (the common ones are added by the engine).
        base: the name of a variant whose plugin is registered first and which this one
            builds on, or ``None``.
        description: a paragraph for ``kinglib variants`` and the docs.
        parts: building-block plugins (modules or objects with ``@kinglib.hookimpl``
            functions, such as :mod:`kinglib.kit.trump_rounds`) that the variant is made of;
            each is registered just before the variant's own plugin (once, however many
            variants of the stack name it), so the variant's own hooks override theirs.

    """

    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    options: tuple[Option, ...] = ()
    base: str | None = None
    description: str = ""
    parts: tuple[Any, ...] = ()
    english_title: str = ""

    @property
    def display_title(self) -> str:
        """The English title when there is one, else :attr:`title`."""
        return self.english_title or self.title

    @property
    def summary(self) -> str:
        """The first sentence of :attr:`description` (empty when there is none)."""
        text = " ".join(self.description.split())
        end = text.find(". ")
        return text if end < 0 else text[: end + 1]
