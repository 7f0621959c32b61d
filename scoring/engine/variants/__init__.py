"""The variants the engine knows, by id. Each module defines one `VARIANT`."""

from ..errors import HandError
from . import american, hongkong, shanghai, sichuan

VARIANTS = {module.VARIANT.id: module.VARIANT for module in (shanghai, hongkong, sichuan, american)}


def get_variant(name):
    if name not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise HandError("unknown_variant", f"Unknown variant {name!r}; known variants: {known}.")
    return VARIANTS[name]
