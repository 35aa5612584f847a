"""What the environments' tests share: the specs they run."""
from __future__ import annotations

from pathlib import Path

from beanrules import list_specs

ROOT = Path(__file__).resolve().parents[2]
#: a variant with text cards (abilities whose choices the agents make one option at a time),
#: as docs/envs.md names it
VARIANT_NAME = "conformance/variants/kannibohne-frozen-gift.bean"
VARIANT = str(ROOT / VARIANT_NAME)


def specs() -> list[str]:
    """Every shipped spec and the test variant."""
    return list(list_specs()) + [VARIANT]
