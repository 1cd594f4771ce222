"""Model directories: checked against their SHA256SUMS, loaded once, and chosen per request language."""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from faster_whisper import WhisperModel

# Whisper's language codes, from the tokenizer faster-whisper ships (no model needed to read them).
from faster_whisper.tokenizer import _LANGUAGE_CODES as LANGUAGES


class StartupError(Exception):
    """A model the service cannot start with; `status` is the process exit status (contract: 2 or 3)."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


@dataclass
class Model:
    name: str  # the directory's name: what /health and /v1/models show
    path: Path
    whisper: WhisperModel
    multilingual: bool
    # Whisper calls on this model at once, all requests together: one per model replica
    # (num_workers), so the windows of one long request use every replica while others are idle.
    windows: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(max_workers=1))


def check_dir(path: Path) -> None:
    """Exit status 2 for a directory that is missing or holds no CTranslate2 model."""
    if not path.is_dir():
        raise StartupError(f"model directory {path} does not exist or is not a directory", 2)
    if not (path / "model.bin").is_file():
        raise StartupError(f"{path} holds no model.bin: not a CTranslate2 Whisper model directory", 2)


def verify_hashes(path: Path) -> None:
    """Check every file listed in path/SHA256SUMS (sha256sum format), when that file exists.

    hashlib (OpenSSL) reads the ~220 MB of both models in well under a second, so this runs on
    every start: a damaged model must fail loudly here, not transcribe garbage later.
    """
    sums = path / "SHA256SUMS"
    if not sums.exists():
        return
    try:
        lines = sums.read_text().splitlines()
    except OSError as error:
        raise StartupError(f"cannot read {sums}: {error.strerror}", 2) from error
    for line in lines:
        if not line.strip():
            continue
        expected, _, name = line.strip().partition(" ")
        file = path / name.strip().lstrip("*")
        got = _sha256(file)
        if got != expected.lower():
            raise StartupError(
                f"{file} failed its hash check (expected {expected}, got {got}); "
                "run bash scripts/setup.sh to reinstall it",
                3,
            )


def _sha256(file: Path) -> str:
    try:
        digest = hashlib.sha256()
        with open(file, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except FileNotFoundError:
        return "no such file"
    except OSError as error:
        return f"unreadable file ({error.strerror})"


def load(path: str, *, device: str, compute_type: str, threads: int, workers: int) -> Model:
    model_dir = Path(path).resolve()
    check_dir(model_dir)
    verify_hashes(model_dir)
    try:
        # num_workers replicas of the model's compute context let `workers` threads transcribe at
        # once (CTranslate2 releases the GIL); cpu_threads is the intra-op parallelism of each.
        whisper = WhisperModel(
            str(model_dir),
            device=device,
            compute_type=compute_type,
            cpu_threads=threads,
            num_workers=workers,
            local_files_only=True,
        )
    except Exception as error:  # CTranslate2 raises RuntimeError/ValueError for bad files or devices
        raise StartupError(f"cannot load the model in {model_dir}: {error}", 2) from error
    windows = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"{model_dir.name}-window")
    return Model(model_dir.name, model_dir, whisper, bool(whisper.model.is_multilingual), windows)


class LanguageNotServed(Exception):
    pass


@dataclass
class Models:
    default: Model
    extra: Model | None  # --multilingual-model

    @property
    def multilingual(self) -> Model | None:
        """The model that serves languages other than English, if any."""
        if self.default.multilingual:
            return self.default
        return self.extra if self.extra and self.extra.multilingual else None

    def for_language(self, language: str | None) -> Model:
        """Contract: en / unset → --model; another language → --model when it is multilingual,
        otherwise --multilingual-model; no model for it → LanguageNotServed (a 400)."""
        if language is None or language == "en":
            return self.default
        if language not in LANGUAGES:
            raise LanguageNotServed(f"'{language}' is not a language code Whisper knows (ISO 639-1, e.g. en, de)")
        if self.multilingual is None:
            raise LanguageNotServed(
                f"language '{language}' is not served: the model {self.default.name} is English-only "
                "and no multilingual model is loaded"
            )
        return self.multilingual

    def all(self) -> list[Model]:
        return [m for m in (self.default, self.extra) if m is not None]
