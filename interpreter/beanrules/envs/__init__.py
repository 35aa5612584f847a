"""Every rulebook as a reinforcement-learning environment (docs/envs.md), an optional extra:
pip install 'beanrules[envs]'.

- ``from beanrules.envs import pettingzoo; pettingzoo.env(spec="classic", players=4)``: a
  PettingZoo AEC environment (beanrules.envs.pettingzoo);
- ``import beanrules.envs.openspiel`` registers the OpenSpiel game "beanrules", loaded as
  ``pyspiel.load_game("beanrules", {"spec": "classic", "players": 4})``.

Both play the engine's Game through its public API and share beanrules.envs.core: one fixed
action space per spec and player count with a mask of the legal actions, and one vector
encoding of a player's view, both generated from the rule model.
"""
from __future__ import annotations

import importlib.util

# Without the extra, say which command installs it rather than which module is missing.
_MISSING = [name for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel") if importlib.util.find_spec(name) is None]
if "numpy" in _MISSING:
    raise ModuleNotFoundError("beanrules.envs needs the envs extra: pip install 'beanrules[envs]' "
                              f"(missing: {', '.join(_MISSING)})", name="numpy")

from .core import Match, Table  # noqa: E402

__all__ = ["Match", "Table"]
