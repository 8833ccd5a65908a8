"""Changes to what agents see: settings that switch skills on and off, links (issue 20)."""
