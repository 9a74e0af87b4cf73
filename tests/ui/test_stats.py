"""End-of-game statistics and the match score."""

from __future__ import annotations

from rich.cells import cell_len

from tacocat.engine import WOW, YAY, new_game
from tacocat.engine.events import Answered, Attacked, DuelRevealed, Showdown
from tacocat.ui.play.stats import MatchScore, game_stats, stats_lines


def test_counts_come_from_the_events() -> None:
    events = [
        DuelRevealed((9, 9), None),
        DuelRevealed((9, 4), YAY),
        Attacked(YAY, (5, 6, 7)),
        Answered(WOW, (5, 6, 7), (2, 3, 4), False),
        Attacked(YAY, (8,)),
        Answered(WOW, (8,), (9,), True),
        Showdown((3, 3), None, False),
        Showdown((2, 7), YAY, False),
    ]
    stats = game_stats(events)
    assert (stats[YAY].duels_won, stats[WOW].duels_won, stats.tied_duels) == (1, 0, 1)
    assert (stats[YAY].jumbo_attacks, stats[WOW].jumbo_attacks) == (1, 0)
    assert (stats[YAY].tricks_won, stats[WOW].tricks_won) == (1, 1)
    assert (stats[YAY].rounds_won, stats[WOW].rounds_won, stats.tied_rounds) == (1, 0, 1)
    lines = stats_lines(stats, ("Ann", "Bob"))
    assert len({len(line) for line in lines}) == 1  # one width: aligned when centred
    assert lines[1].split() == ["Rounds", "won", "1", "0"]


def test_a_whole_games_rounds_add_up() -> None:
    state = new_game(5)
    events = list(state.opening_events)
    while not state.is_terminal():
        events += state.apply_action(state.legal_actions()[0])
    stats = game_stats(events)
    showdowns = sum(isinstance(event, Showdown) for event in events)
    assert stats[YAY].rounds_won + stats[WOW].rounds_won + stats.tied_rounds == showdowns


def test_the_match_follows_names_across_seat_swaps() -> None:
    match = MatchScore()
    match.add(("Ann", "Bob"), YAY)
    match.add(("Bob", "Ann"), YAY)  # seats swapped: Bob sits at YAY now
    match.add(("Bob", "Ann"), None)
    assert match.wins == {"Ann": 1, "Bob": 1} and match.draws == 1
    assert match.text() == "Match after 3 games: Ann 1, Bob 1, 1 drawn"


def test_the_statistics_align_by_columns_for_wide_names() -> None:
    """A CJK name takes two columns a letter: its column still ends where the numbers do."""
    lines = stats_lines(game_stats([]), ("山田太郎", "Bob"))
    assert len({cell_len(line) for line in lines}) == 1, lines
    header, rounds = lines[0], lines[1]
    end = cell_len(header[: header.index("山田太郎") + len("山田太郎")])
    assert rounds[:end].endswith("0") and cell_len(rounds[:end]) == end
