"""One transcription: decode, find speech (Silero VAD), run Whisper on the speech only, drop invented
text, and shape the result like OpenAI's verbose_json."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import numpy as np
from faster_whisper.audio import decode_audio
from faster_whisper.transcribe import Segment, restore_speech_timestamps
from faster_whisper.vad import VadOptions, collect_chunks, get_speech_timestamps

from .models import Model

SAMPLE_RATE = 16000

# Silero VAD settings. faster-whisper's own default keeps silences up to 2 s inside a speech chunk;
# 1 s cuts more of the gaps where Whisper invents text, and still keeps a speaker's breath pauses in
# one chunk. 400 ms of padding keeps soft word onsets and endings; clicks under 250 ms are dropped.
# Speech longer than a window is cut at its last pause before 28 s, so every group fits one window.
VAD = VadOptions(
    threshold=0.5,
    min_speech_duration_ms=250,
    min_silence_duration_ms=1000,
    speech_pad_ms=400,
    max_speech_duration_s=28,
)

# Speech is sent to Whisper in groups that fill at most one of its 30 s windows. With
# condition_on_previous_text off, faster-whisper gives the prompt (the campaign's names) to the
# first window only; a call per group gives it to every window, so names are heard all session long.
WINDOW_S = 28

# Whisper's default temperature fallback (used when a window's output repeats itself or is unlikely).
FALLBACK_TEMPERATURES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)

# Segments Whisper writes for non-speech: nothing but music notes, punctuation or symbols, or a whole
# annotation in brackets such as "[Music]", "(upbeat music)", "*coughs*".
NON_SPEECH = re.compile(r"^(?:[\W_]*|\s*(?:\[[^\]]*\]|\([^)]*\)|\*[^*]*\*)\s*)$")

# Its classic inventions over silence and noise (subtitle credits and sign-offs learnt from videos).
CREDITS = re.compile(r"amara\.org|^(?:sub)?titles? by|^captions? by|^untertitel|^transcri(?:bed|ption) by")
SIGN_OFFS = {
    "you", "thank you", "thank you very much", "thanks", "thanks for watching", "thank you for watching",
    "thanks for listening", "thank you for listening", "please subscribe", "like and subscribe", "bye",
    "bye bye", "goodbye", "the end", "vielen dank", "danke", "danke schön", "danke fürs zuschauen",
    "vielen dank fürs zuschauen", "bis zum nächsten mal", "tschüss",
}
# "Hardly any speech" under a segment: less VAD speech than this (pads included: a real 0.7 s
# "thank you" said alone gives about 1.5 s), or a no-speech probability above NO_SPEECH_DOUBT.
HARDLY_ANY_SPEECH_S = 1.5
NO_SPEECH_DOUBT = 0.4


class InvalidAudio(Exception):
    pass


@dataclass
class Options:
    language: str | None
    prompt: str | None
    hotwords: str | None
    temperature: float | None
    words: bool  # word timestamps (costs an alignment pass: only when asked)
    beam_size: int


def decode(data: bytes) -> np.ndarray:
    """16 kHz mono float32 samples, from any format FFmpeg (PyAV) reads."""
    try:
        return decode_audio(io.BytesIO(data), sampling_rate=SAMPLE_RATE)
    except Exception as error:  # PyAV raises many kinds (InvalidDataError, IndexError for no audio stream…)
        raise InvalidAudio("The audio file could not be decoded or its format is not supported.") from error


def transcribe(model: Model, data: bytes, options: Options) -> dict:
    """Runs in a worker thread. Returns the verbose_json body (words only when asked)."""
    audio = decode(data)
    duration = len(audio) / SAMPLE_RATE
    language = options.language or (None if model.multilingual else "en")
    # VAD by hand rather than transcribe(vad_filter=True), which does the same steps but keeps the
    # speech chunks to itself: the guards below need them. Silence never reaches Whisper at all.
    chunks = get_speech_timestamps(audio, VAD) if len(audio) else []
    if not chunks:
        return shape([], language or "en", duration, options.words)

    def hear(group: list[dict]) -> tuple[list[Segment], str]:
        speech = np.concatenate(collect_chunks(audio, group, sampling_rate=SAMPLE_RATE)[0])
        heard, info = model.whisper.transcribe(
            speech,
            language=language,
            beam_size=options.beam_size,
            vad_filter=False,  # done above
            # Conditioning on previous text is what lets one invented line repeat itself for minutes.
            condition_on_previous_text=False,
            initial_prompt=options.prompt or None,
            hotwords=options.hotwords or None,
            word_timestamps=options.words,
            temperature=options.temperature if options.temperature else FALLBACK_TEMPERATURES,
        )
        # The segments are a lazy generator: decoding happens here, on the window's thread.
        return list(restore_speech_timestamps(heard, group, SAMPLE_RATE)), info.language

    # No window depends on another (no conditioning on previous text, the prompt given to each), so
    # they are decoded side by side on the model's replicas, and come back in order: the text is the
    # same as one after another, and one long request keeps every core busy.
    segments: list[Segment] = []
    detected = language
    for heard, found in model.windows.map(hear, windows(chunks)):
        segments.extend(heard)
        detected = detected or found
    kept = [s for s in segments if not invented(s, chunks)]
    return shape(kept, detected or "en", duration, options.words)


def windows(chunks: list[dict]) -> list[list[dict]]:
    """Consecutive speech chunks grouped so each group's speech fits one Whisper window."""
    groups: list[list[dict]] = []
    length = 0
    for chunk in chunks:
        size = chunk["end"] - chunk["start"]
        if not groups or length + size > WINDOW_S * SAMPLE_RATE:
            groups.append([])
            length = 0
        groups[-1].append(chunk)
        length += size
    return groups


