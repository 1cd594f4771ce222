"""Who spoke when, on one track: speech found by Silero VAD, a GE2E voice print for every 1.6 s window
of it, windows grouped by average-linkage clustering (the number of voices found by a similarity
threshold unless the caller gives it), then each 10 ms frame labelled by the windows over it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from faster_whisper.vad import VadOptions, get_speech_timestamps
from threadpoolctl import threadpool_limits

from .ge2e import HOP, SAMPLE_RATE, WINDOW_FRAMES, Encoder, mel_spectrogram

MAX_SPEAKERS = 10
# Far shorter pauses than transcription's VAD keeps: a change of voice often comes after a mere
# breath, and a window that stays inside one stretch of speech cannot hold two voices. On the bench's
# quick exchanges (pauses of 0.05-0.3 s) 100 ms instead of 300 ms took line time from 89 % to 97 %.
VAD = VadOptions(threshold=0.5, min_speech_duration_ms=250, min_silence_duration_ms=100, speech_pad_ms=50)
STEP_FRAMES = 50  # a window every 0.5 s: each frame is judged by about three windows
MIN_WINDOW_FRAMES = 40  # speech shorter than 0.4 s alone says too little about its voice
# Average cosine similarity below which two groups of windows are different voices, chosen on the
# bench's development sessions (flite and espeak-ng voices): one voice's windows score 0.77 on
# average against each other (5-95 %: 0.64-0.92), different voices' 0.45 (0.36-0.60).
THRESHOLD = 0.70
# A voice with less speech than this is folded into the nearest other one: a cough or a window
# over two voices must not become a speaker of its own.
MIN_SPEAKER_S = 2.0
SAME_VOICE = 0.85  # two groups whose mean prints are this alike are one voice
CHANGE = 0.75  # windows 1 s before and after less alike than this: a voice changes in between
SMOOTH_FRAMES = 51  # a median over 0.5 s: no speaker turn shorter than about a quarter second
MERGE_GAP_S = 0.5  # one speaker's segments closer than this are one segment
TARGET_RMS = 10 ** (-30 / 20)  # Resemblyzer's training level (-30 dBFS), for every window
MAX_CLUSTERED = 3000  # windows in the linkage (its matrix is N x N)
BATCH = 48  # windows per forward pass: bounds memory (gates: 160 x 48 x 1024 floats) for any length
# Every second window's print goes back to the caller, so a line moved to another voice can teach
# that voice's print; a window a second of speech keeps the reply to a few MB for an hour.
WINDOW_EVERY = 2


@dataclass
class Result:
    segments: list[dict]  # {"start", "end", "speaker"}, in order of time
    speakers: list[dict]  # {"id", "embedding"}: the mean voice print of each speaker
    windows: list[dict]  # {"start", "end", "embedding"}: a window's own print, every WINDOW_EVERY-th


def diarize(encoder: Encoder, audio: np.ndarray, num_speakers: int | None = None, threads: int = 2) -> Result:
    audio = np.asarray(audio, dtype=np.float32)  # 16 kHz mono
    regions = [(c["start"] // HOP, c["end"] // HOP) for c in get_speech_timestamps(audio, VAD)] if len(audio) else []
    windows = [w for a, b in regions for w in _windows(a, b)]
    if not windows:
        return Result([], [], [])
    embeddings = _embed(encoder, audio, windows, threads)
    steady = np.flatnonzero(_steady(embeddings, windows))
    # Linkage keeps a matrix of every pair: for long sessions an even sample of the windows is
    # clustered (3000 windows are 25 minutes of speech), and every window then joins its nearest.
    chosen = steady[np.linspace(0, len(steady) - 1, min(len(steady), MAX_CLUSTERED)).astype(int)]
    found = _cluster(embeddings[chosen], num_speakers)
    labels = np.argmax(embeddings @ _centroids(embeddings[chosen], found).T, axis=1)
    labels = _fold_small(embeddings, labels, windows, num_speakers)
    if num_speakers is None:
        labels = _merge_close(embeddings, labels)
    centroids = _centroids(embeddings, labels)
    frames = _frame_labels(embeddings @ centroids.T, windows, regions, len(audio) // HOP + 1)
    return _shape(frames, regions, windows, embeddings, labels)


def _windows(a: int, b: int) -> list[tuple[int, int]]:
    """1.6 s windows every 0.5 s over one speech region (frames a..b), the last one ending at b."""
    if b - a < MIN_WINDOW_FRAMES:
        return []
    if b - a <= WINDOW_FRAMES:
        return [(a, b)]
    starts = list(range(a, b - WINDOW_FRAMES + 1, STEP_FRAMES))
    if starts[-1] != b - WINDOW_FRAMES:
        starts.append(b - WINDOW_FRAMES)
    return [(s, s + WINDOW_FRAMES) for s in starts]


def _embed(encoder: Encoder, audio: np.ndarray, windows: list[tuple[int, int]], threads: int) -> np.ndarray:
    """Batches of windows of one length (all but the odd short region are 160 frames), side by side
    on `threads` threads. numpy's OpenBLAS runs single-threaded meanwhile: on matrices this small its
    own threads cost four times the CPU for the same work (measured with bench/diarization.py)."""
    out = np.empty((len(windows), 256), np.float32)
    by_length: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(windows):
        by_length.setdefault(b - a, []).append(index)
    batches = [indexes[i:i + BATCH] for indexes in by_length.values() for i in range(0, len(indexes), BATCH)]

    def run(batch: list[int]) -> None:
        out[batch] = encoder.embed(np.stack([_window_mel(audio, *windows[i]) for i in batch]))

    with threadpool_limits(limits=1, user_api="blas"), ThreadPoolExecutor(max(1, threads)) as pool:
        list(pool.map(run, batches))
    return out


def _window_mel(audio: np.ndarray, a: int, b: int) -> np.ndarray:
    """The window's mel frames at one loudness: the power mel scales with the square of the gain,
    and the encoder's voice prints drift with level, while a table's voices sit near and far."""
    samples = audio[a * HOP:b * HOP]
    mel = mel_spectrogram(samples)[: b - a]
    if len(mel) < b - a:
        mel = np.pad(mel, ((0, b - a - len(mel)), (0, 0)))
    rms = float(np.sqrt(np.mean(samples.astype(np.float64) ** 2))) if len(samples) else 0.0
    return mel * ((TARGET_RMS / rms) ** 2 if rms > 1e-6 else 1.0)


def _steady(embeddings: np.ndarray, windows: list[tuple[int, int]]) -> np.ndarray:
    """Windows away from a change of voice: the windows a second before and after sound alike. A
    window over two voices sounds like neither, and such windows would form voices of their own."""
    span = 2  # windows either side: one second away, sharing little audio with each other
    steady = np.ones(len(windows), bool)
    for i in range(span, len(windows) - span):
        before, after = windows[i - span], windows[i + span]
        if after[0] - before[1] < WINDOW_FRAMES and float(embeddings[i - span] @ embeddings[i + span]) < CHANGE:
            steady[i - span + 1:i + span] = False
    return steady if steady.sum() >= 2 else np.ones(len(windows), bool)


def _cluster(embeddings: np.ndarray, num_speakers: int | None) -> np.ndarray:
    """Average linkage on cosine similarity: merge the two most similar groups until the best pair
    is below THRESHOLD (and at most MAX_SPEAKERS remain), or until num_speakers remain."""
    n = len(embeddings)
    sim = (embeddings @ embeddings.T).astype(np.float64)
    np.fill_diagonal(sim, -np.inf)
    size = np.ones(n)
    alive = np.ones(n, bool)
    parent = np.arange(n)
    partner = np.argmax(sim, axis=1)  # each group's most similar other group, and how similar
    best = sim[np.arange(n), partner]
    groups = n
    while groups > 1:
        a = int(np.argmax(best))
        b = int(partner[a])
        if num_speakers is not None:
            if groups <= num_speakers:
                break
        elif best[a] < THRESHOLD and groups <= MAX_SPEAKERS:
            break
        # The merged group's similarity to each other group is the size-weighted mean of the two.
        row = (size[a] * sim[a] + size[b] * sim[b]) / (size[a] + size[b])
        size[a] += size[b]
        alive[b] = False
        parent[parent == b] = a
        sim[b, :] = sim[:, b] = -np.inf
        row[[a, b]] = -np.inf
        sim[a, :] = sim[:, a] = row
        best[b] = -np.inf
        groups -= 1
        # Rows whose best partner was a or b look again; any other row may now prefer a.
        stale = np.flatnonzero(alive & ((partner == a) | (partner == b) | (np.arange(n) == a)))
        partner[stale] = np.argmax(sim[stale], axis=1)
        best[stale] = sim[stale, partner[stale]]
        gained = alive & (sim[:, a] > best)
        partner[gained] = a
        best[gained] = sim[gained, a]
    _, labels = np.unique(parent, return_inverse=True)
    return labels


def _fold_small(embeddings, labels, windows, num_speakers) -> np.ndarray:
    """Groups with under MIN_SPEAKER_S of window time go to their nearest big group (unless the
    caller said how many voices there are), then every window to its nearest centroid."""
    for _ in range(2):
        seconds = np.bincount(labels, weights=[(b - a) * HOP / SAMPLE_RATE for a, b in windows])
        keep = np.flatnonzero(seconds >= MIN_SPEAKER_S) if num_speakers is None else np.arange(len(seconds))
        if len(keep) == 0:
            keep = np.array([int(np.argmax(seconds))])
        centroids = _centroids(embeddings, labels)[keep]
        labels = np.searchsorted(keep, keep[np.argmax(embeddings @ centroids.T, axis=1)])
        _, labels = np.unique(labels, return_inverse=True)
    return labels


def _merge_close(embeddings: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Groups whose mean voice prints are closer than SAME_VOICE are one voice. A mean over many
    windows is steadier than the windows themselves, so this sees what the linkage could not."""
    while labels.max() > 0:
        centroids = _centroids(embeddings, labels)
        sim = centroids @ centroids.T
        np.fill_diagonal(sim, -1)
        a, b = np.unravel_index(int(np.argmax(sim)), sim.shape)
        if sim[a, b] < SAME_VOICE:
            break
        labels = np.where(labels == max(a, b), min(a, b), labels)
        _, labels = np.unique(labels, return_inverse=True)
    return labels


