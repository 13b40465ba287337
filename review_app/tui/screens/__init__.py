"""Screens of the review console."""
