"""The language server for .bean specs (beanrules lsp): analysis.py answers, server.py speaks the protocol."""
