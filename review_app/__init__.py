"""bm-review: find duplicate notes in a basic-memory knowledge base and review them."""

__version__ = "0.1.0"
