"""What the pages are shown: a spectator's view, the summary of a finished deal, log lines.

A spectator sees only what every seat sees: :func:`public_view` keeps, of the seats' views,
the facts they all share (the cards played, the contract, the totals, the public extras) and
no hand. Once a deal is over, :func:`finished_deal` shows all of it: every seat's cards of
that deal, its last trick and its points.
"""

from __future__ import annotations

from typing import Any

from kinglib import CardSet, Move, Play, Rules, State
from kinglib.engine.state import DealSpec, MatchSetup
from kinglib.web.protocol import contract_label, move_entry

__all__ = ["finished_deal", "move_text", "public_view"]


def public_view(state: State) -> dict[str, Any]:
    """What every seat may see, in the form of ``View.to_dict()``, with no hand and no moves.

    ``seat`` is ``None``, ``hand`` empty and ``legal_moves`` empty; ``extra`` and ``piles``
    keep only the entries every seat's view holds alike, and ``deal_moves`` shows ``None``
    where any seat is not shown the move (a discard).
    """
    views = [state.view(seat).to_dict() for seat in range(state.rules.players)]
    shown = dict(views[0])
    shown["seat"] = None
    shown["hand"] = ""
    shown["legal_moves"] = []
    shown["extra"] = {
        key: value
        for key, value in views[0]["extra"].items()
        if all(key in v["extra"] and v["extra"][key] == value for v in views[1:])
    }
    shown["piles"] = {
        name: cards
        for name, cards in views[0]["piles"].items()
        if all(v["piles"].get(name) == cards for v in views[1:])
    }
    moves = list(views[0]["deal_moves"])
    for view in views[1:]:
        for number, move in enumerate(view["deal_moves"]):
            if move is None and number < len(moves):
                moves[number] = None
    shown["deal_moves"] = moves
    return shown


def _last_tricks(before: State, move: Move) -> tuple[Any, ...]:
    """The tricks of the deal that ``move`` ends, with the last one when it can be told.

    The last card is played again on a copy of ``before`` set up as a single deal, which
    keeps its tricks once over (a match goes straight on to its next deal).
    """
    if not isinstance(move, Play) or before.contract is None:
        return tuple(before.tricks)
    spec = DealSpec(contract=before.contract, dealer=before.dealer, hands=before.hands_mask)
    try:
        done = before.evolve(setup=MatchSetup(seed=None, deal=spec)).apply(move)
    except Exception:  # a variant that cannot end its deal so: the last trick is not shown
        return tuple(before.tricks)
    return tuple(done.tricks)


def finished_deal(rules: Rules, before: State, move: Move, after: State) -> dict[str, Any]:
    """The deal that ``move`` ended, as the pages show it at the end-of-deal pause.

    It has the deal's ``number``, ``contract`` (its title), each seat's ``points``, the
    ``last_trick`` (``{"plays": [[seat, card], ...], "winner": seat}``, or ``None`` when the
    deal did not end with a card), ``tricks_taken`` per seat, and ``hands``: every card each
    seat held in the deal, with the ``piles`` (widow, stock...) as they were at its end.
    """
    result = after.results[len(before.results)]
    tricks = _last_tricks(before, move)
    players = rules.players
    played = [0] * players
    taken = [0] * players
    for trick in tricks:
        taken[trick.winner] += 1
        for seat, card in trick.plays:
            played[seat] |= card.mask
    for seat, card in before.trick:
        played[seat] |= card.mask
    if isinstance(move, Play) and before.to_move is not None:
        played[before.to_move] |= move.card.mask
    hands = [str(CardSet.from_mask(played[s] | before.hand(s).mask)) for s in range(players)]
    last = None
    if tricks and isinstance(move, Play) and any(c == move.card for _, c in tricks[-1].plays):
        last = {"plays": [[s, str(c)] for s, c in tricks[-1].plays], "winner": tricks[-1].winner}
    return {
        "number": before.deal_number,
        "contract": contract_label(rules, result.contract, result.trump),
        "points": list(result.points),
        "last_trick": last,
        "tricks_taken": taken,
        "hands": hands,
        "piles": {k: str(v) for k, v in before.piles.items() if len(v)},
    }


def move_text(who: str, move: Move, rules: Rules) -> str:
    """A move as the log writes it (``"seat 1 (Ann) plays QS"``)."""
    entry = move_entry(move, rules)
    kind = entry["kind"]
    if kind == "play":
        return f"{who} plays {move}"
    if kind in ("choose", "declare"):
        return f"{who} {kind}s {entry['label']}"
    if kind == "pass":
        return f"{who} passes"
    if kind in ("sell", "keep"):
        return f"{who} {kind}s"
    if kind == "draw":
        return f"{who} draws from the stock"
    return f"{who} {move}"
