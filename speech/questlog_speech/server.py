"""The HTTP app: OpenAI's /v1/audio/transcriptions over the loaded models (docs/speech-contract.md)."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException

from .diarize import MAX_SPEAKERS, diarize
from .ge2e import Encoder
from .models import LanguageNotServed, Models
from .transcribe import InvalidAudio, Options, decode, transcribe

# The api refuses chunks of 25 MB and more before sending them (MAX_TRANSCRIPTION_BYTES), like OpenAI.
MAX_FILE_BYTES = 25_000_000
# A body larger than this cannot hold a file under the limit (multipart fields and headers are small):
# refused from its Content-Length before a byte of it is read.
MAX_BODY_BYTES = MAX_FILE_BYTES + 1_000_000
FORMATS = ("json", "text", "verbose_json")
# Diarization needs a whole session in one request (voices are told apart across all of it): 100 MB
# holds 52 minutes of 16 kHz WAV, or hours of compressed audio.
MAX_DIARIZATION_BYTES = 100_000_000

log = logging.getLogger("questlog_speech")


class ApiError(Exception):
    """An error in OpenAI's shape: {"error": {"message", "type", "param", "code"}}."""

    def __init__(self, status: int, message: str, param: str | None = None, code: str | None = None):
        super().__init__(message)
        self.status, self.message, self.param, self.code = status, message, param, code

    def response(self) -> JSONResponse:
        error = {"message": self.message, "type": "invalid_request_error", "param": self.param, "code": self.code}
        if self.status >= 500:
            error["type"] = "server_error"
        return JSONResponse({"error": error}, status_code=self.status)


def upload_form(**fields: dict) -> dict:
    """An endpoint's multipart form for /openapi.json: the audio `file` and its own fields (both
    endpoints parse the form themselves, in read_upload, to answer in OpenAI's shape)."""
    properties = {"file": {"type": "string", "format": "binary"}, **fields}
    schema = {"type": "object", "required": ["file"], "properties": properties}
    return {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": schema}}}}


FORM_SCHEMA = upload_form(
    model={"type": "string"},
    language={"type": "string"},
    prompt={"type": "string"},
    hotwords={"type": "string"},
    response_format={"type": "string", "enum": list(FORMATS)},
    **{"timestamp_granularities[]": {"type": "array", "items": {"type": "string", "enum": ["word", "segment"]}}},
    temperature={"type": "number", "minimum": 0, "maximum": 1},
)
DIARIZATION_SCHEMA = upload_form(num_speakers={"type": "integer", "minimum": 1, "maximum": MAX_SPEAKERS})


def create_app(models: Models, *, workers: int, beam_size: int, encoder: Encoder, cores: int = 2) -> FastAPI:
    app = FastAPI(title="Questlog speech-to-text", version="1.0.0")
    # Bounded: at most `workers` transcriptions run at once (one model replica each); more wait here.
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="transcribe")
    app.state.pool = pool
    # One diarization at a time, on `cores` threads (the cores the transcriptions may use).
    speakers_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="diarize")

    @app.exception_handler(ApiError)
    async def api_error(_: Request, error: ApiError):
        return error.response()

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, error: HTTPException):
        return ApiError(error.status_code, str(error.detail), code=None).response()

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, error: RequestValidationError):
        return ApiError(400, "The request is not valid.").response()

    @app.exception_handler(Exception)
    async def unexpected(_: Request, error: Exception):
        # The trace goes to our stderr, never to the client.
        log.exception("transcription failed")
        return ApiError(500, "The speech service failed on this request.", code="server_error").response()

    @app.get("/health")
    async def health():
        multilingual = models.multilingual
        return {
            "status": "ok",
            "models": {"default": models.default.name, "multilingual": multilingual.name if multilingual else None},
        }

    @app.get("/v1/models")
    async def list_models():
        return {
            "object": "list",
            "data": [
                {"id": m.name, "object": "model", "created": int(m.path.stat().st_mtime), "owned_by": "questlog"}
                for m in models.all()
            ],
        }

    @app.post("/v1/audio/transcriptions", openapi_extra=FORM_SCHEMA)
    async def transcriptions(request: Request):
        form, data = await read_upload(request)
        fmt, options = read_options(form, beam_size)
        model = pick_model(models, options.language)
        try:
            body = await asyncio.get_running_loop().run_in_executor(pool, transcribe, model, data, options)
        except InvalidAudio as error:
            raise ApiError(400, str(error), "file", "invalid_audio") from error
        if fmt == "text":
            return PlainTextResponse(body["text"] + "\n")
        if fmt == "json":
            return {"text": body["text"]}
        return body

    @app.post("/v1/audio/diarizations", openapi_extra=DIARIZATION_SCHEMA)
    async def diarizations(request: Request):
        """Who spoke when on one track (docs/speech-contract.md)."""
        form, data = await read_upload(request, MAX_DIARIZATION_BYTES)
        count = form.get("num_speakers")
        count = count.strip() if isinstance(count, str) and count.strip() else None
        if count is not None and not (count.isdigit() and 1 <= int(count) <= MAX_SPEAKERS):
            raise ApiError(400, f"num_speakers must be a whole number from 1 to {MAX_SPEAKERS}.", "num_speakers")

        def run() -> dict:
            audio = decode(data)
            result = diarize(encoder, audio, int(count) if count else None, threads=cores)
            return {"duration": round(len(audio) / 16000, 3), "segments": result.segments,
                    "speakers": result.speakers, "windows": result.windows}

        try:
            return await asyncio.get_running_loop().run_in_executor(speakers_pool, run)
        except InvalidAudio as error:
            raise ApiError(400, str(error), "file", "invalid_audio") from error

    return app


