"""What checks, plays, kind by kind: for every rule kind of the rule-model schema (and the two
card clauses, abilities and "cannot be planted"), a spec that uses it either plays — `check`
accepts it, and random and greedy bots play a full game for every allowed player count with
every invariant kept (the smallest and the largest count in the test command, those between
under pytest -m sweep) — or `check` rejects it with an error at the clause's line and column.
A kind that plays is also read: taking it out is rejected by `check` or changes what the
engine compiles. So no spec that checks clean can raise UnsupportedRule or be partly ignored."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.model.validate import rule_model_schema

from checkplay_helpers import Outcome, check_file, engine_reads, line_of, play_problems, variant_text

MIXED = ('a new type may cover a field   § v "1"\n'
         'remove rule whole-field   § v "1"\n')
THALER = 'token thaler "Bean thaler", start player holds it   § v "1"\n'
# kind → (variant of classic, the clause that uses the kind; None: classic itself has it).
SAMPLES: dict[str, tuple[str, str | None]] = {
    "auto-harvest": ('harvest as soon as beanometer pays   § v "1"\n', "harvest as soon as"),
    "buy-field": ('remove rule no-field-buying   § v "1"\nremove rule coins-leave-game   § v "1"\n'
                  'buy a field for 3 coins   § v "1"\n', "buy a field"),
    "coin-source": ('replace coin-source: coins from bank, rest to discard   § v "1"\n', "coins from bank"),
    "discard-from-hand": ('phase plant\n  may discard 1 from front of hand   § v "1"\n', "may discard"),
    "discard-pending": ('phase plant-traded\n  may discard set-aside cards   § v "1"\n', "may discard set-aside"),
    "declared-end": ('phase plant\n  ends when active player declares it finished   § v "1"\n', "declares it finished"),
    "end-on-target": ('game ends when a player reaches 25 coins   § v "1"\n', "reaches 25"),
    "hand-limit": ('hand limit 7   § v "1"\n', "hand limit"),
    "harvest-only-paying": ('harvest only when beanometer pays   § v "1"\n' + MIXED, "harvest only when"),
    "harvest-own-turn": ('replace harvest-any-time: harvest on own turn only   § v "1"\n' + MIXED,
                         "harvest on own turn"),
    # "the opponent" is one player only in a game of two
    "leave-for-opponent": ('setup\n  replace players: players 2   § v "1"\n  replace fields: fields 2   § v "1"\n'
                           'phase plant-traded\n  remove rule plant-pending-offer   § v "1"\n'
                           '  unplanted offer cards go to opponent   § v "1"\n', "unplanted offer"),
    "mixed-fields": (MIXED, "a new type may cover"),
    "pull-matching": ('phase trade\n  pull matching beans from discard   § v "1"\n', "pull matching"),
    "remove-beans": ('remove beans soy with 3 players   § v "1"\n', "remove beans"),
    "take-discard-top": ('phase draw\n  may take top of discard   § v "1"\n', "may take top"),
    "draw-one-at-a-time": ('phase draw\n  remove rule draw   § v "1"\n'
                           '  active player draws 3 to back of hand, one at a time   § v "1"\n', "one at a time"),
    "tie-most-hand-cards": ('replace tie-break: ties go to most hand cards   § v "1"\n', "most hand cards"),
    "tie-shared": ('replace tie-break: ties are shared   § v "1"\n', "ties are shared"),
    "token": ('token thaler "Bean thaler"   § v "1"\n', "token thaler"),
    "counter": ('counter thalers per player   § v "1"\n', "counter thalers"),
    "forbid-while": ('no player may trade while count of own hand < 2   § v "1"\n', "no player may trade"),
    # a rule's own step on a card event, adding to a counter, reading one, lasting for a while
    "card-step": ('counter harvests per player   § v "1"\nrule tally: when a card is harvested, if own harvests < 3:   '
                  '§ v "1"\n  add 1 to own harvests   § v "1"\n  until start of phase draw: owner may not trade   '
                  '§ v "1"\n  for the rest of the game: owner may not harvest   § v "1"\n', "when a card is harvested"),
    # a rule's own step as a round begins, with a condition
    "round-step": ('counter rounds   § v "1"\nrule market: at the start of each round, if count of discard >= 1:   '
                   '§ v "1"\n  move 1 from discard top to own hand back   § v "1"\n  add 1 to rounds   § v "1"\n',
                   "at the start of each round"),
    # a phase's own step: an auction of each card turned over, paid to the active player
    "phase-step": ('phase trade\n  rule sale: at start of phase:   § v "1"\n    repeat 2 times:\n'
                   '      each opponent bids coins for offer top, sealed:\n'
                   '        winner pays price coins to active player\n'
                   '        move 1 from offer top to winner set-aside\n', "at start of phase"),
    "permit-harvest": ('remove rule harvest-any-time   § v "1"\n'
                       'any player may harvest when it is own turn or fields < 3   § v "1"\n', "any player may harvest"),
    "token-draw": (THALER + 'phase draw\n  holder of thaler draws 1 more   § v "1"\n', "draws 1 more"),
    "token-takeover": (THALER + 'phase draw\n  active player may take thaler when fields are worth 3 coins, '
                       'holder may resist with a random hand card, blue stops it   § v "1"\n', "may take thaler"),
    "tie-token-holder": (THALER + 'replace tie-break: ties go to the holder of thaler   § v "1"\n', "holder of thaler"),
    # a zone the spec declares (engine/zones.py), and who may plant into or harvest it
    "zone-of-kind": ('zones\n  zone middle is a field for the table, public   § v "1"\n', "zone middle"),
    "permit-zone": ('zones\n  zone middle is a field for the table, public   § v "1"\nrules\n'
                    '  rule plant-middle: any player may plant into middle when it is phase plant-traded   § v "1"\n'
                    '  active player may harvest middle   § v "1"\n', "may harvest middle"),
    "end-step": ('zones\n  zone middle is a field for the table, public   § v "1"\nrules\n'
                 '  active player may harvest middle   § v "1"\n'
                 '  rule last-harvest: at the end of the game:   § v "1"\n    harvest the middle   § v "1"\n',
                 "at the end of the game"),
    "permit-move": ('zones\n  zone well is a pile for the table, public   § v "1"\nrules\n'
                    '  rule fill: active player may move 1 from own hand front to the well   § v "1"\n'
                    '  rule draw-well: active player may move 1 from the well top to own hand, once per turn   § v "1"\n',
                    "may move 1 from the well"),
    # classic's one note became a recorded contradiction (`but §`); a note is still a kind
    "note": ('setup\n  note "a remark for readers"   § v "1"\n', "a remark for readers"),
}
CLASSIC_KINDS = {
    "coins-out-of-play", "deal", "draw", "end-finish", "end-on-exhaustion", "fields", "fields-fixed",
    "final-harvest", "gift-consent", "hand-order", "hand-score", "harvest-any-time", "harvest-to-make-room",
    "offer-owner", "one-type-per-field", "payout", "plant-from-hand", "plant-pending", "players",
    "protection", "reshuffle", "reveal", "same-type-many-fields", "skip-if-hand-empty", "start-player",
    "tie-farthest-seat", "trade", "trade-amounts", "trade-consent", "trade-end", "trade-partners",
    "tradeable-hand", "tradeable-offer", "traded-to-set-aside", "turn-order", "untradeable", "use-beans",
    "whole-field", "winner", "zone",
}
SAMPLES.update({kind: ("", None) for kind in CLASSIC_KINDS})
# Beyond the kinds: what else a spec can say that the engine might not run.
EXTRA = {
    # an ability with no place to act from (neither played, nor on a field, nor an event),
    # speaking of 'the opponent' in a game of 3 to 5 players
    "card ability": ('card thief "Thief bean" 2 beanometer 1   § v "1"\n'
                     '  ability steal "Steal": in phase plant   § v "1"\n'
                     '    move 1 from opponent field top to own field   § v "1"\n', "ability steal"),
    # an ability that runs by itself cannot ask anyone to choose
    "card ability choosing by itself": ('card crow "Crow bean" 2 beanometer 1   § v "1"\n'
                                        '  ability grab: when planted   § v "1"\n'
                                        '    for each of up to 1 other players:\n'
                                        '      choose bean from chosen field top\n'
                                        '      plant bean\n', "ability grab"),
    "cannot be planted": ('card magpie "Magpie" 2   § v "1"\n  cannot be planted   § v "1"\n', "card magpie"),
    "plant from the discard pile": ('phase plant-traded\n  active player plants discard cards in any order   § v "1"\n',
                                    "plants discard cards"),
    "plant from coins": ('phase plant-traded\n  active player plants coins cards in any order   § v "1"\n',
                         "plants coins cards"),
    "plant from the deck": ('phase plant-traded\n  active player plants deck cards in any order   § v "1"\n',
                            "plants deck cards"),
    # a phase that waits for no planting player cannot wait for its declared end yet
    "declared end of a phase that plants nothing from the hand": (
        'phase draw\n  ends when active player declares it finished   § v "1"\n', "declares it finished"),
    "everyone plants a shared pile": ('phase plant-traded\n  replace plant-pending-offer: everyone plants offer '
                                      'cards in any order   § v "1"\n', "everyone plants offer"),
}
_IN_PLAY = "blue chili stink green soy black-eyed red garden"
PLAYS_EXTRA = {
    # coins written down on a counter (engine/tally.py), scored from it, and a target of them
    # that ends the game, won by whoever reaches it first
    "coins written down": ('replace coin-source: coins from points   § v "1"\n'
                           'replace winner: most points wins   § v "1"\n', "coins from points"),
    "a target of coins written down": ('replace coin-source: coins are written down as thalers   § v "1"\n'
                                       'replace winner: most thalers wins   § v "1"\n'
                                       'replace end-on-exhaustion: game ends when a player reaches 8 thalers, '
                                       'who wins   § v "1"\n', "reaches 8 thalers"),
    # discards at will that may not empty the hand before a card of it is planted
    "discards that keep the last card": ('phase plant\n  may discard any number from front of hand, but not the last '
                                         'card before one is planted   § v "1"\n', "but not the last card"),
    "everyone plants hand cards": ('phase plant-traded\n  everyone plants hand cards in any order   § v "1"\n',
                                   "plants hand cards"),
    # card abilities the engine runs: one used on a field, one played from the hand by a card
    # never planted, one that runs by itself when its card is harvested
    "card ability on a field": (f'replace use-beans: use beans {_IN_PLAY} thief   § v "1"\n'
                                'card thief "Thief bean" 6 beanometer 2 3   § v "1"\n'
                                '  ability steal "Steal": while on top of a field, in phase plant, once per turn   § v "1"\n'
                                '    for each of up to 1 other players:\n'
                                '      choose bean from chosen field top\n'
                                '      plant bean\n', "ability steal"),
    "card never planted, played from the hand": (
        f'replace use-beans: use beans {_IN_PLAY} magpie   § v "1"\n'
        'card magpie "Magpie" 4   § v "1"\n  cannot be planted   § v "1"\n'
        '  ability steal: when played from front of hand, in phase plant   § v "1"\n'
        '    discard this card\n'
        '    for each of up to 2 other players:\n'
        '      choose bean from chosen field top\n'
        '      plant bean\n'
        '  ability flee: when revealed   § v "1"\n'
        '    discard this card\n', "card magpie"),
    "card ability that runs by itself": (f'replace use-beans: use beans {_IN_PLAY} field-bean   § v "1"\n'
                                         'bean field-bean "Field bean" 6 beanometer - - 3   § v "1"\n'
                                         '  ability field: when harvested with 2 cards   § v "1"\n'
                                         '    if fields < 4:\n'
                                         '      gain a field\n', "ability field"),
}
NOT_YET: set[str] = set()  # every kind plays; a new kind the engine cannot run yet goes here
# Kinds the engine leaves alone by design, and why. note: a remark for readers. coins-out-of-play
# says what `reshuffle` already implies (only the discard pile is reshuffled); check reads it
# (a field bought with coins that a reshuffle brings back contradicts it), the engine need not.
NOT_BEHAVIOURAL = {"note", "coins-out-of-play"}


def test_every_kind_of_the_schema_has_a_sample() -> None:
    assert set(SAMPLES) == set(rule_model_schema()["$defs"]["params"])


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("kinds")


def _located_at(outcome, text: str, clause: str) -> None:
    """Every error is placed (file:line:column) and one sits on the clause's own line."""
    assert outcome.errors and all(e.span and e.span.line >= 1 and e.span.column >= 1 for e in outcome.errors)
    assert any(e.span.file == str(outcome.path) and e.span.line == line_of(text, clause) for e in outcome.errors), \
        [e.render() for e in outcome.errors]


