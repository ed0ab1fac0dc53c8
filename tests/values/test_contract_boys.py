"""The boys of the no-boys contract: jacks, or jacks and kings, and nothing else."""

from __future__ import annotations

import pytest

from kinglib.values.cards import RANK_MASKS, Rank
from kinglib.values.contracts import _boys_mask


def test_the_boys_are_jacks_or_jacks_and_kings() -> None:
    assert _boys_mask("jacks") == RANK_MASKS[Rank.JACK]
    assert _boys_mask("jacks+kings") == RANK_MASKS[Rank.JACK] | RANK_MASKS[Rank.KING]


def test_other_boys_are_refused_naming_them() -> None:
    with pytest.raises(ValueError, match=r"boys must be 'jacks' or 'jacks\+kings', not 'queens'"):
        _boys_mask("queens")
