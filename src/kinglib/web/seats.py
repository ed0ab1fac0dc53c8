"""A table's seats: who holds each (a person by a secret token, a bot, nobody yet), and names.

A person's token is handed out once, when the seat is taken; the table keeps only its SHA-256
hash, compared in constant time, and so does the store.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

import attrs

import kinglib.players.bots
from kinglib.players.bots import Bot, HeuristicBot, RandomBot
from kinglib.web.storage import StoredSeat

__all__ = [
    "TOKEN_CHARS",
    "Connection",
    "Seat",
    "bot_kinds",
    "clean_name",
    "hash_secret",
    "new_secret",
    "secret_matches",
]

#: The longest token or invitation secret read; longer text holds no seat.
TOKEN_CHARS = 64
#: The bot that plays for an absent person.
STAND_IN = "heuristic"


def bot_kinds() -> dict[str, Callable[[int], Bot]]:
    """The bots a seat can be given, by name; each factory takes a seed.

    They are ``random``, ``heuristic``, and ``search`` when :mod:`kinglib.players.bots` has a
    ``SearchBot``.
    """
    kinds: dict[str, Callable[[int], Bot]] = {
        "random": lambda seed: RandomBot(seed=seed),
        "heuristic": lambda seed: HeuristicBot(),
    }
    search: Any = getattr(kinglib.players.bots, "SearchBot", None)
    if search is not None:
        kinds["search"] = lambda seed: search(seed=seed)
    return kinds


def new_secret() -> str:
    """A new token or invitation secret: 144 random bits as URL-safe text."""
    return secrets.token_urlsafe(18)


def hash_secret(secret: str) -> str:
    """The SHA-256 of a secret, as hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(given: object, hashed: str | None) -> bool:
    """Whether ``given`` is the secret whose hash is ``hashed`` (constant time).

    Anything that is not short printable ASCII text is simply no match.
    """
    if hashed is None or not isinstance(given, str) or not given:
        return False
    if len(given) > TOKEN_CHARS or not given.isascii() or not given.isprintable():
        return False
    return secrets.compare_digest(hash_secret(given), hashed)


def clean_name(name: object, fallback: str, limit: int = 40) -> str:
    """A player's name checked: text of at most ``limit`` printable characters.

    Spaces at the ends are dropped and an empty name becomes ``fallback``. Raises
    :class:`ValueError` saying what is wrong.
    """
    if name is None:
        return fallback
    if not isinstance(name, str):
        raise ValueError("a name is text")
    name = " ".join(name.split())
    if len(name) > limit:
        raise ValueError(f"a name is at most {limit} characters, not {len(name)}")
    if not name.isprintable():
        raise ValueError("a name holds printable characters only")
    return name or fallback


class Connection(Protocol):
    """A client's open channel; ``push`` never waits."""

    def push(self, text: str) -> None:
        """Queue one message (JSON text) to be sent."""
        ...

    def close_soon(self, code: int, reason: str = "") -> None:
        """Close the channel once what is queued is sent."""
        ...


@attrs.define
class Seat:
    """One seat: ``open`` (free to join), ``human`` (held by a token) or ``bot``.

    Attributes:
        kind: ``open``, ``human`` or ``bot``.
        name: the name shown.
        token_hash: the hash of a person's token.
        bot: the bot that plays the seat (a bot seat, or a stand-in for an absent person).
        bot_kind: the name of that bot (see :func:`bot_kinds`).
        bot_seed: its seed.
        invited: an open seat that only the invitation's secret can take.
        connection: the person's open channel, if any.
        left_at: when the seat was last left empty (``time.monotonic()``).

    """

    kind: str
    name: str
    token_hash: str | None = None
    bot: Bot | None = None
    bot_kind: str | None = None
    bot_seed: int = 0
    invited: bool = False
    connection: Connection | None = None
    left_at: float = attrs.field(factory=time.monotonic)

    @classmethod
    def of_bot(cls, kind: str, seed: int | None = None, name: str | None = None) -> Seat:
        """A seat played by the bot of that kind."""
        seed = secrets.randbits(64) if seed is None else seed
        bot = bot_kinds()[kind](seed)
        return cls("bot", name or f"{kind} bot", bot=bot, bot_kind=kind, bot_seed=seed)

    @property
    def stand_in(self) -> bool:
        """Whether a bot plays for the absent person who holds this seat."""
        return self.kind == "human" and self.bot is not None

    @property
    def plays_itself(self) -> bool:
        """Whether a bot moves for this seat (a bot seat or a stand-in)."""
        return self.bot is not None

    def public(self, now: float | None = None) -> dict[str, Any]:
        """What everybody may know of the seat."""
        now = time.monotonic() if now is None else now
        connected = self.connection is not None
        return {
            "kind": self.kind,
            "name": self.name,
            "connected": connected,
            "invited": self.invited,
            "stand_in": self.stand_in,
            "away": 0 if connected or self.kind == "bot" else int(now - self.left_at),
        }

    def stored(self) -> StoredSeat:
        """The seat as the store keeps it."""
        return StoredSeat(
            kind=self.kind,
            name=self.name,
            token_hash=self.token_hash,
            bot=self.bot_kind,
            bot_seed=self.bot_seed,
            invited=self.invited,
            stand_in=self.stand_in,
        )

    @classmethod
    def restore(cls, stored: StoredSeat) -> Seat:
        """A seat from the store; nobody is connected."""
        bot = None
        if stored.bot is not None and (stored.kind == "bot" or stored.stand_in):
            factory = bot_kinds().get(stored.bot) or bot_kinds()[STAND_IN]
            bot = factory(stored.bot_seed)
        return cls(
            kind=stored.kind,
            name=stored.name,
            token_hash=stored.token_hash,
            bot=bot,
            bot_kind=stored.bot,
            bot_seed=stored.bot_seed,
            invited=stored.invited,
        )
