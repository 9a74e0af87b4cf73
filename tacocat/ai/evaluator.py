"""How good is each legal action?  Win chances from one player's view.

:func:`evaluate` answers, for the player whose decision it is: if I take
this action, how likely am I to win the round, and the game?  It reads the
player's :class:`~tacocat.engine.PlayerView` and nothing else, so the same
numbers can be shown to a person as hints and used by the computer to play
(the ``expert`` level), and two states that differ only in secrets give the
same evaluation.

    >>> import random
    >>> from tacocat.engine import new_game
    >>> state = new_game(seed=3)
    >>> view = state.view(state.current_player())
    >>> evaluation = evaluate(view, random.Random(1), budget=200)
    >>> evaluation.best.action in view.legal_actions
    True
    >>> 0.0 <= evaluation.best.win_game <= 1.0
    True

How it works (imagined deals, rollouts, the duel as a matrix game,
successive halving, honest numbers): docs/architecture.md, "The evaluator".

The budget counts rollouts (one action played to the end of the round in
one imagined deal), never time: the same ``rng`` seed gives the same
evaluation on any machine.  Every legal action gets at least
:data:`FIRST_DEALS` rollouts; beyond that an evaluation spends the budget,
give or take the stages' rounding and the rare top-up of an action set
aside early.  Draws count as half a win.

**Guarantees** (``tests/ai/test_evaluator_honesty.py``): the action ranked
first was judged on at least as many deals as any action it outranks, and
each ``spread`` is the error the number really has - the sampling error of
the shrunk mean and the bias the shrinking adds - checked against a deck
small enough to play out every deal.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from tacocat.ai.belief_duel import evaluate_belief_duel
from tacocat.ai.collector import paused
from tacocat.ai.duel import evaluate_duel
from tacocat.ai.endgame import SMALL
from tacocat.ai.estimates import ActionEstimate as ActionEstimate
from tacocat.ai.estimates import Evaluation as Evaluation
from tacocat.ai.estimates import best_first
from tacocat.ai.evidence import Evidence, can_defend, read_evidence
from tacocat.ai.rollout import outcome_worth, playout
from tacocat.ai.sampling import Dealer
from tacocat.engine import Action, Attack, GameState, Phase, PlayerView, Replace

DEFAULT_BUDGET = 800  # rollouts per evaluation
# Each estimate counts this many pseudo-deals at the average of all the actions, so an
# action tried on two lucky deals is not ranked first (shrinkage toward the mean).
PRIOR_DEALS = 8
FIRST_DEALS = 3  # the least deals every action meets before the first half is set aside
# With a natural replacement named, each card another differs from it by counts as this
# much game chance against it (the expert's replacements stable under other seeds went
# from 21.5% to 87.0%).
NATURAL_MARGIN = 0.05


def evaluate(
    view: PlayerView,
    rng: random.Random,
    budget: int = DEFAULT_BUDGET,
    *,
    my_replaced: int | None = None,
    natural: Replace | None = None,
    judge: Action | None = None,
    exact: int = SMALL,
    habit: float | None = None,
) -> Evaluation:
    """Estimate every legal action of ``view`` (it must be the view's player's decision).

    ``budget`` is the number of rollouts to spend; the result depends only
    on the arguments and the state of ``rng``.  ``my_replaced``: how many
    cards the view's player replaced this round, if the caller remembers
    (the view does not say; it tells the opponent's replaced cards apart on
    the pile).  ``natural``: a legal replacement that only a clearly better
    one overrules (:data:`NATURAL_MARGIN` per card of difference, in the
    cuts and the order; the numbers stay the rollouts').  ``judge``: a legal
    action judged on as many deals as the first, whatever its rank (analysis
    names the move played, whose number would otherwise rest on the few
    deals that set it aside, pulled toward the average).  ``exact``: the
    rollouts search exactly once hands hold this many cards.  ``habit``:
    duel against the belief (``master``'s, :mod:`tacocat.ai.belief_duel`).
    """
    legal = list(view.legal_actions)
    if not legal:
        raise ValueError("evaluate() needs a view in which its player has a decision")
    for name, action in (("natural choice", natural), ("action to judge", judge)):
        if action is not None and action not in legal:
            raise ValueError(f"the {name} {action} is not a legal action of the view")
    with paused():  # rollouts make no reference cycles (tacocat.ai.collector)
        evidence = read_evidence(view, my_replaced)
        if view.phase is Phase.DUEL and len(legal) > 1:
            if habit is not None:
                return evaluate_belief_duel(view, rng, budget, legal, evidence, habit, exact)
            return evaluate_duel(view, rng, budget, legal, evidence)
        return _rank(_Search(view, rng, legal, evidence, natural, exact), budget, judge)


def _rank(search: _Search, budget: int, judge: Action | None) -> Evaluation:
    """Spend ``budget`` on ``search`` by successive halving; every action ranked, best first."""
    legal = search.legal
    alive = list(range(len(legal)))
    stages = max(1, math.ceil(math.log2(len(legal))))
    for stage in range(stages):
        if stage and search.spent >= budget:
            break
        left = stages - stage
        # The first cut is made on a few deals, not one: on a single deal most actions
        # tie (won or lost), and the cut would fall by the order of the legal actions.
        least = FIRST_DEALS if stage == 0 else 1
        deals = max(least, (budget - search.spent) // (left * len(alive)))
        target = len(search.worlds) + deals
        for index in alive:
            search.extend(index, target)
        if stage < stages - 1:
            # Keep the better half (a stable sort: earlier legal actions win ties).
            alive = sorted(search.ranked(alive)[: max(1, (len(alive) + 1) // 2)])
    # An action set aside early may still rank first, by luck of few deals: bring it up
    # to the finalists' deals, and again for whichever then ranks first (each action once
    # at most, so this ends; rare, thanks to the shrinkage toward the mean).
    most = len(search.worlds)
    if judge is not None:
        search.extend(legal.index(judge), most)
    while True:
        top = search.ranked(list(range(len(legal))))[0]
        if search.tallies[top].samples >= most:
            break
        search.extend(top, most)
    prior, round_prior = search.prior()
    estimates = [
        search.tallies[index].estimate(legal[index], prior, round_prior)
        for index in search.ranked(list(range(len(legal))))
    ]
    return Evaluation(best_first(estimates, search.worth, ranked=True), rollouts=search.spent)


def cards_apart(one: tuple[int, ...], other: tuple[int, ...]) -> int:
    """How many cards two replacements differ by, as multisets of values."""
    mine, theirs = Counter(one), Counter(other)
    return sum(((mine - theirs) + (theirs - mine)).values())


@dataclass(slots=True)
class _Tally:
    """Running sums of one action's rollouts."""

    samples: int = 0
    undefended: int = 0  # deals in which the opponent cannot defend the whole attack
    round: float = 0.0
    game: float = 0.0
    game_squares: float = 0.0

    def add(self, round_share: float, game: float) -> None:
        self.samples += 1
        self.round += round_share
        self.game += game
        self.game_squares += game * game

    def mean(self, prior: float) -> float:
        """The mean game chance, shrunk toward ``prior`` by :data:`PRIOR_DEALS` pseudo-deals."""
        return (self.game + PRIOR_DEALS * prior) / (self.samples + PRIOR_DEALS)

    def spread(self, prior: float) -> float:
        """The likely error of :meth:`mean`: its sampling error and what the shrinking adds.

        The shrunk mean errs by a share ``n / (n + k)`` of the raw mean's error
        plus a bias ``k / (n + k)`` times (prior - true chance); the bias is
        judged from the raw mean.  Both together are the error the number
        shown really has: an action with few deals far from the average gets a
        wide spread even when its deals happened to agree.
        """
        n = self.samples
        if n < 2:
            return 0.5  # one sample says nothing: the widest spread a chance in 0..1 can have
        raw = self.game / n
        variance = max(0.0, self.game_squares / n - raw * raw)
        kept = n / (n + PRIOR_DEALS)
        bias = (1.0 - kept) * (prior - raw)
        return math.sqrt(kept * kept * variance / (n - 1) + bias * bias)

    def estimate(self, action: Action, prior: float, round_prior: float) -> ActionEstimate:
        n = self.samples
        win_round = (self.round + PRIOR_DEALS * round_prior) / (n + PRIOR_DEALS)
        forces = self.undefended / n if isinstance(action, Attack) and n else None
        return ActionEstimate(action, self.mean(prior), win_round, n, self.spread(prior), forces)


class _Search:
    """The imagined deals of one evaluation and each action's tally over them.

    Action ``i`` has been played in ``worlds[: tallies[i].samples]``: every
    action meets the same deals in the same order.
    """

    def __init__(
        self,
        view: PlayerView,
        rng: random.Random,
        legal: list[Action],
        evidence: Evidence,
        natural: Replace | None = None,
        exact: int = SMALL,
    ) -> None:
        self.view = view
        self.exact = exact
        self.dealer = Dealer(view, evidence)
        # What a rollout draws from its generator (which copy of a value leaves a hand,
        # the deal after the round's showdown) never changes the round's outcome, so the
        # copies share one instead of each copying its world's 625 words.
        self.scratch = random.Random(0)
        self.rng = rng
        self.legal = legal
        self.tallies = [_Tally() for _ in legal]
        self.worlds: list[GameState] = []
        self.spent = 0
        self.worth = outcome_worth(view)
        # What each action's rank gives up to the natural replacement (nothing without one).
        self.handicap = [0.0] * len(legal)
        if natural is not None:
            for index, action in enumerate(legal):
                assert isinstance(action, Replace)
                self.handicap[index] = NATURAL_MARGIN * cards_apart(action.values, natural.values)

    def prior(self) -> tuple[float, float]:
        """The average game and round chance over every rollout so far."""
        samples = sum(tally.samples for tally in self.tallies) or 1
        game = sum(tally.game for tally in self.tallies) / samples
        return game, sum(tally.round for tally in self.tallies) / samples

    def ranked(self, indices: list[int]) -> list[int]:
        """``indices`` best first by (shrunk) mean less handicap; ties keep legal order."""
        prior = self.prior()[0]
        return sorted(
            indices, key=lambda index: self.handicap[index] - self.tallies[index].mean(prior)
        )

    def extend(self, index: int, target: int) -> None:
        """Play action ``index`` in the deals it has not met yet, up to ``target`` deals."""
        tally = self.tallies[index]
        while len(self.worlds) < target:
            self.worlds.append(self.dealer.imagine(self.rng))
        action, me = self.legal[index], self.view.player
        attack = action.values if isinstance(action, Attack) else None
        for world in self.worlds[tally.samples : target]:
            if attack is not None:  # counted for the coach's reasons; it draws no random number
                tally.undefended += not can_defend(world.hand_values[1 - me], attack)
            twin = world.clone(rng=self.scratch)
            tally.add(*self.worth[playout(twin, twin.apply_action(action), me, self.exact)])
            self.spent += 1
