"""Named effects of monster, boss and class cards, registered in the engine's registry."""
