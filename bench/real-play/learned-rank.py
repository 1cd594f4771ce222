"""A learned linear ranking of Q&A's windows, offline (docs/real-play.md, "A learned ranking").

Learning to rank is the standard way to combine rankers that each measure a little: each feature
below is standardised over a question's candidate windows and the weights are fitted by coordinate
ascent on the hit rate itself (Metzler & Croft, "Linear feature-based models for information
retrieval", 2007), on some train episodes, and scored on others. The windows are Q&A's: 5
consecutive in-game lines, one starting at every in-game line, the 5 best not overlapping; a hit
when a line from a window's first to its last (table talk between included, as a citation's time
span is) belongs to the aligned turns. Beside it, the bar: BM25 over 9-line tiles of every line.

    node -r ./api/test/swc-register.cjs bench/real-play/rank-offline.ts \
      .data/real-play/run-<commit>.json --export .data/exp/k15.jsonl
    .tools/speech/bin/python bench/real-play/learned-rank.py .data/exp/k15.jsonl \
      C1E001,C1E002,C1E003,C1E004,C1E005 [features, comma-separated]

The second argument names the episodes scored (the rest are fitted on); the third, the features
the ascent may move besides bm25_5 (default: all). Statistics (idf, average length) are over the
in-game lines of every episode in the file, as a campaign's index holds them.
"""
import json
import math
import sys

import numpy as np

K1 = 1.2
TOP = 5
CANDIDATES = 150
STEPS = [-1, -0.5, -0.25, -0.1, 0.1, 0.25, 0.5, 1]
ROUNDS = 2


class Corpus:
    def __init__(self, file):
        self.episodes = [json.loads(line) for line in open(file)]
        rows = [(e, x) for e, ep in enumerate(self.episodes) for x in ep["lines"]]
        self.n = len(rows)
        self.episode = np.array([e for e, _ in rows])
        self.table_talk = np.array([x["tableTalk"] for _, x in rows])
        self.turn = np.array([x["turn"] for _, x in rows])
        self.gm = np.array([x["label"] == "Matt" for _, x in rows], float)
        self.length = np.array([len(x["tokens"]) for _, x in rows], float)
        self.postings = {}
        for i, (_, x) in enumerate(rows):
            for t in x["tokens"]:
                p = self.postings.setdefault(t, {})
                p[i] = p.get(i, 0) + 1
        self.in_game = np.where(~self.table_talk)[0]
        self.df = {}
        for t, p in self.postings.items():
            c = sum(1 for i in p if not self.table_talk[i])
            if c:
                self.df[t] = c
        self.average = self.length[self.in_game].mean()
        # The in-game window starting at each in-game line: its end (exclusive, in in-game lines, never
        # past its episode) and the span of all lines it covers.
        g = self.episode[self.in_game]
        self.episode_end = np.searchsorted(g, g, side="right")
        ends = self.window_end(5)
        self.first = self.in_game
        self.last = self.in_game[ends - 1]

    def idf(self, t):
        n, df = len(self.in_game), self.df.get(t, 0)
        return math.log(1 + (n - df + 0.5) / (df + 0.5))

    def window_end(self, size):
        return np.minimum(np.arange(len(self.in_game)) + size, self.episode_end)

    def sums(self, values, size, before=0):
        """Sums of `values` (one per in-game line) over `size` in-game lines from `before` lines
        before each window's start (clipped to its episode)."""
        c = np.concatenate([[0], np.cumsum(values)])
        at = np.arange(len(self.in_game))
        starts = np.maximum(at - before, np.searchsorted(self.episode[self.in_game], self.episode[self.in_game]))
        ends = np.minimum(starts + size, self.episode_end)
        return c[ends] - c[starts]

    def line_counts(self, t):
        v = np.zeros(self.n)
        for i, c in self.postings[t].items():
            v[i] = c
        return v


def bm25(corpus, tfs, lengths, size, b):
    norm = K1 * (1 - b + b * lengths / (corpus.average * size))
    score = np.zeros(len(corpus.in_game))
    for t, f in tfs.items():
        score += corpus.idf(t) * f * (K1 + 1) / (f + norm)
    return score


def features(c, question):
    """One row per window: the features a learned ranking may weigh."""
    terms = [t for t in question["tokens"] if t in c.df]
    if not terms:
        return None
    counts = {t: c.line_counts(t) for t in terms}
    in_game = {t: v[c.in_game] for t, v in counts.items()}
    length = c.length[c.in_game]
    five = {t: c.sums(v, 5) for t, v in in_game.items()}
    nine = {t: c.sums(v, 9, 2) for t, v in in_game.items()}
    scene = {t: c.sums(v, 61, 28) for t, v in in_game.items()}
    # Table talk as context: every line from 4 before the window to 4 after it, table talk at half.
    lo, hi = np.maximum(c.first - 4, 0), np.minimum(c.last + 5, c.n)
    cum = lambda v: np.concatenate([[0], np.cumsum(v)])
    weights = np.where(c.table_talk, 0.5, 1.0)
    context = {t: cum(v * weights)[hi] - cum(v * weights)[lo] for t, v in counts.items()}
    total = sum(c.idf(t) for t in terms)
    return {
        "bm25_5": bm25(c, five, c.sums(length, 5), 5, 0.75),
        "bm25_5_b03": bm25(c, five, c.sums(length, 5), 5, 0.3),
        "bm25_9_b03": bm25(c, nine, c.sums(length, 9, 2), 9, 0.3),
        "context": bm25(c, context, cum(c.length)[hi] - cum(c.length)[lo], 13, 0.3),
        "coordination": sum(c.idf(t) * (five[t] > 0) for t in terms) / total,
        "scene": bm25(c, scene, c.sums(length, 61, 28), 61, 0.75),
        "narration": c.sums(c.gm[c.in_game], 5) / 5,
    }


