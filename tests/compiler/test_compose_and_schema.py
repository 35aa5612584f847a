"""extends / translates composition, the rule-model schema, and the compile CLI."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec, list_specs
from beanrules.cli import main
from beanrules.model.validate import full_validator, schema_errors, schema_problems
from beanrules.resolve.compiler import compile_with_warnings


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.bean"
    path.write_text(text, encoding="utf-8")
    return str(path)


def rule(model: dict, rule_id: str) -> dict | None:
    return next((r for r in model["rules"] if r["id"] == rule_id), None)


VARIANT = '''rulebook variant "A variant"
  extends classic
  source v "Variant notes"
replace tie-break: ties are shared   § v "p.1"
remove rule no-field-buying   § v "p.1"
hand limit 7   § v "p.2"
replace bean cocoa "Cocoa bean" 5 beanometer 2 3 4 5   § v "p.3"
add phase preliminary "Tidy up" before plant   § v "p.4"
  may take top of discard   § v "p.4"
phase draw
  replace draw: draw 2 to back of hand   § v "p.5"
'''


def test_extends_adds_replaces_and_removes(tmp_path: Path) -> None:
    model = compile_spec(write(tmp_path, "variant", VARIANT), playable=False)  # composition, not play
    assert model["extends"] == "classic" and model["lineage"] == ["classic", "variant"]
    assert rule(model, "tie-break")["kind"] == "tie-shared"
    assert rule(model, "tie-break")["origin"] == "variant"
    assert rule(model, "no-field-buying") is None
    assert rule(model, "hand-limit")["params"] == {"max": 7}
    assert rule(model, "protection")["origin"] == "classic"  # inherited untouched
    cocoa = next(b for b in model["beans"] if b["id"] == "cocoa")
    assert cocoa["count"] == 5 and len(cocoa["beanometer"]) == 4
    assert [p["id"] for p in model["phases"]] == ["preliminary", "plant", "trade", "plant-traded", "draw"]
    assert rule(model, "draw")["params"]["count"] == 2 and rule(model, "draw")["phase"] == "draw"
    assert model["phases"][-1]["rules"] == ["draw"]
    assert "v" in model["sources"] and "es" in model["sources"]


def test_a_variant_can_extend_a_variant_beside_it(tmp_path: Path) -> None:
    write(tmp_path, "variant", VARIANT)
    child = write(tmp_path, "child", 'rulebook child "Child"\n  extends variant\n'
                                     'replace hand-limit: hand limit 3   § es "p.9"\n')
    model = compile_spec(child, playable=False)
    assert model["lineage"] == ["classic", "variant", "child"]
    assert rule(model, "hand-limit")["params"] == {"max": 3}
    assert rule(model, "tie-break")["kind"] == "tie-shared"


def test_translation_takes_names_and_texts_and_records_differences(tmp_path: Path) -> None:
    text = '''rulebook traduccion "Bohnanza"
  translates classic
  language es
bean stink "frijol apestoso" 16 beanometer 3 5 7 8   § es "Componentes"
bean red "frijol rojo" 9   § es "Componentes"
rule hand-order: hand order is fixed   § es "Preparar"
  says es "¡No puedes cambiar el orden de las cartas en tu mano!"
fields 3 with 3 players, 2 with 4 to 5 players   § es "Preparar"
rule tie-break: ties are shared   § es "Fin del juego"
'''
    model, warnings = compile_with_warnings(write(tmp_path, "traduccion", text))
    assert model["translates"] == "classic" and model["language"] == "es"
    stink = next(b for b in model["beans"] if b["id"] == "stink")
    assert stink["names"]["es"] == "frijol apestoso" and stink["names"]["en"] == "Stink bean"
    assert rule(model, "hand-order")["says"]["es"].startswith("¡No puedes")
    differences = {(d["id"], d["field"]) for d in model["differences"]}
    assert differences == {("red", "count"), ("tie-break", "kind")}
    assert {w.code for w in warnings} == {"translation-differs"}
    assert rule(model, "tie-break")["kind"] == "tie-farthest-seat"  # the original's rule stands


def test_every_shipped_spec_compiles_and_validates() -> None:
    names = list_specs()
    assert "classic" in names
    for name in names:
        model = compile_spec(name)
        assert schema_errors(model) == [], name


@pytest.mark.parametrize("breakage, where", [
    (lambda m: m["beans"][0].update(count=0), "/beans/0/count"),
    (lambda m: m["rules"][0].update(kind="teleport"), "/rules/0/kind"),
    (lambda m: m.pop("players"), "/"),
    (lambda m: next(r for r in m["rules"] if r["kind"] == "reveal")["params"].update(count="two"), "params/count"),
    (lambda m: next(r for r in m["rules"] if r["kind"] == "fields")["params"]["count"]["by_players"][0].update(players=[3]), "by_players"),
    (lambda m: m["beans"][0]["beanometer"].append({"cards": 3}), "/beans/0/beanometer"),
])
def test_schema_catches_a_broken_model(breakage, where: str) -> None:
    model = copy.deepcopy(compile_spec("classic"))
    breakage(model)
    errors = schema_errors(model)
    assert errors and any(where in e for e in errors), errors


def test_the_explanation_is_the_full_validators_though_it_checks_only_the_parts_at_fault() -> None:
    """schema_problems explains a broken model with the pure-Python validator on the parts the
    compiled one found at fault (model/validate.py): the same faults, paths and messages as the
    pure-Python validator over the whole model, in a fault of the root, of a top-level value,
    of an item in each top-level list and of a rule's params."""
    model = copy.deepcopy(compile_spec("classic"))
    model["beans"][0].update(count=0)
    model["rules"][5].update(kind="draw")
    model["phases"][1].pop("id")
    model["players"]["min"] = "three"
    model.update(extra=1)
    full = sorted(full_validator().iter_errors(model), key=lambda e: [str(p) for p in e.absolute_path])
    assert schema_problems(model) == [(list(e.absolute_path), f"at /{'/'.join(map(str, e.absolute_path))}: "
                                       f"{e.message}") for e in full]
    assert len(full) >= 5


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "beanrules", *args], capture_output=True, text=True,
                          cwd=cwd, env={"PYTHONPATH": str(Path(__file__).parents[2] / "interpreter"),
                                        "PATH": "/usr/bin:/bin"})


