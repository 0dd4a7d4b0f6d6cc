"""`rajas simulate --seats`: bots against each other, seats rotated between games, with win rates,
margins, decision times and the shape of the games."""

from __future__ import annotations

import json
import math
import multiprocessing
import multiprocessing.pool
import signal
import statistics
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

import rules
from rajas_tui import bots
from rules import Config, GameState

# What a player may call a bot on the command line beyond its kind.
ALIASES = {"search": "normal"}
ROUND_LIMIT = 200
# z for a two-sided 95% interval.
Z95 = 1.959964

AREAS: dict[type, str] = {
    rules.Quarry: "quarry",
    rules.Harbor: "harbor",
    rules.Variety: "variety",
    rules.Single: "single",
    rules.Terrace: "terrace",
    rules.Balcony: "balcony",
    rules.Outer: "outer",
    rules.Chamber: "chamber",
}


def bot_kind(name: str) -> str:
    """The bot kind a seat name stands for; ValueError naming the kinds when there is none."""
    kind = ALIASES.get(name, name)
    if kind not in bots.KINDS:
        known = ", ".join((*bots.KINDS, *ALIASES))
        raise ValueError(f"{name!r} is not a bot ({known})")
    return kind


@attrs.define
class Game:
    """One game's figures: who sat where, who won, and how it went."""

    seed: int
    seats: tuple[str, ...]
    winner: int
    ranking: tuple[int, ...]  # the seats from first place to last (docs/rules.md §13)
    margins: tuple[int, ...]
    winner_track: tuple[int, int]  # the winner's fame and money
    rounds: int
    tiles: tuple[int, ...]
    trigger_won: bool
    placements: Counter[str]
    times: dict[str, list[float]]  # CPU seconds per decision, per seat name


def play(config: Config, seats: Sequence[str]) -> Game:
    """One game of these bots (by seat name), every invariant checked after every action."""
    state = rules.new_game(config)
    kinds = [bot_kind(name) for name in seats]
    placements: Counter[str] = Counter()
    times: dict[str, list[float]] = {name: [] for name in seats}
    while not state.over:
        if state.round > ROUND_LIMIT:
            raise RuntimeError(f"game seed {config.seed} did not end within {ROUND_LIMIT} rounds")
        seat = state.turn
        view = rules.seat_view(state, seat)
        start = time.process_time()
        action = bots.choose(kinds[seat], view, config.seed)
        times[seats[seat]].append(time.process_time() - start)
        if type(action) in AREAS:
            placements[AREAS[type(action)]] += 1
        after = rules.apply(state, action)
        broken = rules.invariant_problems(after, state)
        if broken:
            raise RuntimeError(f"game seed {config.seed}, action {after.steps}: {broken[0]}")
        state = after
    return _game(config.seed, tuple(seats), state, placements, times)


def play_games(config: Config, seats: Sequence[str], games: int, jobs: int = 1) -> Iterator[Game]:
    """The tournament's games in order: game i has seed `config.seed + i` and the i-th seating
    (`rotations`), which fix it whole, so playing them in `jobs` processes at once gives the same
    games (only the decision times, CPU time of the process that played them, vary). A game
    that breaks a rule raises RuntimeError in order; once the caller stops (that error, Ctrl-C),
    the processes end with the games they were playing."""
    configs = [attrs.evolve(config, seed=config.seed + i) for i in range(games)]
    seatings = list(rotations(seats, games))
    jobs = min(jobs, games)  # a process more than the games would only start and wait
    if jobs <= 1:
        yield from map(play, configs, seatings)
        return
    with _pool(jobs) as pool:  # leaving the block terminates the pool's processes
        yield from pool.imap(_play, zip(configs, seatings, strict=True))


def as_finished(
    games: Sequence[tuple[Config, tuple[str, ...]]], jobs: int = 1
) -> Iterator[tuple[int, Game]]:
    """These games (each a config and its seating), played `jobs` at a time, each with its place
    in `games` as soon as it ends: a caller that keeps every game as it ends loses none that had
    ended when it stops (`play_games` holds back a game that ends before an earlier one)."""
    jobs = min(jobs, len(games))
    if jobs <= 1:
        for index, (config, seats) in enumerate(games):
            yield index, play(config, seats)
        return
    with _pool(jobs) as pool:  # leaving the block terminates the pool's processes
        yield from pool.imap_unordered(_play_at, enumerate(games))


def _pool(jobs: int) -> multiprocessing.pool.Pool:
    """Processes spawned, not forked (a fork of a process with threads, the app's or a test
    runner's, can inherit a lock one of them holds), and deaf to Ctrl-C: it reaches every
    process of the terminal's group, and the first one stops the tournament and ends the
    others, which would each print a traceback, even one still starting. They are born
    ignoring it, as a process started while SIGINT is ignored keeps ignoring it (so the pool
    is made on the main thread, the only one that may set a signal's handler: the command
    line's)."""
    context = multiprocessing.get_context("spawn")
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return context.Pool(jobs)
    finally:
        signal.signal(signal.SIGINT, previous)


def _play(game: tuple[Config, tuple[str, ...]]) -> Game:
    return play(*game)


