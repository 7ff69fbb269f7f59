"""Bots, versions, matches, ratings, ladders and tournaments: the match service."""
