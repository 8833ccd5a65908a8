"""Lint rules, one module per family; importing a module registers its rules."""
