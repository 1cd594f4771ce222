"""Diarization on synthetic table sessions: flite's voices (made from real speakers' recordings) and
two espeak-ng female variants, each changed by sox (pitch, tempo, level), taking turns with short
pauses, mixed onto one track with room reverb and pink noise. Prints RESULT lines:

    PYTHONPATH=speech .tools/speech/bin/python speech/bench/diarization.py [--sessions 10] [--seed 0]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_info

from questlog_speech import diarize as dz
from questlog_speech.ge2e import Encoder

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth import RATE, read_wav as read, run, synthesize, to_speech_wav, write_wav as write  # noqa: E402
# engine:voice:pitch in cents. espeak-ng's +f1, +f2 and +f5 are one voice to the encoder (0.9+), as
# are +f3 and +f4: one of each. Even those two score 0.71 at the same pitch (flite's voices 0.4-0.6
# against each other, 0.84 against themselves, window by window), so they are set 5 semitones apart
# (0.48): two women, not one.
VOICES = ["flite:awb:0", "flite:rms:0", "flite:slt:0", "flite:kal:0", "espeak:en+f2:-250", "espeak:en+f4:250"]
LINES = [
    "The old wizard opened the heavy wooden door and walked into the dark library.",
    "We should rest at the inn tonight and leave for the mountains in the morning.",
    "The dragon was sleeping on a huge pile of gold coins in the cave.",
    "Roll for initiative, the goblins are attacking from the forest.",
    "I cast a fireball at the group of bandits near the bridge.",
    "The merchant wants fifty silver pieces for the map, which is far too much.",
    "My character climbs the tower wall and looks through the window.",
    "Everyone make a perception check, you hear footsteps behind you.",
    "The captain of the guard does not trust us and asks for our names.",
    "We split the treasure and buy new armor in the city market.",
    "Wait, I want to check the chest for traps before anyone opens it.",
    "She draws her bow and shoots the wolf before it can reach the camp.",
    "Can we take a short rest here? I am almost out of spell slots.",
    "The innkeeper leans closer and whispers that the mayor is lying.",
    "No way, that is the third natural one tonight.",
    "Okay, so the door is locked, and the guard is asleep.",
    "I think we should follow the river north until we find the old mill.",
    "Give me a moment, I need to find my character sheet.",
]
COUNTS = [1, 2, 2, 3, 3, 4, 4, 5, 5, 6]


def speak(tmp: Path, voice: str, text: str, pitch: int, tempo: float) -> np.ndarray:
    """One line in one voice, at 16 kHz, with the leading and trailing silence cut off."""
    engine, name, base = voice.split(":")
    raw = synthesize(f"{engine}:{name}", text, tmp / "raw.wav")
    out = to_speech_wav(raw, tmp / "line.wav", "pitch", str(pitch + int(base)), "tempo", str(tempo),
                        "silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse")
    return read(out)


def session(tmp: Path, rng: np.random.Generator, speakers: int, lines: int,
            pauses: tuple[float, float] = (0.15, 0.9)) -> tuple[np.ndarray, list, list]:
    """A mixed track and its truth [(start, end, speaker)]: turns of one or two lines, pauses of
    0.15-0.9 s by default, each voice at its own pitch (±1 semitone), pace and distance from the microphone."""
    cast = rng.choice(len(VOICES), speakers, replace=False)
    looks = [(int(rng.integers(-100, 101)), float(rng.uniform(0.9, 1.1)), float(rng.uniform(0.35, 1.0)))
             for _ in cast]
    parts, truth, t, last = [], [], 0.5, -1
    parts.append(np.zeros(int(0.5 * RATE), np.float32))
    while len(truth) < lines:
        who = int(rng.integers(speakers)) if speakers == 1 or rng.random() < 0.15 else \
            int(rng.choice([s for s in range(speakers) if s != last]))
        pitch, tempo, gain = looks[who]
        for _ in range(int(rng.integers(1, 3))):
            line = speak(tmp, VOICES[cast[who]], str(rng.choice(LINES)), pitch, tempo) * gain
            line = line / max(1e-3, float(np.abs(line).max())) * 0.7 * gain
            parts.append(line)
            truth.append((t, t + len(line) / RATE, who))
            pause = float(rng.uniform(*pauses))
            parts.append(np.zeros(int(pause * RATE), np.float32))
            t += len(line) / RATE + int(pause * RATE) / RATE
        last = who
    dry, wet = tmp / "dry.wav", tmp / "wet.wav"
    write(dry, np.concatenate(parts))
    run("sox", str(dry), str(wet), "reverb", str(int(rng.integers(20, 60))), "trim", "0", f"{t:.3f}")
    mix = read(wet)
    noise = np.cumsum(rng.standard_normal(len(mix))).astype(np.float32)  # brown-ish room rumble
    noise = noise - np.convolve(noise, np.ones(400) / 400, mode="same")
    noise = noise / (np.abs(noise).max() + 1e-9) * 10 ** (-float(rng.uniform(30, 40)) / 20)
    hiss = rng.standard_normal(len(mix)).astype(np.float32) * 10 ** (-float(rng.uniform(45, 55)) / 20)
    cast_names = [f"{VOICES[c].split(':')[1]}{looks[i][0] + int(VOICES[c].split(':')[2]):+d}" for i, c in enumerate(cast)]
    return mix + noise + hiss, truth, cast_names


def score(truth: list, segments: list[dict], duration: float) -> tuple[float, float]:
    """(line time with the right speaker after the best one-to-one mapping, line time covered at
    all). A truth frame no segment covers counts as wrong."""
    n = int(duration * 100) + 1
    ref, hyp = np.full(n, -1), np.full(n, -1)
    for s, e, who in truth:
        ref[int(s * 100):int(e * 100)] = who
    names = sorted({seg["speaker"] for seg in segments})
    for seg in segments:
        hyp[int(seg["start"] * 100):int(seg["end"] * 100)] = names.index(seg["speaker"])
    speech = ref >= 0
    k, m = int(ref.max()) + 1, len(names)
    overlap = np.zeros((k, max(m, 1)))
    np.add.at(overlap, (ref[speech & (hyp >= 0)], hyp[speech & (hyp >= 0)]), 1)
    # Small casts: every one-to-one mapping can be tried.
    if m >= k:
        best = max(sum(overlap[i, j] for i, j in enumerate(perm)) for perm in itertools.permutations(range(m), k))
    else:
        best = max(sum(overlap[i, j] for j, i in enumerate(perm)) for perm in itertools.permutations(range(k), m))
    return best / speech.sum(), (speech & (hyp >= 0)).sum() / speech.sum()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--sessions", type=int, default=len(COUNTS))
    p.add_argument("--lines", type=int, default=24)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threshold", type=float, default=dz.THRESHOLD)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--pauses", default="0.15,0.9", help="shortest,longest pause between lines (s)")
    args = p.parse_args()
    dz.THRESHOLD = args.threshold
    started = time.monotonic()
    encoder = Encoder()
    print(f"speaker encoder loaded in {time.monotonic() - started:.2f} s")
    # The kernel OpenBLAS picked for this CPU (OPENBLAS_CORETYPE overrides it); diarize() runs it on
    # one thread per window batch, --threads batches at once.
    blas = [f"{i.get('internal_api')} kernel {i.get('architecture')}, 1 BLAS thread x {args.threads} batch threads"
            for i in threadpool_info() if i.get("user_api") == "blas"]
    print("numpy BLAS:", "; ".join(blas) or "none found")
    rng = np.random.default_rng(args.seed)
    right = covered = speech = audio_s = wall = cpu = 0.0
    count_right = off_by_more = 0
    with tempfile.TemporaryDirectory(prefix="diarization-bench-") as tmp:
        for number in range(args.sessions):
            speakers = COUNTS[number % len(COUNTS)]
            pauses = tuple(float(x) for x in args.pauses.split(","))
            mix, truth, cast = session(Path(tmp), rng, speakers, args.lines, pauses)
            t0, c0 = time.monotonic(), time.process_time()
            result = dz.diarize(encoder, mix, threads=args.threads)
            wall += time.monotonic() - t0
            cpu += time.process_time() - c0
            duration = len(mix) / RATE
            accuracy, cover = score(truth, result.segments, duration)
            talk = sum(e - s for s, e, _ in truth)
            right, covered, speech, audio_s = right + accuracy * talk, covered + cover * talk, speech + talk, \
                audio_s + duration
            found = len(result.speakers)
            count_right += found == speakers
            off_by_more += abs(found - speakers) > 1
            print(f"session {number + 1}: {duration:.0f} s, {speakers} voices ({' '.join(cast)}), found {found}, "
                  f"time right {accuracy:.1%}, covered {cover:.1%}")
    n = args.sessions
    time_ok = right / speech
    print(f"RESULT diarization_time_accuracy={time_ok:.3f} goal=>=0.90 ok={str(time_ok >= 0.9).lower()}")
    print(f"RESULT diarization_speech_covered={covered / speech:.3f} goal=info ok=true")
    print(f"RESULT diarization_count_right={count_right / n:.2f} goal=>=0.80 ok={str(count_right / n >= 0.8).lower()}")
    print(f"RESULT diarization_count_off_by_more_than_one={off_by_more} goal=0 ok={str(off_by_more == 0).lower()}")
    print(f"RESULT diarization_rtf={wall / audio_s:.3f} goal=<=0.1 ok={str(wall / audio_s <= 0.1).lower()}"
          f" (cpu {cpu / audio_s:.3f} core-s per s; {audio_s:.0f} s of audio; BLAS {'; '.join(blas)})")
    size = Encoder().path.stat().st_size
    print(f"RESULT diarization_model_mb={size / 1e6:.1f} goal=<=20 ok={str(size <= 20e6).lower()}")


if __name__ == "__main__":
    main()
