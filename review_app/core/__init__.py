"""The plain-Python core of bm-review. Nothing here imports Textual."""