async def read_upload(request: Request, limit: int = MAX_FILE_BYTES):
    """The multipart form and its one audio file's bytes, under the size limit (both endpoints take these).
    A body larger than limit + 1 MB cannot hold a file under it: refused before a byte is read."""
    too_large = ApiError(413, f"The audio file must be smaller than {limit // 1_000_000} MB.", "file", "file_too_large")
    length = request.headers.get("content-length")
    if length and length.isdigit() and int(length) > limit + (MAX_BODY_BYTES - MAX_FILE_BYTES):
        raise too_large
    try:
        form = await request.form(max_files=1, max_fields=50)
    except Exception as error:  # malformed multipart, or not multipart at all
        raise ApiError(400, f"The request must be multipart/form-data with a file ({error}).", "file") from error
    file = form.get("file")
    if not isinstance(file, UploadFile):
        raise ApiError(400, "No audio file: send it in the multipart field 'file'.", "file", "missing_file")
    if (file.size or 0) >= limit:
        raise too_large
    return form, await file.read()


def read_options(form, beam_size: int) -> tuple[str, Options]:
    def text(name: str) -> str | None:
        value = form.get(name)
        return value.strip() if isinstance(value, str) and value.strip() else None

    fmt = text("response_format") or "json"
    if fmt not in FORMATS:
        raise ApiError(400, f"response_format must be one of {', '.join(FORMATS)}.", "response_format")
    # The Node (and Python) openai clients repeat `timestamp_granularities[]`; accept commas too.
    granularities = {
        g.strip()
        for value in form.getlist("timestamp_granularities[]") + form.getlist("timestamp_granularities")
        if isinstance(value, str)
        for g in value.split(",")
        if g.strip()
    }
    if granularities - {"word", "segment"}:
        raise ApiError(400, "timestamp_granularities[] takes 'word' and 'segment'.", "timestamp_granularities")
    temperature = None
    if text("temperature") is not None:
        try:
            temperature = float(text("temperature"))
        except ValueError:
            temperature = -1.0
        if not 0 <= temperature <= 1:
            raise ApiError(400, "temperature must be a number from 0 to 1.", "temperature")
    language = text("language")
    return fmt, Options(
        language=language.lower() if language else None,
        prompt=text("prompt"),
        hotwords=text("hotwords"),
        temperature=temperature,
        # Word timings cost an alignment pass: only for verbose_json, and only when asked.
        words=fmt == "verbose_json" and "word" in granularities,
        beam_size=beam_size,
    )


def pick_model(models: Models, language: str | None):
    try:
        return models.for_language(language)
    except LanguageNotServed as error:
        raise ApiError(400, str(error), "language", "unsupported_language") from error
