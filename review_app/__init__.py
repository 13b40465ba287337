"""bm-review: find duplicate notes in a basic-memory knowledge base and review them."""

__version__ = "0.1.0"

__all__ = ["upsert_note", "__version__"]


def __getattr__(name: str):
    # Lazy, so `import review_app` stays light (no numpy, model or sqlite on import).
    if name == "upsert_note":
        from .core.upsert import upsert_note

        return upsert_note
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
