"""Bots that answer a game's decisions."""
