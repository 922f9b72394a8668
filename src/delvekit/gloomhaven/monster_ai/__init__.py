"""The exact monster AI (focus, movement, targets) and the gh-monster-ai-cases format."""
