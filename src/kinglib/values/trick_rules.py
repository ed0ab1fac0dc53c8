"""The trick rules of a contract as data: :class:`TrickRules`.

Everything a trick-taking deal of the King family decides card by card is a field of one small
immutable value that a :class:`~kinglib.values.contracts.Contract` carries: which suits may be led
and when, what a player must play when he follows or cannot follow, who leads the first trick, how
the ranks and the jokers play, and whether the contract is played by a phase of its own. The
engine's one trick kernel (:mod:`kinglib.engine.kernel`) reads these fields; no rule of the trick
play is written anywhere else.

The fields, with the words the refusals and the rules tables use:

``lead``
    A restriction per suit on leading a trick, as a mapping from a suit (``"hearts"``, a
    :class:`~kinglib.values.cards.Suit` or its letter) or ``"trump"`` (the deal's trump suit, when
    it has one) to one of :data:`LEAD_RULES`:

    * ``"free"``: it may be led at any time (the default for a suit not named);
    * ``"never"``: not while the leader holds a card of another suit;
    * ``"broken"``: not until the suit is *broken*, that is until a card of it has been played
      to an earlier trick of the deal that was led in another suit, unless the leader holds
      nothing else (a card of the suit led by such a hand does not break it);
    * ``"maker"``: only for ``"trump"``: only the maker (the seat whose declaration is played)
      may lead a trump while holding a card of another suit.

    When every card of the leader's hand is restricted, he may lead any of them.
``void``
    What a player who cannot follow suit must do, one of :data:`VOID_RULES`: ``"trump"``
    (the default: he must play a trump if he holds one, otherwise any card), ``"discard"``
    (he may play any card, a trump or not) or ``"draw"`` (he draws from the stock until he can
    follow; only with a stock, as in domino; once the stock is empty he plays any card).
``overtrump``
    The duty to beat the highest trump in the trick, one of :data:`OVERTRUMP_RULES`:
    ``"never"`` (the default), ``"trump_lead"`` (when a trump is led, each player following
    must play a higher trump than the highest one in the trick if he can) or ``"always"``
    (whoever plays a trump, following a trump lead or trumping, must beat the highest trump in
    the trick if he can).
``void_duty``
    Cards a player who cannot follow suit must play, one of them, if he holds any (the K♥ of
    "no king"; the penalty cards of Turkish King). It comes before the trump duty.
``follow_duty``
    Cards a player following suit must play, one of them, if he holds any of the led suit
    (the K♥ "on a heart lead").
``under_duty``
    Cards a player following suit must play, one of them, when they rank below the best card of
    the led suit already in the trick (Turkish King's "no withholding").
``leader``
    Who leads the first trick, one of :data:`LEADERS`: ``"eldest"`` (the default: the seat after
    the dealer in the direction of play), ``"maker"`` (the seat that chose or declared the deal,
    or the buyer of a trump round; the eldest when nobody did), ``"after_maker"`` (the seat after
    him) or ``"dealer"``.
``misere``
    The ranks are reversed: the lowest card of the led suit wins (as after a ``"misere"``
    declaration, which sets it for one deal).
``joker_suit``, ``joker_rank``, ``joker_free``
    How jokers play, for a pack that holds them: a joker counts as a card of ``joker_suit``
    for leading and following (a joker led is a lead of that suit); on a lead of that suit a
    joker ranks just below ``joker_rank``; on a lead of any other suit the first joker played
    wins the trick; of two jokers the first played ranks higher. With ``joker_free`` a joker
    may be played at any time, even by a player who can follow another suit.
``kitty``
    What happens to the pile ``"kitty"``, one of :data:`KITTY_RULES`: ``"stays"`` (the default)
    or ``"first_trick"`` (it goes, unseen, to the winner of the deal's first trick).
``phase``
    The name of a play phase of the variant's own (a key of its ``kinglib_phases`` answer) that
    plays this contract instead of trick play, such as a fan-tan layout; ``None`` (the default)
    for trick play.

A value is checked when it is made (:class:`~kinglib.values.errors.RulesError` naming the field),
and again against the pack and the phases when :func:`kinglib.load_rules` builds the rules (naming
the contract too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from kinglib.values.cards import SUIT_MASKS, Card, CardSet, Rank, Suit
from kinglib.values.errors import NotationError, RulesError, short_repr

__all__ = [
    "KITTY_RULES",
    "LEADERS",
    "LEAD_KEYS",
    "LEAD_RULES",
    "OVERTRUMP_RULES",
    "VOID_RULES",
    "TrickRules",
]

#: The restrictions a suit's lead may have (see ``lead`` in the module's text).
LEAD_RULES: tuple[str, ...] = ("free", "never", "broken", "maker")
#: The keys of ``lead``: the four suits by name, and the deal's trump suit.
LEAD_KEYS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs", "trump")
#: What a player who cannot follow suit must do.
VOID_RULES: tuple[str, ...] = ("trump", "discard", "draw")
#: The duties to beat the highest trump in the trick.
OVERTRUMP_RULES: tuple[str, ...] = ("never", "trump_lead", "always")
#: Who may lead the first trick.
LEADERS: tuple[str, ...] = ("eldest", "maker", "after_maker", "dealer")
#: What happens to the pile ``"kitty"``.
KITTY_RULES: tuple[str, ...] = ("stays", "first_trick")

_SUIT_KEYS = {suit: name for suit, name in zip(Suit, LEAD_KEYS)}


def _lead_key(key: object) -> str:
    if isinstance(key, Suit):
        return _SUIT_KEYS[key]
    if isinstance(key, str):
        word = key.strip().lower()
        if word in LEAD_KEYS:
            return word
        try:
            return _SUIT_KEYS[Suit.parse(word)]
        except NotationError:
            pass
    raise RulesError(
        f"trick rules: lead names a suit or 'trump' (one of {', '.join(LEAD_KEYS)}), "
        f"not {short_repr(key)}"
    )


def _lead(value: Mapping[Any, str] | Iterable[tuple[Any, str]]) -> tuple[tuple[str, str], ...]:
    """``lead`` as sorted ``(key, rule)`` pairs, each checked; a suit's ``"free"`` dropped."""
    pairs = value.items() if isinstance(value, Mapping) else value
    out: dict[str, str] = {}
    try:
        items = list(pairs)
    except TypeError:
        raise RulesError(
            f"trick rules: lead maps suits to rules, not {short_repr(value)}"
        ) from None
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise RulesError(f"trick rules: lead maps suits to rules, not {short_repr(value)}")
        key, rule = _lead_key(item[0]), item[1]
        if rule not in LEAD_RULES:
            raise RulesError(
                f"trick rules: lead[{key!r}] is one of {', '.join(LEAD_RULES)}, "
                f"not {short_repr(rule)}"
            )
        if rule == "maker" and key != "trump":
            raise RulesError(
                f"trick rules: lead[{key!r}] = 'maker' is only for 'trump' (only the maker "
                "may lead a trump); a plain suit is 'free', 'never' or 'broken'"
            )
        if key in out and out[key] != rule:
            raise RulesError(f"trick rules: lead[{key!r}] is given twice")
        out[key] = rule
    # A suit's "free" is no restriction at all; the trump's says that the rule was chosen.
    kept = [(key, rule) for key, rule in out.items() if rule != "free" or key == "trump"]
    return tuple(sorted(kept, key=lambda pair: LEAD_KEYS.index(pair[0])))


