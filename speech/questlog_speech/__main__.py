"""python -m questlog_speech: load the models, then serve them over HTTP (docs/speech-contract.md)."""

from __future__ import annotations

import os

# Never reach for the Hugging Face Hub: the models are local directories, and the machines this runs
# on may have no internet. Set before faster_whisper (and huggingface_hub) are imported.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import logging  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

PROG = "questlog-speech"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog=PROG, description="OpenAI-compatible speech-to-text with faster-whisper.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8178)
    p.add_argument("--model", required=True, help="English / default CTranslate2 Whisper model directory")
    p.add_argument(
        "--multilingual-model",
        help="model for languages other than English when --model is English-only",
    )
    p.add_argument("--device", choices=["cpu", "cuda", "auto"], default="cpu")
    p.add_argument(
        "--compute-type", choices=["int8", "int8_float16", "float16", "float32", "default"], default="int8"
    )
    p.add_argument("--threads", type=positive, default=2, help="CTranslate2 intra-op threads per worker")
    p.add_argument("--workers", type=positive, default=2, help="transcriptions served in parallel")
    p.add_argument("--beam-size", type=positive, default=1, help="1 = greedy: on CPU beam 5 costs ~2x")
    p.add_argument("--parent-pid", type=int, help="exit when this process is gone")
    p.add_argument("--speaker-model", help="GE2E speaker encoder weights (default: the installed Resemblyzer wheel's)")
    return p.parse_args(argv)


def positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return number


def fail(message: str, status: int):
    print(f"{PROG}: {message}", file=sys.stderr, flush=True)
    sys.exit(status)


def load_models(args: argparse.Namespace):
    from .models import Models, StartupError, load

    common = dict(device=args.device, compute_type=args.compute_type, threads=args.threads, workers=args.workers)
    try:
        default = load(args.model, **common)
        extra = load(args.multilingual_model, **common) if args.multilingual_model else None
    except StartupError as error:
        fail(str(error), error.status)
    if extra and not extra.multilingual:
        fail(f"--multilingual-model {extra.path} is an English-only model", 2)
    # Silero VAD's ONNX session is made on first use; make it now, so the first request is not slower.
    from faster_whisper.vad import get_vad_model

    get_vad_model()
    from .ge2e import Encoder, ModelError

    try:
        encoder = Encoder(args.speaker_model)
    except ModelError as error:
        fail(str(error), error.status)
    return Models(default, extra), encoder


def watch_parent(pid: int, server) -> None:
    """Stop the server once `pid` is gone, so an api that dies (even by SIGKILL) leaves no orphan."""

    was_parent = pid == os.getppid()

    def alive() -> bool:
        # Re-parented: our parent is gone, even if its pid has been reused since.
        return not (was_parent and os.getppid() != pid) and _exists(pid)

    def loop():
        while alive():
            time.sleep(0.5)
        print(f"{PROG}: parent process {pid} is gone; stopping", file=sys.stderr, flush=True)
        server.should_exit = True

    threading.Thread(target=loop, name="parent-watch", daemon=True).start()


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format=f"{PROG}: %(levelname)s %(name)s: %(message)s")
    if args.parent_pid is not None and not _exists(args.parent_pid):
        fail(f"parent process {args.parent_pid} is gone; not starting", 1)

    started = time.monotonic()
    models, encoder = load_models(args)  # before the port opens: a server that listens is warm

    import uvicorn

    from .server import create_app

    cores = min(args.threads * args.workers, os.cpu_count() or 1)
    app = create_app(models, workers=args.workers, beam_size=args.beam_size, encoder=encoder, cores=cores)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        access_log=False,
        # Uvicorn handles SIGTERM/SIGINT: stop accepting, let running requests finish for a while.
        timeout_graceful_shutdown=10,
    )
    names = ", ".join(m.name for m in models.all())
    loaded = time.monotonic() - started

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self):
            # Uvicorn's own re-raises SIGTERM/SIGINT after its graceful shutdown, so the process would
            # end "killed by SIGTERM"; a clean stop exits 0 instead (see the end of main).
            handlers = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
            try:
                yield
            finally:
                for sig, handler in handlers.items():
                    signal.signal(sig, handler)

        async def startup(self, sockets=None):
            await super().startup(sockets)  # exits 1 itself when the port is taken
            print(f"{PROG}: models {names} loaded in {loaded:.1f} s; listening on http://{args.host}:{args.port}",
                  file=sys.stderr, flush=True)

    server = Server(config)
    if args.parent_pid is not None:
        watch_parent(args.parent_pid, server)
    server.run()
    # A transcription still running in the pool cannot be interrupted (CTranslate2 holds the thread);
    # don't let it keep a stopped server alive.
    sys.stderr.flush()
    os._exit(0 if server.started else 1)


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


if __name__ == "__main__":
    main()
