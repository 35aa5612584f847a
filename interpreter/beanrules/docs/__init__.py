"""Documentation generators: pages and snippets produced from specs at build time."""
