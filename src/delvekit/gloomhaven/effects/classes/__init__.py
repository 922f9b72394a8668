"""One module per class (a few still hold more than one class: see docs/architecture.md)."""
