"""Numbers for speech/README.md: load times, real-time factor, WER on espeak-ng speech, and whether
campaign names given as `initial_prompt` or `hotwords` help. CPU-heavy for about a minute or two:

    PYTHONPATH=speech .tools/speech/bin/python speech/bench/measure.py [--threads 2]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["HF_HUB_OFFLINE"] = "1"

from faster_whisper import WhisperModel  # noqa: E402

from questlog_speech.models import Model, verify_hashes  # noqa: E402
from questlog_speech.transcribe import Options, transcribe  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth import run as command, silence, synthesize, to_speech_wav  # noqa: E402

MODELS = Path(__file__).resolve().parents[2] / ".tools" / "speech-models"
VOICES = ["en-us", "en+m3", "en+f3", "en-gb"]
ENGLISH = [
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
    "The bridge collapses and the cart falls into the river below.",
    "She draws her bow and shoots the wolf before it can reach the camp.",
]
GERMAN = [
    "Der alte Zauberer öffnet die schwere Tür und geht in die dunkle Bibliothek.",
    "Wir sollten heute Nacht im Gasthaus bleiben und morgen früh in die Berge reisen.",
    "Der Drache schläft auf einem großen Haufen Gold in der Höhle.",
    "Würfelt bitte alle auf Initiative, die Goblins greifen aus dem Wald an.",
    "Der Händler verlangt fünfzig Silberstücke für die Karte.",
    "Meine Figur klettert auf die Mauer und schaut durch das Fenster.",
]
NAMES = "Thorin, Eldrawen, Kragmaw"
NAMED = [
    "Thorin and Eldrawen follow the tracks to the cave of Kragmaw.",
    "Kragmaw roars and Thorin raises his shield.",
    "Eldrawen casts a healing spell on Thorin.",
    "We tell the king that Kragmaw is dead.",
    "Eldrawen, can you read the runes on this door?",
    "Thorin wants to go back to the village first.",
]


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def edits(ref: list[str], hyp: list[str]) -> int:
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[len(hyp)]


def wer(refs: list[str], hyps: list[str]) -> float:
    return sum(edits(words(r), words(h)) for r, h in zip(refs, hyps)) / sum(len(words(r)) for r in refs)


def say(directory: Path, texts: list[str], voices: list[str], pause: float = 0.7) -> Path:
    parts = [str(synthesize(voices[i % len(voices)], text, directory / f"s{i}.wav")) for i, text in enumerate(texts)]
    gap = str(silence(directory / "gap.wav", pause))
    joined = directory / "joined.wav"
    command("sox", *[p for part in parts for p in (part, gap)], str(joined))
    return to_speech_wav(joined, directory / "clip.wav")


def load(name: str, threads: int) -> tuple[Model, float, float]:
    path = MODELS / name
    t = time.perf_counter()
    verify_hashes(path)
    hashed = time.perf_counter() - t
    t = time.perf_counter()
    whisper = WhisperModel(str(path), device="cpu", compute_type="int8", cpu_threads=threads, num_workers=1)
    return Model(name, path, whisper, whisper.model.is_multilingual), hashed, time.perf_counter() - t


def run(model: Model, wav: Path, language: str, **kw) -> tuple[dict, float]:
    options = Options(language=language, prompt=kw.get("prompt"), hotwords=kw.get("hotwords"),
                      temperature=None, words=kw.get("words", True), beam_size=1)
    t, cpu = time.perf_counter(), time.process_time()
    body = transcribe(model, wav.read_bytes(), options)
    run.cpu = time.process_time() - cpu  # all threads: on a busy machine wall time says little
    return body, time.perf_counter() - t


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rtf-only", action="store_true", help="skip the German and names runs")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "en").mkdir(), (tmp / "de").mkdir()
        english = say(tmp / "en", ENGLISH, VOICES)
        german = say(tmp / "de", GERMAN, ["de"])
        length = float(subprocess.run(["soxi", "-D", str(english)], capture_output=True, text=True).stdout)
        models = {}
        for name in ("whisper-tiny.en", "whisper-base"):
            model, hashed, loaded = load(name, args.threads)
            models[name] = model
            body, took = run(model, english, "en")
            hyp = [body["text"]]
            print(f"{name}: hash check {hashed:.2f} s, load {loaded:.2f} s; {length:.0f} s English clip in "
                  f"{took:.1f} s (RTF {took / length:.3f}; CPU {run.cpu:.1f} s = {run.cpu / length:.3f} core-s per s; "
                  f"word timestamps on), WER {wer([' '.join(ENGLISH)], hyp):.1%}")

        if args.rtf_only:
            return
        body, took = run(models["whisper-base"], german, "de")
        print(f"whisper-base German ({len(GERMAN)} sentences, espeak-ng -v de): "
              f"WER {wer([' '.join(GERMAN)], [body['text']]):.1%} in {took:.1f} s")
        print("  " + body["text"])

        named_dir = tmp / "named"
        named_dir.mkdir()
        clips = []
        for i, text in enumerate(NAMED):
            (named_dir / str(i)).mkdir()
            clips.append(say(named_dir / str(i), [text], [VOICES[i % len(VOICES)]], pause=0.3))
        names = [n.strip().lower() for n in NAMES.split(",")]
        spoken = sum(t.lower().count(n) for t in NAMED for n in names)
        for name, model in models.items():
            for label, kw in (("plain", {}), ("initial_prompt", {"prompt": NAMES}),
                              ("hotwords", {"hotwords": NAMES}),
                              ("both", {"prompt": NAMES, "hotwords": NAMES})):
                hyps = [run(model, clip, "en", words=False, **kw)[0]["text"] for clip in clips]
                found = sum(h.lower().count(n) for h in hyps for n in names)
                print(f"{name} {label:15} names {found}/{spoken}, WER {wer(NAMED, hyps):.1%}  | {' | '.join(hyps)}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
