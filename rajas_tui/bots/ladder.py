"""`rajas simulate --ladder`: a round-robin of bot kinds at each player count, every pairing
meeting in at least a given number of games, and a rating of each kind with its interval.

The tables (`tables`): at 2 players, every pairing; at 4, every four different kinds, or, with
fewer kinds than seats, the kinds repeated as evenly as they go (two kinds: A, B, A, B). Each
table plays as many games as make every pairing meet in at least the number asked: with five
kinds at 4 players, each pairing sits at three of the five tables, 34 games each for 100. Game
i of a table has seed `seed + i` (every table plays the same deals) and moves each bot one seat
on from the last (`tournament.rotations`), so each kind sits first as often as another. A game
is fixed whole by its seed and seating, so the ladder gives the same figures however many
processes play it.

The results: in each game, of two kinds at the table, the one whose best seat finished ahead
(docs/rules.md §13) wins that pairing's game; at 2 players that is the game's winner. A
four-player table of four kinds so gives each of its six pairings a game: a player at such a
table meets three opponents, and the ladder rates the kinds as such a player meets them.

The ratings: a Bradley–Terry model (a kind's chance of beating another is r_A / (r_A + r_B)),
fitted to each player count's pairing counts by Hunter's MM iterations, with half a win added to
each side of every pairing played so that a kind that never wins keeps a finite rating. They are
shown on the Elo scale (400 × log10 of r, the kinds' mean at 1500), with 95% intervals from a
parametric bootstrap: each pairing's wins drawn again, as many games, at its observed rate
with the same half win each way ((wins + ½) / (games + 1): a pairing won 100 to 0 is not
taken as certain), the ratings fitted again, the 2.5th and 97.5th percentiles taken (seeded
from the ladder's seed, so the intervals repeat too). The draws take a table's pairings as
independent, which they are not quite at 4 players (a strong game of one kind is a weak one for
the three others), so the intervals there are somewhat narrow.

The records: a game played is kept as a `Record` (a line of JSON in a results file, written by
the command line) with what fixes it, its seed, its seating and the bots' `fingerprint`, and
how its kinds finished. A ladder given the records of earlier runs plays only the games they do
not hold, and rates from both: the same figures as a run of the whole. The fingerprint names the
rules' version too: a ladder may rate the games kept under an older version (`rules_version`),
but plays only under today's, so it rates them only when they are all kept.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from hashlib import blake2b
from typing import Any

import attrs

import rules
from rajas_tui import bots
from rajas_tui.bots import evaluation, greedy, search, tournament
from rules import Config

PLAYER_COUNTS = (2, 4)
# A level should beat the one below it this often in 2-player games (docs/bots.md).
GOAL = 0.6
MEAN_RATING = 1500.0
PRIOR_WINS = 0.5
BOOTSTRAP = 1000
FIT_ROUNDS = 2000
FIT_TOLERANCE = 1e-10


def tables(kinds: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The ladder's tables at `players` players, each as its first game's seating: every way of
    seating the kinds in which each sits as often as another, give or take one (at 2 players
    every pairing; at 4, four different kinds when there are four or more). A table's kinds take
    turns round it, in the order given (weakest first: `bots.KINDS`)."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"a ladder plays 2 or 4 players, not {players}")
    each, extra = divmod(players, len(kinds))
    laid = []
    for more in itertools.combinations(kinds, extra):
        left = {kind: each + (kind in more) for kind in kinds}
        seats: list[str] = []
        while len(seats) < players:
            for kind in kinds:
                if left[kind]:
                    seats.append(kind)
                    left[kind] -= 1
        laid.append(tuple(seats))
    return laid


def games_a_table(kinds: Sequence[str], players: int, games: int) -> int:
    """How many games each table plays, so that every pairing meets in at least `games`: every
    pairing sits at as many tables as another."""
    first, second = kinds[:2]
    sharing = sum(first in table and second in table for table in tables(kinds, players))
    return math.ceil(games / sharing)


def planned(kinds: Sequence[str], player_counts: Sequence[int], games: int) -> int:
    """How many games the ladder plays in all."""
    return sum(
        len(tables(kinds, players)) * games_a_table(kinds, players, games)
        for players in player_counts
    )


def pairings(kinds: Sequence[str]) -> list[tuple[str, str]]:
    """Every two kinds, in the order given (weakest first: `bots.KINDS`)."""
    return list(itertools.combinations(kinds, 2))


@attrs.frozen
class Pairing:
    """Two kinds' games together at one player count: in each, whether the first finished ahead
    of the second (at 2 players, won it), in the order of the tables, then of their games."""

    players: int
    first: str
    second: str
    firsts: tuple[bool, ...]

    @property
    def games(self) -> int:
        return len(self.firsts)

    @property
    def first_wins(self) -> int:
        return sum(self.firsts)


# What tells a results file's line for a ladder's game, and the version of its fields.
FORMAT = "rajas-ladder-game"
FORMAT_VERSION = 2
# The hex digits of a fingerprint: enough that two sets of bots never share one by chance.
FINGERPRINT_DIGITS = 16

# What fixes a game of the ladder: its seed, its seating (by kind) and the bots' fingerprint.
Key = tuple[int, tuple[str, ...], str]
# The kinds at a game, each once, from the one whose best seat finished first to the last.
Ranking = tuple[str, ...]


@attrs.frozen
class Record:
    """One game of a ladder as a results file keeps it: what fixes it (`key`), how its kinds
    finished, and its place in the ladder (player count, table, index) for a reader."""

    players: int
    table: tuple[str, ...]  # the table's first seating
    index: int  # the game's place at its table, from 0: its seed is the ladder's seed + index
    seed: int
    seats: tuple[str, ...]
    ranking: Ranking
    bots: str  # `fingerprint` of the kinds seated

    @property
    def key(self) -> Key:
        return (self.seed, self.seats, self.bots)

    @property
    def winner(self) -> str:
        return self.ranking[0]

    def line(self) -> str:
        """The record as one line of JSON, without its line break."""
        return json.dumps({"format": FORMAT, "version": FORMAT_VERSION, **attrs.asdict(self)})


class NotARecord(ValueError):
    """A line that is not a ladder's game; the message says why in a few words."""


