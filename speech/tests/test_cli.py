"""The command line as the api uses it: exit statuses, hash checks, an English-only setup, --parent-pid."""

from __future__ import annotations

import subprocess
import time

import httpx
from conftest import BASE, TINY_EN, run_cli


def exited(server, timeout: float = 60) -> tuple[int, str]:
    return server.proc.wait(timeout), server.stderr()


def test_a_missing_model_directory_exits_2(tmp_path):
    status, stderr = exited(run_cli("--model", str(tmp_path / "nowhere"), wait_ready=False))
    assert status == 2
    assert stderr.strip().startswith("questlog-speech: ") and "nowhere" in stderr and "Traceback" not in stderr


def test_a_model_that_fails_its_hash_check_exits_3(tmp_path):
    # The real files (linked, not copied) with one wrong line in SHA256SUMS.
    model = tmp_path / "whisper-tiny.en"
    model.mkdir()
    for f in TINY_EN.iterdir():
        if f.name != "SHA256SUMS":
            (model / f.name).symlink_to(f)
    lines = (TINY_EN / "SHA256SUMS").read_text().splitlines()
    wrong = ["0" * 64 + "  model.bin" if line.endswith(" model.bin") else line for line in lines]
    assert wrong != lines
    (model / "SHA256SUMS").write_text("\n".join(wrong) + "\n")

    status, stderr = exited(run_cli("--model", str(model), wait_ready=False))
    assert status == 3, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith(f"questlog-speech: {model / 'model.bin'} failed its hash check (expected {'0' * 64}, got ")
    assert lines[0].endswith("); run bash scripts/setup.sh to reinstall it")


def test_english_only_refuses_german_and_the_server_follows_its_parent(audio):
    parent = subprocess.Popen(["sleep", "300"])
    server = run_cli("--model", str(TINY_EN), "--workers", "1", "--threads", "1", "--parent-pid", str(parent.pid))
    try:
        assert httpx.get(server.url + "/health").json()["models"] == {"default": "whisper-tiny.en", "multilingual": None}
        german = audio.say("Guten Abend, wir spielen heute weiter.", "de")
        reply = httpx.post(server.url + "/v1/audio/transcriptions", files={"file": german.read_bytes()},
                           data={"language": "de"}, timeout=60)
        assert reply.status_code == 400
        assert reply.json()["error"]["param"] == "language" and "English-only" in reply.json()["error"]["message"]
        assert httpx.post(server.url + "/v1/audio/transcriptions", files={"file": german.read_bytes()},
                          data={"language": "en"}, timeout=60).status_code == 200

        parent.kill()
        parent.wait()
        started = time.monotonic()
        assert server.proc.wait(15) == 0
        assert time.monotonic() - started < 5
        assert "parent process" in server.stderr() and "Traceback" not in server.stderr()
    finally:
        parent.kill()
        server.stop()


def test_a_parent_that_is_already_gone_means_no_start():
    parent = subprocess.Popen(["true"])
    parent.wait()
    status, stderr = exited(run_cli("--model", str(BASE), "--parent-pid", str(parent.pid), wait_ready=False), 30)
    assert status != 0 and "gone" in stderr

