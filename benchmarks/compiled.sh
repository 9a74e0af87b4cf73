#!/usr/bin/env bash
# The compiled engine: build it in a throw-away environment, run the test suite
# against it, then measure its throughput.
#
#   bash benchmarks/compiled.sh              # build, test, measure
#   bash benchmarks/compiled.sh --no-measure # build and test only (CI)
#
# tacocat's engine is Python; an optional build compiles its hottest modules
# (the state machine: state.py, rounds.py, choices.py; what a decision makes:
# observe.py's views; copying.py's clones; board.py; the match loop, ai/match.py, and
# the random level it calls, ai/uniform.py; and
# the computer players' rollouts: ai/rules_of_thumb.py, situation.py,
# rollout.py, endgame.py, and the deals they play: sampling.py, evidence.py)
# with mypyc - the way black and mypy ship compiled wheels.  See docs/performance.md.
#
# The build runs on a copy of the working tree: building in place would leave
# compiled modules beside the sources, and they would shadow every later edit.
# The tests and the benchmark run from a copy without the tacocat/ folder, so
# that `import tacocat` finds the compiled package; the script checks it did.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
measure=yes
for arg in "$@"; do
    case "$arg" in
        --no-measure) measure=no ;;
        *) echo "usage: $0 [--no-measure]" >&2; exit 2 ;;
    esac
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$repo" && xargs -0 cp --parents -t "$work/src")
# Everything but the package itself (tests, docs, README) to run the tests from,
# and the Python package alone, to compare games with (the build may leave
# compiled modules in the tree it builds from).
cp -r "$work/src" "$work/run"
rm -r "$work/run/tacocat"
mkdir "$work/python"
cp -r "$work/src/tacocat" "$work/python/"

python3 -m venv "$work/venv"
# shellcheck disable=SC1091
. "$work/venv/bin/activate"
python -m pip install --quiet --upgrade pip
echo "+ HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m pip install '.[dev]'   (in a copy)"
HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m pip install --quiet "$work/src[dev]"

cd "$work/run"
python - <<'EOF'
import importlib

for name in (
    "tacocat.engine.state",
    "tacocat.engine.board",
    "tacocat.engine.rounds",
    "tacocat.engine.choices",
    "tacocat.engine.observe",
    "tacocat.engine.copying",
    "tacocat.ai.match",
    "tacocat.ai.uniform",
    "tacocat.ai.rules_of_thumb",
    "tacocat.ai.situation",
    "tacocat.ai.rollout",
    "tacocat.ai.endgame",
    "tacocat.ai.sampling",
    "tacocat.ai.evidence",
):
    module = importlib.import_module(name)
    if module.__file__ is None or not module.__file__.endswith(".so"):
        raise SystemExit(f"{module.__name__} is not compiled: {module.__file__}")
    print(f"compiled: {module.__name__}")
EOF
# Same seed, same game: both builds must play exactly the same 300 games.
compiled=$(python "$work/src/benchmarks/throughput.py" --digest --games 300)
python_=$(PYTHONPATH="$work/python" python "$work/src/benchmarks/throughput.py" --digest --games 300)
echo "$compiled"
echo "$python_"
if [[ "$compiled" != compiled* || "$python_" != Python* ||
    "${compiled#* engine}" != "${python_#* engine}" ]]; then
    echo "the compiled engine plays different games from the Python one" >&2
    exit 1
fi
# And the computer levels must play the same moves: their rules of thumb, rollouts
# and exact endgames are compiled too, and every decision they take goes in here.
levels='
import hashlib, random
from tacocat.ai import make_agent
from tacocat.ai.evaluator import evaluate
from tacocat.ai.match import play_full_game
from tacocat.engine import engine_build, new_game
from tacocat.engine.actions import action_to_data
seen = []
for levels, games in ((("normal", "easy"), 20), (("hard", "normal"), 3), (("expert", "hard"), 1)):
    for index in range(games):
        seen.append([action_to_data(a) for a in play_full_game(levels, 3, index)[1].history])
state, agents = new_game(7), [make_agent("normal", random.Random(seat)) for seat in (0, 1)]
while not state.is_terminal():
    view = state.view(state.current_player())
    seen.append(repr(evaluate(view, random.Random(len(state.history)), 100)))
    state.apply_action(agents[view.player].choose(view))
print(engine_build(), "levels:", hashlib.sha256(repr(seen).encode()).hexdigest()[:16])
'
compiled=$(python -c "$levels")
python_=$(PYTHONPATH="$work/python" python -c "$levels")
echo "$compiled"
echo "$python_"
if [[ "$compiled" != compiled* || "$python_" != Python* || "${compiled#* }" != "${python_#* }" ]]; then
    echo "the compiled computer levels play different moves from the Python ones" >&2
    exit 1
fi
echo "+ python -m pytest -q -n auto   (the whole suite, against the compiled engine)"
python -m pytest -q -n auto -p no:cacheprovider
if [ "$measure" = yes ]; then
    echo "+ python benchmarks/throughput.py"
    python "$work/src/benchmarks/throughput.py"
    echo "+ python benchmarks/throughput.py --phases --games 4000"
    python "$work/src/benchmarks/throughput.py" --phases --games 4000
    # What a user runs: whole simulate processes, compiled and Python, against the
    # minimal reference loop, alternating.
    echo "+ python benchmarks/simulate_speed.py --games 20000 --rounds 3 --also Python=<copy>"
    python "$work/src/benchmarks/simulate_speed.py" --games 20000 --rounds 3 \
        --also "Python=$work/python"
fi
