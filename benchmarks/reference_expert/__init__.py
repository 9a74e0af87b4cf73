"""REFERENCE ONLY - the `expert` level as it was at commit ea63c03, frozen.

Stronger computer players are measured against this player
(``benchmarks/expert.py --player expert --opponent reference``), so the
yardstick does not move when the ``expert`` level improves.  It is a copy
of the modules of ``tacocat/ai`` that made the level then (the evaluator,
its rollouts, duel, evidence, sampling, calibration and outlook), with
their imports pointed here; it still uses the engine and the rules of thumb
(``tacocat.ai.heuristics``), whose moves the project keeps unchanged.
Nothing in ``tacocat`` imports it, and it is not a level users see.

Do not edit these files: ``python benchmarks/expert.py --reference-digest``
plays 50 seeded games of the reference against ``normal`` and must print
the digest below, the one today's ``expert`` printed when it was frozen.
"""

from reference_expert.expert import ExpertAgent as ReferenceExpert

__all__ = ["ReferenceExpert"]
