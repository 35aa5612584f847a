"""Property: whatever the input, compiling gives a rule model or SpecError — never another
exception. Inputs are mutations of the classic spec (lines dropped, duplicated, swapped,
re-indented, words cut) and arbitrary text."""
from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beanrules import SpecError, compile_spec
from beanrules.paths import specs_dir

CLASSIC = (specs_dir() / "classic.bean").read_text(encoding="utf-8").split("\n")


@st.composite
def mutated_classic(draw) -> str:
    lines = list(CLASSIC)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "dup", "swap", "indent", "dedent", "cut", "junk"]))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "indent":
            lines[i] = "  " + lines[i]
        elif op == "dedent":
            lines[i] = lines[i].lstrip()
        elif op == "cut":
            words = lines[i].split(" ")
            lines[i] = " ".join(words[: draw(st.integers(0, len(words)))])
        else:
            lines[i] = lines[i] + draw(st.text(max_size=12))
    return "\n".join(lines)


def compiles_or_reports(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.bean"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        compile_spec(str(path))
    except SpecError as exc:
        assert exc.diagnostics, "a SpecError must say why"
        for d in exc.diagnostics:
            assert d.message and d.render()


# Under plain pytest a few dozen examples; a long run takes the profile's budget:
# pytest --hypothesis-profile fuzz-long tests/compiler/test_no_traceback.py
LONG = settings.get_current_profile_name().startswith("fuzz")


def budget(examples: int) -> settings:
    return settings(settings.default if LONG else settings(max_examples=examples, deadline=None),
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@budget(20)
@given(text=mutated_classic())
def test_mutated_classic_never_crashes(tmp_path: Path, text: str) -> None:
    compiles_or_reports(tmp_path, text)


@budget(30)
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_arbitrary_text_never_crashes(tmp_path: Path, text: str) -> None:
    compiles_or_reports(tmp_path, 'rulebook fuzz "Fuzz"\n' + text)
