"""Gloomhaven rules: rulesets, monster AI, content, engine. Standard library and msgspec only."""
