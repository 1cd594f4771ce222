"""The GE2E speaker encoder (Wan et al. 2018) that PyPI's Resemblyzer 0.1.4 ships as pretrained.pt,
read and run with numpy alone: torch from PyPI is gigabytes of CUDA libraries, the model is 17 MB."""

from __future__ import annotations

import collections
import hashlib
import importlib.util
import pickle
from pathlib import Path

import numpy as np

SAMPLE_RATE = 16000
N_FFT = 400  # 25 ms windows
HOP = 160  # 10 ms steps
N_MELS = 40
WINDOW_FRAMES = 160  # the 1.6 s partial utterances the encoder was trained on

# The file in the Resemblyzer 0.1.4 wheel (the wheel itself is pinned by hash in requirements).
WEIGHTS_SHA256 = "39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e"
LSTM_LAYERS = 3

_DTYPES = {"FloatStorage": np.float32, "DoubleStorage": np.float64, "LongStorage": np.int64,
           "IntStorage": np.int32, "HalfStorage": np.float16}


class ModelError(Exception):
    """A speaker encoder the service cannot start with; `status` is the exit status (2 or 3, as for
    the Whisper models)."""

    def __init__(self, message: str, status: int = 2):
        super().__init__(message)
        self.status = status


def default_path() -> Path:
    """Where pip put pretrained.pt. find_spec reads no module code: resemblyzer's own imports torch."""
    spec = importlib.util.find_spec("resemblyzer")
    if spec is None or not spec.origin:
        raise ModelError("the Resemblyzer wheel (the speaker encoder) is not installed: run bash scripts/setup.sh")
    return Path(spec.origin).parent / "pretrained.pt"


class _Unpickler(pickle.Unpickler):
    """Builds only what a state dict holds: dicts, storages named by persistent id, tensor views."""

    def persistent_load(self, pid):
        kind, storage_type, key = pid[0], pid[1], pid[2]
        if kind != "storage" or storage_type not in _DTYPES:
            raise pickle.UnpicklingError(f"unexpected persistent id {kind} {storage_type}")
        return ("storage", storage_type, key)

    def find_class(self, module, name):
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return lambda storage, offset, size, stride, *_: ("tensor", storage, offset, tuple(size), tuple(stride))
        if module == "torch" and name in _DTYPES:
            return name
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a weights file")


def read_state_dict(path: Path) -> dict[str, np.ndarray]:
    """torch's legacy serialization: five pickles (magic, protocol, system info, the object, the list
    of storage keys), then each storage as an int64 element count and its raw little-endian data."""
    with open(path, "rb") as f:
        for _ in range(3):  # magic number, protocol version, system info: only the object matters
            pickle.load(f)
        obj = _Unpickler(f).load()
        keys = pickle.load(f)
        storages = {}
        for key in keys:
            count = int(np.frombuffer(f.read(8), "<i8")[0])
            storages[key] = (f.tell(), count)
            f.seek(f.tell() + count * _itemsize_of(obj, key))
        state = obj["model_state"] if isinstance(obj, dict) and "model_state" in obj else obj
        out = {}
        for name, (tag, (_, storage_type, key), offset, size, stride) in state.items():
            if tag != "tensor":
                continue
            dtype = np.dtype(_DTYPES[storage_type]).newbyteorder("<")
            start, count = storages[key]
            f.seek(start)
            flat = np.frombuffer(f.read(count * dtype.itemsize), dtype)
            view = np.lib.stride_tricks.as_strided(
                flat[offset:], shape=size, strides=[s * dtype.itemsize for s in stride])
            out[name] = np.array(view, dtype=np.float32)
    return out


