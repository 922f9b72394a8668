"""The `delve` command (Click + Rich). Thin: no rule is decided here."""