def candidates(c, e, question):
    f = features(c, question)
    if f is None:
        return None
    names = list(f)
    F = np.stack([f[k] for k in names], 1)
    picked = set()
    for k in ("bm25_5", "bm25_5_b03", "bm25_9_b03", "context"):
        picked.update(np.argsort(-f[k])[:CANDIDATES].tolist())
    rows = np.array(sorted(picked))
    Z = (F[rows] - F[rows].mean(0)) / (F[rows].std(0) + 1e-9)
    hits = np.array(
        [
            c.episode[c.first[w]] == e
            and bool(np.any((c.turn[c.first[w]:c.last[w] + 1] >= question["turnStart"])
                            & (c.turn[c.first[w]:c.last[w] + 1] <= question["turnEnd"])))
            for w in rows
        ]
    )
    return names, rows, Z, hits


def hit_rate(c, w, asked):
    hits = 0
    for row in asked:
        if row is None:
            continue
        _, rows, Z, hit = row
        picked = []
        for k in np.argsort(-(Z @ w)):
            a = rows[k]
            if any(c.episode[c.first[a]] == c.episode[c.first[p]] and c.first[a] <= c.last[p] and c.first[p] <= c.last[a]
                   for p in picked):
                continue
            picked.append(a)
            if hit[k]:
                hits += 1
                break
            if len(picked) == TOP:
                break
    return hits / len(asked)


def baseline(c, asked):
    """BM25 over 9-line tiles of every line (table talk included), idf over every line."""
    starts, ends = [], []
    for e in range(len(c.episodes)):
        lines = np.where(c.episode == e)[0]
        for s in range(lines[0], lines[-1] + 1, 9):
            starts.append(s)
            ends.append(min(s + 9, lines[-1] + 1))
    starts, ends = np.array(starts), np.array(ends)
    cum = lambda v: np.concatenate([[0], np.cumsum(v)])
    norm = K1 * (1 - 0.75 + 0.75 * (cum(c.length)[ends] - cum(c.length)[starts]) / (c.length.mean() * 9))
    hits = 0
    for e, q in asked:
        score = np.zeros(len(starts))
        for t in set(q["tokens"]):
            if t in c.postings:
                f = cum(c.line_counts(t))[ends] - cum(c.line_counts(t))[starts]
                df = len(c.postings[t])
                score += math.log(1 + (c.n - df + 0.5) / (df + 0.5)) * f * (K1 + 1) / (f + norm)
        top = [k for k in np.argsort(-score)[:TOP] if score[k] > 0]
        hits += any(c.episode[starts[k]] == e and np.any((c.turn[starts[k]:ends[k]] >= q["turnStart"])
                                                          & (c.turn[starts[k]:ends[k]] <= q["turnEnd"])) for k in top)
    return hits / len(asked)


def main(file, scored, movable=None):
    c = Corpus(file)
    scored = set(scored.split(","))
    asked = [(e, q) for e, ep in enumerate(c.episodes) for q in ep["questions"]]
    rows = [candidates(c, e, q) for e, q in asked]
    names = next(r[0] for r in rows if r)
    fit = [r for r, (e, _) in zip(rows, asked) if c.episodes[e]["id"] not in scored]
    test = [r for r, (e, _) in zip(rows, asked) if c.episodes[e]["id"] in scored]
    print(f"questions: {len(fit)} fitted on, {len(test)} scored")
    for k, name in enumerate(names):
        w = np.eye(len(names))[k]
        print(f"  {name:13s} alone: fitted {hit_rate(c, w, fit):.3f}  scored {hit_rate(c, w, test):.3f}")
    movable = movable.split(",") if movable else names
    w = np.eye(len(names))[0]
    best = hit_rate(c, w, fit)
    for r in range(ROUNDS):
        for k, name in enumerate(names):
            if name not in movable:
                continue
            for step in STEPS:
                v = w.copy()
                v[k] += step
                h = hit_rate(c, v, fit)
                if h > best + 1e-9:
                    best, w = h, v
        weights = ", ".join(f"{n} {x:.2f}" for n, x in zip(names, w) if x)
        print(f"  learned, round {r + 1}: fitted {best:.3f}  scored {hit_rate(c, w, test):.3f}  ({weights})")
    fitted = [(e, q) for e, q in asked if c.episodes[e]["id"] not in scored]
    tested = [(e, q) for e, q in asked if c.episodes[e]["id"] in scored]
    print(f"  the bar, BM25 over 9-line tiles of every line: fitted {baseline(c, fitted):.3f}  scored {baseline(c, tested):.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
