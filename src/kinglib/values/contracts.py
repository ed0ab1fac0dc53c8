"""Contracts as data: what a deal counts, at what price, and the play rules attached to it.

A :class:`Contract` is resolved once, when the rules are built, so the engine never asks a hook
while cards are played. Prices are stored signed: penalties negative, bonuses positive.

* ``trick_values[k]`` is what the winner of trick ``k`` (counting from 0) scores for the trick
  itself: ``-2`` each in ``no_tricks``, ``-8`` for the last two in ``no_last_two``, the sum of
  both in ``eralash``.
* ``card_values`` lists ``(mask, value)`` groups: every taken card in ``mask`` scores ``value``.
  A card in several groups scores in each of them, which is how eralash counts a card in every
  category it belongs to.

:func:`king_contracts` builds the fourteen King games and the trump round from a table of
:class:`Prices`; every King variant calls it with its own prices.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank, Suit
from kinglib.values.errors import RulesError
from kinglib.values.trick_rules import TrickRules

__all__ = [
    "CATEGORIES",
    "NEGATIVE_GAMES",
    "POSITIVE_GAMES",
    "Contract",
    "Prices",
    "king_contracts",
    "positive_twin",
]

#: The six categories of the King games, in the order of 000's list.
CATEGORIES: tuple[str, ...] = ("tricks", "boys", "girls", "hearts", "king", "last_two")

#: The seven negative games in their default order (000): six categories, then eralash.
NEGATIVE_GAMES: tuple[str, ...] = (
    "no_tricks",
    "no_boys",
    "no_girls",
    "no_hearts",
    "no_king",
    "no_last_two",
    "eralash",
)

#: The positive twins, in the same order as :data:`NEGATIVE_GAMES`.
POSITIVE_GAMES: tuple[str, ...] = (
    "tricks",
    "boys",
    "girls",
    "hearts",
    "king",
    "last_two",
    "plus_eralash",
)

_TWINS = dict(zip(NEGATIVE_GAMES, POSITIVE_GAMES))

_NAMES: dict[str, tuple[str, str]] = {
    "no_tricks": ("Не брать взяток", "no tricks"),
    "no_boys": ("Не брать мальчиков", "no boys"),
    "no_girls": ("Не брать девочек", "no girls"),
    "no_hearts": ("Не брать черв", "no hearts"),
    "no_king": ("Не брать кинга", "no king"),
    "no_last_two": ("Не брать двух последних", "no last two"),
    "eralash": ("Ералаш", "eralash"),
    "tricks": ("Брать взятки", "tricks"),
    "boys": ("Брать мальчиков", "boys"),
    "girls": ("Брать девочек", "girls"),
    "hearts": ("Брать черви", "hearts"),
    "king": ("Брать кинга", "king"),
    "last_two": ("Брать две последние", "last two"),
    "plus_eralash": ("Плюс-ералаш", "plus eralash"),
    "trumps": ("Отыгрыш", "trump round"),
}

KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING)


def positive_twin(contract_id: str) -> str:
    """The positive twin of a negative King game: ``"no_girls"`` → ``"girls"``."""
    return _TWINS[contract_id]


def _given_total(value: int | None) -> int:
    """A contract's total as given: ``None`` (or 0) means "compute it from the prices"."""
    return 0 if value is None else value


def _trick_rules_of(cid: str, given: object) -> TrickRules:
    """A contract's trick rules as given: a TrickRules, a mapping of its fields, or nothing."""
    if given is None:
        return TrickRules()
    if isinstance(given, TrickRules):
        return given
    if isinstance(given, Mapping):
        try:
            return TrickRules(**given)
        except TypeError as exc:
            raise RulesError(f"contract {cid!r}: trick_rules: {exc}") from None
        except RulesError as exc:
            raise RulesError(f"contract {cid!r}: {exc}") from None
    raise RulesError(
        f"contract {cid!r}: trick_rules is a TrickRules or a mapping of its fields, not "
        f"{type(given).__name__}"
    )


