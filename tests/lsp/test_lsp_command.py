"""`beanrules lsp` without the `lsp` extra says how to install it, and does not fail with a
traceback (this runs whether or not pygls is installed: the import is made to fail)."""
import sys

from beanrules.cli import main


def test_without_the_extra_lsp_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pygls", None)  # "import pygls" now fails as if not installed
    monkeypatch.setitem(sys.modules, "pygls.lsp", None)
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    monkeypatch.delitem(sys.modules, "beanrules.lsp.server", raising=False)
    assert main(["lsp"]) == 2
    assert capsys.readouterr().err == ("beanrules lsp: the language server needs pygls and lsprotocol: "
                                       "pip install 'beanrules[lsp]'\n")
