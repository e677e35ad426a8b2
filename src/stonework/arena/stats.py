"""Match statistics: win shares with Wilson intervals, scores, margins, Bradley-Terry ratings.

Ratings are Bradley-Terry strengths fitted to every pairwise meeting at a table (seat A placed
above seat B is a win for A, a shared place half a win each), shown on the Elo scale
(400 * log10 of the strength, centred on 1500), with 95% intervals from a seeded bootstrap over
games.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from stonework.arena.match import GameResult

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (fractional successes allowed: ties count 1/2).

    >>> lo, hi = wilson(10, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.7225, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float]:
    """The mean of per-game values and its 95% half-width (normal approximation; 0 for one game).

    >>> mean_interval([1.0, 3.0])
    (2.0, 1.959963984540054)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    spread = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
    return mean, z * spread / math.sqrt(n)


def win_shares(result: GameResult, entries: int) -> list[float]:
    """Each entry's share of the win in one game (a first place shared by k seats gives 1/k each)."""
    shares = [0.0] * entries
    firsts = [seat for seat, rank in enumerate(result.ranking) if rank == 1]
    for seat in firsts:
        shares[result.seat_entries[seat]] += 1.0 / len(firsts)
    return shares


def pairwise(results: list[GameResult], entries: int) -> list[list[float]]:
    """``wins[a][b]``: how often a seat of entry a placed above a seat of entry b (ties: 1/2)."""
    wins = [[0.0] * entries for _ in range(entries)]
    for result in results:
        seats = result.seat_entries
        for s, a in enumerate(seats):
            for t, b in enumerate(seats):
                if a == b or s == t:
                    continue
                if result.ranking[s] < result.ranking[t]:
                    wins[a][b] += 1.0
                elif result.ranking[s] == result.ranking[t]:
                    wins[a][b] += 0.5
    return wins


