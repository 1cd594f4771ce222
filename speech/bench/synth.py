"""What the speech benchmarks share: speech made with espeak-ng or flite, turned by sox into the
16 kHz mono 16-bit WAV the service decodes to, and read back as numpy samples."""

from __future__ import annotations

import subprocess
import wave
from pathlib import Path

import numpy as np

RATE = 16000


def run(*cmd: str) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def synthesize(voice: str, text: str, out: Path) -> Path:
    """`text` spoken by `voice`: "flite:<voice>", "espeak:<voice>" or a bare espeak-ng voice ("en+f3")."""
    engine, _, name = voice.rpartition(":")
    if engine == "flite":
        run("flite", "-voice", name, "-t", text, "-o", str(out))
    else:
        run("espeak-ng", "-v", name, "-w", str(out), text)
    return out


def to_speech_wav(source: Path, out: Path, *effects: str) -> Path:
    """`source` as the service hears it (16 kHz, mono, 16 bit), after sox's `effects`."""
    run("sox", str(source), "-r", str(RATE), "-c", "1", "-b", "16", str(out), *effects)
    return out


def silence(out: Path, seconds: float) -> Path:
    run("sox", "-n", "-r", "22050", "-c", "1", str(out), "trim", "0", str(seconds))
    return out


def read_wav(path: Path) -> np.ndarray:
    with wave.open(str(path)) as w:
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float32) / 32768


def write_wav(path: Path, audio: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(RATE)
        w.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