def record(game: tournament.Game, table: tuple[str, ...], index: int) -> Record:
    """The record of a finished game (as `tournament.play_games` gives it) of the base game, the
    `index`-th of `table`."""
    seats = tuple(tournament.bot_kind(name) for name in game.seats)
    return Record(
        players=len(seats),
        table=table,
        index=index,
        seed=game.seed,
        seats=seats,
        ranking=tuple(dict.fromkeys(seats[seat] for seat in game.ranking)),
        bots=fingerprint(seats),
    )


_COMMON: dict[str, type] = {"players": int, "index": int, "seed": int, "seats": list, "bots": str}
# The fields of each version beside the common ones. The first version's ladder paired two
# kinds a table and kept only the winner's, which ranks them both.
_OWN: dict[int, dict[str, type]] = {
    1: {"first": str, "second": str, "winner": str},
    2: {"table": list, "ranking": list},
}


def parse_record(text: str) -> Record:
    """The record a line holds; NotARecord saying why when it holds none."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise NotARecord("not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotARecord(f'not a ladder\'s game: no "format": "{FORMAT}"')
    version = data.get("version")
    if type(version) is not int or version not in _OWN:
        raise NotARecord(f"written by another version of rajas: version {version!r}")
    for name, kind in (_COMMON | _OWN[version]).items():
        if type(data.get(name)) is not kind:  # `type`, so that true is not taken for 1
            raise NotARecord(f"its {name} is not {'a list' if kind is list else kind.__name__}")
    if not all(isinstance(seat, str) for seat in data["seats"]):
        raise NotARecord(f"its seats are not {data['players']} bots")
    if not 2 <= data["players"] <= 4 or data["index"] < 0:
        raise NotARecord("its players or index cannot be")
    made = _first_version(data) if version == 1 else _second_version(data)
    if len(made.seats) != made.players:
        raise NotARecord(f"its seats are not {made.players} bots")
    if Counter(made.table) != Counter(made.seats) or set(made.ranking) != set(made.seats):
        raise NotARecord("its table, seats or ranking do not hold the same bots")
    return made


def _first_version(data: dict[str, Any]) -> Record:
    first, second, winner = data["first"], data["second"], data["winner"]
    if winner not in data["seats"] or first == second:
        raise NotARecord("its players, index or winner cannot be")
    return Record(
        players=data["players"],
        table=tuple(first if seat % 2 == 0 else second for seat in range(data["players"])),
        index=data["index"],
        seed=data["seed"],
        seats=tuple(data["seats"]),
        ranking=(winner, second if winner == first else first),
        bots=data["bots"],
    )


def _second_version(data: dict[str, Any]) -> Record:
    ranking = data["ranking"]
    if len(set(ranking)) != len(ranking) or not all(isinstance(kind, str) for kind in ranking):
        raise NotARecord("its ranking names a bot twice")
    return Record(
        players=data["players"],
        table=tuple(data["table"]),
        index=data["index"],
        seed=data["seed"],
        seats=tuple(data["seats"]),
        ranking=tuple(ranking),
        bots=data["bots"],
    )


def fingerprint(kinds: Collection[str], rules_version: int | None = None) -> str:
    """A digest of what makes these kinds play as they do: their budgets, what they evaluate a
    game by, the bots' version, and the rules' version the games are played under (today's
    unless given: an older one names games kept from before a rules change). Two sets of bots
    that share one play every game alike, so a game recorded under it may be rated again; a
    change to one kind (hard's budget) leaves the others' games alone."""
    played_under = rules.RULES_VERSION if rules_version is None else rules_version
    parts = [f"rajas-bots {bots.PLAY_VERSION}", f"rules {played_under}"]
    for kind in sorted(set(kinds)):
        parts.extend(_settings(kind))
    digest = blake2b("\n".join(parts).encode(), digest_size=FINGERPRINT_DIGITS // 2)
    return digest.hexdigest()


def _settings(kind: str) -> list[str]:
    """What kind `kind` plays by, as text; a search's seconds are left out, as headless play
    counts iterations only."""
    parts = [f"kind {kind}"]
    if kind == "random" or kind not in bots.KINDS:
        return parts
    parts += [
        f"weights {sorted(evaluation.WEIGHTS.items())}",
        f"pending {sorted(evaluation.PENDING_WORTH.items())}",
        f"counted {evaluation.OPEN_CELLS_COUNTED} {evaluation.DICE_COUNTED} "
        f"{evaluation.BEST_GOOD_MARKETS}",
        f"future {evaluation.FUTURE_ROUNDS} {evaluation.FUTURE_FLOOR}",
        f"temperature {evaluation.TEMPERATURE}",
        f"follow-ups {greedy.FOLLOW_UPS}",
    ]
    budget = search.LEVELS.get(kind)
    if budget is not None:
        parts += [
            f"budget {budget.iterations} {budget.rollout}",
            f"tree {search.EXPLORATION} {search.WIDENING}",
        ]
    return parts


def table_games(
    table: tuple[str, ...], games: int, seed: int, rules_version: int | None = None
) -> list[tuple[Config, tuple[str, ...], Key]]:
    """A table's games: game i's config (its seed), seating and key, the key of the game as
    played under `rules_version` (today's unless given)."""
    seatings = tournament.rotations(table, games)
    stamp = fingerprint(table, rules_version)
    return [
        (Config(players=len(table), seed=seed + i), seats, (seed + i, seats, stamp))
        for i, seats in enumerate(seatings)
    ]


def planned_games(
    kinds: Sequence[str], players: int, games: int, seed: int, rules_version: int | None = None
) -> list[tuple[Config, tuple[str, ...], Key]]:
    """Every game of the ladder at `players` players, table after table (keyed as played under
    `rules_version`, today's unless given)."""
    each = games_a_table(kinds, players, games)
    return [
        game
        for table in tables(kinds, players)
        for game in table_games(table, each, seed, rules_version)
    ]


def recorded(
    kinds: Sequence[str],
    player_counts: Sequence[int],
    games: int,
    seed: int,
    known: Mapping[Key, Ranking],
    rules_version: int | None = None,
) -> int:
    """How many of the ladder's games, as played under `rules_version` (today's unless given),
    `known` holds."""
    return sum(
        key in known
        for players in player_counts
        for _, _, key in planned_games(kinds, players, games, seed, rules_version)
    )


def play(
    kinds: Sequence[str],
    player_counts: Sequence[int],
    games: int,
    seed: int,
    jobs: int = 1,
    known: Mapping[Key, Ranking] | None = None,
    keep: Callable[[Record], None] | None = None,
    rules_version: int | None = None,
) -> Iterator[Pairing]:
    """Each pairing at each player count as soon as every table that seats it has played (player
    counts as given, then tables; the pairings a table completes in `pairings` order). The
    games are played `jobs` at a time; the results are the same. A game whose key `known` holds
    (with its ranking) is not played again; every game played is handed to `keep` as soon as it
    ends. With `rules_version` older than today's, the games are those kept from under it, and
    all must be known: ValueError before any game is played, as none can be played under it."""
    known = known or {}
    if rules_version not in (None, rules.RULES_VERSION):
        missing = planned(kinds, player_counts, games) - recorded(
            kinds, player_counts, games, seed, known, rules_version
        )
        if missing:
            raise ValueError(
                f"{missing} of the ladder's games of rules version {rules_version} are not "
                f"known, and only version {rules.RULES_VERSION} can be played"
            )
    for players in player_counts:
        laid = tables(kinds, players)
        each = games_a_table(kinds, players, games)
        rankings: dict[tuple[str, ...], list[Ranking]] = {}
        waiting = pairings(kinds)
        for table in laid:
            rankings[table] = _table_rankings(table, each, seed, jobs, known, keep, rules_version)
            for pair in [pair for pair in waiting if _all_played(pair, laid, rankings)]:
                waiting.remove(pair)
                yield _pairing(players, pair, laid, rankings)


def _table_rankings(
    table: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int,
    known: Mapping[Key, Ranking],
    keep: Callable[[Record], None] | None,
    rules_version: int | None,
) -> list[Ranking]:
    """Each game's ranking at this table, in order: known, or played now."""
    planned = table_games(table, games, seed, rules_version)
    found = {index: known[key] for index, (_, _, key) in enumerate(planned) if key in known}
    missing = [index for index in range(games) if index not in found]
    unplayed = [planned[i][:2] for i in missing]
    for place, game in tournament.as_finished(unplayed, jobs):
        done = record(game, table, missing[place])
        if keep is not None:
            keep(done)
        found[done.index] = done.ranking
    return [found[index] for index in range(games)]


def _seats_both(table: tuple[str, ...], pair: tuple[str, str]) -> bool:
    return pair[0] in table and pair[1] in table


def _all_played(
    pair: tuple[str, str],
    laid: Sequence[tuple[str, ...]],
    rankings: Mapping[tuple[str, ...], list[Ranking]],
) -> bool:
    return all(table in rankings for table in laid if _seats_both(table, pair))


def _pairing(
    players: int,
    pair: tuple[str, str],
    laid: Sequence[tuple[str, ...]],
    rankings: Mapping[tuple[str, ...], list[Ranking]],
) -> Pairing:
    first, second = pair
    firsts = tuple(
        ranking.index(first) < ranking.index(second)
        for table in laid
        if _seats_both(table, pair)
        for ranking in rankings[table]
    )
    return Pairing(players, first, second, firsts)


def fit(kinds: Sequence[str], pairs: Sequence[Pairing]) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (mean `MEAN_RATING`) from these pairings' games."""
    return _fit_counts(
        kinds, [(pair.first, pair.second, pair.games, pair.first_wins) for pair in pairs]
    )


# A pairing's games as the fit takes them: its kinds, how many games, the first kind's wins.
Counts = tuple[str, str, int, int]


def _fit_counts(kinds: Sequence[str], counts: Sequence[Counts]) -> dict[str, float]:
    index = {kind: i for i, kind in enumerate(kinds)}
    n = len(kinds)
    wins = [[0.0] * n for _ in range(n)]
    for first, second, games, first_wins in counts:
        a, b = index[first], index[second]
        wins[a][b] += first_wins + PRIOR_WINS
        wins[b][a] += games - first_wins + PRIOR_WINS
    return _ratings(kinds, wins)


def _ratings(kinds: Sequence[str], wins: list[list[float]]) -> dict[str, float]:
    n = len(kinds)
    strength = [1.0] * n
    total_wins = [sum(row) for row in wins]
    # Each kind's opponents with the games between them, found once rather than every round.
    opponents = [
        [(j, wins[i][j] + wins[j][i]) for j in range(n) if j != i and wins[i][j] + wins[j][i] > 0]
        for i in range(n)
    ]
    for _ in range(FIT_ROUNDS):
        new = []
        for i, played in enumerate(opponents):
            own = strength[i]
            # Hunter's MM step: a kind's wins over the games it played, weighted by the pair's sum.
            denominator = sum(games / (own + strength[j]) for j, games in played)
            new.append(total_wins[i] / denominator if denominator > 0 else own)
        centre = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / centre for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if done < FIT_TOLERANCE:
            break
    return {
        kind: MEAN_RATING + 400 * math.log10(s) for kind, s in zip(kinds, strength, strict=True)
    }


def intervals(
    kinds: Sequence[str], pairs: Sequence[Pairing], seed: int, rounds: int = BOOTSTRAP
) -> dict[str, tuple[float, float]]:
    """95% bootstrap intervals of the ratings (the module's docstring says how)."""
    draw = random.Random(f"rajas-ladder:{seed}")
    samples: dict[str, list[float]] = {kind: [] for kind in kinds}
    rates = [(pair.first_wins + PRIOR_WINS) / (pair.games + 2 * PRIOR_WINS) for pair in pairs]
    # Draws that give the same wins give the same ratings: with few games a pairing they repeat.
    fitted: dict[tuple[int, ...], dict[str, float]] = {}
    for _ in range(rounds):
        again = tuple(
            sum(draw.random() < rate for _ in range(pair.games))
            for pair, rate in zip(pairs, rates, strict=True)
        )
        if again not in fitted:
            counts = [
                (pair.first, pair.second, pair.games, first_wins)
                for pair, first_wins in zip(pairs, again, strict=True)
            ]
            fitted[again] = _fit_counts(kinds, counts)
        for kind, rating in fitted[again].items():
            samples[kind].append(rating)
    return {kind: _percentiles(sorted(values)) for kind, values in samples.items()}


def _percentiles(values: list[float]) -> tuple[float, float]:
    low = values[int(0.025 * (len(values) - 1))]
    high = values[math.ceil(0.975 * (len(values) - 1))]
    return (low, high)


def summary(
    kinds: Sequence[str], pairs: Sequence[Pairing], seed: int, rounds: int = BOOTSTRAP
) -> dict[str, Any]:
    """Per player count: each kind's rating with its interval, and every pairing's win rate (the
    first kind's, with its Wilson interval); and whether each kind beat the one below it
    `GOAL` of its 2-player games."""
    result: dict[str, Any] = {"kinds": list(kinds), "seed": seed, "counts": {}}
    for players in dict.fromkeys(pair.players for pair in pairs):
        mine = [pair for pair in pairs if pair.players == players]
        ratings = fit(kinds, mine)
        spread = intervals(kinds, mine, seed + players, rounds)
        result["counts"][str(players)] = {
            "ratings": {
                kind: {
                    "rating": round(ratings[kind], 1),
                    "ci95": [round(spread[kind][0], 1), round(spread[kind][1], 1)],
                }
                for kind in kinds
            },
            "pairings": [
                {
                    "first": pair.first,
                    "second": pair.second,
                    "games": pair.games,
                    "first_wins": pair.first_wins,
                    "first_rate": round(pair.first_wins / pair.games, 4),
                    "ci95": [round(x, 4) for x in tournament.wilson(pair.first_wins, pair.games)],
                }
                for pair in mine
            ],
        }
    result["goal"] = _goal(kinds, [pair for pair in pairs if pair.players == 2])
    return result


def _goal(kinds: Sequence[str], pairs: Sequence[Pairing]) -> list[dict[str, Any]]:
    """Each kind against the one below it, at 2 players: its win rate and whether it is `GOAL`."""
    verdicts = []
    for lower, upper in itertools.pairwise(kinds):
        pair = next((p for p in pairs if (p.first, p.second) == (lower, upper)), None)
        if pair is None:
            continue
        rate = (pair.games - pair.first_wins) / pair.games
        verdicts.append(
            {"upper": upper, "lower": lower, "rate": round(rate, 4), "met": rate >= GOAL}
        )
    return verdicts


def pairing_line(pair: Pairing) -> str:
    low, high = tournament.wilson(pair.first_wins, pair.games)
    won = "won" if pair.players == 2 else f"finished ahead of {pair.second} in"
    return (
        f"{pair.players} players: {pair.first} against {pair.second}: {pair.first} {won} "
        f"{pair.first_wins} of {pair.games} ({pair.first_wins / pair.games:.1%}, 95% CI "
        f"{low:.1%}-{high:.1%})"
    )


def summary_text(result: dict[str, Any]) -> str:
    kinds: list[str] = result["kinds"]
    lines = []
    for players, count in result["counts"].items():
        games = {p["games"] for p in count["pairings"]}
        lines.append(
            f"{players} players, {'/'.join(map(str, sorted(games)))} games a pairing: "
            f"Bradley-Terry ratings (Elo scale, mean {MEAN_RATING:.0f}), 95% bootstrap intervals"
        )
        lines.append(f"{'bot':<8} {'rating':>7} {'95% CI':>15}")
        for kind in sorted(kinds, key=lambda k: -count["ratings"][k]["rating"]):
            rating = count["ratings"][kind]
            low, high = rating["ci95"]
            lines.append(f"{kind:<8} {rating['rating']:>7.0f} {f'{low:.0f} to {high:.0f}':>15}")
        lines.append(
            "win rate of the row's bot against the column's:"
            if players == "2"
            else "how often the row's bot finished ahead of the column's:"
        )
        rates = _rates(count["pairings"])
        lines.append(" " * 8 + "".join(f"{kind:>8}" for kind in kinds))
        for row in kinds:
            cells = "".join(
                f"{'-' if row == col else _cell(rates.get((row, col))):>8}" for col in kinds
            )
            lines.append(f"{row:<8}{cells}")
        lines.append("")
    for verdict in result["goal"]:
        lines.append(
            f"goal: {verdict['upper']} beats {verdict['lower']} >= {GOAL:.0%} at 2 players: "
            f"{verdict['rate']:.1%} {'met' if verdict['met'] else 'NOT met'}"
        )
    return "\n".join(lines).rstrip("\n")


def _rates(pairs: list[dict[str, Any]]) -> dict[tuple[str, str], float]:
    rates = {}
    for pair in pairs:
        rates[(pair["first"], pair["second"])] = pair["first_rate"]
        rates[(pair["second"], pair["first"])] = 1 - pair["first_rate"]
    return rates


def _cell(rate: float | None) -> str:
    return "" if rate is None else f"{rate:.0%}"


def summary_json(result: dict[str, Any]) -> str:
    return json.dumps(result)
