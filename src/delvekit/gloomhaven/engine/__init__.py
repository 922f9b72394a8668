"""The scenario engine: Game, its state, the round, the monster turn, the named-effect registry."""
