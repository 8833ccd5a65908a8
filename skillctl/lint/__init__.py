"""Lint: rules over parsed skills, configuration, fixes."""
