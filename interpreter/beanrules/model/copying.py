"""Copies of JSON data (a rule model, a state): dicts, lists and scalars, nothing shared.

copy.deepcopy handles any object and keeps a memo of everything it copied; JSON data needs
neither, and this copy takes about half the time (a rule model: ~3 ms against ~7 ms). Every
compile of a variant copies its base's model, and every compile of a shipped spec after the
first copies the kept one (resolve/shipped.py), so the difference adds up.
"""
from __future__ import annotations

import marshal
from typing import Any

from ..memo import remember


def copy_json(value: Any) -> Any:
    """A copy of `value` sharing no dict or list with it (tuples are copied as tuples)."""
    kind = type(value)
    if kind is dict:
        # most items are plain values: copied in place, without a call each
        return {key: copy_json(item) if type(item) in _NESTED else item for key, item in value.items()}
    if kind is list:
        return [copy_json(item) if type(item) in _NESTED else item for item in value]
    if kind is tuple:
        return tuple(copy_json(item) for item in value)
    return value  # str, int, float, bool, None: immutable


_NESTED = frozenset({dict, list, tuple})


# --- Models copied again and again: unmarshalled from one blob ------------------------------
#
# A shipped spec's kept model is copied for every caller and for every variant composed onto
# it (resolve/compiler.py, resolve/compose.py): hundreds of times in a test run. marshal.loads
# of the model's bytes builds the same dicts and lists in C, about twice as fast as copy_json
# (classic: ~1.3 ms against ~2.6 ms). The blob is made from a copy_json of the model, a tree
# of containers none of which appears twice, so every load is a tree as well: nothing in one
# loaded copy is shared with another copy or within itself.

_FROZEN_LIMIT = 64  # more than the shipped specs' kept models (a spec and each base on the way)
_FROZEN: dict[int, tuple[Any, bytes]] = {}  # id(model) -> (model, its bytes); holds the model so its id is not reused


def freeze(model: Any) -> None:
    """`model` will never change again: copies of it are loaded from its bytes from now on."""
    remember(_FROZEN, id(model), (model, marshal.dumps(copy_json(model))), _FROZEN_LIMIT)


def copy_model(model: Any) -> Any:
    """A copy of a rule model sharing nothing with it: loaded from its bytes if it was frozen,
    else copied (the same result either way)."""
    hit = _FROZEN.get(id(model))
    if hit is not None and hit[0] is model:
        return marshal.loads(hit[1])
    return copy_json(model)


# --- Copies of a rule model that share what was compiled from their original ---------------
#
# The compiler hands every caller its own copy of a model (resolve/compiler.py), and the engine
# compiles a Ruleset (and the kernel a Machine) once per model *object*: so every
# ``Game(compile_spec(name), n)`` compiled its ruleset again, although the check that every
# compiled spec plays (resolve/playable.py) had just compiled the same rules for every player
# count. The compiler notes here which model each copy was made from; while a copy is still
# equal to its original (a dict comparison, ~0.2 ms for classic, against 5-15 ms to compile a
# ruleset), the caches use the original's compilation. A copy that was changed no longer equals
# its original and is compiled on its own, so changing a copy stays safe.
#
# The original must be one nobody changes: the compiler keeps it (or drops it) and never hands
# it out.

_LIMIT = 32  # copies remembered; a copy is usually played right after it is handed out
_ORIGINS: dict[int, tuple[Any, Any]] = {}  # id(copy) -> (copy, original); holds the copy so its id is not reused


def note_copy(copy: Any, original: Any) -> None:
    """`copy` was made from `original`, which nobody will change."""
    remember(_ORIGINS, id(copy), (copy, original), _LIMIT)  # at the bound the oldest goes (memo.py)


def original_of(model: Any) -> Any:
    """The original `model` was copied from, if it still equals it; else `model` itself."""
    hit = _ORIGINS.get(id(model))
    if hit is not None and hit[0] is model and model == hit[1]:
        return hit[1]
    return model
