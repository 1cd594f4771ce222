"""Who spoke when: the speaker encoder's weights, and /v1/audio/diarizations over the real server with
voices made by flite (each from a real speaker's recordings, so the encoder can tell them apart)."""

from __future__ import annotations

import itertools
import shutil
import subprocess

import numpy as np
import pytest
from conftest import run_cli, seconds

from questlog_speech import ge2e

LINES = [
    "The old wizard opened the heavy wooden door and walked into the dark library.",
    "Roll for initiative, the goblins are attacking from the forest.",
    "We should rest at the inn tonight and leave for the mountains in the morning.",
    "I cast a fireball at the group of bandits near the bridge.",
    "The merchant wants fifty silver pieces for the map, which is far too much.",
    "Everyone make a perception check, you hear footsteps behind you.",
]


def say(audio, voice: str, text: str):
    """A flite line at 16 kHz with its leading and trailing silence cut, so its length is its speech."""
    raw, out = audio._path(f"flite-{voice}"), audio._path(f"line-{voice}")
    subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(raw)], check=True)
    subprocess.run(["sox", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(out), "silence", "1", "0.02", "0.5%",
                    "reverse", "silence", "1", "0.02", "0.5%", "reverse"], check=True)
    return out


def conversation(audio, turns: list[tuple[str, str]], pause: float = 0.5):
    """The turns joined with pauses of room tone; returns the file and its truth [(start, end, voice)]."""
    parts, truth, t = [], [], 0.0
    gap = audio.silence(pause)
    for voice, text in turns:
        line = say(audio, voice, text)
        truth.append((t, t + seconds(line), voice))
        parts += [line, gap]
        t += seconds(line) + seconds(gap)
    return audio.join(*parts), truth


def right_share(truth, segments) -> float:
    """Speech time labelled with the right speaker after the best one-to-one mapping of found speakers
    to voices; time no segment covers counts as wrong."""
    frames = int(max(e for _, e, _ in truth) * 100) + 1
    voices = sorted({v for _, _, v in truth})
    found = sorted({s["speaker"] for s in segments})
    ref, hyp = np.full(frames, -1), np.full(frames, -1)
    for s, e, v in truth:
        ref[int(s * 100):int(e * 100)] = voices.index(v)
    for s in segments:
        hyp[int(s["start"] * 100):int(s["end"] * 100)] = found.index(s["speaker"])
    best = 0
    for perm in itertools.permutations(range(max(len(found), len(voices)))):
        best = max(best, sum(int(((ref == i) & (hyp == perm[i])).sum()) for i in range(len(voices))))
    return best / int((ref >= 0).sum())


def post(client, wav, **fields):
    with open(wav, "rb") as f:
        return client.post("/v1/audio/diarizations", files={"file": ("table.wav", f, "audio/wav")}, data=fields)


@pytest.fixture(scope="module")
def two_voices(audio):
    voices = itertools.cycle(["awb", "slt", "awb", "slt", "slt", "awb"])
    return conversation(audio, [(next(voices), text) for text in LINES * 2])


def test_the_encoder_weights_read_back_without_torch():
    state = ge2e.read_state_dict(ge2e.default_path())
    assert state["lstm.weight_ih_l0"].shape == (1024, 40) and state["linear.weight"].shape == (256, 256)
    # Values read once from the file: the storages are found and sliced at the right offsets.
    assert float(state["lstm.weight_ih_l0"].sum(dtype=np.float64)) == pytest.approx(-5713.95996, abs=1e-2)
    assert state["lstm.weight_ih_l0"][0, :3] == pytest.approx([0.0428658, -0.3056942, 0.09193793], abs=1e-6)
    assert state["lstm.weight_hh_l2"][0, :3] == pytest.approx([-0.4787325, 0.29987183, -0.2544195], abs=1e-6)
    assert state["lstm.bias_hh_l1"][:3] == pytest.approx([-0.14163068, -0.24955657, -0.03480038], abs=1e-6)
    assert float(state["linear.bias"].sum(dtype=np.float64)) == pytest.approx(-1.48668, abs=1e-4)
    assert ge2e.sha256(ge2e.default_path()) == ge2e.WEIGHTS_SHA256


def test_the_mel_filters_are_librosas_slaney_filters():
    filters = ge2e.mel_filters()
    assert filters.shape == (40, 201)
    # librosa.filters.mel(sr=16000, n_fft=400, n_mels=40), read once.
    assert np.flatnonzero(filters[0]).tolist() == [1, 2, 3]
    assert filters[0, 1:4] == pytest.approx([0.0073902095, 0.012404521, 0.0050143115], rel=1e-5)
    assert filters[10, 19:23] == pytest.approx([0.0044892803, 0.01187949, 0.0079152407, 0.00052503101], rel=1e-5)
    assert np.flatnonzero(filters[39]).tolist() == list(range(172, 200))
    assert filters[39, 185:187] == pytest.approx([0.0017249404, 0.0017012155], rel=1e-5)