def _choice(value: object, name: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise RulesError(
            f"trick rules: {name} is one of {', '.join(allowed)}, not {short_repr(value)}"
        )
    return str(value)


def _void(value: object) -> str:
    return _choice(value, "void", VOID_RULES)


def _overtrump(value: object) -> str:
    return _choice(value, "overtrump", OVERTRUMP_RULES)


def _leader(value: object) -> str:
    return _choice(value, "leader", LEADERS)


def _kitty(value: object) -> str:
    return _choice(value, "kitty", KITTY_RULES)


def _cards(value: object, name: str) -> CardSet:
    if isinstance(value, CardSet):
        return value
    if isinstance(value, Card):
        return CardSet([value])
    if isinstance(value, str):
        try:
            return CardSet.parse(value)
        except NotationError as exc:
            raise RulesError(f"trick rules: {name}: {exc}") from None
    raise RulesError(f"trick rules: {name} is a set of cards, not {short_repr(value)}")


def _void_duty(value: object) -> CardSet:
    return _cards(value, "void_duty")


def _follow_duty(value: object) -> CardSet:
    return _cards(value, "follow_duty")


def _under_duty(value: object) -> CardSet:
    return _cards(value, "under_duty")


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"trick rules: {name} is true or false, not {short_repr(value)}")
    return value


def _misere(value: object) -> bool:
    return _flag(value, "misere")


def _joker_free(value: object) -> bool:
    return _flag(value, "joker_free")


def _joker_suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str):
        try:
            return Suit.parse(value)
        except NotationError:
            pass
    raise RulesError(f"trick rules: joker_suit is a suit or None, not {short_repr(value)}")


def _joker_rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    raise RulesError(f"trick rules: joker_rank is a Rank, not {short_repr(value)}")


def _phase(value: object) -> str | None:
    if value is None or (isinstance(value, str) and value.strip()):
        return value
    raise RulesError(
        f"trick rules: phase names a play phase of the variant, or is None, not {short_repr(value)}"
    )


