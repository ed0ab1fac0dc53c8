"""The heuristic bot: plays the contract the way a careful table player does.

It decides from what its :class:`~kinglib.engine.view.View` shows: the hand, the cards played,
the trick, the contract's prices (the rules of the match are public knowledge and travel with
the view) and the variant's public extras.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from kinglib.engine.state import Phase
from kinglib.engine.view import View
from kinglib.values.cards import SUIT_MASKS, Card, CardSet, Rank, Suit
from kinglib.values.contracts import Contract
from kinglib.values.moves import (
    Bid,
    Choose,
    Declare,
    Discard,
    Double,
    Keep,
    Move,
    Pass,
    Play,
    Redouble,
    Sell,
)

__all__ = ["HeuristicBot"]

#: The points a bid for the penalty suit must save, beyond its price, to be worth making.
_BID_MARGIN = 1.0
#: What emptying a suit by the discard is worth, against the rank of a card discarded.
_VOID_BONUS = 6.0
#: The ranks by their letter (a fan-tan's start rank in the view extras).
_RANKS = {rank.letter: rank for rank in Rank}


# --------------------------------------------------------------------------- card judgement

_ALL_SUITS = tuple(Suit)
_FULL_PACK = CardSet.from_mask(sum(SUIT_MASKS))


def _strength(card: Card, misere: bool) -> int:
    """The rank as a number (jokers 15); reversed under misère."""
    value = 15 if card.rank is None else int(card.rank)
    return -value if misere else value


def _trick_key(card: Card, led: Suit | None, trump: Suit | None, misere: bool) -> tuple[int, float]:
    """How strongly ``card`` stands in a trick led in ``led``: the larger key wins.

    A joker counts as a heart that ranks between the jack and the ten on a heart lead and
    wins any other lead (the jokers variant); elsewhere it does not occur.
    """
    if card.suit is None:
        if led is Suit.HEARTS or led is None:
            return (1, 10.5)
        return (3, 0)
    if trump is not None and card.suit is trump:
        return (2, _strength(card, misere))
    if card.suit is led:
        return (1, _strength(card, misere))
    return (0, _strength(card, misere))


def _win_chance(higher_out: int, length: int) -> float:
    """The chance that a card wins its suit.

    It depends on how many higher cards others may hold and on how many cards of the suit
    the hand holds to guard it.
    """
    if higher_out == 0:
        return 0.95
    if higher_out == 1:
        return 0.5 if length >= 2 else 0.15
    if higher_out == 2:
        return 0.25 if length >= 3 else 0.05
    return 0.0


class _Judge:
    """What a view says about the cards: the pack, the cards not yet seen, the contract."""

    def __init__(self, view: View) -> None:
        self.view = view
        rules = view.rules
        self.deck = rules.deck if rules is not None else _FULL_PACK
        contract = None
        if rules is not None and view.contract is not None:
            contract = rules.contracts.get(view.contract)
        self.contract: Contract | None = contract
        self.trump: Suit | None = view.trump if isinstance(view.trump, Suit) else None
        self.misere = view.trump == "misere"
        self.hand = view.hand
        self.unseen = self.deck - view.seen_cards
        players = view.players
        self.deal_tricks = max(1, len(self.deck) // max(1, players))

    # ----------------------------------------------------------------- prices

    def price(self, card: Card) -> int:
        """What taking ``card`` scores in this contract (tricks not counted)."""
        return self.contract.price_of(card) if self.contract is not None else 0

    def trick_value(self) -> int:
        """What winning the current trick scores for the trick itself."""
        if self.contract is None:
            return 0
        k = len(self.view.tricks)
        values = self.contract.trick_values
        return values[k] if k < len(values) else 0

    def free_trick(self) -> bool:
        """Whether the current trick can score nothing (only later tricks count)."""
        c = self.contract
        return (
            c is not None
            and self.trick_value() == 0
            and c.scoring_mask == 0
            and any(c.trick_values)
        )

    def contract_has_trumps(self) -> bool:
        """Whether a trump suit is in force."""
        return self.trump is not None

    @property
    def positive(self) -> bool:
        """Whether this deal rewards taking (a positive game or a trump round)."""
        c = self.contract
        return c is not None and (c.trump_round or c.sign > 0)

    # ----------------------------------------------------------------- counting

    def higher_out(self, card: Card, misere: bool | None = None) -> int:
        """How many unseen cards of ``card``'s suit beat it."""
        if card.suit is None:
            return 0
        rev = self.misere if misere is None else misere
        mine = _strength(card, rev)
        return sum(1 for c in self.unseen.of_suit(card.suit) if _strength(c, rev) > mine)

    def lower_out(self, card: Card) -> int:
        """How many unseen cards of ``card``'s suit it beats."""
        if card.suit is None:
            return 0
        mine = _strength(card, self.misere)
        return sum(1 for c in self.unseen.of_suit(card.suit) if _strength(c, self.misere) < mine)

    def expected_tricks(
        self, hand: CardSet, trump: Suit | None = None, misere: bool = False
    ) -> float:
        """A rough count of the tricks ``hand`` takes with that trump, scaled to a full hand."""
        if not hand:
            return 0.0
        others = self.deck - hand
        total = 0.0
        for suit in _ALL_SUITS:
            mine = sorted(hand.of_suit(suit), key=lambda c: -_strength(c, misere))
            if not mine:
                continue
            out = others.of_suit(suit)
            for card in mine:
                higher = sum(1 for c in out if _strength(c, misere) > _strength(card, misere))
                total += _win_chance(higher, len(mine))
            if trump is not None and suit is trump:
                # Every trump may ruff a side suit; long trumps also win the last tricks.
                total += 0.4 * len(mine) + 0.5 * max(0, len(mine) - 2)
        jokers = sum(1 for c in hand if c.suit is None)
        total += 0.9 * jokers
        if len(hand) < self.deal_tricks:  # a partial hand (the three-card stage): scale it up
            total *= self.deal_tricks / len(hand)
        return total

    def best_declaration(
        self, hand: CardSet, *, notrump: bool = True, misere: bool = True
    ) -> tuple[float, Suit | str]:
        """The declaration that takes most tricks: a suit, or ``notrump``/``misere`` if allowed."""
        options: list[tuple[float, Suit | str]] = [
            (self.expected_tricks(hand, suit), suit) for suit in _ALL_SUITS
        ]
        if notrump:
            options.append((self.expected_tricks(hand) - 0.3, "notrump"))
        if misere:
            options.append((self.expected_tricks(hand, misere=True) - 0.3, "misere"))
        return max(options, key=lambda o: o[0])

    def own_take_chance(self, card: Card, hand: CardSet) -> float:
        """The chance that the hand ends up taking its own ``card``."""
        if card.suit is None:
            return 0.9
        length = len(hand.of_suit(card.suit))
        others = self.deck - hand
        mine = _strength(card, False)
        higher = sum(1 for c in others.of_suit(card.suit) if _strength(c, False) > mine)
        chance = _win_chance(higher, length)
        if length <= 2:  # short suits run out, and the card may be forced or caught
            chance = max(chance, 0.35)
        return chance

    def suit_penalty(self, hand: CardSet, suit: Suit) -> float:
        """How many cards of ``suit`` this hand expects to take when each costs a point.

        Each card of the suit that wins a trick of its suit brings about one card of the suit
        from every player; the tricks the hand wins in other suits collect a few cards of the
        suit thrown by players void in the led suit.
        """
        others = self.deck.mask & ~hand.mask
        players = self.view.players
        total = 0.0
        for s in _ALL_SUITS:
            suit_mask = SUIT_MASKS[s]
            mine = hand.mask & suit_mask
            out = others & suit_mask
            length = mine.bit_count()
            weight = players if s is suit else 0.3 * players / 4
            while mine:
                bit = mine & -mine  # the cards in display order: the ace is the lowest bit
                higher = (out & (bit - 1)).bit_count()  # the cards out that outrank it
                total += _win_chance(higher, length) * weight
                mine ^= bit
        return total

    def estimate(self, contract: Contract, hand: CardSet, *, ordered: bool = False) -> float:
        """The points this hand expects from ``contract``, relative to a fair share.

        ``ordered``: a trump round ordered with the hand seen (ordered, atomic), where the
        trump is a suit, or notrump when the rules' option ``notrump`` allows it; never misère.
        """
        players = self.view.players
        if contract.trump_round:
            rules = self.view.rules
            notrump = not ordered or bool(rules is not None and rules.options.get("notrump"))
            tricks, _ = self.best_declaration(hand, notrump=notrump, misere=not ordered)
            per_trick = contract.trick_values[0] if contract.trick_values else 0
            mine = tricks * per_trick
        else:
            share = min(1.0, self.expected_tricks(hand) / self.deal_tricks)
            mine = share * sum(contract.trick_values)
            for group, value in contract.card_values:
                for card in CardSet.from_mask(group & self.deck.mask):
                    chance = self.own_take_chance(card, hand) if card in hand else share
                    mine += value * chance
        return mine - (contract.total - mine) / max(1, players - 1)


