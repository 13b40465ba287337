"""basic-memory's embedding settings, resolved the way basic-memory 0.24 resolves them.

Reading basic-memory's vectors is only sound when the notes it has not indexed
are embedded by the very model it used, so the model name, dimensions and
model cache come from basic-memory's own sources, in its order of precedence:
a `BASIC_MEMORY_<FIELD>` environment variable beats `config.json`, which beats
basic-memory's default. The model is then loaded from that cache with local
files only: bm-review never downloads basic-memory's model.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .embedding import Embedder, EmbeddingError

DATA_DIR_NAME = "basic-memory"
CONFIG_FILE = "config.json"
DATABASE_FILE = "memory.db"
ENV_PREFIX = "BASIC_MEMORY_"
DEFAULT_PROVIDER = "fastembed"
DEFAULT_MODEL = "bge-small-en-v1.5"
DEFAULT_DIMENSIONS = 384
FASTEMBED_ALIASES = {"bge-small-en-v1.5": "BAAI/bge-small-en-v1.5"}
"""basic-memory's short names for fastembed models."""
PROVIDER_CLASS = {"fastembed": "FastEmbedEmbeddingProvider"}
"""How basic-memory names a provider in a chunk's `embedding_model` identity."""

_TRUE = {"1", "true", "t", "yes", "y", "on"}
_FALSE = {"0", "false", "f", "no", "n", "off"}


class BasicMemoryConfigError(Exception):
    """basic-memory's configuration cannot be read; the message says which file and why."""


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """basic-memory's state folder (config.json, memory.db, its model cache)."""
    env = os.environ if env is None else env
    if env.get("BASIC_MEMORY_CONFIG_DIR"):
        return Path(env["BASIC_MEMORY_CONFIG_DIR"]).expanduser()
    if env.get("XDG_CONFIG_HOME"):
        return Path(env["XDG_CONFIG_HOME"]).expanduser() / DATA_DIR_NAME
    return Path.home() / ("." + DATA_DIR_NAME)


def _env_value(env: Mapping[str, str], name: str) -> str | None:
    """An environment setting, matched without regard to case (as pydantic-settings does)."""
    wanted = (ENV_PREFIX + name).upper()
    for key, value in env.items():
        if key.upper() == wanted:
            return value
    return None


