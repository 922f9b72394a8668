"""Items in play: used at their triggers, in combat and as standing effects."""
