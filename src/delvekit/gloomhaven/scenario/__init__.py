"""A scenario's setup, special rules, triggers, goals, objectives and mechanisms."""