@attrs.frozen(eq=True, hash=True, init=False)
class Contract:
    """One game of a variant: its id, names, prices and the play rules attached to it.

    Attributes:
        id: the contract id used by every API, record and command (``"no_king"``).
        name: the Russian display name (``"Не брать кинга"``).
        title: the English display name (``"no king"``).
        trick_values: signed points for winning trick ``k``, per trick of the deal.
        card_values: ``(mask, signed points)`` groups for the cards taken.
        no_heart_lead: a heart may not be led while the leader holds another suit (the same as
            ``trick_rules.lead_rule("hearts") == "never"``).
        king_on_void: K♥ must be played by a holder who cannot follow suit (K♥ in
            ``trick_rules.void_duty``).
        king_on_heart_lead: K♥ must be played by its holder when hearts are led (K♥ in
            ``trick_rules.follow_duty``).
        trump_round: the deal is a trump round: a trump (or no trump, or misère) is named for it.
        total: the signed sum of every point the deal hands out: the trick values plus each
            card group's value times its number of cards. Leave it out (or give 0 or ``None``)
            and it is computed from those prices; a total given that disagrees with them is
            refused with :class:`~kinglib.values.errors.RulesError`, so a price changed with
            ``attrs.evolve`` must come with ``total=None``. Card groups should hold only
            cards of the pack (``load_rules`` refuses a group with a card outside it).
        description: one line saying what the contract counts, for tables and docs.
        trick_rules: the contract's trick rules (:class:`~kinglib.values.trick_rules.TrickRules`,
        or a
            mapping of its fields); the plain rules when left out. The three flags above are
            a shorter way to say three of them: a flag given changes the trick rules it is
            given with, and reading a flag reads the trick rules, so ``attrs.evolve`` works with
            either (``attrs.evolve(contract, no_heart_lead=False)`` lifts the ban;
            ``attrs.evolve(contract, trick_rules=...)`` sets every rule). In a trump round
            whose rules do not say who may lead trumps (no ``"trump"`` entry in ``lead``),
            :func:`kinglib.load_rules` applies the option ``only_maker_leads_trump``: only the
            maker may, unless the option is false.

    """

    id: str
    name: str
    title: str
    trick_values: tuple[int, ...] = ()
    card_values: tuple[tuple[int, int], ...] = ()
    trump_round: bool = False
    total: int = attrs.field(default=0, converter=_given_total)
    description: str = ""
    trick_rules: TrickRules = attrs.field(factory=TrickRules)

    def __init__(
        self,
        id: str,
        name: str,
        title: str,
        trick_values: tuple[int, ...] = (),
        card_values: tuple[tuple[int, int], ...] = (),
        no_heart_lead: bool | None = None,
        king_on_void: bool | None = None,
        king_on_heart_lead: bool | None = None,
        trump_round: bool = False,
        total: int | None = 0,
        description: str = "",
        trick_rules: TrickRules | Mapping[str, Any] | None = None,
    ) -> None:
        """Build a contract; the three flags, when given, edit the trick rules."""
        play = _trick_rules_of(id, trick_rules)
        king = KING_OF_HEARTS.mask
        if no_heart_lead is not None:
            hearts = play.lead_rule("hearts")
            if no_heart_lead:
                play = play.with_lead("hearts", "never")
            elif hearts == "never":
                play = play.with_lead("hearts", "free")
        if king_on_void is not None:
            duty = play.void_duty.mask
            play = attrs.evolve(
                play, void_duty=CardSet.from_mask(duty | king if king_on_void else duty & ~king)
            )
        if king_on_heart_lead is not None:
            duty = play.follow_duty.mask
            play = attrs.evolve(
                play,
                follow_duty=CardSet.from_mask(duty | king if king_on_heart_lead else duty & ~king),
            )
        self.__attrs_init__(
            id, name, title, trick_values, card_values, trump_round, total, description, play
        )

    @property
    def no_heart_lead(self) -> bool:
        """A heart may not be led while the leader holds another suit."""
        return self.trick_rules.lead_rule("hearts") == "never"

    @property
    def king_on_void(self) -> bool:
        """K♥ must be played by a holder who cannot follow suit."""
        return bool(self.trick_rules.void_duty.mask & KING_OF_HEARTS.mask)

    @property
    def king_on_heart_lead(self) -> bool:
        """K♥ must be played by its holder when hearts are led."""
        return bool(self.trick_rules.follow_duty.mask & KING_OF_HEARTS.mask)

    @property
    def sign(self) -> int:
        """``-1`` for a penalty game, ``+1`` for a bonus game, ``0`` if it hands out nothing."""
        return (self.total > 0) - (self.total < 0)

    scoring_mask: int = attrs.field(init=False, eq=False, repr=False)
    """The mask of every card that scores something in this contract."""
    last_scoring_trick: int = attrs.field(init=False, eq=False, repr=False)
    """How many tricks must be played before trick scoring is over (0 if tricks never score);
    a deal may end early only after this many tricks."""

    def __attrs_post_init__(self) -> None:
        priced = sum(self.trick_values) + sum(
            value * group.bit_count() for group, value in self.card_values
        )
        if self.total == 0:
            object.__setattr__(self, "total", priced)
        elif self.total != priced:
            raise RulesError(
                f"contract {self.id!r}: total {self.total} disagrees with its prices, which hand "
                f"out {priced}; leave total out (or pass total=None) to have it computed"
            )
        mask = 0
        for group, value in self.card_values:
            if value:
                mask |= group
        object.__setattr__(self, "scoring_mask", mask)
        last = 0
        for k, value in enumerate(self.trick_values, start=1):
            if value:
                last = k
        object.__setattr__(self, "last_scoring_trick", last)

    @property
    def scoring_cards(self) -> CardSet:
        """The cards that score something in this contract."""
        return CardSet.from_mask(self.scoring_mask)

    def card_points(self, taken_mask: int) -> int:
        """The signed points that a pile of taken cards scores, tricks not counted."""
        points = 0
        for group, value in self.card_values:
            points += value * (taken_mask & group).bit_count()
        return points

    def price_of(self, card: Card) -> int:
        """The signed points one taken card scores in this contract (tricks not counted)."""
        return self.card_points(card.mask)


