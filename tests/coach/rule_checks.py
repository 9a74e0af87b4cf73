"""Each coach reason read back and checked against the rule it cites.

The checks work from the position (a real :class:`GameState`, so the
engine itself says whether an answer defends or what a replacement lets
the opponent replace) and the evaluator's numbers; they never call the
coach's own helpers, so a wrong template cannot pass by agreeing with
itself.  :data:`TEMPLATES` lists every reason the coach can give: a reason
matching none fails, and the test asks for every one to be seen.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from tacocat.ai.estimates import ActionEstimate
from tacocat.engine import Action, Answer, Attack, Duel, GameState, Phase, PlayerView, Replace
from tacocat.engine.events import Answered

# What a showdown mention may say: a card, and for a high one the rule and a count.
CARD_FOR_SHOWDOWN = re.compile(r"(?:the|your) (\d+) for the showdown|for the showdown: the (\d+)")
WEAK = re.compile(r"where the lower card wins: (\d+) of (\d+) unseen cards are lower")
TIE = re.compile(r"a tie goes to (you|the opponent) by the arrow")
SHOWDOWN = r"(?P<sd>.*for the showdown.*)"  # 'the 2 for ...', 'no low card for ...'
TEMPLATES: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern)
    for name, pattern in {
        "new hand": r"draws a whole new hand",
        "keeps hand": rf"keeps your hand \({SHOWDOWN}\)",
        "keeps": rf"keeps (?P<kept>\d+(?: \d+)+) \({SHOWDOWN}\)",
        "leaves": r"leaves your (?P<card>\d+) for the showdown(?P<sd>.*)",
        "defends": rf"defends every card: you win the trick and attack next(?:; {SHOWDOWN})?",
        "sacrifices": (
            rf"sacrifices your lowest, the (?P<low>\d+): the trick is lost(?:; {SHOWDOWN})?"
        ),
        "sure": r"the opponent cannot defend it all in any deal imagined: a sure sacrifice",
        "never": r"the opponent defends it in every deal imagined",
        "share": r"forces a sacrifice in (?P<share>under 1%|over 99%|\d+%) of the deals imagined",
        "nothing": r"the opponent may then replace nothing",
        "attackers": (
            r"high cards attack: a defender who cannot meet one sacrifices their lowest card"
        ),
        "up to": r"lets the opponent replace up to (?P<count>\d+) (?P<noun>cards?)",
    }.items()
}


def kept_after(view: PlayerView, action: Action) -> list[int]:
    """The rule: the cards an action plays or replaces leave the hand; the rest stay."""
    gone = Counter((action.value,) if isinstance(action, Duel) else action.values)
    return sorted((Counter(view.hand_values) - gone).elements())


def lower_unseen(view: PlayerView, card: int) -> tuple[int, int]:
    """How many of the cards the player cannot see are lower than ``card``, and of how many."""
    discard = [card.value for card in view.discard_pile]
    seen = Counter(view.hand_values) + Counter(discard) + Counter(view.table_values)
    unseen = Counter(view.rules.card_values) - seen
    return sum(n for value, n in unseen.items() if value < card), sum(unseen.values())


def check_showdown(view: PlayerView, text: str, card: int) -> None:
    """The showdown mention of ``card``: lower wins, so a high card is never offered as good."""
    lower, unseen = lower_unseen(view, card)
    weak = WEAK.search(text)
    if lower * 2 > unseen:  # most unseen cards beat it at the showdown
        assert weak, f"a high {card} called good for the showdown: {text!r}"
        assert (int(weak[1]), int(weak[2])) == (lower, unseen), text
        assert f"the {card} for the showdown" not in text, text
    else:
        assert not weak and "no low card" not in text, f"a low {card} called high: {text!r}"
    arrow = view.arrow
    decides = view.rules.tie_goes_to_arrow and arrow is not None and arrow.player is not None
    tie = TIE.search(text)
    assert bool(tie) == decides, f"the tie rule in play is not (or wrongly) named: {text!r}"
    if tie:
        assert arrow is not None
        assert (tie[1] == "you") == (arrow.player == view.player), text


def check_reason(state: GameState, view: PlayerView, estimate: ActionEstimate, text: str) -> str:
    """Check one reason for ``estimate``'s action; returns the template it is."""
    named = [name for name, pattern in TEMPLATES.items() if pattern.fullmatch(text)]
    assert len(named) == 1, f"reason matches {named or 'no template'}: {text!r}"
    name = named[0]
    match = TEMPLATES[name].fullmatch(text)
    assert match is not None
    CHECKS[name](state, view, estimate, match)
    return name