def _as_bool(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise BasicMemoryConfigError(f"basic-memory setting {name}={value!r} is not a boolean")


def _as_int(value: object, name: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(str(value))
    except ValueError:
        raise BasicMemoryConfigError(
            f"basic-memory setting {name}={value!r} is not a whole number") from None


@dataclass(frozen=True)
class BasicMemorySettings:
    """What bm-review needs to know of a basic-memory installation."""

    data_dir: Path
    config_found: bool = False
    projects: dict[str, str] = field(default_factory=dict)  # name -> folder
    provider: str = DEFAULT_PROVIDER
    model: str = DEFAULT_MODEL
    dimensions: int | None = None
    cache_dir: Path | None = None
    semantic_search: bool | None = None  # None: basic-memory's default (on with its deps)
    database_backend: str = "sqlite"
    database_url: str | None = None  # the Postgres backend's SQLAlchemy URL
    document_prefix: str | None = None

    @property
    def database(self) -> Path:
        return self.data_dir / DATABASE_FILE

    @property
    def uses_postgres(self) -> bool:
        return self.database_backend.strip().lower() == "postgres"

    @property
    def fastembed_model(self) -> str:
        """The name fastembed knows the model by."""
        return FASTEMBED_ALIASES.get(self.model, self.model)

    @property
    def vector_dimensions(self) -> int:
        """How many dimensions this model's vectors have, as basic-memory is configured."""
        return self.dimensions or DEFAULT_DIMENSIONS

    @property
    def identity(self) -> str:
        """The `embedding_model` basic-memory writes on the chunks this model embeds."""
        cls = PROVIDER_CLASS.get(self.provider, self.provider)
        return f"{cls}:{self.model}:{self.vector_dimensions}"

    def identities(self) -> tuple[str, ...]:
        """Identities that mean this model: today's, and the bare `model:dims` of older
        basic-memory releases."""
        return (self.identity, f"{self.model}:{self.vector_dimensions}")

    def unsupported(self) -> str | None:
        """Why bm-review cannot embed like this basic-memory does, or None."""
        if self.database_backend.strip().lower() not in ("sqlite", "postgres"):
            return (f"basic-memory uses a {self.database_backend} database, not SQLite or "
                    f"Postgres")
        if self.uses_postgres and not self.database_url:
            return "basic-memory uses Postgres but names no database_url"
        if self.semantic_search is False:
            return "basic-memory's semantic search is turned off (semantic_search_enabled)"
        if self.provider != DEFAULT_PROVIDER:
            return (f"basic-memory embeds with the {self.provider!r} provider; only its local "
                    f"fastembed models can be loaded here")
        if self.document_prefix:
            return "basic-memory adds a document prefix (semantic_embedding_document_prefix)"
        return None


def read_settings(env: Mapping[str, str] | None = None) -> BasicMemorySettings:
    """basic-memory's settings from its config.json and BASIC_MEMORY_* variables."""
    env = os.environ if env is None else env
    folder = data_dir(env)
    path = folder / CONFIG_FILE
    doc: dict = {}
    found = path.is_file()
    if found:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise BasicMemoryConfigError(f"cannot read basic-memory config {path}: {exc}") from exc
        if not isinstance(doc, dict):
            raise BasicMemoryConfigError(f"basic-memory config {path} is not a JSON object")

    def setting(name: str, default: object = None) -> object:
        value = _env_value(env, name)
        if value is not None:
            return value
        return doc.get(name, default)

    projects: dict[str, str] = {}
    for name, value in (doc.get("projects") or {}).items():
        if isinstance(value, str):  # older configs: name -> path
            projects[name] = value
        elif isinstance(value, dict) and value.get("path"):
            projects[name] = str(value["path"])
    enabled = setting("semantic_search_enabled")
    cache = setting("semantic_embedding_cache_dir")
    if cache is None:
        cache = env.get("FASTEMBED_CACHE_PATH") or str(folder / "fastembed_cache")
    return BasicMemorySettings(
        data_dir=folder, config_found=found, projects=projects,
        provider=str(setting("semantic_embedding_provider", DEFAULT_PROVIDER)).strip().lower(),
        model=str(setting("semantic_embedding_model", DEFAULT_MODEL)),
        dimensions=_as_int(setting("semantic_embedding_dimensions"),
                           "semantic_embedding_dimensions"),
        cache_dir=Path(str(cache)).expanduser(),
        semantic_search=None if enabled is None else _as_bool(enabled, "semantic_search_enabled"),
        database_backend=str(setting("database_backend", "sqlite")),
        database_url=str(setting("database_url") or "").strip() or None,
        document_prefix=(str(setting("semantic_embedding_document_prefix") or "").strip()
                         or None),
    )


_embedders: dict[tuple[str, str], Embedder] = {}
_embedders_lock = threading.Lock()


def load_embedder(settings: BasicMemorySettings) -> Embedder:
    """basic-memory's model from basic-memory's cache, local files only, loaded once per
    process. Raises EmbeddingError (saying what is missing) when it cannot be loaded."""
    if why := settings.unsupported():
        raise EmbeddingError(why)
    assert settings.cache_dir is not None
    key = (settings.fastembed_model, str(settings.cache_dir))
    with _embedders_lock:
        embedder = _embedders.get(key)
        if embedder is None:
            embedder = Embedder(settings.fastembed_model, cache_dir=settings.cache_dir,
                                local_files_only=True)
            try:
                embedder.embed(["basic-memory model check"])
            except EmbeddingError as exc:
                raise EmbeddingError(
                    f"basic-memory's model {settings.model!r} is not in its cache "
                    f"{settings.cache_dir} ({exc})") from exc
            _embedders[key] = embedder
    want = settings.dimensions or DEFAULT_DIMENSIONS
    if embedder.dim != want:
        raise EmbeddingError(f"basic-memory's model {settings.model!r} gives {embedder.dim} "
                             f"dimensions, basic-memory is configured for {want}")
    return embedder
