"""memo.remember: every process-wide cache is bounded, and at the bound only its oldest entries go."""
from beanrules.memo import remember


def test_at_the_bound_only_the_oldest_entry_goes():
    cache: dict[str, int] = {}
    for i, key in enumerate("abc"):
        assert remember(cache, key, i, limit=3) == i
    remember(cache, "d", 3, limit=3)
    assert list(cache) == ["b", "c", "d"]  # not cleared: what was just made is kept


def test_a_key_already_kept_is_replaced_without_forgetting_another():
    cache = {"a": 0, "b": 1}
    remember(cache, "a", 5, limit=2)
    assert cache == {"a": 5, "b": 1}


def test_per_object_makes_once_per_object_and_extra_never_for_an_equal_other_object() -> None:
    from beanrules.memo import per_object
    cache: dict = {}
    made: list = []
    a, b = {"x": 1}, {"x": 1}  # equal, not the same object

    def make(obj: dict, extra: int):
        return lambda: made.append((id(obj), extra)) or len(made)
    assert per_object(cache, a, 1, make(a, 1)) == per_object(cache, a, 1, make(a, 1)) == 1
    assert per_object(cache, b, 1, make(b, 1)) == 2  # by identity: an equal object is made anew
    assert per_object(cache, a, 2, make(a, 2)) == 3  # another extra
    # an entry whose id now names another object (the key planted by hand) is not handed out
    cache[(id(b), 3)] = (a, "a's answer")
    assert per_object(cache, b, 3, make(b, 3)) == 4
    assert per_object(cache, a, 9, make(a, 9), limit=4) == 5 and len(cache) == 4  # bounded


def test_the_interned_actions_of_the_hot_path_keep_what_was_just_made_at_their_bound() -> None:
    """The interned actions of the listings (engine/interned.py) follow the same rule: a process that sees ever new player names
    (play --jobs for hours) stays bounded, and the row just made is still the one handed out."""
    from beanrules.engine import interned
    saved = dict(interned.PLANTS)
    try:
        interned.PLANTS.clear()
        rows = [interned.plants(f"player-{i}", "blue") for i in range(20_001)]
        assert len(interned.PLANTS) == 20_000 - 20_000 // 8 + 1  # the oldest eighth went (memo.remember)
        assert ("player-0", "blue", None) not in interned.PLANTS  # the oldest went
        assert interned.plants("player-2500", "blue") is rows[2500]  # the rest were kept, not cleared
        assert interned.plants("player-20000", "blue") is rows[-1]
    finally:
        interned.PLANTS.clear()
        interned.PLANTS.update(saved)


def test_at_a_large_bound_the_oldest_eighth_goes_in_one_walk_and_the_newest_stay():
    """memo.remember forgets the oldest eighth at once at a bound of 16 or more, so a plain dict
    (which hot paths read inline: kernel/fast.py) is not walked past its deleted keys for every
    entry; what was just made and everything newer than the oldest eighth are kept, in order."""
    cache: dict[int, int] = {}
    for i in range(800):
        remember(cache, i, i, limit=800)
    remember(cache, 800, 800, limit=800)
    assert list(cache) == list(range(100, 801))  # the oldest 100 (800 // 8) went, the rest in order
    for i in range(801, 900):  # room again: nothing more goes until the bound
        remember(cache, i, i, limit=800)
    assert len(cache) == 800 and next(iter(cache)) == 100
    remember(cache, 100, -1, limit=800)  # a key kept is replaced, at the bound too, forgetting none
    assert len(cache) == 800 and cache[100] == -1


def test_the_kernel_keeps_its_planting_answers_under_the_shared_bound(monkeypatch):
    """kernel/planting.py remembers the judge's answers by memo.remember (its own memo emptied
    itself at the bound): past the bound the oldest answers go and the newest stay."""
    from beanrules import compile_spec
    from beanrules.kernel import kernel_for, play
    from beanrules.kernel import planting
    monkeypatch.setattr(planting, "_BOUND", 16)
    machine = kernel_for(compile_spec("classic"), 3)
    takes = machine.planting.takes
    takes.clear()
    seen: list = []
    original = planting.remember

    def watch(cache, key, value, limit):
        seen.append(key)
        return original(cache, key, value, limit)
    monkeypatch.setattr(planting, "remember", watch)
    play(machine, 1, ["random"] * 3, trades=False)
    assert len(seen) > 16 and 0 < len(takes) <= 16
    assert seen[-1] in takes and seen[0] not in takes