def test_two_flite_voices_are_two_speakers(client, two_voices):
    wav, truth = two_voices
    reply = post(client, wav)
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["duration"] == pytest.approx(seconds(wav), abs=0.05)
    assert [s["id"] for s in body["speakers"]] == ["SPEAKER_1", "SPEAKER_2"]
    segments = body["segments"]
    assert {s["speaker"] for s in segments} == {"SPEAKER_1", "SPEAKER_2"}
    assert all(0 <= s["start"] < s["end"] <= body["duration"] for s in segments)
    assert [s["start"] for s in segments] == sorted(s["start"] for s in segments)
    assert right_share(truth, segments) >= 0.9
    # The voice prints: unit vectors of 256, one voice's unlike the other's.
    prints = [np.array(s["embedding"]) for s in body["speakers"]]
    assert all(p.shape == (256,) and abs(np.linalg.norm(p) - 1) < 1e-3 for p in prints)
    assert float(prints[0] @ prints[1]) < 0.8
    # Each window's own print, a line's share of them, sounds like the voice that said it.
    windows = body["windows"]
    assert len(windows) >= body["duration"] / 2 and all(len(w["embedding"]) == 256 for w in windows)
    voice_of = {v: i for i, v in enumerate(sorted({v for _, _, v in truth}))}
    said = {}
    for w in windows:
        middle = (w["start"] + w["end"]) / 2
        voice = next((v for s, e, v in truth if s <= middle < e), None)
        if voice is not None:
            said.setdefault(voice_of[voice], []).append(np.array(w["embedding"]))
    own = [float(np.mean([e @ np.mean(said[v], axis=0) for e in said[v]])) for v in said]
    across = float(np.mean([e @ np.mean(said[1 - v], axis=0) for v in said for e in said[v]]))
    assert min(own) > across + 0.1


def test_one_voice_is_one_speaker(client, audio):
    wav, truth = conversation(audio, [("rms", text) for text in LINES])
    body = post(client, wav).json()
    assert [s["id"] for s in body["speakers"]] == ["SPEAKER_1"]
    assert right_share(truth, body["segments"]) >= 0.9


def test_the_number_of_speakers_can_be_given(client, two_voices):
    wav, _ = two_voices
    body = post(client, wav, num_speakers="1").json()
    assert {s["speaker"] for s in body["segments"]} == {"SPEAKER_1"} and len(body["speakers"]) == 1


def test_silence_has_no_speakers_and_bad_requests_are_400s(client, audio):
    body = post(client, audio.silence(5)).json()
    assert body["segments"] == [] and body["speakers"] == []
    for bad in ("0", "11", "two", "1.5"):
        reply = post(client, audio.silence(1), num_speakers=bad)
        assert reply.status_code == 400 and reply.json()["error"]["param"] == "num_speakers", reply.text
    reply = client.post("/v1/audio/diarizations", files={"file": ("x.wav", b"RIFF\0\0\0\0WAVEjunk", "audio/wav")})
    assert reply.status_code == 400 and reply.json()["error"]["code"] == "invalid_audio"
    assert "Traceback" not in reply.text


def test_a_speaker_model_that_fails_its_hash_check_exits_3(tmp_path):
    from conftest import TINY_EN

    damaged = tmp_path / "pretrained.pt"
    shutil.copyfile(ge2e.default_path(), damaged)
    with open(damaged, "r+b") as f:
        f.seek(100_000)
        byte = f.read(1)
        f.seek(100_000)
        f.write(bytes([byte[0] ^ 1]))
    server = run_cli("--model", str(TINY_EN), "--speaker-model", str(damaged), wait_ready=False)
    assert server.proc.wait(60) == 3
    assert server.stderr().strip() == (
        f"questlog-speech: {damaged} failed its hash check (expected {ge2e.WEIGHTS_SHA256}, got "
        f"{ge2e.sha256(damaged)}); run bash scripts/setup.sh to reinstall it")
    missing = run_cli("--model", str(TINY_EN), "--speaker-model", str(tmp_path / "none.pt"), wait_ready=False)
    assert missing.proc.wait(60) == 2 and "none.pt" in missing.stderr()


def test_the_smoothing_keeps_every_frame_of_any_stretch_of_speech():
    from questlog_speech.diarize import _median

    # An even-length stretch once came back a frame longer than itself, failing the whole request.
    for length in range(1, 80):
        labels = np.array([0] * (length // 2) + [1] * (length - length // 2))
        smoothed = _median(labels, 2)
        assert len(smoothed) == length
        if length >= 3:
            assert smoothed[0] == 0 and smoothed[-1] == 1
