"""The guards against invented text, on segments as faster-whisper returns them (no model needed)."""

from __future__ import annotations

import pytest
from faster_whisper.transcribe import Segment

from questlog_speech.transcribe import SAMPLE_RATE, invented


def segment(text: str, start: float = 10.0, end: float = 12.0, no_speech: float = 0.1, logprob: float = -0.3):
    return Segment(id=0, seek=0, start=start, end=end, text=text, tokens=[], avg_logprob=logprob,
                   compression_ratio=1.2, no_speech_prob=no_speech, words=None, temperature=0.0)


def chunks(*spans: tuple[float, float]) -> list[dict]:
    return [{"start": int(a * SAMPLE_RATE), "end": int(b * SAMPLE_RATE)} for a, b in spans]


LONG_SPEECH = chunks((5.0, 20.0))
A_BLIP = chunks((10.5, 11.3))


@pytest.mark.parametrize("text", ["", " ♪", " ♪♪ ♫", " ...", " - -", " [Music]", " (upbeat music)", " *coughs*",
                                  " [BLANK_AUDIO]"])
def test_music_symbols_punctuation_and_annotations_are_dropped(text):
    assert invented(segment(text), LONG_SPEECH)


@pytest.mark.parametrize("text", [" Subtitles by the Amara.org community", " Untertitel im Auftrag des ZDF, 2021",
                                  " Untertitelung des ZDF für funk, 2017"])
def test_subtitle_credits_are_dropped(text):
    assert invented(segment(text), LONG_SPEECH)


@pytest.mark.parametrize("text", [" Thank you.", " Thanks for watching!", " you", " Vielen Dank.", " Bye."])
def test_sign_offs_are_dropped_where_there_is_hardly_any_speech(text):
    assert invented(segment(text), A_BLIP)
    assert invented(segment(text, no_speech=0.7), LONG_SPEECH)
    # Said in the middle of the talk, they stay.
    assert not invented(segment(text), LONG_SPEECH)


def test_unlikely_text_where_whisper_itself_hears_no_speech_is_dropped():
    assert invented(segment(" The dragon lands.", no_speech=0.8, logprob=-1.4), LONG_SPEECH)
    assert not invented(segment(" The dragon lands.", no_speech=0.8, logprob=-0.4), LONG_SPEECH)
    assert not invented(segment(" The dragon lands.", no_speech=0.2, logprob=-1.4), LONG_SPEECH)


@pytest.mark.parametrize("text", [" Roll for initiative.", " Thank you, Thorin, for the map.", " So, we go north?",
                                  " Ja."])
def test_real_lines_stay(text):
    assert not invented(segment(text), A_BLIP)