def _itemsize_of(obj, key) -> int:
    """A storage's element size, from a tensor that uses it (every storage of this file is float32,
    but the optimizer's may be of any type)."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            if len(item) == 5 and item[0] == "tensor" and item[1][2] == key:
                return np.dtype(_DTYPES[item[1][1]]).itemsize
            stack.extend(i for i in item if isinstance(i, (dict, list, tuple)))
    return 4


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def hz_to_mel(hz):
    """The Slaney (Auditory Toolbox) mel scale that librosa uses by default: linear to 1 kHz, then log."""
    hz = np.asarray(hz, dtype=np.float64)
    linear = hz / (200.0 / 3)
    log = 15.0 + np.log(np.maximum(hz, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
    return np.where(hz >= 1000.0, log, linear)


def mel_to_hz(mel):
    mel = np.asarray(mel, dtype=np.float64)
    linear = mel * (200.0 / 3)
    log = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel - 15.0))
    return np.where(mel >= 15.0, log, linear)


def mel_filters(sr: int = SAMPLE_RATE, n_fft: int = N_FFT, n_mels: int = N_MELS) -> np.ndarray:
    """Triangular Slaney-normalised filters (n_mels, 1 + n_fft // 2), as librosa.filters.mel makes them."""
    fft_freqs = np.fft.rfftfreq(n_fft, 1.0 / sr)
    edges = mel_to_hz(np.linspace(hz_to_mel(0.0), hz_to_mel(sr / 2), n_mels + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - fft_freqs[None, :]
    lower = -ramps[:-2] / widths[:-1, None]
    upper = ramps[2:] / widths[1:, None]
    weights = np.maximum(0.0, np.minimum(lower, upper))
    weights *= (2.0 / (edges[2:] - edges[:-2]))[:, None]  # equal area per band
    return weights.astype(np.float32)


_FILTERS = mel_filters()
_WINDOW = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)  # periodic Hann


def mel_spectrogram(audio: np.ndarray) -> np.ndarray:
    """(frames, 40) power mel spectrogram (not log), centred frames with zero padding, as librosa's
    melspectrogram computes it for Resemblyzer."""
    padded = np.pad(np.asarray(audio, dtype=np.float32), N_FFT // 2)
    frames = 1 + (len(padded) - N_FFT) // HOP
    if frames <= 0:
        return np.zeros((0, N_MELS), np.float32)
    view = np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP][:frames]
    power = np.abs(np.fft.rfft(view * _WINDOW, axis=1)).astype(np.float32) ** 2
    return power @ _FILTERS.T


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # no overflow for large negative x, unlike 1 / (1 + exp(-x))


class Encoder:
    """3 LSTM layers (40 → 256), then linear 256 → 256, ReLU and L2 norm: one voice print per window."""

    def __init__(self, path: Path | None = None, *, check_hash: bool = True):
        self.path = Path(path) if path else default_path()
        if not self.path.is_file():
            raise ModelError(f"speaker encoder {self.path} does not exist")
        if check_hash and (got := sha256(self.path)) != WEIGHTS_SHA256:
            raise ModelError(f"{self.path} failed its hash check (expected {WEIGHTS_SHA256}, got {got}); "
                             "run bash scripts/setup.sh to reinstall it", 3)
        try:
            state = read_state_dict(self.path)
        except (OSError, pickle.UnpicklingError, KeyError, ValueError, EOFError) as error:
            raise ModelError(f"cannot read the speaker encoder {self.path}: {error}") from error
        # Transposed once, with both biases folded together: x @ W + b per step.
        self.layers = [(state[f"lstm.weight_ih_l{i}"].T.copy(), state[f"lstm.weight_hh_l{i}"].T.copy(),
                        state[f"lstm.bias_ih_l{i}"] + state[f"lstm.bias_hh_l{i}"]) for i in range(LSTM_LAYERS)]
        self.linear = (state["linear.weight"].T.copy(), state["linear.bias"])
        self.hidden = self.layers[0][1].shape[0]

    def embed(self, mels: np.ndarray) -> np.ndarray:
        """(batch, frames, 40) mel windows → (batch, 256) unit vectors."""
        x = np.ascontiguousarray(np.transpose(mels, (1, 0, 2)), dtype=np.float32)  # time-major
        steps, batch, _ = x.shape
        for number, (w_ih, w_hh, bias) in enumerate(self.layers):
            # The input projection of every step in one matrix product; only h @ W_hh is sequential.
            gates_in = (x.reshape(steps * batch, -1) @ w_ih + bias).reshape(steps, batch, -1)
            h = np.zeros((batch, self.hidden), np.float32)
            c = np.zeros_like(h)
            last = number == LSTM_LAYERS - 1
            out = None if last else np.empty((steps, batch, self.hidden), np.float32)
            n = self.hidden
            for t in range(steps):
                g = gates_in[t] + h @ w_hh
                i, f, o = _sigmoid(g[:, :n]), _sigmoid(g[:, n:2 * n]), _sigmoid(g[:, 3 * n:])
                c = f * c + i * np.tanh(g[:, 2 * n:3 * n])  # torch's gate order: i, f, g, o
                h = o * np.tanh(c)
                if out is not None:
                    out[t] = h
            x = out if out is not None else x
        weight, bias = self.linear
        raw = np.maximum(h @ weight + bias, 0.0)
        return raw / np.maximum(np.linalg.norm(raw, axis=1, keepdims=True), 1e-9)
