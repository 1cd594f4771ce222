"""Sentence embeddings beside BM25 on real play, offline (docs/real-play.md, "Embeddings fused with BM25").

Reads episodes written by `rank-offline.ts <dump> --export <file.jsonl> [ids]`, embeds every line
and question with all-MiniLM-L6-v2 (minilm.py; the vectors are cached beside the file, named by what
was embedded) and ranks the windows Q&A ranks: in-game lines only, a window starting at every line,
the 5 best not overlapping across the episodes given, a hit when one holds a line of the aligned
turns (as rank-offline.ts counts). A window's vector is the mean of its lines' vectors, made unit
length (one vector a line, so a window costs nothing more to embed). Fusion: each ranking's scores
standardised over the windows (z-scores), BM25's plus `w` times the embedding's. BM25 over 9-line
windows tiling every line (the bench's baseline, with the cast's names) is printed first as the bar.

    OPENBLAS_NUM_THREADS=2 .tools/speech/bin/python bench/real-play/embed-rank.py <file.jsonl> <model folder>
"""

import hashlib
import json
import math
import os
import sys
from collections import Counter

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from minilm import MiniLM  # noqa: E402


def load(file, model_folder):
    episodes = [json.loads(line) for line in open(file)]
    texts = [x["text"] for e in episodes for x in e["lines"]] + [q["sentence"] for e in episodes for q in e["questions"]]
    # Named by what was embedded, so a file exported again from another dump is embedded again.
    cache = f"{file}.{hashlib.sha1(json.dumps(texts).encode()).hexdigest()[:12]}.npy"
    if os.path.exists(cache):
        vectors = np.load(cache)
    else:
        vectors = MiniLM(model_folder).embed(texts)
        np.save(cache, vectors)
    at = 0
    for e in episodes:
        e["L"] = vectors[at:at + len(e["lines"])]
        at += len(e["lines"])
    for e in episodes:
        e["Q"] = vectors[at:at + len(e["questions"])]
        at += len(e["questions"])
    return episodes


def index(episodes, size, in_game_only, tiled=False):
    """Windows of `size` kept lines, with BM25's statistics counted per line as rank-offline.ts does."""
    windows, df, n, words = [], Counter(), 0, 0
    for e in episodes:
        kept = [j for j, x in enumerate(e["lines"]) if not (in_game_only and x["tableTalk"])]
        for j in kept:
            n += 1
            words += len(e["lines"][j]["tokens"])
            df.update(set(e["lines"][j]["tokens"]))
        for s in range(0, len(kept), size if tiled else 1):
            if not tiled and s + size > len(kept) and s > 0:
                break
            windows.append((e, kept[s:s + size]))
    tf = [Counter(t for j in w for t in e["lines"][j]["tokens"]) for e, w in windows]
    dense = np.stack([e["L"][w].mean(0) for e, w in windows])
    return {
        "windows": windows,
        "tf": tf,
        "length": np.array([sum(t.values()) for t in tf], float),
        "average": words / n * size,
        "idf": {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()},
        "dense": dense / np.linalg.norm(dense, axis=1, keepdims=True),
    }


def bm25(ix, terms, k1=1.2, b=0.75):
    norm = k1 * (1 - b + b * ix["length"] / ix["average"])
    score = np.zeros(len(ix["windows"]))
    for t in terms:
        if t in ix["idf"]:
            f = np.array([tf.get(t, 0) for tf in ix["tf"]], float)
            score += ix["idf"][t] * f * (k1 + 1) / (f + norm)
    return score


def hit(ix, score, e, q):
    picked = []
    for k in np.argsort(-score):
        if len(picked) == 5:
            break
        pe, w = ix["windows"][k]
        if not any(p is pe and w[0] <= pw[-1] and pw[0] <= w[-1] for p, pw in picked):
            picked.append((pe, w))
    return any(p is e and any(q["turnStart"] <= e["lines"][j]["turn"] <= q["turnEnd"] for j in w) for p, w in picked)


def z(x):
    return (x - x.mean()) / (x.std() + 1e-9)


def main(file, model_folder):
    episodes = load(file, model_folder)
    asked = [(e, i, q) for e in episodes for i, q in enumerate(e["questions"])]
    ix = index(episodes, 9, False, tiled=True)
    bar = sum(hit(ix, bm25(ix, q["tokens"]), e, q) for e, _, q in asked) / len(asked)
    print(f"{bar:.3f}  every line, 9 tiled, BM25 (the baseline, with the cast); {len(asked)} questions")
    for size in (5, 9):
        ix = index(episodes, size, True)
        hits = Counter()
        for e, i, q in asked:
            dense = ix["dense"] @ e["Q"][i]
            hits["embedding alone"] += hit(ix, dense, e, q)
            for b in (0.75, 0.3):
                lexical = z(bm25(ix, q["tokens"], b=b))
                for w in (0, 0.5, 1.0, 1.5):
                    hits[f"BM25 b {b} + {w} x embedding"] += hit(ix, lexical + w * z(dense), e, q)
        for name, h in hits.items():
            print(f"{h / len(asked):.3f}  in game, {size} at every line, {name}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
