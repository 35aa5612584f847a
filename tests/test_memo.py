"""memo.remember: every process-wide cache is bounded, and at the bound only its oldest entry goes."""
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
