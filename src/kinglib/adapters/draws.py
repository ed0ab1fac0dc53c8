"""The draws of the fast environments: hashed deals and the random player's picks.

A batch of games cannot afford a ``random.Random`` per game, so the batched environments
(:mod:`kinglib.adapters.vector`) draw from a counter-based hash instead: every random number
is ``mix(seed, domain, counter)``, a pure function of the episode's seed, computed for the whole
batch at once with numpy and, for one game, with plain integers. The scalar environments use
the same functions when asked to (``dealing="hashed"``, ``opponents="random"``), which is how
a scalar environment plays exactly the games of a batch.

- :func:`mix` is SplitMix64's finaliser over ``seed``, ``domain`` and ``counter``;
- :func:`hashed_deal` deals deal ``d`` of the episode of ``seed``: the pack (in display order)
  is sorted by ``mix(seed, DEAL | d, position)`` and cut into equal hands, the first hand to
  seat 0;
- :func:`random_pick` picks legal action ``r`` of ``k`` (in increasing order) with
  ``r = (u >> 32) * k >> 32``, ``u = mix(seed, PICK | d, t)``, ``t`` the number of moves made
  so far in the deal;
- :func:`episode_seed` gives the ``k``-th episode of slot ``i`` of a batch of ``N`` games
  seeded with ``s`` the seed ``mix(s, EPISODE, k * N + i)``.

Each function has a batch twin (``*_batch``) over numpy ``uint64`` arrays; a test checks that
they agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "DEAL",
    "EPISODE",
    "PICK",
    "episode_seed",
    "episode_seed_batch",
    "hashed_deal",
    "hashed_deal_batch",
    "mix",
    "mix_batch",
    "mix_from",
    "mix_seeded",
    "pick_domains",
    "random_pick",
    "random_pick_batch",
    "random_pick_from",
    "seed_hash",
    "seed_hash_batch",
]

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
#: The domains of the draws (the high bits of ``domain``).
DEAL = 1 << 40
PICK = 2 << 40
EPISODE = 3 << 40

Masks = npt.NDArray[np.uint64]


def _finish(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MUL1) & _M64
    z = ((z ^ (z >> 27)) * _MUL2) & _M64
    return z ^ (z >> 31)


def seed_hash(seed: int) -> int:
    """The first half of :func:`mix`, the hash of its seed (for :func:`mix_from`)."""
    return _finish((seed + _GOLDEN) & _M64)


def mix_from(first: int, domain: int, counter: int) -> int:
    """:func:`mix` from its seed's hash (:func:`seed_hash`)."""
    salt = (domain + counter) & _M64
    return _finish(((first ^ salt) + _GOLDEN) & _M64)


def mix(seed: int, domain: int, counter: int) -> int:
    """A 64-bit hash of ``(seed, domain, counter)`` (SplitMix64's finaliser, applied twice)."""
    return mix_from(seed_hash(seed), domain, counter)


_G = np.uint64(_GOLDEN)
_C1 = np.uint64(_MUL1)
_C2 = np.uint64(_MUL2)
_S30, _S27, _S31, _S32 = (np.uint64(s) for s in (30, 27, 31, 32))


def _finish_batch(z: Masks) -> Masks:
    z = (z ^ (z >> _S30)) * _C1
    z = (z ^ (z >> _S27)) * _C2
    out: Masks = z ^ (z >> _S31)
    return out


def seed_hash_batch(seed: Masks) -> Masks:
    """The first half of :func:`mix` (its seed's hash), to be kept for :func:`mix_seeded`."""
    with np.errstate(over="ignore"):
        return _finish_batch(np.asarray(seed, np.uint64) + _G)


def mix_seeded(first: Masks, domain: Masks | int, counter: Masks | int) -> Masks:
    """:func:`mix` over arrays, from the seeds' hashes (:func:`seed_hash_batch`)."""
    with np.errstate(over="ignore"):
        salt = np.asarray(domain, np.uint64) + np.asarray(counter, np.uint64)
        return _finish_batch((first ^ salt) + _G)


def mix_batch(seed: Masks, domain: Masks | int, counter: Masks | int) -> Masks:
    """:func:`mix` over arrays (broadcast together)."""
    return mix_seeded(seed_hash_batch(seed), domain, counter)


def hashed_deal(seed: int, deal: int, pack: Sequence[int], players: int) -> list[int]:
    """The hands (masks) of deal ``deal`` of the episode of ``seed``, from the card ``pack``.

    ``pack`` lists the bits of the pack's cards in display order; each seat gets
    ``len(pack) // players`` of them.
    """
    keys = [mix(seed, DEAL | deal, j) for j in range(len(pack))]
    order = sorted(range(len(pack)), key=keys.__getitem__)
    size = len(pack) // players
    hands = []
    for seat in range(players):
        mask = 0
        for j in order[seat * size : (seat + 1) * size]:
            mask |= pack[j]
        hands.append(mask)
    return hands


def hashed_deal_batch(
    seeds: Masks, deals: npt.NDArray[np.int64], pack: Masks, players: int
) -> Masks:
    """:func:`hashed_deal` of many episodes: an array ``(len(seeds), players)`` of hands."""
    positions = np.arange(len(pack), dtype=np.uint64)
    keys = mix_batch(
        seeds[:, None], (np.uint64(DEAL) | deals.astype(np.uint64))[:, None], positions[None, :]
    )
    order = np.argsort(keys, axis=1, kind="stable")
    size = len(pack) // players
    cards = pack[order[:, : size * players]].reshape(len(seeds), players, size)
    hands: Masks = np.bitwise_or.reduce(cards, axis=2)
    return hands


def random_pick(seed: int, deal: int, moves: int, count: int) -> int:
    """Which of ``count`` legal actions the random player takes after ``moves`` moves."""
    return random_pick_from(seed_hash(seed), deal, moves, count)


def random_pick_from(first: int, deal: int, moves: int, count: int) -> int:
    """:func:`random_pick` from its seed's hash (:func:`seed_hash`)."""
    u = mix_from(first, PICK | deal, moves)
    return ((u >> 32) * count) >> 32


def pick_domains(deals: npt.NDArray[np.int64]) -> Masks:
    """The domains of the random picks of these deals, for :func:`random_pick_batch`."""
    out: Masks = np.uint64(PICK) | deals.astype(np.uint64)
    return out


def random_pick_batch(
    hashes: Masks,
    domains: Masks,
    moves: npt.NDArray[Any],
    counts: npt.NDArray[Any],
) -> npt.NDArray[np.uint64]:
    """:func:`random_pick` over arrays.

    From the seeds' hashes (:func:`seed_hash_batch`), the deals' domains
    (:func:`pick_domains`), the moves made and the counts of legal actions.
    """
    u = mix_seeded(hashes, domains, moves.astype(np.uint64))
    picked: npt.NDArray[np.uint64] = ((u >> _S32) * counts.astype(np.uint64)) >> _S32
    return picked


def episode_seed(seed: int, slot: int, episode: int, slots: int) -> int:
    """The seed of episode ``episode`` (from 0) of game ``slot`` of a batch of ``slots``."""
    return mix(seed, EPISODE, episode * slots + slot)


def episode_seed_batch(
    seed: int, slots: npt.NDArray[np.int64], episodes: npt.NDArray[np.int64], size: int
) -> Masks:
    """:func:`episode_seed` over arrays of slots and episode numbers."""
    counter = (episodes * size + slots).astype(np.uint64)
    return mix_batch(np.full(len(slots), seed & _M64, np.uint64), np.uint64(EPISODE), counter)
