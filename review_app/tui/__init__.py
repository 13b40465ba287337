"""The Textual review console (`bm-review [PROJECT]`)."""