def _play_at(game: tuple[int, tuple[Config, tuple[str, ...]]]) -> tuple[int, Game]:
    index, (config, seats) = game
    return index, play(config, seats)


def _game(
    seed: int,
    seats: tuple[str, ...],
    state: GameState,
    placements: Counter[str],
    times: dict[str, list[float]],
) -> Game:
    ranking = tuple(standing.seat for standing in rules.ranking(state))
    winner = ranking[0]
    return Game(
        seed=seed,
        seats=seats,
        winner=winner,
        ranking=ranking,
        margins=tuple(rules.margin(p.fame, p.money) for p in state.players),
        winner_track=(state.players[winner].fame, state.players[winner].money),
        rounds=state.round,
        tiles=tuple(sum(1 for _ in p.province.placed()) for p in state.players),
        trigger_won=state.end_trigger == winner,
        placements=placements,
        times=times,
    )


def rotations(names: Sequence[str], games: int) -> Iterator[tuple[str, ...]]:
    """The seating of each game: every game moves each bot one seat on."""
    n = len(names)
    for game in range(games):
        yield tuple(names[(seat - game) % n] for seat in range(n))


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(games: Sequence[Game]) -> dict[str, Any]:
    """Per bot name: wins, win rate with its interval, mean margin, decision times; and the
    shape of the games."""
    names = list(dict.fromkeys(name for game in games for name in game.seats))
    per_bot = {}
    for name in names:
        wins = sum(1 for g in games if g.seats[g.winner] == name)
        margins = [m for g in games for s, m in enumerate(g.margins) if g.seats[s] == name]
        times = [t for g in games for t in g.times.get(name, [])]
        low, high = wilson(wins, len(games))
        per_bot[name] = {
            "seats": games[0].seats.count(name) if games else 0,
            "wins": wins,
            "win_rate": wins / len(games) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_margin": round(statistics.mean(margins), 2) if margins else 0.0,
            "decisions": len(times),
            "mean_decision_ms": round(1000 * statistics.mean(times), 3) if times else 0.0,
            "worst_decision_ms": round(1000 * max(times), 3) if times else 0.0,
        }
    return {"games": len(games), "bots": per_bot, "shape": _shape(games)}


def _shape(games: Sequence[Game]) -> dict[str, Any]:
    rounds = [g.rounds for g in games]
    tiles = [t for g in games for t in g.tiles]
    placed: Counter[str] = Counter()
    for g in games:
        placed.update(g.placements)
    total = sum(placed.values()) or 1
    return {
        "rounds_min": min(rounds),
        "rounds_median": statistics.median(rounds),
        "rounds_max": max(rounds),
        "winner_fame_mean": round(statistics.mean(g.winner_track[0] for g in games), 1),
        "winner_money_mean": round(statistics.mean(g.winner_track[1] for g in games), 1),
        "tiles_per_province_mean": round(statistics.mean(tiles), 2),
        "tiles_per_province_min": min(tiles),
        "tiles_per_province_max": max(tiles),
        "placement_share": {area: round(placed[area] / total, 3) for area in AREAS.values()},
        "trigger_won": round(sum(g.trigger_won for g in games) / len(games), 3),
    }


def game_line(game: Game) -> str:
    seats = "  ".join(
        f"[{seat}] {name} {game.margins[seat]:+d} tiles {game.tiles[seat]}"
        for seat, name in enumerate(game.seats)
    )
    return (
        f"seed {game.seed}: {game.rounds} rounds, winner seat {game.winner} "
        f"({game.seats[game.winner]})  {seats}"
    )


def summary_text(result: dict[str, Any]) -> str:
    lines = [f"{result['games']} games"]
    lines.append(
        f"{'bot':<10} {'wins':>5} {'win rate':>8} {'95% CI':>15} {'margin':>7} "
        f"{'mean ms':>9} {'worst ms':>9}"
    )
    for name, bot in result["bots"].items():
        low, high = bot["ci95"]
        lines.append(
            f"{name:<10} {bot['wins']:>5} {bot['win_rate']:>8.1%} "
            f"{f'{low:.1%}-{high:.1%}':>15} {bot['mean_margin']:>+7.1f} "
            f"{bot['mean_decision_ms']:>9.1f} {bot['worst_decision_ms']:>9.1f}"
        )
    shape = result["shape"]
    lines.append(
        f"rounds {shape['rounds_min']}-{shape['rounds_max']} (median {shape['rounds_median']}); "
        f"tiles per province {shape['tiles_per_province_min']}-"
        f"{shape['tiles_per_province_max']} (mean {shape['tiles_per_province_mean']}); "
        f"the player who triggered the end won {shape['trigger_won']:.0%}; winners' fame "
        f"{shape['winner_fame_mean']:.1f}, money {shape['winner_money_mean']:.1f} (mean)"
    )
    shares = ", ".join(f"{a} {s:.0%}" for a, s in shape["placement_share"].items())
    lines.append(f"placements: {shares}")
    return "\n".join(lines)


def summary_json(result: dict[str, Any]) -> str:
    return json.dumps(result)
