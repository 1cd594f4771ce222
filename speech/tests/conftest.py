"""Fixtures: test speech made with espeak-ng and sox, and the real server started through its CLI
(as the api starts it), on a free port, with the real models from scripts/setup-speech.sh."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

SPEECH_DIR = Path(__file__).resolve().parents[1]
MODELS = Path(os.environ.get("QUESTLOG_SPEECH_MODELS", SPEECH_DIR.parent / ".tools" / "speech-models"))
TINY_EN = MODELS / "whisper-tiny.en"
BASE = MODELS / "whisper-base"


def pytest_configure(config):
    missing = [str(d) for d in (TINY_EN, BASE) if not (d / "model.bin").is_file()]
    if missing:
        pytest.exit(f"speech models missing ({', '.join(missing)}): run bash scripts/setup-speech.sh", 2)
    for tool in ("espeak-ng", "flite", "sox"):
        if not shutil.which(tool):
            pytest.exit(f"{tool} is missing: apt-get install -y espeak-ng flite sox", 2)


# --- audio -------------------------------------------------------------------------------------


class Audio:
    """Makes 16 kHz mono WAV files in one temporary directory."""

    def __init__(self, directory: Path):
        self.dir = directory
        self.count = 0

    def _path(self, name: str) -> Path:
        self.count += 1
        return self.dir / f"{self.count:03d}-{name}.wav"

    def _to16k(self, src: Path, name: str) -> Path:
        out = self._path(name)
        subprocess.run(["sox", str(src), "-r", "16000", "-c", "1", "-b", "16", str(out)], check=True)
        return out

    def say(self, text: str, voice: str = "en-us") -> Path:
        raw = self._path("espeak")
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(raw), text], check=True)
        return self._to16k(raw, "speech")

    def silence(self, seconds: float) -> Path:
        """Room tone rather than digital zeros: faint pink noise, as a real microphone records."""
        out = self._path("silence")
        sox_n(out, "synth", str(seconds), "pinknoise", "gain", "-55")
        return out

    def music(self, seconds_per_chord: float = 2.5, rounds: int = 2) -> Path:
        """A few plucked chords, then the lot mixed with pink noise: a break with music."""
        chords = []
        for notes in (("C4", "E4", "G4"), ("A3", "C4", "E4"), ("F3", "A3", "C4"), ("G3", "B3", "D4")):
            out = self._path("chord")
            synth = [w for n in notes for w in ("pluck", n)]
            sox_n(out, "synth", str(seconds_per_chord), *synth, "remix", "-", "fade", "0",
                  str(seconds_per_chord), "0.3", "gain", "-6")
            chords.append(str(out))
        tune = self._path("tune")
        subprocess.run(["sox", *(chords * rounds), str(tune)], check=True)
        length = seconds_per_chord * 4 * rounds
        noise = self._path("noise")
        sox_n(noise, "synth", str(length), "pinknoise", "gain", "-30")
        out = self._path("music")
        subprocess.run(["sox", "-m", str(tune), str(noise), str(out)], check=True)
        return out

    def join(self, *parts: Path) -> Path:
        out = self._path("joined")
        subprocess.run(["sox", *map(str, parts), str(out)], check=True)
        return out


def sox_n(out: Path, *effects: str) -> None:
    subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", str(out), *effects], check=True)


def seconds(path: Path) -> float:
    return float(subprocess.run(["soxi", "-D", str(path)], check=True, capture_output=True, text=True).stdout)


@pytest.fixture(scope="session")
def audio(tmp_path_factory) -> Audio:
    return Audio(tmp_path_factory.mktemp("audio"))


# --- the server --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    proc: subprocess.Popen
    url: str
    log: Path

    def stderr(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


def run_cli(*args: str, wait_ready: bool = True, timeout: float = 90) -> Server:
    """Starts `python -m questlog_speech` (cwd speech/, as the contract says). With wait_ready, returns
    once /health answers; otherwise right away (for the tests of its exit statuses)."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="questlog-speech-", suffix=".log")[1])
    with open(log, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "questlog_speech", "--host", "127.0.0.1", "--port", str(port), *args],
            cwd=SPEECH_DIR,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    server = Server(proc, f"http://127.0.0.1:{port}", log)
    if not wait_ready:
        return server
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the speech server exited with {proc.returncode}:\n{server.stderr()}")
        try:
            if httpx.get(server.url + "/health", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    server.stop()
    raise AssertionError(f"the speech server did not answer within {timeout} s:\n{server.stderr()}")


@pytest.fixture(scope="session")
def server():
    """English tiny.en by default, multilingual base for other languages; 2 workers of 1 thread each
    (the test machines have 2 cores)."""
    s = run_cli("--model", str(TINY_EN), "--multilingual-model", str(BASE), "--workers", "2", "--threads", "1")
    yield s
    assert s.stop() == 0, s.stderr()
    assert "Traceback" not in s.stderr(), s.stderr()


@pytest.fixture
def client(server):
    with httpx.Client(base_url=server.url, timeout=120) as c:
        yield c


# --- comparing text ----------------------------------------------------------------------------


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def wer(reference: str, hypothesis: str) -> float:
    """Word error rate: word-level edit distance over the reference's length."""
    ref, hyp = words(reference), words(hypothesis)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[len(hyp)] / max(1, len(ref))
