"""What the environments' tests share: the specs they run."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import list_specs

ROOT = Path(__file__).resolve().parents[2]
#: a variant with text cards (abilities whose choices the agents make one option at a time),
#: as docs/envs.md names it
VARIANT_NAME = "conformance/variants/kannibohne-frozen-gift.bean"
VARIANT = str(ROOT / VARIANT_NAME)
#: variants with zones the spec declares (engine/zones.py): a field of the table planted into and
#: harvested by name, and a pile a permitted move lays cards on and takes them from
ZONE_VARIANT_NAMES = ("conformance/variants/community-field.bean", "conformance/variants/middle-pile.bean")
ZONE_VARIANTS = tuple(str(ROOT / name) for name in ZONE_VARIANT_NAMES)
#: each variant's path by the name docs/envs.md gives it
NAMED = {VARIANT: VARIANT_NAME, **dict(zip(ZONE_VARIANTS, ZONE_VARIANT_NAMES))}


def specs() -> list[str]:
    """Every shipped spec and the test variants."""
    return list(list_specs()) + [VARIANT, *ZONE_VARIANTS]


#: the specs the test command plays quickly: the base game, the two-player game with text
#: cards, the duel and the variants; every other spec's quick test joins the full sweep
#: (`pytest -m envs`, which .ci/run runs), so the test command stays within its time
QUICK = {"classic", "kannibohne", "anniversary/duel", VARIANT, *ZONE_VARIANTS}


def quick_specs() -> list:
    """Every spec, those outside QUICK marked for the full sweep."""
    return [pytest.param(s, marks=() if s in QUICK else pytest.mark.envs) for s in specs()]

