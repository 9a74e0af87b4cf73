"""Judging every decision of a finished game, the way chess sites do (docs/playing.md).

Each decision is judged from its player's view only, with a generator seeded from
the game's seed and the step: the marks do not depend on how many processes share the work.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tacocat import __version__
from tacocat.ai.evaluator import ActionEstimate, evaluate
from tacocat.ai.interrupt import CtrlC, finished, process_pool
from tacocat.coach.reasons import move_reasons
from tacocat.coach.verdict import ACCURATE, INACCURACY, KINDS, MARKS, WORST_SHOWN, Review, kind_of
from tacocat.engine import Action, Player, PlayerView, Rules
from tacocat.storage.replay import replay_steps

# Rollouts per decision (the evaluator's unit of work).  Chosen so that a game
# of 60 decisions takes well under a minute on two cores (benchmarks/analysis.py).
ANALYSIS_BUDGET = 1500
# A forced move has nothing to compare: its evaluation only gives the win
# chance shown beside it, which needs far fewer rollouts.
FORCED_BUDGET = 150


@dataclass(frozen=True)
class Decision:
    """One decision of a game: who decided, what they could see, what they played."""

    step: int  # the action's number in the game, as `tacocat replay` counts steps
    round_number: int
    player: Player
    view: PlayerView  # all the evaluator is given
    played: Action


def decisions(rules: Rules, seed: int, actions: Sequence[Action]) -> list[Decision]:
    """Every decision of the game re-played from ``rules``, ``seed`` and ``actions``."""
    found: list[Decision] = []
    before = None
    for step in replay_steps(rules, seed, actions):
        if before is not None and step.mover is not None and step.action is not None:
            found.append(
                Decision(
                    step=step.number,
                    round_number=before.round_number,
                    player=step.mover,
                    view=before.view(step.mover),
                    played=step.action,
                )
            )
        before = step.state
    return found


def review(decision: Decision, seed: int, budget: int = ANALYSIS_BUDGET) -> Review:
    """Judge one decision from its player's view, with its own seeded generator."""
    rng = random.Random(f"tacocat-analysis:{seed}:{decision.step}")
    forced = len(decision.view.legal_actions) == 1
    # The move played is judged on as many deals as the best: a poor move's number
    # rests on more than the few deals that set it aside (tacocat.ai.evaluator).
    spent = min(budget, FORCED_BUDGET) if forced else budget
    evaluation = evaluate(decision.view, rng, spent, judge=decision.played)
    return judged(decision, evaluation.best, evaluation.of(decision.played))


def judged(decision: Decision, best: ActionEstimate, chosen: ActionEstimate) -> Review:
    """``decision``'s review from the estimates of the best and the played action (and the view)."""
    view = decision.view
    forced = len(view.legal_actions) == 1
    return Review(
        step=decision.step,
        round_number=decision.round_number,
        player=decision.player,
        kind=kind_of(decision.played),
        played=decision.played,
        best=best.action,
        win_before=best.win_game,
        win_after=chosen.win_game,
        spread=chosen.spread,
        choices=len(view.legal_actions),
        best_spread=best.spread,
        round_before=best.win_round,
        round_after=chosen.win_round,
        why_best=() if forced else tuple(move_reasons(view, best)),
        why_played=() if forced else tuple(move_reasons(view, chosen)),
        forces=(best.forces, chosen.forces),
    )


@dataclass(frozen=True)
class PlayerSummary:
    """How one player played, over the whole game."""

    player: Player
    choices: int  # decisions with more than one legal action
    accurate: int  # of those, how many came within ACCURATE of the best
    marks: dict[str, int]  # 'inaccuracy', 'mistake', 'blunder' -> count
    cost_by_kind: dict[str, float]  # KINDS -> summed drops
    worst: tuple[Review, ...]  # the biggest marked drops, worst first

    @property
    def accuracy(self) -> float | None:
        return self.accurate / self.choices if self.choices else None

    @property
    def costliest_kind(self) -> str | None:
        """The kind of decision whose drops add up to the most (None if nothing was lost)."""
        kind = max(KINDS, key=lambda name: self.cost_by_kind[name])
        return kind if self.cost_by_kind[kind] >= INACCURACY else None