@attrs.frozen
class TrickRules:
    """The trick rules of one contract (the module's text describes every field).

    >>> from kinglib import TrickRules
    >>> turkish_hearts = TrickRules(lead={"hearts": "broken"}, void_duty="AH KH QH JH TH")
    >>> turkish_hearts.lead_rule("hearts"), turkish_hearts.lead_rule("spades")
    ('broken', 'free')
    """

    lead: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_lead)
    void: str = attrs.field(default="trump", converter=_void)
    overtrump: str = attrs.field(default="never", converter=_overtrump)
    void_duty: CardSet = attrs.field(factory=CardSet, converter=_void_duty)
    follow_duty: CardSet = attrs.field(factory=CardSet, converter=_follow_duty)
    under_duty: CardSet = attrs.field(factory=CardSet, converter=_under_duty)
    leader: str = attrs.field(default="eldest", converter=_leader)
    misere: bool = attrs.field(default=False, converter=_misere)
    joker_suit: Suit | None = attrs.field(default=None, converter=_joker_suit)
    joker_rank: Rank = attrs.field(default=Rank.JACK, converter=_joker_rank)
    joker_free: bool = attrs.field(default=False, converter=_joker_free)
    kitty: str = attrs.field(default="stays", converter=_kitty)
    phase: str | None = attrs.field(default=None, converter=_phase)

    def lead_rule(self, key: Suit | str) -> str:
        """The lead restriction of a suit (or of ``"trump"``): ``"free"`` when none is given."""
        wanted = _lead_key(key)
        for name, rule in self.lead:
            if name == wanted:
                return rule
        return "free"

    def with_lead(self, key: Suit | str, rule: str) -> TrickRules:
        """A copy with the lead restriction of one suit (or ``"trump"``) set to ``rule``."""
        pairs = dict(self.lead)
        pairs[_lead_key(key)] = rule
        return attrs.evolve(self, lead=pairs)

    @property
    def trick_play(self) -> bool:
        """Whether the contract is played by trick play (no phase of its own)."""
        return self.phase is None

    def lead_masks(self, trumps: int) -> tuple[int, int, int]:
        """The ``(never, broken, maker)`` masks of the cards restricted from leading.

        ``trumps`` is the mask of the deal's trump suit (0 without one): the ``"trump"`` entry
        applies to it, and takes precedence over the plain suit's own entry.
        """
        masks = {"never": 0, "broken": 0, "maker": 0}
        for key, rule in self.lead:
            if key == "trump":
                continue
            mask = SUIT_MASKS[LEAD_KEYS.index(key)]
            if mask & trumps and self.lead_rule("trump") != "free":
                continue
            if rule != "free":
                masks[rule] |= mask
        trump_rule = self.lead_rule("trump")
        if trumps and trump_rule != "free":
            masks[trump_rule] |= trumps
        return masks["never"], masks["broken"], masks["maker"]

    def describe(self) -> tuple[str, ...]:
        """The rules in words, one sentence each (nothing for the plain rules)."""
        out: list[str] = []
        if self.phase is not None:
            out.append(f"played by the phase {self.phase!r}, not by tricks")
            return tuple(out)
        for key, rule in self.lead:
            suit = "a trump" if key == "trump" else f"a card of {key}"
            if rule == "never":
                out.append(f"{suit} may not be led while holding another suit")
            elif rule == "broken":
                what = "trumps" if key == "trump" else key
                out.append(
                    f"{suit} may not be led until {what} are broken (one was played to an "
                    "earlier trick led in another suit), unless the leader holds nothing else"
                )
            elif rule == "maker":
                out.append("only the maker may lead a trump while holding another suit")
        if self.void == "discard":
            out.append("a player who cannot follow suit may play any card (no duty to trump)")
        elif self.void == "draw":
            out.append("a player who cannot follow suit draws from the stock until he can")
        if self.overtrump == "trump_lead":
            out.append("on a trump lead each player must beat the highest trump if he can")
        elif self.overtrump == "always":
            out.append("whoever plays a trump must beat the highest trump in the trick if he can")
        if self.void_duty:
            out.append(
                f"a player who cannot follow suit must play {_one_of(self.void_duty)} if he "
                "holds one"
            )
        if self.follow_duty:
            out.append(
                f"a player following suit must play {_one_of(self.follow_duty)} if he holds one"
            )
        if self.under_duty:
            out.append(
                f"a player following suit must play {_one_of(self.under_duty)} when it ranks "
                "below the best card of the led suit in the trick"
            )
        if self.leader != "eldest":
            out.append(
                {
                    "maker": "the maker leads the first trick",
                    "after_maker": "the seat after the maker leads the first trick",
                    "dealer": "the dealer leads the first trick",
                }[self.leader]
            )
        if self.misere:
            out.append("the lowest card of the led suit wins")
        if self.joker_suit is not None:
            suit = _SUIT_KEYS[self.joker_suit]
            out.append(
                f"a joker counts as one of the {suit}; on a lead of {suit} it ranks below the "
                f"{self.joker_rank.name.lower()}, on any other lead the first joker wins"
            )
            if self.joker_free:
                out.append("a joker may be played at any time")
        if self.kitty == "first_trick":
            out.append("the kitty goes to the winner of the first trick")
        return tuple(out)


def _one_of(cards: CardSet) -> str:
    return str(cards) if len(cards) == 1 else f"one of {cards}"


#: The plain rules: follow suit, must trump when void, the eldest leads.
PLAIN = TrickRules()