Match = re.Match[str]
Check = Callable[[GameState, PlayerView, ActionEstimate, Match], None]


def _kept_cards(state: GameState, view: PlayerView, estimate: ActionEstimate, m: Match) -> None:
    kept = kept_after(view, estimate.action)
    if "kept" in m.groupdict() and m["kept"] is not None:
        assert [int(value) for value in m["kept"].split()] == kept, m.string
    if "card" in m.groupdict():
        assert kept == [int(m["card"])], m.string
    if m.groupdict().get("sd") is None:
        assert len(kept) == 0 or isinstance(estimate.action, Answer), m.string
        return
    shown = CARD_FOR_SHOWDOWN.findall(m.string)
    assert len(shown) == 1, m.string
    card = int(shown[0][0] or shown[0][1])
    assert card == min(kept), f"the showdown card is not the lowest kept: {m.string!r}"
    check_showdown(view, m.string, card)


def _new_hand(state: GameState, view: PlayerView, estimate: ActionEstimate, m: Match) -> None:
    assert isinstance(estimate.action, Replace) and not kept_after(view, estimate.action)


def _answer(defended: bool) -> Check:
    def check(state: GameState, view: PlayerView, estimate: ActionEstimate, m: Match) -> None:
        action = estimate.action
        assert isinstance(action, Answer)
        world = state.clone()
        answered = [e for e in world.apply_action(action) if isinstance(e, Answered)]
        assert answered and answered[0].defended == defended, m.string  # the engine's ruling
        if not defended:
            assert int(m["low"]) == min(view.hand_values) and int(m["low"]) in action.values
        kept = kept_after(view, action)
        assert (m["sd"] is None) == (not kept), m.string
        if kept:
            _kept_cards(state, view, estimate, m)

    return check


def _forcing(state: GameState, view: PlayerView, estimate: ActionEstimate, m: Match) -> None:
    assert isinstance(estimate.action, Attack) and estimate.forces is not None
    share = estimate.forces
    told = m.groupdict().get("share")
    if told is None:
        assert share == (1.0 if "sure" in m.string else 0.0), (share, m.string)
    elif told == "under 1%":
        assert 0 < share < 0.005
    elif told == "over 99%":
        assert 0.995 <= share < 1
    else:
        assert 0 < share < 1 and int(told[:-1]) == round(share * 100), (share, m.string)


def _gives(state: GameState, view: PlayerView, estimate: ActionEstimate, m: Match) -> None:
    action = estimate.action
    assert isinstance(action, Replace)
    world = state.clone()
    world.apply_action(action)
    count = int(m["count"]) if "count" in m.groupdict() else 0
    assert count == len(action.values), m.string
    if world.current_player() == view.opponent and world.phase is Phase.REPLACE:
        assert world.view(view.opponent).replace_limit == count, m.string
    else:  # the engine passes over a replacement of nothing allowed
        assert count == 0, m.string
    if count:
        assert m["noun"] == ("card" if count == 1 else "cards"), m.string


def _attackers(state: GameState, view: PlayerView, estimate: ActionEstimate, m: Match) -> None:
    # Said only of a replacement or duel that keeps no low card for the showdown.
    kept = kept_after(view, estimate.action)
    assert isinstance(estimate.action, Replace | Duel) and len(kept) >= 2, m.string
    lower, unseen = lower_unseen(view, kept[0])
    assert lower * 2 > unseen, m.string


CHECKS: dict[str, Check] = {
    "new hand": _new_hand,
    "keeps hand": _kept_cards,
    "keeps": _kept_cards,
    "leaves": _kept_cards,
    "defends": _answer(True),
    "sacrifices": _answer(False),
    "sure": _forcing,
    "never": _forcing,
    "share": _forcing,
    "nothing": _gives,
    "up to": _gives,
    "attackers": _attackers,
}