@pytest.mark.parametrize("kind", sorted(NOT_YET))
def test_a_kind_the_engine_cannot_run_is_rejected_where_it_is_written(kind: str, folder: Path) -> None:
    body, clause = SAMPLES[kind]
    text = variant_text(body)
    outcome = check_file(folder, text)
    assert outcome.rejected
    _located_at(outcome, text, clause)
    assert any(e.code == "not-playable" and "not playable yet" in e.message for e in outcome.errors)


@pytest.mark.parametrize("what", sorted(EXTRA))
def test_other_constructs_the_engine_cannot_run_are_rejected_where_written(what: str, folder: Path) -> None:
    body, clause = EXTRA[what]
    text = variant_text(body)
    outcome = check_file(folder, text)
    assert outcome.rejected
    _located_at(outcome, text, clause)
    assert {e.code for e in outcome.errors} <= {"not-playable", "never-in-play"}, [e.render() for e in outcome.errors]


_checked: dict[str, Outcome] = {}
_played: set[tuple[str, str]] = set()


def _played_sample(body: str, folder: Path, counts: str) -> Outcome:
    """The sample spec of `body`, checked clean and played at its player counts `counts`
    ("ends" or "between", checkplay_helpers.player_counts), each once per body (the classic
    kinds share one). Every invariant is checked at the smallest count of the samples that
    change what happens in a game; classic itself is played invariant-checked by verify and
    tests/engine."""
    if body not in _checked:
        outcome = check_file(folder, variant_text(body), f"sample-{len(_checked)}.bean")
        assert not outcome.rejected, [e.render() for e in outcome.errors]
        _checked[body] = outcome
    sample = _checked[body]
    if (body, counts) not in _played:
        assert play_problems(sample.model, invariants=bool(body), counts=counts) == []
        _played.add((body, counts))
    return sample