# --------------------------------------------------------------------------- the heuristic bot


class HeuristicBot:
    """A sensible player that decides from its view alone.

    * Negative games: it ducks (plays the highest card that still loses the trick), sheds the
      cards that cost most when it cannot follow, leads where others hold higher cards, and,
      in a trick that costs nothing (the early tricks of "no last two"), plays its high cards.
    * Positive games and trump rounds: it leads its masters, wins tricks worth something with
      the cheapest winning card when it plays last, and throws its lowest card otherwise.
    * Choosing a contract: the one its hand scores best in. Declaring: its strongest trump
      (in a trump round) or, for a penalty suit, the suit it is least likely to take.
      A contract chosen with the hand seen (ordered, atomic) is valued with the trumps that
      may be ordered there: a suit, or notrump where allowed, never misère.
      Bidding for a trump round: the lowest offer when its hand is worth it, else pass.
      Bidding for the penalty suit (bidding): the lowest bid when naming its safest suit
      saves more than that bid (plus a margin of one point) over hearts, the suit when
      everyone passes; it then names that suit. Answering: sell when the best offer is at
      least what it expects to take. Discarding: high cards that score nothing (low cards
      outside trumps in a positive deal), emptying a suit when it can, to throw penalty
      cards on that suit's leads or to trump them.
    * Fan-tan: the card that frees the most of its own cards further along the row (both ways
      for a row's opening card) against the others' cards it frees.
    * Doubling (Barbu): it doubles the dealer alone when its hand expects more than a fair
      share by a margin (half the deal's total spread over the players), and when it must;
      it redoubles everyone who doubled it on the same condition, and passes otherwise. A
      start rank for a layout (fan-tan) is the rank of which it holds most cards, counting
      the ranks next to it by half.
    * Jokers: a joker goes under a higher heart on a heart lead (after any heart above it,
      which could never lose again), or after another joker (the first played ranks higher).
      Void in a plain suit it keeps the joker, which would win there, and its hearts, which
      guard the joker against heart leads, and throws its highest plain card.

    Every move it returns is one of the view's legal moves.
    """

    def __init__(self, name: str = "heuristic") -> None:
        """Name the bot."""
        self.name = name

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose_move(self, view: View) -> Move:
        """The move this bot makes in the position ``view`` shows."""
        moves = view.legal_moves
        if not moves:
            raise ValueError(f"seat {view.seat} has no move to make: it is not its turn")
        if len(moves) == 1:
            return moves[0]
        judge = _Judge(view)
        chosen: Move | None = None
        phase = view.phase
        if phase is Phase.PLAY:
            chosen = self._play(judge, moves)
        elif phase is Phase.CHOOSE:
            chosen = self._choose(judge, moves)
        elif phase is Phase.DECLARE:
            chosen = self._declare(judge, moves)
        elif phase is Phase.BID:
            chosen = self._bid(judge, moves)
        elif phase is Phase.ANSWER:
            chosen = self._answer(judge, moves)
        elif phase is Phase.DISCARD:
            chosen = self._discard(judge, moves)
        elif phase is Phase.DOUBLE:
            chosen = self._double(judge, moves)
        if chosen is None or chosen not in moves:
            return moves[0]
        return chosen

    # ----------------------------------------------------------------- playing

    def _play(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        cards = [m.card for m in moves if isinstance(m, Play)]
        if not cards:
            return None
        if "fan_tan" in judge.view.extra and "layout" in judge.view.piles:
            return Play(self._lay_out(judge, cards))
        card = (
            self._play_positive(judge, cards)
            if judge.positive
            else self._play_negative(judge, cards)
        )
        return Play(card)

    @staticmethod
    def _trick_state(judge: _Judge) -> tuple[Suit | None, tuple[int, float], bool]:
        """The led suit, the key of the card winning so far, and whether this seat plays last."""
        view = judge.view
        trick = view.trick
        led_card = trick[0][1]
        led = Suit.HEARTS if led_card.suit is None else led_card.suit
        best = max(_trick_key(c, led, judge.trump, judge.misere) for _, c in trick)
        still_to_play = sum(
            1
            for seat, size in enumerate(view.hand_sizes)
            if seat != view.seat and size > 0 and all(s != seat for s, _ in trick)
        )
        return led, best, still_to_play == 0

    def _play_negative(self, judge: _Judge, cards: list[Card]) -> Card:
        if judge.free_trick():
            # Nothing to lose in this trick: spend a high card while it is harmless.
            return max(cards, key=lambda c: (_strength(c, judge.misere), -c.index))
        if not judge.view.trick:
            return max(
                cards,
                key=lambda c: (
                    judge.higher_out(c) > 0,
                    judge.price(c),
                    -judge.lower_out(c),
                    judge.higher_out(c),
                    -_strength(c, judge.misere),
                ),
            )
        led, best, last = self._trick_state(judge)
        keys = {c: _trick_key(c, led, judge.trump, judge.misere) for c in cards}
        following = any(k[0] >= 1 for k in keys.values())
        # A joker played after another joker ranks lower: it loses like any card under.
        under = [c for c in cards if keys[c] < best or _second_joker(c, judge.view.trick)]
        if not following:
            # Void: shed what costs most, then the card most likely to win a later trick.
            return max(under or cards, key=lambda c: (-judge.price(c), _strength(c, False)))
        if under:
            # Duck with the highest card that loses: it is the one that would win later.
            return max(under, key=lambda c: (keys[c], -judge.price(c)))
        if last:
            # The trick is ours whatever we play: take it with our worst card to keep.
            return max(cards, key=lambda c: (judge.price(c), keys[c]))
        return max(cards, key=lambda c: (judge.price(c), -keys[c][1]))

    def _play_positive(self, judge: _Judge, cards: list[Card]) -> Card:
        if judge.free_trick() and not judge.contract_has_trumps():
            # Nothing to win in this trick: keep the high cards for the tricks that count.
            return min(cards, key=lambda c: (_strength(c, judge.misere), c.index))
        if not judge.view.trick:
            return max(
                cards,
                key=lambda c: (
                    judge.higher_out(c) == 0,
                    judge.trump is not None and c.suit is judge.trump,
                    -judge.higher_out(c),
                    _strength(c, judge.misere),
                ),
            )
        led, best, last = self._trick_state(judge)
        keys = {c: _trick_key(c, led, judge.trump, judge.misere) for c in cards}
        winners = [c for c in cards if keys[c] > best]
        on_table = sum(judge.price(c) for _, c in judge.view.trick)
        worth = judge.trick_value() + on_table
        if winners and (worth > 0 or not last or any(judge.price(c) > 0 for c in winners)):
            if last:
                return min(winners, key=lambda c: (keys[c], -judge.price(c)))
            trumping = [c for c in winners if keys[c][0] == 2 and led is not judge.trump]
            if trumping:
                return min(trumping, key=lambda c: keys[c])
            return max(winners, key=lambda c: keys[c])
        # Cannot (or need not) win: throw the cheapest, lowest card.
        return min(cards, key=lambda c: (judge.price(c), keys[c]))

    @staticmethod
    def _lay_out(judge: _Judge, cards: list[Card]) -> Card:
        """A fan-tan: the card that frees most of its own cards beyond it, fewest of others'.

        The cards beyond a card are those of its row further from the start rank (both ways
        for a row's opening card); those not in the hand nor laid out are the others'.
        """
        view = judge.view
        laid = view.piles["layout"].mask
        start = _RANKS.get(str(view.extra["fan_tan"].get("start_rank")))

        def value(card: Card) -> tuple[int, int]:
            rank = card.rank
            assert card.suit is not None and rank is not None
            beyond = 0
            for other in CardSet.from_mask(SUIT_MASKS[card.suit] & ~laid & ~card.mask):
                assert other.rank is not None
                if start is None or rank == start or (other.rank > rank) == (rank > start):
                    beyond |= other.mask
            mine = (beyond & judge.hand.mask).bit_count()
            return (mine - (beyond & ~judge.hand.mask).bit_count(), mine)

        return max(cards, key=lambda c: (value(c), -c.index))

    # ----------------------------------------------------------------- other phases

    def _choose(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        rules = judge.view.rules
        best: tuple[float, Move] | None = None
        for move in moves:
            if not isinstance(move, Choose):
                continue
            contract = rules.contracts.get(move.contract) if rules is not None else None
            value = (
                judge.estimate(contract, judge.hand, ordered=True) if contract is not None else 0.0
            )
            if best is None or value > best[0]:
                best = (value, move)
        return None if best is None else best[1]

    def _declare(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        declares = [m for m in moves if isinstance(m, Declare)]
        if not declares:
            return None
        hand = judge.hand
        if judge.contract is not None and judge.contract.sign < 0:
            # A penalty suit: name the suit this hand is least likely to take.
            def danger(move: Declare) -> tuple[float, int]:
                if not isinstance(move.trump, Suit):
                    return (99.0, 0)
                suit_cards = hand.of_suit(move.trump)
                return (
                    sum(judge.own_take_chance(c, hand) for c in suit_cards),
                    -len(suit_cards),
                )

            return min(declares, key=danger)
        values: dict[Move, float] = {}
        fair = judge.deal_tricks / max(1, judge.view.players)
        for move in declares:
            trump = move.trump
            if isinstance(trump, Suit):
                values[move] = judge.expected_tricks(hand, trump)
            elif trump == "notrump":
                values[move] = judge.expected_tricks(hand) - 0.3
            elif trump == "misere":
                values[move] = judge.expected_tricks(hand, misere=True) - 0.3
            elif isinstance(trump, Rank):  # a layout's start rank: cards to lay out at once
                ranks = [c.rank for c in hand]
                values[move] = ranks.count(trump) + 0.5 * sum(
                    1 for r in ranks if r is not None and abs(r - trump) == 1
                )
            elif trump == "raspis":  # a fair share for all: only for a clearly weak hand
                values[move] = fair - 0.5
            else:  # "last": a suit we do not know yet
                values[move] = fair - 0.75
        return max(declares, key=lambda m: values[m])

    def _bid(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        bids = sorted((m for m in moves if isinstance(m, Bid)), key=lambda m: m.amount)
        passing = next((m for m in moves if isinstance(m, Pass)), None)
        if not bids:
            return passing
        lowest = bids[0]
        if passing is None:
            return lowest
        hand = judge.hand
        contract = judge.contract
        if contract is not None and contract.sign < 0:
            # A bid buys the choice of the penalty suit: worth what it saves over hearts.
            taken = {suit: judge.suit_penalty(hand, suit) for suit in _ALL_SUITS}
            saving = taken[Suit.HEARTS] - min(taken.values())
            return lowest if lowest.amount + _BID_MARGIN <= saving else passing
        if contract is None or contract.trump_round:
            tricks, _ = judge.best_declaration(hand)
            fair = judge.deal_tricks / max(1, judge.view.players)
            return lowest if tricks - lowest.amount >= fair + 0.5 else passing
        return passing

    def _answer(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        view = judge.view
        offer = _best_offer(
            v for k, v in view.extra.items() if "offer" in str(k) or "bid" in str(k)
        )
        trump = _declared(view)
        if isinstance(trump, Suit):
            keep_value = judge.expected_tricks(judge.hand, trump)
        elif trump == "misere":
            keep_value = judge.expected_tricks(judge.hand, misere=True)
        else:
            keep_value = judge.expected_tricks(judge.hand)
        fair = judge.deal_tricks / max(1, view.players)
        options: list[tuple[float, Move]] = []
        for move in moves:
            if isinstance(move, Sell):
                options.append((float(offer) if offer is not None else -1.0, move))
            elif isinstance(move, Keep):
                options.append((keep_value, move))
            elif isinstance(move, Declare) and move.trump == "raspis":
                options.append((fair - 0.25, move))
        if not options:
            return None
        return max(options, key=lambda o: o[0])[1]

    def _double(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        passing = next((m for m in moves if isinstance(m, Pass)), None)
        contract = judge.contract
        confident = False
        if contract is not None and contract.trick_rules.trick_play:
            players = max(2, judge.view.players)
            if contract.trump_round:
                price = contract.trick_values[0] if contract.trick_values else 0
                mine = judge.expected_tricks(judge.hand, judge.trump) * price
                value = mine - (contract.total - mine) / (players - 1)
            else:
                value = judge.estimate(contract, judge.hand)
            confident = value > abs(contract.total) / (2 * players)
        redoubles = [m for m in moves if isinstance(m, Redouble)]
        if redoubles:
            return redoubles[-1] if confident else passing
        dealer = judge.view.dealer
        doubles = [m for m in moves if isinstance(m, Double) and m.seats == (dealer,)]
        if passing is None or confident:
            return doubles[0] if doubles else None
        return passing

    def _discard(self, judge: _Judge, moves: Sequence[Move]) -> Move | None:
        discards = [m for m in moves if isinstance(m, Discard)]
        if not discards:
            return None
        positive = judge.positive
        trump = judge.trump

        def value(move: Discard) -> float:
            total = 0.0
            left = judge.hand - move.cards
            for suit in _ALL_SUITS:
                if judge.hand.of_suit(suit) and not left.of_suit(suit) and suit is not trump:
                    # A suit emptied: in a penalty deal the hand can then throw its costly
                    # cards on that suit's leads; in a trump round it can trump them.
                    total += _VOID_BONUS
            for card in move.cards:
                strength = _strength(card, False)
                price = judge.price(card)
                if positive:
                    total -= strength + 5 * price + (20 if card.suit is trump else 0)
                else:
                    total += strength - 3 * price
            return total

        return max(discards, key=value)


def _second_joker(card: Card, trick: Sequence[tuple[int, Card]]) -> bool:
    """A joker played after another joker in the same trick: it ranks lower and loses."""
    return card.suit is None and any(c.suit is None for _, c in trick)


def _best_offer(values: Iterable[object]) -> int | None:
    """The best offer among a view's public extras about offers.

    An offer is an int or a :class:`Bid`; a ``(seat, offer)`` pair or a mapping with a
    ``tricks``/``amount`` entry holds one; ``"pass"`` and other text hold none.
    """
    found = [amount for value in values for amount in _offer_amounts(value)]
    return max(found) if found else None


def _offer_amounts(value: object) -> Iterator[int]:
    if isinstance(value, Bid):
        yield value.amount
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for key in ("tricks", "amount", "offer", "bid"):
            if key in value:
                yield from _offer_amounts(value[key])
    elif isinstance(value, (tuple, list)):
        if len(value) == 2 and isinstance(value[0], int) and not isinstance(value[0], bool):
            yield from _offer_amounts(value[1])  # a (seat, offer) pair
        else:
            for item in value:
                yield from _offer_amounts(item)


def _declared(view: View) -> Suit | str | None:
    """The trump in force, or the declaration shown in the view's extras."""
    if view.trump is not None:
        return view.trump
    text = view.extra.get("declaration")
    if isinstance(text, (str, Suit)):
        try:
            declared = Declare(text).trump
        except ValueError:
            return None
        return None if isinstance(declared, Rank) else declared
    return None