def bradley_terry(wins: list[list[float]], prior: float = 1.0, rounds: int = 500) -> list[float]:
    """Bradley-Terry strengths by minorization-maximization (Hunter 2004), geometric mean 1.

    ``prior`` adds that many drawn games between every pair that met, so a clean sweep gives a
    large but finite rating.

    >>> [round(x, 3) for x in bradley_terry([[0, 10], [0, 0]])]
    [4.583, 0.218]
    """
    k = len(wins)
    met = [[wins[a][b] + wins[b][a] > 0 for b in range(k)] for a in range(k)]
    w = [[wins[a][b] + (prior / 2 if met[a][b] else 0.0) for b in range(k)] for a in range(k)]
    strength = [1.0] * k
    for _ in range(rounds):
        new = []
        for a in range(k):
            won = sum(w[a])
            denominator = sum(
                (w[a][b] + w[b][a]) / (strength[a] + strength[b]) for b in range(k) if b != a
            )
            new.append(won / denominator if denominator > 0 and won > 0 else strength[a])
        centre = math.exp(sum(math.log(max(s, 1e-300)) for s in new) / k)
        new = [s / centre for s in new]
        done = max(abs(x - y) for x, y in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    return strength


def elo_scale(strength: float) -> float:
    """A Bradley-Terry strength on the Elo scale (1500 at the geometric mean)."""
    return 1500.0 + 400.0 * math.log10(strength)


def elo_from_share(share: float) -> float:
    """The Elo difference at which the stronger side scores ``share`` (0 < share < 1)."""
    return 400.0 * math.log10(share / (1.0 - share))


def share_intervals(
    wins: list[list[float]], ratings: list[float], prior: float = 1.0
) -> list[tuple[float, float]]:
    """Each entry's rating interval from the Wilson interval of its pairwise score.

    A bootstrap over games cannot see the uncertainty of a one-sided match: every resample of a
    20-0 sweep is the same sweep, so its interval has no width. Here the entry's share of its
    meetings (with the same virtual draw per opponent as the fit) gets a Wilson interval; the
    Elo gap each end of it implies, against the gap of the share itself, moves the rating. The
    ratings are centred on 1500, so a gap to the field that grows by d moves the entry by
    d (k-1)/k.

    >>> [tuple(round(x) for x in ci) for ci in share_intervals([[0, 20], [0, 0]], [1823, 1177])]
    [(1625, 2021), (979, 1375)]
    """
    k = len(wins)
    out = []
    for a in range(k):
        met = [b for b in range(k) if b != a and wins[a][b] + wins[b][a] > 0]
        if not met:
            out.append((ratings[a], ratings[a]))
            continue
        trials = sum(wins[a][b] + wins[b][a] + prior for b in met)
        won = sum(wins[a][b] for b in met) + prior / 2 * len(met)
        low, high = wilson(won, trials)
        # The virtual draws keep every share strictly between 0 and 1, so each logit is finite.
        centre = elo_from_share(won / trials)
        spread = (k - 1) / k
        out.append(
            (
                ratings[a] + (elo_from_share(low) - centre) * spread,
                ratings[a] + (elo_from_share(high) - centre) * spread,
            )
        )
    return out


@dataclass
class EntrySummary:
    """One entry's results over a match."""

    label: str
    spec: str
    games: int
    seats: int
    fair_share: float
    win_rate: float
    win_ci: tuple[float, float]
    mean_score: float
    mean_margin: float
    mean_return: float
    rating: float
    rating_ci: tuple[float, float]
    mean_move_seconds: float
    max_move_seconds: float

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form."""
        data = dict(self.__dict__)
        data["win_ci"] = list(self.win_ci)
        data["rating_ci"] = list(self.rating_ci)
        return data


def summarize(
    results: list[GameResult],
    labels: list[str],
    specs: list[str],
    players: int,
    seed: int,
    bootstrap: int = 200,
) -> list[EntrySummary]:
    """Per-entry statistics of a match (ratings with a bootstrap seeded by ``seed``)."""
    k = len(labels)
    n = len(results)
    share_sum = [0.0] * k
    seat_count = [0] * k
    score_sum = [0.0] * k
    margin_sum = [0.0] * k
    return_sum = [0.0] * k
    think = [0.0] * k
    moves = [0] * k
    longest = [0.0] * k
    for result in results:
        for entry, share in enumerate(win_shares(result, k)):
            share_sum[entry] += share
        total = sum(result.scores)
        for seat, entry in enumerate(result.seat_entries):
            seat_count[entry] += 1
            score_sum[entry] += result.scores[seat]
            others = (total - result.scores[seat]) / max(1, players - 1)
            margin_sum[entry] += result.scores[seat] - others
            return_sum[entry] += result.returns[seat]
            if result.think_seconds:
                think[entry] += result.think_seconds[seat]
                moves[entry] += result.moves[seat]
                longest[entry] = max(longest[entry], result.max_think_seconds[seat])
    wins = pairwise(results, k)
    ratings = [elo_scale(s) for s in bradley_terry(wins)]
    by_share = share_intervals(wins, ratings)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(k)]
    for _ in range(bootstrap if n and k > 1 else 0):
        resample = [results[rng.randrange(n)] for _ in range(n)]
        for entry, s in enumerate(bradley_terry(pairwise(resample, k), rounds=200)):
            samples[entry].append(elo_scale(s))
    summaries = []
    for entry in range(k):
        seats = max(1, seat_count[entry])
        ordered = sorted(samples[entry])
        # The wider of the bootstrap and the Wilson-based interval: each misses what the other
        # sees (the bootstrap, a one-sided match; the Wilson bound, the spread of the opponents).
        low, high = by_share[entry]
        if ordered:
            low = min(low, ordered[int(0.025 * (len(ordered) - 1))])
            high = max(high, ordered[int(0.975 * (len(ordered) - 1))])
        ci = (min(low, ratings[entry]), max(high, ratings[entry]))
        summaries.append(
            EntrySummary(
                label=labels[entry],
                spec=specs[entry],
                games=n,
                seats=seat_count[entry],
                fair_share=seat_count[entry] / max(1, n * players),
                win_rate=share_sum[entry] / max(1, n),
                win_ci=wilson(share_sum[entry], n),
                mean_score=score_sum[entry] / seats,
                mean_margin=margin_sum[entry] / seats,
                mean_return=return_sum[entry] / seats,
                rating=ratings[entry],
                rating_ci=ci,
                mean_move_seconds=think[entry] / max(1, moves[entry]),
                max_move_seconds=longest[entry],
            )
        )
    return summaries