@attrs.frozen
class Prices:
    """The price list of the King games of one variant (positive numbers).

    Attributes:
        trick: each trick taken.
        boy: each boy taken.
        girl: each queen taken.
        heart: each heart taken.
        king: the king of hearts.
        last_two: each of the last two tricks.
        trump_trick: each trick of a trump round.
        boys: which cards are boys: ``"jacks"`` or ``"jacks+kings"``.

    """

    trick: int = 2
    boy: int = 4
    girl: int = 4
    heart: int = 2
    king: int = 16
    last_two: int = 8
    trump_trick: int = 3
    boys: str = "jacks"


def _boys_mask(boys: str) -> int:
    if boys == "jacks":
        return RANK_MASKS[Rank.JACK]
    if boys == "jacks+kings":
        return RANK_MASKS[Rank.JACK] | RANK_MASKS[Rank.KING]
    raise ValueError(f"boys must be 'jacks' or 'jacks+kings', not {boys!r}")


def king_contracts(
    prices: Prices,
    *,
    deck: int,
    tricks: int,
    king_on_heart_lead: bool = False,
    king_forced: bool = True,
    games: tuple[str, ...] = NEGATIVE_GAMES + POSITIVE_GAMES + ("trumps",),
) -> Mapping[str, Contract]:
    """Build the King games (and the trump round) for a pack and a number of tricks a deal.

    Args:
        prices: the price list.
        deck: the mask of the pack in use; card groups are limited to it.
        tricks: how many tricks a deal has.
        king_on_heart_lead: K♥ must be played on a heart lead (option ``king_on_heart_lead``).
        king_forced: K♥ is ever forced (option ``king_forced``); when false it never is.
        games: which contract ids to build.

    """
    boys = _boys_mask(prices.boys) & deck
    girls = RANK_MASKS[Rank.QUEEN] & deck
    hearts = SUIT_MASKS[Suit.HEARTS] & deck
    king = KING_OF_HEARTS.mask & deck
    last = max(0, tricks - 2)

    def tricks_values(per_trick: int, per_last: int) -> tuple[int, ...]:
        return tuple(per_trick + (per_last if k >= last else 0) for k in range(tricks))

    parts: dict[str, tuple[tuple[int, ...], tuple[tuple[int, int], ...], str]] = {
        "tricks": (tricks_values(prices.trick, 0), (), f"{prices.trick} a trick"),
        "boys": (
            tricks_values(0, 0),
            ((boys, prices.boy),),
            f"{prices.boy} a boy ({prices.boys.replace('+', ' and ')})",
        ),
        "girls": (tricks_values(0, 0), ((girls, prices.girl),), f"{prices.girl} a queen"),
        "hearts": (tricks_values(0, 0), ((hearts, prices.heart),), f"{prices.heart} a heart"),
        "king": (tricks_values(0, 0), ((king, prices.king),), f"{prices.king} for K♥"),
        "last_two": (
            tricks_values(0, prices.last_two),
            (),
            f"{prices.last_two} for each of the last two tricks",
        ),
    }
    heart_rules = {"hearts", "king", "plus_eralash"}
    king_rules = {"king", "plus_eralash"}
    built: dict[str, Contract] = {}
    for cid in games:
        if cid == "trumps":
            values = (prices.trump_trick,) * tricks
            built[cid] = Contract(
                id=cid,
                name=_NAMES[cid][0],
                title=_NAMES[cid][1],
                trick_values=values,
                trump_round=True,
                description=f"{prices.trump_trick} a trick, with trumps",
                # The maker leads: the declarer, or the player who bought the declaration.
                trick_rules=TrickRules(leader="maker"),
            )
            continue
        sign = -1 if cid in NEGATIVE_GAMES else 1
        positive = positive_twin(cid) if cid in NEGATIVE_GAMES else cid
        categories = list(CATEGORIES) if positive == "plus_eralash" else [positive]
        tv = [0] * tricks
        groups: list[tuple[int, int]] = []
        for cat in categories:
            cat_tricks, cat_groups, _ = parts[cat]
            tv = [a + sign * b for a, b in zip(tv, cat_tricks)]
            groups.extend((mask, sign * value) for mask, value in cat_groups)
        king_rule = positive in king_rules and king_forced
        description = (
            "all six categories at once" if positive == "plus_eralash" else parts[positive][2]
        )
        built[cid] = Contract(
            id=cid,
            name=_NAMES[cid][0],
            title=_NAMES[cid][1],
            trick_values=tuple(tv),
            card_values=tuple(groups),
            no_heart_lead=positive in heart_rules,
            king_on_void=king_rule,
            king_on_heart_lead=king_rule and king_on_heart_lead,
            description=description,
        )
    return built