def invented(segment: Segment, chunks: list[dict]) -> bool:
    """True for a segment that is most likely Whisper's invention rather than something said."""
    text = segment.text.strip()
    if NON_SPEECH.match(text):
        return True
    # Whisper's own rule, per window, applied again per segment: it thinks there is no speech and is
    # unsure of the words.
    if segment.no_speech_prob > 0.6 and segment.avg_logprob < -1.0:
        return True
    if CREDITS.search(text.lower()):
        return True
    phrase = re.sub(r"\s+", " ", re.sub(r"[^\w\s]", "", text.lower())).strip()
    if phrase in SIGN_OFFS:
        return segment.no_speech_prob > NO_SPEECH_DOUBT or speech_under(segment, chunks) < HARDLY_ANY_SPEECH_S
    return False


def speech_under(segment: Segment, chunks: list[dict]) -> float:
    """Seconds of VAD speech (chunks are in samples, on the original timeline) within the segment."""
    start, end = segment.start * SAMPLE_RATE, segment.end * SAMPLE_RATE
    return sum(max(0, min(end, c["end"]) - max(start, c["start"])) for c in chunks) / SAMPLE_RATE


def shape(segments: list[Segment], language: str, duration: float, words: bool) -> dict:
    def t(seconds: float) -> float:
        return round(float(seconds), 3)

    body = {
        "task": "transcribe",
        "language": language,
        "duration": t(duration),
        "text": "".join(s.text for s in segments).strip(),
        "segments": [
            {
                "id": i,
                "seek": s.seek,
                "start": t(s.start),
                "end": t(s.end),
                "text": s.text,
                "tokens": list(s.tokens),
                "temperature": s.temperature,
                "avg_logprob": s.avg_logprob,
                "compression_ratio": s.compression_ratio,
                "no_speech_prob": s.no_speech_prob,
            }
            for i, s in enumerate(segments)
        ],
    }
    if words:
        body["words"] = [
            # "probability" goes beyond OpenAI's fields (clients ignore it): how sure Whisper was of the
            # word, which tells a misheard name ("the praxis" for Nythraxis) from words said as heard.
            {"word": w.word.strip(), "start": t(w.start), "end": t(w.end), "probability": round(float(w.probability), 3)}
            for s in segments
            for w in s.words or []
        ]
    return body