def _centroids(embeddings: np.ndarray, labels: np.ndarray) -> np.ndarray:
    sums = np.zeros((labels.max() + 1, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    return sums / np.maximum(np.linalg.norm(sums, axis=1, keepdims=True), 1e-9)


def _frame_labels(scores: np.ndarray, windows, regions, n_frames: int) -> np.ndarray:
    """Each speech frame: the speaker whose centroid the windows over it resemble most on average;
    a short region without a window of its own takes its nearest window's. -1 is no speech."""
    total = np.zeros((n_frames, scores.shape[1]))
    count = np.zeros(n_frames)
    for (a, b), row in zip(windows, scores):
        total[a:b] += row
        count[a:b] += 1
    labels = np.full(n_frames, -1)
    centres = np.array([(a + b) / 2 for a, b in windows])
    for a, b in regions:
        covered = count[a:b] > 0
        if not covered.all():
            total[a:b][~covered] = scores[int(np.argmin(np.abs(centres - (a + b) / 2)))]
        region = np.argmax(total[a:b], axis=1)
        labels[a:b] = _median(region, scores.shape[1])
    return labels


def _median(labels: np.ndarray, k: int) -> np.ndarray:
    """A majority filter over SMOOTH_FRAMES frames (the median of a label sequence, for k labels)."""
    if len(labels) < 3 or k == 1:
        return labels
    onehot = np.eye(k)[labels]
    # An odd width no longer than the run: np.convolve's "same" output is as long as the longer input.
    kernel = np.ones(min(SMOOTH_FRAMES, len(labels) if len(labels) % 2 else len(labels) - 1))
    votes = np.stack([np.convolve(onehot[:, j], kernel, mode="same") for j in range(k)], axis=1)
    return np.argmax(votes, axis=1)


def _shape(frames: np.ndarray, regions, windows, embeddings: np.ndarray, labels: np.ndarray) -> Result:
    step = HOP / SAMPLE_RATE
    runs: list[list] = []
    for a, b in regions:
        start = a
        for t in range(a + 1, b + 1):
            if t == b or frames[t] != frames[start]:
                if frames[start] >= 0:
                    runs.append([start * step, t * step, int(frames[start])])
                start = t
    merged: list[list] = []
    for run in runs:
        if merged and merged[-1][2] == run[2] and run[0] - merged[-1][1] < MERGE_GAP_S:
            merged[-1][1] = run[1]
        else:
            merged.append(run)
    # Speakers are numbered in the order they first speak; only those left with time are listed.
    order: dict[int, int] = {}
    for _, _, label in merged:
        order.setdefault(label, len(order) + 1)
    centroids = _centroids(embeddings, labels)
    segments = [{"start": round(s, 2), "end": round(e, 2), "speaker": f"SPEAKER_{order[k]}"} for s, e, k in merged]
    speakers = [{"id": f"SPEAKER_{n}", "embedding": [round(float(x), 5) for x in centroids[k]]}
                for k, n in sorted(order.items(), key=lambda item: item[1])]
    prints = [{"start": round(a * step, 2), "end": round(b * step, 2), "embedding": [round(float(x), 3) for x in e]}
              for (a, b), e in zip(windows[::WINDOW_EVERY], embeddings[::WINDOW_EVERY])]
    return Result(segments, speakers, prints)
