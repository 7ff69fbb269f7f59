"""Helpers shared by every game package (no game rules live here)."""
