"""Widgets of the review console."""
