"""Pure records and pure rules of Gloomhaven: they never import the engine's Game."""