def summarise(player: Player, reviews: Sequence[Review]) -> PlayerSummary:
    mine = [item for item in reviews if item.player == player and not item.forced]
    marks = {name: sum(item.mark == name for item in mine) for _, name in MARKS}
    cost = {kind: sum(item.drop for item in mine if item.kind == kind) for kind in KINDS}
    marked = sorted((item for item in mine if item.mark), key=lambda item: -item.drop)
    return PlayerSummary(
        player=player,
        choices=len(mine),
        accurate=sum(item.lost < round(ACCURATE * 100) for item in mine),
        marks=marks,
        cost_by_kind=cost,
        worst=tuple(marked[:WORST_SHOWN]),
    )


@dataclass(frozen=True)
class GameAnalysis:
    """Every decision's review, in the order played, and a summary per player."""

    seed: int
    budget: int
    reviews: tuple[Review, ...]
    cached: bool = field(default=False, compare=False)  # read back, not worked out now

    @property
    def summaries(self) -> tuple[PlayerSummary, PlayerSummary]:
        return summarise(0, self.reviews), summarise(1, self.reviews)

    def by_step(self) -> dict[int, Review]:
        return {item.step: item for item in self.reviews}

    def to_data(self, names: tuple[str, str]) -> dict[str, Any]:
        return {
            "version": __version__,
            "seed": self.seed,
            "budget": self.budget,
            "thresholds": {name: threshold for threshold, name in MARKS},
            "accurate_within": ACCURATE,
            "players": [_summary_data(summary, names) for summary in self.summaries],
            "decisions": [item.to_data(names) for item in self.reviews],
        }


def _summary_data(summary: PlayerSummary, names: tuple[str, str]) -> dict[str, Any]:
    accuracy = summary.accuracy
    return {
        "player": names[summary.player],
        "seat": summary.player,
        "choices": summary.choices,
        "accuracy": None if accuracy is None else round(accuracy, 4),
        "marks": summary.marks,
        "cost_by_kind": {kind: round(cost, 4) for kind, cost in summary.cost_by_kind.items()},
        "costliest_kind": summary.costliest_kind,
        "worst_steps": [item.step for item in summary.worst],
    }


Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


def analyse(
    rules: Rules,
    seed: int,
    actions: Sequence[Action],
    budget: int = ANALYSIS_BUDGET,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> GameAnalysis:
    """Review every decision of the game; ``jobs`` processes (None: every core) share the work."""
    return analyse_decisions(decisions(rules, seed, actions), seed, budget, jobs, progress)


def analyse_decisions(
    found: Sequence[Decision],
    seed: int,
    budget: int = ANALYSIS_BUDGET,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> GameAnalysis:
    total = len(found)
    workers = min(jobs or os.cpu_count() or 1, max(total, 1))
    reviews: dict[int, Review] = {}
    tell = progress or (lambda done, total: None)
    tell(0, total)
    if workers <= 1:
        for decision in found:
            reviews[decision.step] = review(decision, seed, budget)
            tell(len(reviews), total)
    else:
        # The decisions with most choices take longest: start them first, so no
        # process is left with a long one at the end.
        ordered = sorted(found, key=lambda item: -len(item.view.legal_actions))
        with CtrlC() as ctrl_c, process_pool(workers) as pool:
            running = {pool.submit(review, item, seed, budget): item for item in ordered}
            for future, decision in finished(running, ctrl_c):
                reviews[decision.step] = future.result()
                tell(len(reviews), total)
    return GameAnalysis(seed, budget, tuple(reviews[item.step] for item in found))
