"""The cookbook's pages, generated when the site is built (docs/hooks.py): the index of every
recipe in docs/cookbook/ and a page per recipe with its spec, its core, its cases (run on the
recipe, and on its base to show they need the house rule) and a line of a bot game in which it
acts (:mod:`.acting`). Nothing is written by hand but the index page's prose."""
from __future__ import annotations

from dataclasses import dataclass
from .. import compile_spec
from ..conformance import load_file, run_case
from ..desugar.reference import render_core_of
from .acting import Moment, find_moment
from .comparison import TOPICS
from .cookbook import BaseRun, Recipe, on_base
from .stories import Story, render_story


# What each kind of rule governs, as the comparison page groups them (every kind has a row).
_TOPIC = {kind: topic for topic, kinds in TOPICS for kind in kinds}


def kinds_of(model: dict) -> str:
    """What sort of house rule a recipe is, read from the rules and cards it states itself: a
    card's text and when it acts, a rule's step and its event, who sees a zone, or the kind of
    any other rule, what it governs ("the hand: hand limit", "end: end on exhaustion")."""
    own = model["lineage"][-1]
    said = [f"card text: {', '.join(a['triggers'][0]['on'].replace('-', ' ') if a.get('triggers') else a['id'] for a in b['abilities'])}"
            for b in model["beans"] if b["origin"] == own and b.get("abilities")]
    for rule in model["rules"]:
        if rule["origin"] != own or rule["kind"] == "use-beans":  # a new card's place in the deck
            continue
        params = rule.get("params") or {}
        if rule["kind"] == "card-step":
            said.append(f"rule step: when a {params.get('bean') or ''} card is {params['event']}".replace("  ", " "))
        elif rule["kind"] == "zone":
            said.append(f"what players see: {params['zone']} {params['visibility'].replace('-', ' ')}")
        else:
            topic, kind = _TOPIC.get(rule["kind"], "rules").lower(), rule["kind"].replace("-", " ")
            said.append(topic if topic == kind else f"{topic}: {kind}")
    return "; ".join(dict.fromkeys(said))


@dataclass(frozen=True)
class Built:
    """What a recipe's page and its row in the index show."""

    recipe: Recipe
    title: str
    lead: str                      # the spec's opening comment
    kind: str                      # what sort of house rule it is (kinds_of)
    cases: list[tuple[Story, BaseRun | None]]
    broken: dict[str, str]         # case id -> why it does not load on the recipe
    moment: Moment | None

    @property
    def passed(self) -> int:
        return sum(story.status == "passed" for story, _ in self.cases)


def lead_of(text: str) -> str:
    """The comment a spec opens with, as one paragraph."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(lines)


def build(recipe: Recipe) -> Built:
    model = compile_spec(str(recipe.spec))
    base_runs = {run.case_id: run for run in on_base(recipe)}
    stories = []
    loaded = load_file(recipe.cases)
    broken = {case_id: "; ".join(e.render() for e in errors) for case_id, errors in loaded.broken.items()}
    broken.update({"(the file)": e.render() for e in loaded.errors})
    for case in loaded.cases:
        result = run_case(case)
        stories.append((Story(case.id, case.where, case.quote, case.description, case.steps, result.status),
                        base_runs.get(case.id)))
    return Built(recipe, model["title"], lead_of(recipe.spec.read_text(encoding="utf-8")), kinds_of(model), stories, broken,
                 find_moment(model, compile_spec(recipe.base)))


def render_index(built: list[Built]) -> str:
    rows = ["| recipe | kind | what it does | cases | without it |", "|---|---|---|---|---|"]
    for b in built:
        failing = sum(1 for _, run in b.cases if run is not None and not run.passed)
        total = len(b.cases) + len(b.broken)
        rows.append(f"| [{b.title}]({b.recipe.name}.md) | {b.kind} | {b.lead} | {b.passed} of {total} passed | "
                    f"{failing} of {len(b.cases)} fail on `{b.recipe.base}` |")
    return "\n".join(rows) + "\n"


def render_moment(moment: Moment | None, base: str) -> list[str]:
    if moment is None:
        return ["No bot game of the seeds tried showed this rule acting when the site was built.", ""]
    when = ("as the game starts" if moment.number == 0 else f"after {moment.number} actions")
    out = [f"A game of {moment.players} players ({moment.bots} bots, seed {moment.seed}), {when}: turn "
           f"{moment.turn}, {moment.active}'s turn, phase `{moment.phase}`; the next action is "
           f"`{moment.action}`.", "",
           f"- **With the house rule:** {moment.here}."]
    if moment.base:
        out.append(f"- **In `{base}`, from the same state:** {moment.base}.")
    return out + [""]


def render_recipe(b: Built) -> str:
    r = b.recipe
    text = r.spec.read_text(encoding="utf-8")
    out = [f"# {b.title}", "", b.lead, "",
           f"A house rule extending [`{r.base}`](../rulebooks/{r.base}.md): the spec "
           f"[`docs/cookbook/{r.spec.name}`]({r.spec.name}) and its cases "
           f"[`docs/cookbook/{r.cases.name}`]({r.cases.name}).", "",
           "## The spec", "", f'```bean linenums="1"\n{text.rstrip()}\n```', "",
           "## Its core", "", "What the spec states itself, in the core statements the engine runs "
           "([The core](../core.md)):", "", render_core_of(r.spec).rstrip(), "",
           "## In a game", "",
           "A bot game played when this page was built, at the first moment the house rule made a "
           f"difference (what `{r.base}` does in the same state is shown where the two differ):", "",
           *render_moment(b.moment, r.base),
           "## Its cases", "",
           f"Each case runs on the recipe, and once more on `{r.base}` without it, where it must fail: "
           "the case shows the house rule acting.", ""]
    for story, run in b.cases:
        lines = render_story(story, "cookbook", lambda _rule: None)
        out += [f"### `{story.case_id}`"] + [line for line in lines[1:] if not line.startswith("The case [")]
        out.append(f"The case `{story.case_id}` {story.status} when this page was built.")
        if run is not None:
            verdict = "passes there too" if run.passed else f"fails: {run.why}"
            out += ["", f"On `{r.base}`, without the house rule, the case {verdict}."]
        out.append("")
    for case_id, why in b.broken.items():
        out += [f"### `{case_id}`", "", f"**Does not load:** {why}", ""]
    out += ["## Try it", "", "```sh", f"beanrules check docs/cookbook/{r.spec.name}",
            f"beanrules play docs/cookbook/{r.spec.name} --players 4 --games 20 --bots random,greedy",
            f"beanrules verify docs/cookbook/{r.spec.name}", "```", ""]
    return "\n".join(out)


def recipe_pages(recipes: list[Recipe]) -> tuple[str, dict[str, str]]:
    """(the index's table, each recipe's page by name)."""
    built = [build(recipe) for recipe in recipes]
    return render_index(built), {b.recipe.name: render_recipe(b) for b in built}
