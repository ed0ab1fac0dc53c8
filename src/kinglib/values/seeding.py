"""The seeds of the games of a simulation: :func:`game_seed`."""

from __future__ import annotations

import hashlib

__all__ = ["game_seed"]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed`` (a stable hash).

    Random bots derive their own seeds the same way from the game seed and their seat, so a
    game depends only on ``(seed, index)``, never on the process or the order it runs in.
    """
    digest = hashlib.blake2b(f"kinglib:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