@pytest.mark.parametrize("kind", sorted(set(SAMPLES) - NOT_YET))
def test_a_kind_that_checks_clean_plays_its_fewest_and_most_players(kind: str, folder: Path) -> None:
    """The test command plays the sample at its smallest and largest player count, and finds
    the kind read by the engine; the counts between are
    test_a_kind_that_checks_clean_plays_the_player_counts_between's (pytest -m sweep)."""
    sample = _played_sample(SAMPLES[kind][0], folder, "ends")
    assert kind in {r["kind"] for r in sample.model["rules"]}
    if kind in NOT_BEHAVIOURAL:
        assert not engine_reads(folder, sample, kind)  # if this fails, the kind became behavioural: move it
    else:
        assert engine_reads(folder, sample, kind), f"the engine ignores '{kind}': taking it out changes nothing"


# A count between plays the same rules with values between the two ends' values: measured by
# coverage of beanrules/ (branches too) over the whole test command, the games between reached no
# line or branch that the test command does not (docs/contributing.md).
@pytest.mark.sweep
@pytest.mark.parametrize("kind", sorted(set(SAMPLES) - NOT_YET))
def test_a_kind_that_checks_clean_plays_the_player_counts_between(kind: str, folder: Path) -> None:
    """Under pytest -m sweep (.ci/run): the sample plays at every player count between its
    smallest and largest (the test command plays those two)."""
    _played_sample(SAMPLES[kind][0], folder, "between")


@pytest.mark.parametrize("counts", ["ends", pytest.param("between", marks=pytest.mark.sweep)])
@pytest.mark.parametrize("what", sorted(PLAYS_EXTRA))
def test_other_constructs_that_check_clean_play(what: str, counts: str, folder: Path) -> None:
    """They play at their smallest and largest player count in the test command, at the
    counts between under pytest -m sweep (.ci/run)."""
    body, _ = PLAYS_EXTRA[what]
    outcome = check_file(folder, variant_text(body))
    assert not outcome.rejected, [e.render() for e in outcome.errors]
    assert play_problems(outcome.model, counts=counts) == []


def test_coins_out_of_play_is_read_by_check(folder: Path) -> None:
    body = 'remove rule no-field-buying   § v "1"\nbuy a field for 3 coins   § v "1"\n'
    text = variant_text(body)
    outcome = check_file(folder, text)
    assert outcome.rejected and any(e.code == "contradiction" and "coins never return" in e.message
                                    for e in outcome.errors)
    _located_at(outcome, text, "buy a field")