def test_cli_check_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The clean spec and a usage error in this process (it shares the compiled specs); a broken
    # spec as a process, as a user runs it: the exit code `python -m beanrules` gives, no traceback.
    # (The other commands' errors are tested through main() in this process: a process costs
    # about a second of CPU to start and compile classic again.)
    assert main(["check", "classic"]) == 0
    assert "ok    classic" in capsys.readouterr().out
    bad = run_cli("check", str(Path(__file__).parents[1] / "broken" / "unknown-bean.bean"))
    assert bad.returncode == 1 and "unknown bean 'stnk'" in bad.stdout and "Traceback" not in bad.stderr
    with pytest.raises(SystemExit) as usage:
        main(["check", "--bogus"])
    assert usage.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_cli_compile_writes_the_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "classic.json"
    assert main(["compile", "classic", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == compile_spec("classic")
    assert main(["compile", "clasic"]) == 1 and "did you mean 'classic'?" in capsys.readouterr().err


@pytest.mark.parametrize("breakage", [
    lambda m: None,
    lambda m: next(r for r in m["rules"] if r["kind"] == "reveal")["params"].update(count=0),
    lambda m: next(r for r in m["rules"] if r["kind"] == "draw")["params"].pop("who"),
    lambda m: next(r for r in m["rules"] if r["kind"] == "zone")["params"].update(zone="attic"),
    lambda m: m["rules"][5].update(kind="draw"),
])
def test_fast_validator_agrees_with_the_reference_validator(breakage) -> None:
    model = copy.deepcopy(compile_spec("classic"))
    breakage(model)
    assert bool(schema_errors(model)) == (not full_validator().is_valid(model))
